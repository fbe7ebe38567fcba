"""Helpers shared by the offline-app tests: the game hooks of issue 3
(#roll, .die[data-index][data-value][aria-pressed], [data-player][data-box])
and regenerating a site copy's precache list."""
import json
import os
import subprocess
import sys

import paths
from click_point import click

REPO = str(paths.REPO)


def regenerate_precache(root):
    """Run .ci/precache.py on a site copy; return the new version."""
    subprocess.run([sys.executable, os.path.join(REPO, ".ci", "precache.py"), "--root", root],
                   check=True, capture_output=True, text=True)
    with open(os.path.join(root, "static", "pwa", "precache.json"), encoding="utf-8") as f:
        return json.load(f)["version"]


CHANCE = '[data-player="0"][data-box="chance"]'


def dice(page):
    return [int(v) for v in page.eval_on_selector_all(
        ".die", "els => els.sort((a, b) => a.dataset.index - b.dataset.index)"
                ".map(e => e.dataset.value)")]


def held(page):
    return [i for i, p in enumerate(page.eval_on_selector_all(
        ".die", "els => els.sort((a, b) => a.dataset.index - b.dataset.index)"
                ".map(e => e.getAttribute('aria-pressed'))")) if p == "true"]


def roll(page):
    """Click Roll and wait until the roll is shown: the button's rolls-left
    text changes and every die has a face."""
    before = page.eval_on_selector("#roll", "b => b.textContent")
    click(page, "#roll")
    page.wait_for_function(
        """before => document.querySelector('#roll').textContent !== before &&
            [...document.querySelectorAll('.die')].every(d => /^[1-6]$/.test(d.dataset.value))""",
        arg=before)
    return dice(page)


def play_turn(page):
    """Roll, hold two dice, roll again, fill Chance; return (dice, points)."""
    first = roll(page)
    click(page, '.die[data-index="0"]')
    click(page, '.die[data-index="1"]')
    assert held(page) == [0, 1]
    second = roll(page)
    assert second[:2] == first[:2], "held dice must not change"
    click(page, "button" + CHANCE)
    page.wait_for_function("s => !document.querySelector('button' + s) && "
                           "document.querySelector(s).textContent.trim() !== ''", arg=CHANCE)
    return second, int(page.text_content(CHANCE).strip())


