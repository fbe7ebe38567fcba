"""Test harness library (no fixtures): static servers, Chromium discovery, page
monitoring. tests/conftest.py turns these into fixtures; import from here
(`from harness import StaticServer, free_port, LOCAL_ORIGINS`) when a test
needs the pieces directly. tests/ is on sys.path (pyproject's pythonpath).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import socket
import threading
import time
import urllib.parse
from pathlib import Path

from paths import REPO
ARTIFACTS = REPO / "test-artifacts"
SUBPATH = "/dice-poker/"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

# --------------------------------------------------------------------------
# Test processes
# --------------------------------------------------------------------------

WORKER_MEMORY = int(1.5 * 2 ** 30)   # a process's share: a Chromium, for some a WebKitGTK or a Firefox too
MAX_WORKERS = 8


def auto_workers(cores: int | None, memory: int | None) -> int:
    """How many test processes ``-n auto`` starts (tests/conftest.py): one per core, so a
    machine with more than two finishes sooner (a browser test keeps a core busy);
    at least two, as on the two-core machine the suite's figures come from (while one
    process waits for its browser, the other has the machine); at most MAX_WORKERS, and
    no more than one per WORKER_MEMORY of memory (``memory`` in bytes; None: unknown)."""
    workers = min(cores or 2, MAX_WORKERS)
    if memory:
        workers = min(workers, memory // WORKER_MEMORY)
    return max(2, workers)


# --------------------------------------------------------------------------
# Chromium discovery
# --------------------------------------------------------------------------


def find_chromium() -> str | None:
    """The whole browser, as a phone's player runs it (the benchmarks, Lighthouse, README's
    pictures): $CHROMIUM_PATH, else /usr/bin/chromium if present, else None (Playwright's)."""
    env = os.environ.get("CHROMIUM_PATH")
    if env:
        if not Path(env).exists():
            raise FileNotFoundError(f"CHROMIUM_PATH={env} does not exist")
        return env
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    return None


HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"


def find_test_chromium() -> str | None:
    """The suite's Chromium: $CHROMIUM_PATH if set (a contributor's choice wins), else
    Debian's chromium-headless-shell if present, else :func:`find_chromium`.

    The headless shell is the same Blink and V8 as the whole browser without its
    browser shell (what Playwright's own headless Chromium is): a context costs 0.06 s
    instead of 0.18 s, a cold start of the game 0.30 s instead of 0.50 s, and the
    browser parts of the suite took 741 s of the two processes' time instead of 1,167 s
    (issue 48).  What only the whole browser shows (its start-up, taps' time as a phone
    pays them) is the benchmarks' (tests/bench/), on :func:`find_chromium`."""
    if os.environ.get("CHROMIUM_PATH"):
        return find_chromium()
    if Path(HEADLESS_SHELL).exists():
        return HEADLESS_SHELL
    return find_chromium()


# --------------------------------------------------------------------------
# Static HTTP servers
# --------------------------------------------------------------------------

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".bin": "application/octet-stream",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, like a real static host
    # The headers and the body are two writes: with Nagle's algorithm the body waited
    # for the browser's delayed ACK of the headers, 40 ms on a reused connection
    # (every lazily fetched file looked 40-50 ms away on 127.0.0.1).  A real static
    # host sends both at once.
    disable_nagle_algorithm = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    prefix = "/"
    log: list | None = None
    server_switch: "StaticServer | None" = None   # its .offline cuts the network
    max_age: int | None = None                     # StaticServer's max_age

    def log_message(self, format, *args):  # quiet
        pass

    def _strip_prefix(self) -> bool:
        if self.prefix == "/":
            return True
        path = urllib.parse.urlsplit(self.path).path
        if path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not path.startswith(self.prefix):
            self.send_error(404, f"outside {self.prefix}")
            return False
        self.path = "/" + self.path[len(self.prefix):]
        return True

    def send_response(self, code, message=None):
        if self.log is not None:
            self.log.append((self.command, self.path, code))
        super().send_response(code, message)
        if self.max_age is not None and code in (200, 304):
            self.send_header("Cache-Control", "max-age=%d" % self.max_age)

    def _reachable(self) -> bool:
        """False while the server is switched offline: the request is noted
        and the connection closed with no answer, which a browser (and its
        service worker) sees as a network error."""
        switch = self.server_switch
        if switch is None or not switch.offline:
            return True
        switch.offline_requests.append(self.path)
        self.close_connection = True
        return False

    def do_GET(self):
        if self._reachable() and self._strip_prefix():
            super().do_GET()

    def do_HEAD(self):
        if self._reachable() and self._strip_prefix():
            super().do_HEAD()


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):  # browsers drop sockets: be quiet
        pass


class StaticServer:
    """A threaded static server for `root`, visible under `prefix`.

    ``max_age`` (seconds) adds ``Cache-Control: max-age`` to every file, as
    GitHub Pages sends max-age=600: the browser then takes a file it already
    has from its cache instead of asking again, which only a server of files
    that do not change while it runs may promise (the session's servers of
    the repository, tests/conftest.py). Without it the browser decides from
    Last-Modified alone, and a file modified minutes ago (a fresh clone) is
    asked for again, answered 304, at every start of the page.

    Set ``offline = True`` to cut the network (the PWA and engines suites'
    "offline after one visit"): requests then get no answer and their paths
    go to ``offline_requests``."""

    def __init__(self, root: Path = REPO, prefix: str = "/", max_age: int | None = None):
        assert prefix.startswith("/") and prefix.endswith("/")
        self.root = Path(root)
        self.prefix = prefix
        self.log: list[tuple[str, str, int]] = []  # (method, path, status) as served
        self.offline = False
        self.offline_requests: list[str] = []
        handler = type("Handler", (_Handler,), {"prefix": prefix, "log": self.log, "server_switch": self,
                                           "max_age": max_age})
        self._httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
        self.port = self._httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + prefix
        self._thread = threading.Thread(target=self._httpd.serve_forever, name=f"static:{self.port}", daemon=True)

    def start(self) -> "StaticServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __repr__(self):
        return f"<StaticServer {self.url} -> {self.root}>"


# Origins counted as "ours" by the page monitor. Session-wide, mutable.
LOCAL_ORIGINS: set[str] = set()


def register_origin(server: StaticServer) -> None:
    """Count `server`'s origin as ours for the page monitor."""
    LOCAL_ORIGINS.add(server.origin)
    LOCAL_ORIGINS.add(f"http://localhost:{server.port}")



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------
# Page monitoring
# --------------------------------------------------------------------------

_LOCAL_SCHEMES = {"data", "blob", "about", "javascript"}


def is_local_url(url: str) -> bool:
    scheme = url.split(":", 1)[0].lower()
    if scheme == "blob":
        url = url[5:]
        scheme = url.split(":", 1)[0].lower()
        if scheme not in ("http", "https"):
            return True
    if scheme in _LOCAL_SCHEMES:
        return True
    parts = urllib.parse.urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    return origin in LOCAL_ORIGINS


class PageMonitor:
    """Everything one browser context did that a test may care about."""

    def __init__(self, context):
        self.context = context
        self.requests: list[str] = []       # "GET url"
        self.foreign: list[str] = []        # requests to other origins
        self.console: list[str] = []        # "type: text (url:line)" for every message
        self.errors: list[str] = []         # console errors, pageerrors, HTTP >= 400
        self.t0 = time.monotonic()
        self._listening = [("request", self._on_request), ("response", self._on_response),
                           ("console", self._on_console), ("weberror", self._on_weberror)]
        for event, listener in self._listening:
            context.on(event, listener)

    def detach(self) -> None:
        """Stop watching the context (a reused context's next test has its own monitor)."""
        for event, listener in self._listening:
            self.context.remove_listener(event, listener)
        self._listening = []

    def _on_request(self, req):
        self.requests.append(f"{req.method} {req.url}")
        if not is_local_url(req.url):
            self.foreign.append(f"{req.method} {req.url}")

    def _on_response(self, resp):
        if resp.status >= 400:
            self.errors.append(f"HTTP {resp.status} {resp.request.method} {resp.url}")

    def _on_console(self, msg):
        loc = msg.location or {}
        where = f" ({loc.get('url', '')}:{loc.get('lineNumber', '')})" if loc.get("url") else ""
        line = f"{msg.type}: {msg.text}{where}"
        self.console.append(line)
        if msg.type == "error":
            self.errors.append(f"console.error: {msg.text}{where}")

    def _on_weberror(self, web_error):
        self.errors.append(f"pageerror: {web_error.error}")

    def problems(self, allowed: list[re.Pattern] | None) -> list[str]:
        """allowed: None = no console errors allowed; [] = all allowed; else regexes."""
        out = [f"request to a foreign origin: {r}" for r in self.foreign]
        if allowed is None:
            out += self.errors
        elif allowed:
            out += [e for e in self.errors if not any(p.search(e) for p in allowed)]
        return out

    def report(self) -> str:
        return "\n".join(
            ["== requests =="] + self.requests
            + ["", "== console =="] + self.console
            + ["", "== errors =="] + self.errors
            + ["", "== foreign requests =="] + self.foreign
        )



class PageProblems(AssertionError):
    pass


def stale_generated_files() -> list[str]:
    """What ``python3 .ci/refresh_site.py`` would change: the compiled modules
    (static/mpy/), the .min copies and the start parts of the catalogues.  The
    page runs those, not py/ and the sources, so the browser tests (tests/e2e,
    tests/engines) refuse to run while this is not empty: an edit would seem to
    have no effect."""
    import runpy
    problems = []
    for script in ("compile_mpy.py", "minify.py", "start_catalogues.py"):
        problems += runpy.run_path(str(REPO / ".ci" / script))["differences"](str(REPO))
    return problems


def allowed_console_errors(item) -> list[re.Pattern] | None:
    """The test's ``allow_console_errors`` marks: None, no error allowed; [], any
    (a mark without patterns); else the patterns an allowed error matches."""
    marks = list(item.iter_markers("allow_console_errors"))
    if not marks:
        return None
    if any(not m.args for m in marks):
        return []
    return [re.compile(p) for m in marks for p in m.args]


def artifact_stem(item) -> str:
    module = Path(str(item.path)).stem
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", item.name).strip("-")
    return f"{module}__{name}"


def save_artifacts(item, monitors) -> None:
    """Screenshot + HTML of every open page of `monitors`, and a .log, in test-artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    stem = artifact_stem(item)
    n = 0
    logs = []
    for m in monitors:
        logs.append(m.report())
        for pg in list(m.context.pages):
            if pg.is_closed():
                continue
            suffix = "" if n == 0 else f"-{n + 1}"
            n += 1
            try:
                pg.screenshot(path=str(ARTIFACTS / f"{stem}{suffix}.png"), full_page=True, timeout=10_000)
            except Exception:
                pass
            try:
                (ARTIFACTS / f"{stem}{suffix}.html").write_text(pg.content(), encoding="utf-8")
            except Exception:
                pass
    (ARTIFACTS / f"{stem}.log").write_text("\n\n".join(logs), encoding="utf-8")

