"""Bytes of the game's first visit, counted by the server: uncompressed bodies (the
budget), and what went on the wire (the server gzips as GitHub Pages does).

One fresh context opens the game link, waits for ready, taps Roll once, then
waits until the service worker has installed (its precache downloads are part
of the first visit's data too) and a little longer for stragglers. Every
response the server sent in that time is counted; the requests the page itself
made (Playwright's request events of the page) are told apart from the rest,
which are the service worker's.
"""

import collections
import os
import re
import time

from load import GAME

TYPES = [
    (".wasm", "wasm"), (".mjs", "script"), (".js", "script"), (".py", "python"),
    (".json", "json"), (".html", "html"), (".css", "css"), (".toml", "config"),
    (".webmanifest", "config"), (".png", "image"), (".svg", "image"), (".gz", "strategy table"),
]
LATER = ("/static/strategy/", "/static/mpy/dicepoker/strategy/", "/static/mpy/ui/dialogs/review.",
         "/static/mpy/ui/advice/coach.", "/static/mpy/ui/advice/computer.", "/static/mpy/ui/records/transfer",
         "/static/mpy/ui/platform/scripts.", "/static/js/files.js",
         "/static/i18n/rules.", "/static/mpy/ui/stats/door", "/static/mpy/ui/records/history.", "/static/mpy/ui/records/game_record.", "/static/mpy/ui/records/history_file.", "/static/mpy/ui/records/file_frame.",
         "/static/mpy/ui/stats/charts.", "/static/mpy/dicepoker/stats.",
         "/static/mpy/dicepoker/optimal_means.", "/static/mpy/ui/stats/warm.", "/static/later.html",
         "/static/mpy/ui/remote/door", "/static/mpy/control/remote.", "/static/mpy/control/remote_game.",
         "/static/mpy/dicepoker/fair.",
         "/static/mpy/dicepoker/bylink.", "/static/mpy/dicepoker/link_form.", "/static/mpy/dicepoker/keyed_dice.", "/static/mpy/ui/feel/door.",
         "/static/mpy/ui/feel/tips.", "/static/mpy/ui/feel/settings.", "/static/mpy/control/settings.",
         "/static/mpy/ui/table/win_chances.", "/static/mpy/ui/table/computer_bar.", "/static/mpy/ui/advice/luck.", "/static/mpy/ui/advice/assistants.")
LOCALES = [("en", "en-US"), ("lt", "lt-LT"), ("be", "be-BY"), ("sk", "sk-SK")]


def later(path):
    """Not for the first turn: strategy, review, hints, save/load, rules, whole catalogues."""
    return path.startswith(LATER) or bool(re.match(r"^/static/i18n/[a-z]+\.json$", path))


def wire_size(path):
    """A file's size on the wire: gzipped as the benchmark's server (and Pages) sends it."""
    from server import COMPRESSED, _gzipped
    if path.endswith(COMPRESSED):
        return len(_gzipped(path, os.stat(path)))
    return os.path.getsize(path)


def first_turn_bytes(chromium, server, locale, wire=False):
    """Bytes of the distinct files a fresh page fetches until ready and its first roll, in
    ``locale`` (uncompressed; with ``wire``, (uncompressed, gzipped))."""
    from browser import wait_ready
    ctx = chromium.context(reduced_motion="reduce", locale=locale, service_workers="block")
    page = ctx.new_page()
    paths = set()
    origin = server.origin
    page.on("request", lambda r: paths.add(r.url[len(origin):].split("?", 1)[0])
            if r.url.startswith(origin) else None)
    try:
        page.goto(server.url + GAME, wait_until="commit")
        wait_ready(page)
        page.click("#roll")
        page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
    finally:
        ctx.close()
    root = server.root
    files = [os.path.join(root, p.lstrip("/") or "index.html") for p in paths]
    raw = sum(os.path.getsize(f) for f in files)
    return (raw, sum(wire_size(f) for f in files)) if wire else raw


def by_language(chromium, server):
    """[(lang, uncompressed bytes, gzipped bytes)] until the first roll."""
    return [(lang,) + first_turn_bytes(chromium, server, locale, wire=True) for lang, locale in LOCALES]


def kind_of(path):
    if path.endswith("/"):
        return "html"
    for ext, kind in TYPES:
        if path.endswith(ext):
            return kind
    return "other"


def run(chromium, server):
    from browser import wait_ready, wait_sw_controls
    server.clear()
    ctx = chromium.context(reduced_motion="reduce")
    page = ctx.new_page()
    page_requests = []          # (monotonic, path) of the page's own requests
    origin = server.origin

    def on_request(request):
        if request.url.startswith(origin):
            page_requests.append((time.monotonic(), request.url[len(origin):].split("?", 1)[0]))
    page.on("request", on_request)
    try:
        page.goto(server.url + GAME, wait_until="commit")
        ready_ms = wait_ready(page)
        t_ready = time.monotonic()
        page.click("#roll")
        page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
        t_roll = time.monotonic()
        controlled = wait_sw_controls(page)
        page.wait_for_timeout(1000)
    finally:
        ctx.close()
    sent = [s for s in server.sent if s.status == 200]

    by_path = collections.defaultdict(lambda: [0, 0])     # path -> [bytes, times]
    by_kind = collections.Counter()
    for s in sent:
        by_path[s.path][0] += s.bytes
        by_path[s.path][1] += 1
        by_kind[kind_of(s.path)] += s.bytes
    page_paths = collections.Counter(p for _, p in page_requests)
    page_bytes = 0
    sizes = {}
    wire = {}
    for s in sent:
        sizes[s.path] = s.bytes
        wire[s.path] = s.wire
    for path, n in page_paths.items():
        page_bytes += sizes.get(path, 0) * min(n, by_path[path][1] if path in by_path else 0)
    before_ready = [p for t, p in page_requests if t <= t_ready]
    through_roll = [p for t, p in page_requests if t <= t_roll]
    return {
        "ready_ms": ready_ms,
        "worker_installed": controlled,
        "total": sum(s.bytes for s in sent),
        "total_wire": sum(s.wire for s in sent),
        "page_wire_until_roll": sum(wire.get(p, 0) for p in set(through_roll)),
        "requests": len(sent),
        "page_bytes": page_bytes,
        # each file once: a file fetched twice is listed in "fetched_twice"
        "page_bytes_until_roll": sum(sizes.get(p, 0) for p in set(through_roll)),
        "worker_bytes": sum(s.bytes for s in sent) - page_bytes,
        "by_kind": by_kind.most_common(),
        "top": sorted(by_path.items(), key=lambda kv: -kv[1][0])[:10],
        "fetched_twice": sorted(p for p, (b, n) in by_path.items() if n > 1),
        "not_for_first_turn": sorted(set(p for p in through_roll if later(p))),
        "before_ready": before_ready,
    }


def strategy_tables(repo):
    """{file: (bytes on the wire, bytes decompressed)} of static/strategy/*.gz."""
    import gzip
    out = {}
    for path in sorted((repo / "static" / "strategy").glob("*.gz")):
        data = path.read_bytes()
        out[path.name] = (len(data), len(gzip.decompress(data)))
    return out
