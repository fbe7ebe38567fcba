"""Game helpers of the engines suite, on top of tests/e2e/gameui.py (which
drives an ``EnginePage`` as it drives a Playwright page)."""

from __future__ import annotations

import sys
import time

from paths import REPO, STATIC

sys.path.insert(0, str(REPO / "tests" / "e2e"))
import gameui  # noqa: E402  (engine-neutral: it only calls evaluate / click / keyboard.press)
from gameui import check_computer_moves  # noqa: E402,F401  (tests import it from here)
from test_layout import FITS, SPILLS  # noqa: E402  (the Chromium layout checks, plain JavaScript)
sys.path.remove(str(REPO / "tests" / "e2e"))

from dicepoker.strategy.advisor import Advisor  # noqa: E402
from dicepoker.strategy.table import Table  # noqa: E402

SHOWN = '#hint-panel[data-hint-state="shown"]'
HUMAN_TURN = 'html:not([data-computer-turn])[data-state="ready"], html[data-state="over"]'
_ADVISORS = {}


def advisor_for(rules):
    if rules not in _ADVISORS:
        data = (STATIC / "strategy" / ("%s.dpst.gz" % rules)).read_bytes()
        _ADVISORS[rules] = Advisor(Table.from_bytes(data))
    return _ADVISORS[rules]


def hint_marks(page):
    return page.evaluate("""() => ({
      keep: [...document.querySelectorAll('.die[data-hint="keep"]')].map(d => Number(d.dataset.index)),
      best: [...document.querySelectorAll('[data-hint="best"]')].map(c => [Number(c.dataset.player), c.dataset.box, c.tagName]),
      list: [...document.querySelectorAll('#hint-list li')].map(li => [li.dataset.move, Number(li.dataset.value), Number(li.dataset.loss)]),
    })""")


def select_language(page, lang):
    """What Playwright's select_option does: set the value, fire input and change."""
    page.evaluate("""(lang) => { const s = document.getElementById('lang');
        s.focus(); s.value = lang;
        s.dispatchEvent(new Event('input', {bubbles: true}));
        s.dispatchEvent(new Event('change', {bubbles: true})); }""", lang)


def service_worker_ready(page):
    """A worker is active, controls the page, and its precache is stored."""
    return page.evaluate("""async () => {
        if (!('serviceWorker' in navigator)) return false;
        const reg = await navigator.serviceWorker.getRegistration();
        if (!reg || !reg.active || reg.active.state !== 'activated') return false;
        if (!navigator.serviceWorker.controller) return false;
        const names = await caches.keys();
        return names.some((n) => /^dice-poker-[0-9a-f]{16}$/.test(n));
    }""")


def wait(condition, timeout, message):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out: " + message)
        time.sleep(0.1)


def play_human_turn(page, game):
    """gameui.play_turn, checked after every step; when a computer seat plays next,
    the last check is the card and total of the player who just filled a box (the
    page has moved on to the computer's turn, at its own pace)."""
    if not game.seats or all(s == "human" for s in game.seats):
        return gameui.play_turn(page, game)
    player = game.current_player
    for roll_no in range(3):
        if roll_no:
            keep = gameui.choose_keep(game)
            if len(keep) == 5:
                break
            gameui.set_holds(page, game, keep)
            gameui.assert_matches(page, game)
        gameui.tap(page, "#roll", "roll")
        gameui.roll(game)
        gameui.assert_matches(page, game)
    gameui.fill_box(page, game, gameui.choose_box(game))
    if game.is_over or game.seats[game.current_player] == "human":
        gameui.assert_matches(page, game)
        return
    seen = gameui.read(page)
    card = {box: text for p, box, tag, text in seen["cells"] if p == player}
    assert card == {box: str(game.cards[player].get(box, "")) for box in game.ruleset.boxes}
    assert dict(seen["totals"])[player] == str(game.totals()[player])


class _ComputerMoved:
    """``game`` as a person sees it after a computer's box: Undo is not theirs to
    use (the page disables it; the engine alone would allow it)."""

    can_undo = False

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)


def assert_matches_after_computer(page, game):
    """gameui.assert_matches once a computer seat has filled its box."""
    return gameui.assert_matches(page, _ComputerMoved(game))
