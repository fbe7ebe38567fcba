"""Today's game's par in the page, on a slow phone (CPU / 4): the issue-41 budget, 300 ms once the table is in.

Par is the Optimal computer's game of the date (``dicepoker.daily.par_turns``),
worked out by ``ui.daily.door`` with the coach's advisor, a turn per pause.  Two
figures, each over fresh contexts (a daily game put in storage, then the page
opened on it):

- **at the end, as played**: a game of the date with 12 boxes written is
  resumed, so the table is fetched and par worked out while the player plays
  its last three turns at a person's pace (``PACE_S`` between taps); the
  figures are from the tap on the last box, and from the end screen open, to
  ``#daily-par[data-par]`` (par shown on the end screen), and whether par was
  kept before the last box.
- **from scratch**: a finished game whose par was never worked out (its table
  only comes at the end): ``#daily-end[data-par-ms]``, from the advisor ready
  to par kept, and ``data-par-work-ms``, the turns' own time (the rest is
  the pauses between them, where the page draws and takes taps; luck and
  skill are worked out at the same time on the end screen).
"""

import json
import time

from dicepoker.daily import daily_game
from dicepoker.rules import RULESETS

from phone import SLOWDOWN, _poll, _value

DATE = "2026-06-01"
PACE_S = 1.5
BOXES = RULESETS["dice-poker"].boxes
PROBE = """(() => {
  window.__daily = {tap: null, par: null, end: null, kept: null};
  window.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('[data-box]')) window.__daily.tap = performance.now();
  }, true);
  new MutationObserver(() => {
    const par = document.getElementById('daily-par'), end = document.getElementById('end-dialog');
    if (window.__daily.par === null && par && par.hasAttribute('data-par'))
      window.__daily.par = performance.now();
    if (window.__daily.end === null && end && end.open) window.__daily.end = performance.now();
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-par', 'open']});
})();"""


def _game(boxes_written):
    game = daily_game(DATE, "Bench")
    while game.round < boxes_written:
        game.roll()
        options = game.options()
        game.score(max(options, key=options.get))
    return game


def _open(chromium, base_url, game):
    ctx = chromium.context(reduced_motion="reduce", service_workers="block")
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.goto(base_url)
    page.wait_for_selector("html:not([data-state=loading])", state="attached")
    meta = {"link": None, "recorded": False, "rev": 30, "first": "dice-poker start",
            "daily": {"date": DATE, "started": DATE, "practice": False}}
    page.evaluate("""([game, meta]) => { localStorage.clear();
        localStorage.setItem('dicepoker.game', game); localStorage.setItem('dicepoker.game-meta', meta); }""",
                  [game.to_json(), json.dumps(meta)])
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    page.goto(base_url)
    return ctx, page, cdp


def as_played(chromium, base_url):
    """ms from the tap on the last box to par on the end screen (``shown``), and from the end
    screen open to par on it (``after_end``); whether par was kept before the last box."""
    game = _game(len(BOXES) - 3)
    ctx, page, cdp = _open(chromium, base_url, game)
    try:
        _poll(cdp, "document.documentElement.dataset.state === 'ready'")
        while not game.is_over:
            time.sleep(PACE_S)
            page.click("#roll")
            game.roll()
            _poll(cdp, "document.documentElement.dataset.turnPhase === 'rolled'")
            time.sleep(PACE_S)
            options = game.options()
            box = max(options, key=options.get)
            if game.round == len(BOXES) - 1:        # par kept before the last box?
                kept = _value(cdp, "localStorage.getItem('dicepoker.daily') || ''")
            page.click('button[data-player="0"][data-box="%s"]' % box)
            if options[box] == 0:
                page.click("#confirm")
            game.score(box)
        _poll(cdp, "window.__daily.par !== null", timeout_s=120)
        figures = _value(cdp, "JSON.stringify(window.__daily)")
    finally:
        ctx.close()
    figures = json.loads(figures)
    return {"shown": figures["par"] - figures["tap"], "after_end": figures["par"] - figures["end"],
            "ready_before": DATE in json.loads(kept or "{}").get("pars", {})}


def from_scratch(chromium, base_url):
    """{"wall", "work"}: ms from the advisor ready to par kept, and the turns' own time."""
    ctx, page, cdp = _open(chromium, base_url, _game(len(BOXES)))
    try:
        _poll(cdp, "!!document.querySelector('#daily-end[data-par-ms]')", timeout_s=180)
        wall = float(_value(cdp, "document.getElementById('daily-end').dataset.parMs"))
        work = float(_value(cdp, "document.getElementById('daily-end').dataset.parWorkMs"))
    finally:
        ctx.close()
    return {"wall": wall, "work": work}


def run(chromium, base_url, runs, log):
    out = {"as_played": [], "after_end": [], "ready_before": [], "wall": [], "work": []}
    for n in range(runs):
        log("  daily par %d/%d ..." % (n + 1, runs))
        played = as_played(chromium, base_url)
        out["as_played"].append(played["shown"])
        out["after_end"].append(played["after_end"])
        out["ready_before"].append(played["ready_before"])
        scratch = from_scratch(chromium, base_url)
        out["wall"].append(scratch["wall"])
        out["work"].append(scratch["work"])
    return out
