"""Benchmark (not a test): the win-aware hint in the page (issue 49, points 3 and 5).

    python3 tests/bench/towin_page.py [--games 4] [--rules dice-poker] [--json FILE]

Two-player games saved four turns from the end (the engine plays up to there
simply, a seed per game), opened in a fresh desktop-profile context (no
throttling, as ``run.py --only taps``); both players then follow the Hint at
every decision to the end, and every hint is worded by the chance to win (the
end-of-game tables hold every such position).  Each tap on Hint is timed from
the click's dispatch to ``#hint-panel[data-hint-state="shown"]``; the first of a
page also fetches the coach, the strategy table and the end-of-game tables and
is reported apart.  The taps once the end-of-game tables are loaded (roll,
hold, fill: to DOM updated) are printed too, to set beside ``run.py --only
taps`` and ``--only advisor``: the tables are read in place outside
MicroPython's heap, so taps should not change.

Budget (docs/performance.md): a win-aware hint p95 under 100 ms once the
tables are in; taps unchanged.
"""

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
from paths import PY  # noqa: E402
sys.path[:0] = [str(PY)]

from stats import percentile  # noqa: E402

BUDGET_MS = 100.0
TURNS_LEFT = 4


def near_the_end(seed, rules, turns_left=TURNS_LEFT):
    """A two-player game where the second seat is to play with ``turns_left`` boxes open."""
    from dicepoker.game import Game
    game = Game(["Bob", "Ann"], ruleset=rules, seed=seed)
    while not (game.round == game.rounds - turns_left and game.current_player == 1):
        game.roll()
        keep = [i for i, f in enumerate(game.dice) if game.dice.count(f) > 1]
        if len(keep) < 5:
            game.roll(keep)
        options = game.options()
        game.score(max(options, key=lambda b: (options[b], -game.ruleset.boxes.index(b))))
    return game


WIN_FOLLOW = """() => {
  const panel = document.getElementById('hint-panel');
  const box = document.querySelector('button[data-box][data-hint="best"]');
  return {
    best: panel.getAttribute('data-hint-best'),
    win: panel.getAttribute('data-hint-win'),
    keep: [...document.querySelectorAll('.die')].map(d => d.getAttribute('data-hint') === 'keep'),
    held: [...document.querySelectorAll('.die')].map(d => d.getAttribute('aria-pressed') === 'true'),
    box: box && [box.dataset.player, box.dataset.box],
    advise: Number(panel.getAttribute('data-advise-ms')),
  };
}"""


def win_hints(chromium, base_url, games, rules):
    from browser import wait_ready
    from load import GAME
    from strategy import HINT_PROBE
    out = {"first": [], "hint": [], "advise": [], "not_win": 0, "taps": {}}
    for g in range(games):
        game = near_the_end(100 + g, rules)
        ctx = chromium.context(reduced_motion="reduce", service_workers="block")
        page = ctx.new_page()
        try:
            page.goto(base_url + GAME, wait_until="commit")
            wait_ready(page)
            page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('dicepoker.game', text); }",
                          game.to_json())
            page.goto(base_url + "index.html", wait_until="commit")
            wait_ready(page)
            page.evaluate(HINT_PROBE)
            decisions = 0
            while page.evaluate("document.documentElement.dataset.state") != "over":
                page.click("#roll")
                while True:
                    page.click("#hint")
                    page.wait_for_selector('#hint-panel[data-hint-state="shown"]', timeout=120_000)
                    seen = page.evaluate(WIN_FOLLOW)
                    decisions += 1
                    out["advise"].append(seen["advise"])
                    if seen["win"] is None:
                        out["not_win"] += 1
                    if seen["best"] == "score":
                        break
                    for i, (keep, held) in enumerate(zip(seen["keep"], seen["held"])):
                        if keep != held:
                            page.click('.die[data-index="%d"]' % i)
                    page.click("#roll")
                page.click('button[data-player="%s"][data-box="%s"]' % tuple(seen["box"]))
                if page.evaluate("document.getElementById('confirm-dialog').open"):
                    page.click("#confirm")
                if decisions > 40:
                    raise RuntimeError("the game did not end after 40 hints")
            times = page.evaluate("window.__hintTimes")
            taps = page.evaluate("window.__bench.taps")
        finally:
            ctx.close()
        out["first"].append(times[0])
        out["hint"] += times[1:]
        loaded = False
        for tap in taps:
            loaded = loaded or tap["kind"] == "hint"
            if loaded and tap["kind"] in ("roll", "hold", "fill", "confirm") and tap["dom"] is not None:
                out["taps"].setdefault(tap["kind"], []).append(tap["dom"] - tap["start"])
    return out


def _p(values, q):
    return "%.1f" % percentile(values, q) if values else "-"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rules", default="dice-poker")
    parser.add_argument("--json", help="write every sample here")
    args = parser.parse_args(argv)
    from browser import Chromium
    from harness import REPO
    from server import CountingServer
    server = CountingServer(REPO).start()
    try:
        with Chromium() as chromium:
            win = win_hints(chromium, server.url, args.games, args.rules)
    finally:
        server.stop()
    hints = win["hint"]
    print("win-aware hint, %s, %d two-player game(s) from %d turns before the end, desktop profile:"
          % (args.rules, args.games, TURNS_LEFT))
    print("  hints: %d (%d not worded by the chance to win)" % (len(hints) + len(win["first"]),
                                                                 win["not_win"]))
    print("  first hint of a page (coach, strategy table, end-of-game tables): %s ms"
          % ", ".join("%.0f" % t for t in win["first"]))
    print("  hint tap to drawn: p50 %s  p95 %s ms  (win_advice alone p50 %s  p95 %s): %s (< %d)"
          % (_p(hints, 50), _p(hints, 95), _p(win["advise"], 50), _p(win["advise"], 95),
             "PASS" if hints and percentile(hints, 95) < BUDGET_MS else "MISS", BUDGET_MS))
    print("  taps with the end-of-game tables loaded, to DOM updated, roll / hold / fill:"
          " p50 %s / %s / %s, p95 %s / %s / %s ms (%d taps)"
          % (tuple(_p(win["taps"].get(k, []), q) for q in (50, 95) for k in ("roll", "hold", "fill"))
             + (sum(map(len, win["taps"].values())),)))
    if args.json:
        Path(args.json).write_text(json.dumps(win, indent=1))


if __name__ == "__main__":
    main()
