"""Hint and computer-move latency on the browser's MicroPython, and the table build time.

The game has no Hint button or computer seat yet when this was written, so
by default the advisor is timed on its own page (fixtures/advisor.html): the
same vendored runtime and the same strategy modules the game will import.
If the game page has a #hint button, it is timed there too (click -> the
hint's DOM change).
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


def hint_button_present(chromium, base_url):
    from load import GAME
    from browser import wait_ready
    ctx = chromium.context()
    page = ctx.new_page()
    try:
        page.goto(base_url + GAME, wait_until="commit")
        wait_ready(page)
        return page.locator("#hint").count() > 0
    finally:
        ctx.close()


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
