"""Win chances on the chips, luck and skill at the end: the page's figures are CPython's.

The same code (``dicepoker.strategy.chances``) with the shipped tables runs
here on CPython on the game the page saved; every chip's ``data-value`` and
every luck/skill figure must be the same number.  Also: nothing of it is
fetched before the first roll, and the setup switch turns the chips off.
"""

import pytest

from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.chances import Model, win_chances
from dicepoker.strategy.luck_skill import luck_and_skill
from dicepoker.strategy.spread import Spread
from dicepoker.strategy.table import Table
import gameui
from gameui import link, play_turn, saved_game
from paths import STATIC
from click_point import click
from waits import wait_for

TABLES = STATIC / "strategy"
_MODELS = {}

CHANCES = """() => Array.from(document.querySelectorAll('[data-win-chance]')).map(
  el => [el.getAttribute('data-player'), el.getAttribute('data-value'), el.textContent])"""


def model_for(rules):
    if rules not in _MODELS:
        table = Table.from_bytes((TABLES / ("%s.dpst.gz" % rules)).read_bytes())
        spread = Spread.from_bytes((TABLES / ("%s.spread.gz" % rules)).read_bytes())
        _MODELS[rules] = Model(Advisor(table), spread)
    return _MODELS[rules]


def wait_for_chances(page, game):
    """Wait until every chip shows the chance of ``game``'s position; return them."""
    expected = win_chances(game, model_for(game.ruleset.id))
    values = ["%.6f" % p for p in expected]
    page.wait_for_function(
        """(values) => { const els = document.querySelectorAll('[data-win-chance]');
          return els.length === values.length && Array.from(els).every(
            (el, i) => el.getAttribute('data-player') === String(i)
                       && el.getAttribute('data-value') === values[i]); }""",
        arg=values, timeout=30_000)
    return expected


def test_chips_show_cpythons_win_chances_after_every_roll_and_box(page, site_url, goto_ready):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=18, rules="yahtzee"))
    gameui.settle(page)
    assert not any("spread" in url or "win_chances" in url for url in requests)
    # before the first roll: everyone even (issue 47), with nothing of the strategy fetched
    assert [v for _, v, _ in page.evaluate(CHANCES)] == ["0.500000", "0.500000"]
    game = saved_game(page) if page.evaluate("localStorage.getItem('dicepoker.game')") else None
    from dicepoker.game import Game
    game = game or Game(["Ann", "Ben"], ruleset="yahtzee", seed=18)
    seen = []

    def chances_after(page, game):            # every roll and the box: CPython's chances
        gameui.wait_for_saved_moves(page, len(game.moves))
        seen.append(wait_for_chances(page, game))

    for _ in range(3):                       # three turns, checked after each step
        play_turn(page, game, check=False, after_roll=chances_after)
    chances = seen[-1]
    shown = page.evaluate(CHANCES)
    assert [text for _, _, text in shown] == ["%d%%" % int(p * 100 + 0.5) for p in chances]
    assert abs(sum(chances) - 1) < 1e-9


def test_the_setup_switch_turns_the_chips_off(page, site_url, goto_ready):
    goto_ready(page, site_url, state="setup")
    assert page.is_checked("[name=win_chances]")           # on by default
    page.uncheck("[name=win_chances]")
    assert page.evaluate("localStorage.getItem('dicepoker.win-chances')") == "off"
    click(page, "#add-player")
    click(page, "#start")
    wait_for(page, "html[data-state=ready]")
    gameui.tap(page, "#roll", "roll")
    gameui.wait_for_saved_moves(page, 1)
    gameui.settle(page)
    gameui.settle(page)
    assert page.query_selector("[data-win-chance]") is None
    page.evaluate("localStorage.removeItem('dicepoker.game')")
    goto_ready(page, site_url, state="setup")              # stays off: stored
    assert not page.is_checked("[name=win_chances]")


def test_end_screen_shows_cpythons_luck_and_skill(page, site_url):
    from dicepoker.game import Game
    game = Game(["Ann", "Ben"], ruleset="yahtzee", seed=7)
    model = model_for("yahtzee")
    from dicepoker.strategy.players import choose_move
    while not (game.round == game.rounds - 1 and game.current_player == 1):
        game.apply(choose_move(game, "optimal", model.advisor))
    gameui.inject_game(page, site_url, game)
    play_turn(page, game, check=False)
    wait_for(page, "#end-dialog [data-skill][data-player='1']", timeout=30_000)
    expected = luck_and_skill(game, model.advisor)
    for p, row in enumerate(expected):
        luck = page.get_attribute("#end-dialog [data-luck][data-player='%d']" % p, "data-value")
        skill = page.get_attribute("#end-dialog [data-skill][data-player='%d']" % p, "data-value")
        assert luck == "%.4f" % row["luck"] and skill == "%.4f" % row["skill"]
        assert abs(row["start"] + row["luck"] + row["skill"] - game.totals()[p]) < 1e-6
    text = page.text_content("#end-dialog [data-luck][data-player='0']")
    assert text.startswith("the dice ")


# Each line of luck and skill as it reads, and whether its stand-in bar is shown.
LUCK_LINES = """() => [...document.querySelectorAll('#end-dialog .luck li')].map((li) => {
  const figures = li.querySelector('.luck-figures');
  const bar = figures && getComputedStyle(figures, '::before');
  return [li.innerText.trim(), !!bar && bar.visibility === 'visible' && parseFloat(bar.width) > 0];
})"""


def test_the_end_screens_buttons_stay_put_while_luck_and_skill_come_in(page, site_url,
                                                                       goto_ready):
    """The end screen opens before the strategy table is in; the luck section's place
    is held (names shown, figures not yet, no hooks), so a tap aimed at a button then
    still lands on it when the figures arrive.  Meanwhile each line reads as the
    player's name and a quiet bar, nothing else ("Ann: , ." before issue 40)."""
    game = _one_turn_from_the_end()
    gameui.inject_game(page, site_url, game)
    page.evaluate("localStorage.setItem('dicepoker.win-chances', 'off')")   # no early table
    held = []
    page.route("**/strategy/yahtzee.dpst.gz", lambda route: held.append(route))
    goto_ready(page, site_url)
    play_turn(page, game, check=False)
    wait_for(page, "#end-dialog[open] .luck[data-pending]")
    page.wait_for_function("() => document.getAnimations().length === 0")
    assert page.query_selector("#end-dialog [data-luck], #end-dialog [data-skill]") is None
    assert page.text_content("#end-dialog .luck li b") == "Ann"
    assert page.evaluate(LUCK_LINES) == [["Ann", True], ["Ben", True]]
    before = {s: page.locator(s).bounding_box() for s in ("#open-review", "#play-again")}
    for _ in range(200):                         # the table's request, held above
        if held:
            break
        page.wait_for_timeout(50)
    assert held
    for route in held:
        route.continue_()
    wait_for(page, "#end-dialog [data-skill][data-player='1']", timeout=30_000)
    assert page.query_selector("#end-dialog .luck[data-pending]") is None
    lines = page.evaluate(LUCK_LINES)
    assert [bar for _, bar in lines] == [False, False]
    assert lines[0][0].startswith("Ann: the dice ") and lines[0][0].endswith(".")
    after = {s: page.locator(s).bounding_box() for s in before}
    for selector, box in before.items():
        assert abs(after[selector]["y"] - box["y"]) < 1, (selector, box, after[selector])


def _one_turn_from_the_end(rules="yahtzee", seed=7):
    from dicepoker.game import Game
    from dicepoker.strategy.players import choose_move
    game = Game(["Ann", "Ben"], ruleset=rules, seed=seed)
    advisor = model_for(rules).advisor
    while not (game.round == game.rounds - 1 and game.current_player == 1):
        game.apply(choose_move(game, "optimal", advisor))
    return game


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_with_win_chances_and_the_end_screens_luck_and_skill(new_context, site_url, scheme):
    """The chips with their chances, then the end screen with its luck and skill lines:
    no axe violations in either theme (contrast of the small chance text included)."""
    from test_layout import axe_violations
    page = new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme).new_page()
    game = _one_turn_from_the_end()
    gameui.inject_game(page, site_url, game)
    gameui.tap(page, "#roll", "roll")
    gameui.roll(game)
    wait_for_chances(page, game)
    assert axe_violations(page) == []
    gameui.fill_box(page, game, gameui.choose_box(game))
    wait_for(page, "#end-dialog [data-skill][data-player='1']", timeout=30_000)
    assert axe_violations(page) == []


CHIPS = """() => [...document.querySelectorAll('#players > .chip')].map(chip => {
  const span = chip.querySelector('[data-win-chance]');
  return span && [span.textContent, span.getAttribute('data-value'),
                  getComputedStyle(span).whiteSpace];
})"""


@pytest.mark.parametrize("players", [["Ann", "Ben"], ["Ann", "Ben", "Cy"]])
def test_before_the_first_roll_the_chips_say_everyone_starts_even(page, site_url, goto_ready,
                                                                  players):
    """Issue 47, point 8: before the first roll the chips have chances too, the position's:
    every card empty, so each player's chance is the model's 1/n (CPython's figure), and
    nothing of the strategy is fetched for it."""
    from dicepoker.game import Game
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    goto_ready(page, link(site_url, players, seed=18, rules="yahtzee"))
    game = Game(players, ruleset="yahtzee", seed=18)
    expected = win_chances(game, model_for("yahtzee"))
    page.wait_for_function("(n) => document.querySelectorAll('[data-win-chance]').length === n",
                           arg=len(players), timeout=30_000)
    shown = page.evaluate(CHIPS)
    assert [s[:2] for s in shown] == [["%d%%" % int(p * 100 + 0.5), "%.6f" % p]
                                      for p in expected]
    assert all(s[2] == "nowrap" for s in shown)          # styled as after a roll
    assert not any("spread" in url or "win_chances" in url or ".dpst" in url
                   for url in requests)


def test_game_over_chips_show_the_result_not_a_certain_percent(page, site_url):
    """Issue 47, point 8: once the game is over the chips say who won and each other
    player's place, not "100 %" and "0 %"."""
    game = _one_turn_from_the_end()
    gameui.inject_game(page, site_url, game)
    play_turn(page, game, check=False)
    wait_for(page, "html[data-state=over]", state="attached")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-win-chance]')].every(s => s.dataset.result)"
        " && document.querySelectorAll('[data-win-chance]').length === 2", timeout=30_000)
    totals = game.totals()
    winner = 0 if totals[0] > totals[1] else 1
    assert totals[0] != totals[1]
    shown = page.evaluate(CHIPS)
    assert shown[winner][0] == "Winner" and shown[1 - winner][0] == "Place 2"
    assert not any("%" in s[0] for s in shown)
    heads = page.evaluate("() => [...document.querySelectorAll('#card-head .head-chance')]"
                          ".map(s => s.textContent)")
    assert heads == [s[0] for s in shown]
