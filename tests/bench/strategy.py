"""Hint and computer-move latency on the browser's MicroPython, and the table build time.

- In the game (``hint_in_game``): whole solo games played by following the
  Hint button; every tap on it is timed from the click's dispatch to the
  hint drawn (``#hint-panel[data-hint-state="shown"]``). The first hint of a
  page also fetches the coach and strategy modules, the rest of the
  catalogue and the table: it is reported apart.
- On the advisor page (``advisor_in_browser``, fixtures/advisor.html: the
  same vendored runtime and strategy modules): ``Advisor.advise`` and the
  computer players' ``choose_move`` at every decision, without the page
  around them (the game paces computer moves for people to follow, so their
  thinking time is only measurable here), and the table fetch and decode.
"""

import json
import os
import subprocess
import sys
import tempfile
import time


def advisor_in_browser(chromium, base_url, rules="dice-poker", games=2):
    ctx = chromium.context()
    page = ctx.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(base_url + "tests/bench/fixtures/advisor.html?rules=%s&games=%d" % (rules, games),
                  wait_until="commit")
        page.wait_for_function("window.benchResult !== undefined", timeout=600_000, polling=200)
        result = json.loads(page.evaluate("window.benchResult"))
    finally:
        ctx.close()
    result["errors"] = errors
    return result


HINT_PROBE = """() => {
  const times = window.__hintTimes = [];
  let started = null;
  window.addEventListener('click', (event) => {
    if (event.target.closest && event.target.closest('#hint')) started = performance.now();
  }, true);
  new MutationObserver(() => {
    const panel = document.getElementById('hint-panel');
    if (started !== null && panel && panel.getAttribute('data-hint-state') === 'shown') {
      times.push(performance.now() - started);
      started = null;
    }
  // the whole document: the panel's markup comes with the later views (static/later.html)
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-hint-state']});
}"""

FOLLOW = """() => {
  const panel = document.getElementById('hint-panel');
  const box = document.querySelector('button[data-box][data-hint="best"]');
  return {
    best: panel.getAttribute('data-hint-best'),
    keep: [...document.querySelectorAll('.die')].map(d => d.getAttribute('data-hint') === 'keep'),
    held: [...document.querySelectorAll('.die')].map(d => d.getAttribute('aria-pressed') === 'true'),
    box: box && [box.dataset.player, box.dataset.box],
    advise: Number(panel.getAttribute('data-advise-ms')),
    state: document.documentElement.dataset.state,
  };
}"""


def hint_in_game(chromium, base_url, games=3):
    """Tap Hint at every decision of ``games`` solo games and do what it says.

    Returns {"first": [ms of each page's first hint], "hint": [ms of the others],
    "advise": [ms of Advisor.advise alone, as the coach measured it],
    "taps": {kind: [ms to DOM updated]} of the other taps (roll, hold, fill,
    confirm) with the strategy loaded: its data is on MicroPython's heap,
    which the collector scans}."""
    from load import GAME
    from browser import wait_ready
    out = {"first": [], "hint": [], "advise": [], "games": games, "taps": {}}
    for g in range(games):
        ctx = chromium.context(reduced_motion="reduce", service_workers="block")
        page = ctx.new_page()
        try:
            page.goto(base_url + GAME.replace("seed=1", "seed=%d" % (10 + g)), wait_until="commit")
            wait_ready(page)
            page.evaluate(HINT_PROBE)
            decisions = 0
            while page.evaluate("document.documentElement.dataset.state") != "over":
                page.click("#roll")
                while True:
                    page.click("#hint")
                    page.wait_for_selector('#hint-panel[data-hint-state="shown"]', timeout=120_000)
                    seen = page.evaluate(FOLLOW)
                    out["advise"].append(seen["advise"])
                    decisions += 1
                    if seen["best"] == "score":
                        break
                    for i, (keep, held) in enumerate(zip(seen["keep"], seen["held"])):
                        if keep != held:
                            page.click('.die[data-index="%d"]' % i)
                    page.click("#roll")
                player, box = seen["box"]
                page.click('button[data-player="%s"][data-box="%s"]' % (player, box))
                if page.evaluate("document.getElementById('confirm-dialog').open"):
                    page.click("#confirm")
                if decisions > 60:
                    raise RuntimeError("the game did not end after 60 hints")
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


def build_time(repo, rules="yahtzee"):
    """Run the table builder into a temp file; (seconds by the wall clock, its own output line)."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, PYTHONPATH=str(repo / "py"))
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "dicepoker.strategy.build", "--rules", rules,
             "--out", os.path.join(tmp, "%s.dpst.gz" % rules)],
            cwd=str(repo), env=env, capture_output=True, text=True)
        seconds = time.monotonic() - started
    if done.returncode:
        return seconds, "FAILED: " + (done.stderr.strip().splitlines() or ["?"])[-1]
    return seconds, done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
