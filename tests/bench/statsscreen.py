"""Opening the statistics screen with many games kept (issue 17: under 100 ms with 1000).

For each size (``SIZES`` games made by the engine, ``history_games``), a fresh
context stores them as the page keeps them (``ui.records.history``: records, games
and their running sums), opens the game by its link and clicks ``#open-stats``:

- ``first``: the first opening of the page at once, which also fetches the
  screen's modules, the rest of the catalogue and its stylesheet;
- ``warm``: the first opening after a box is written, as a player would open it:
  the page has made the screen meanwhile (``ui.stats.warm``), and the benchmark waits
  until it has (``#stats[data-fill]``) before it clicks;
- ``again``: later openings (closed with Esc, opened again), ``OPENINGS`` of them;
- ``no sums``: the first opening with the running sums removed from storage
  (made again from every record once, then stored);

each from the click's dispatch (a capturing listener, first to run) to the
table and charts drawn (``#stats[data-fill]`` changed: a MutationObserver
callback, then style + layout forced), and to the whole history list drawn
(``#history[data-filled]``, filled in batches after the table).
"""

from load import GAME
from history_games import engine_games, history_items
from ui.records import history

SIZES = (100, 1000)
OPENINGS = 10

PROBE = """() => {
  const t = window.__stats = { start: null, table: null, layout: null, history: null, fill: null };
  document.getElementById('open-stats').addEventListener('click', () => {
    t.start = performance.now(); t.table = t.layout = t.history = null;
    const root = document.getElementById('stats');
    t.fill = root ? root.getAttribute('data-fill') : null;
  }, true);
  new MutationObserver(() => {
    if (t.start === null) return;
    const root = document.getElementById('stats');
    if (t.table === null && root && root.getAttribute('data-fill') !== t.fill) {
      t.table = performance.now();
      document.documentElement.getBoundingClientRect();
      t.layout = performance.now();
    }
    const list = document.getElementById('history');
    if (t.history === null && t.table !== null && list && list.hasAttribute('data-filled'))
      t.history = performance.now();
  }).observe(document, { subtree: true, attributes: true, childList: true });
}"""


def _open(page):
    page.click("#open-stats")
    page.wait_for_function("window.__stats.history !== null", timeout=120_000, polling=20)
    t = page.evaluate("window.__stats")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stats-dialog:not([open])", state="attached")
    return {"table": t["table"] - t["start"], "layout": t["layout"] - t["start"],
            "history": t["history"] - t["start"]}


def _page(chromium, server, items):
    from browser import wait_ready
    ctx = chromium.context(reduced_motion="reduce", service_workers="block")
    page = ctx.new_page()
    page.goto(server.url + GAME, wait_until="commit")
    wait_ready(page)
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  items)
    page.goto(server.url + GAME, wait_until="commit")
    wait_ready(page)
    page.evaluate(PROBE)
    return ctx, page


def _write_a_box(page):
    """Roll once and write the best box; wait until the page made the screen ahead."""
    page.click("#roll")
    page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
    page.click("button[data-player='0'][data-box='chance']")
    page.wait_for_selector("#stats[data-fill]", state="attached", timeout=60_000)


def run(chromium, server, log):
    out = {}
    for size in SIZES:
        log("  %d games ..." % size)
        games = engine_games(size, seed=1)
        items = history_items(games)
        kept = history.load(_Dict(items), "bench")
        items[history.SUMS] = _Dict(items).sums_text(kept)
        ctx, page = _page(chromium, server, items)
        try:
            first = _open(page)
            again = [_open(page) for _ in range(OPENINGS)]
        finally:
            ctx.close()
        ctx, page = _page(chromium, server, items)
        try:
            _write_a_box(page)
            warm = _open(page)
        finally:
            ctx.close()
        del items[history.SUMS]
        ctx, page = _page(chromium, server, items)
        try:
            no_sums = _open(page)
        finally:
            ctx.close()
        out[size] = {"first": first, "warm": warm, "again": again, "no_sums": no_sums,
                     "bytes": sum(len(k) + len(v) for k, v in items.items())}
    return out


class _Dict:
    """Enough of the page's storage for ui.records.history, over a dict (the sums made here)."""

    def __init__(self, items):
        self.items = items

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value, quiet=False):
        self.items[key] = value
        return True

    def remove(self, key):
        self.items.pop(key, None)

    def sums_text(self, records):
        history.sums(self, records)
        return self.items[history.SUMS]
