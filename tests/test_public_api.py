"""The engine's public API as earlier issues promised it (issue 39, point 3): one test per promise.

Other code (tools, notebooks, a reader's own scripts, the README's examples)
was written against these names and calls; the page itself uses others (its
start bundle must stay small, so some of these are thin functions that import
the real work on first call).  A refactoring that moves a function is fine,
as long as the promised import and its behaviour still work: that is what
each test checks, with real values, so it fails when the promise breaks,
not only when a name disappears.

The strategy tests read the shipped tables from their files
(``static/strategy/<rules>.dpst.gz``, ``<rules>.spread.gz`` beside), since
``Table.from_file`` and finding the spread beside the table are promises too.
"""

import json
import random
import subprocess
import sys

import pytest

from mpyrun import run_micropython
from paths import PY, STATIC

RULES = "dice-poker"
TABLE_PATH = STATIC / "strategy" / ("%s.dpst.gz" % RULES)
SPREAD_PATH = STATIC / "strategy" / ("%s.spread.gz" % RULES)
SEED_42_FIRST_ROLL = (6, 6, 3, 5, 3)   # a shared seed means the same dice, in every version


@pytest.fixture(scope="module")
def table():
    """dice-poker's table, read from its file once for this module (0.02 s on CPython)."""
    from dicepoker.strategy.table import Table
    return Table.from_file(TABLE_PATH)          # a pathlib.Path: open() takes one


@pytest.fixture(scope="module")
def advisor(table):
    from dicepoker.strategy.advisor import Advisor
    return Advisor(table)


def new_game():
    from dicepoker.game import Game
    return Game(["Ann", "Ben"], ruleset=RULES, seed=42)


def play_out(game, advisor, rng=None):
    """Both seats play ``game`` to its end by the computer's "good" level (slips included)."""
    from dicepoker.strategy.players import choose_move
    rng = rng or random.Random(39)
    while not game.is_over:
        game.apply(choose_move(game, "good", advisor, rng))
    return game


# --------------------------------------------------------------------------- rules


def test_rules_exports_rulesets_and_the_checked_score():
    """``from dicepoker.rules import RULESETS, score``: the calculator for dice from anywhere."""
    from dicepoker.errors import InvalidSetup
    from dicepoker.rules import RULESETS, score
    assert score("pair", (5, 5, 3, 2, 1)) == 16
    assert score("full_house", (2, 3, 2, 3, 3)) == 25
    assert score("sixes", [6, 1, 6, 6, 2]) == 18
    assert score("large_straight", (1, 2, 3, 4, 6)) == 0
    with pytest.raises(InvalidSetup):            # checked: four dice are no throw
        score("chance", (1, 2, 3, 4))
    assert RULESETS[RULES].boxes[-1] == "chance"
    assert "pair" not in RULESETS["yahtzee"].boxes


def test_rules_score_keeps_scoring_out_of_the_start_modules():
    """rules is a page start module; its ``score`` imports dicepoker.scoring only when called
    (scoring takes the boxes from dicepoker.boxes, not rules: no circle; and no scoring
    bytes at page start)."""
    code = ("import sys; import dicepoker.rules as r; a = 'dicepoker.scoring' in sys.modules;"
            " v = r.score('pair', (5, 5, 3, 2, 1)); print(a, v, 'dicepoker.scoring' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=PY, capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["False", "16", "True"]


# --------------------------------------------------------------------------- game


def test_game_rolls_holds_and_counts_the_rolls():
    """``Game(players, ruleset=, seed=)``, ``roll()``, ``roll(hold=(0, 2))``, ``dice``,
    ``rolls_left``, ``current_player``: and a seed gives the same dice to everyone."""
    game = new_game()
    assert (game.dice, game.rolls_left, game.current_player) == ((), 3, 0)
    first = game.roll()
    assert first == game.dice == SEED_42_FIRST_ROLL
    assert game.rolls_left == 2
    second = game.roll(hold=(0, 2))
    assert (second[0], second[2]) == (first[0], first[2])      # held dice stay
    assert second == game.dice and game.rolls_left == 1 and game.current_player == 0
    again = new_game()
    assert again.roll() == first and again.roll(hold=(0, 2)) == second


def test_game_options_score_and_undo():
    """``options()`` (box -> points), ``score(box)`` (passes the turn), ``undo()``, ``totals()``."""
    game = new_game()
    assert game.options() == {}                  # nothing to score before the first roll
    dice = game.roll()
    options = game.options()
    assert set(options) == set(game.ruleset.boxes)
    assert options["chance"] == sum(dice) and options["sixes"] == 6 * dice.count(6)
    assert game.score("chance") == sum(dice)
    assert game.current_player == 1 and game.dice == () and game.rolls_left == 3
    assert game.totals() == [sum(dice), 0]
    game.undo()
    assert game.current_player == 0 and game.dice == dice and game.rolls_left == 2
    assert game.totals() == [0, 0]


def test_game_ends_with_totals_and_winners(advisor):
    """``is_over`` once every box is filled; ``winners()`` the indices of the best total."""
    game = new_game()
    assert not game.is_over and game.winners() == []
    play_out(game, advisor)
    assert game.is_over
    totals = game.totals()
    assert len(totals) == 2 and min(totals) > 0
    assert game.winners() == [p for p in (0, 1) if totals[p] == max(totals)]


def test_game_from_json_restores_a_game_mid_turn():
    """``to_json()`` and the classmethod ``Game.from_json(text)`` -> a Game, mid-turn included.

    The dice set aside are the screen's, not the game's: ``to_json(held=)``
    writes them and ``dicepoker.savefile.load`` gives them back with the game."""
    from dicepoker.game import Game
    from dicepoker.savefile import load
    game = new_game()
    game.roll()
    game.score("chance")                         # Ann's turn done: Ben's card is empty
    game.roll()
    game.roll(hold=(0, 2))                       # Ben mid-turn: one roll left
    text = game.to_json(held=(1, 3))
    loaded = Game.from_json(text)
    assert type(loaded) is Game
    assert (loaded.current_player, loaded.rolls_left, loaded.dice) == (1, 1, game.dice)
    assert loaded.cards == game.cards and loaded.totals() == game.totals()
    assert loaded.moves == game.moves and loaded.seed == "42"
    assert loaded.to_json(held=(1, 3)) == text
    assert load(text)[1] == (1, 3)
    loaded.roll(hold=(1, 3))                     # it plays on like the original
    game.roll(hold=(1, 3))
    assert loaded.dice == game.dice


def test_game_from_json_refuses_a_tampered_save():
    """from_json checks and replays like every save reader: a save is never trusted."""
    from dicepoker.errors import InvalidSave
    from dicepoker.game import Game
    game = new_game()
    game.roll()
    doc = json.loads(game.to_json())
    doc["state"]["dice"] = [6, 6, 6, 6, 6]
    with pytest.raises(InvalidSave):
        Game.from_json(json.dumps(doc))
    with pytest.raises(InvalidSave):
        Game.from_json("not json")


# ----------------------------------------------------------------------- strategy


def test_table_from_file_advisor_and_best_value(table, advisor):
    """``Table.from_file(path)``; ``Advisor(table).advise(game)["best"]["value"]``."""
    from dicepoker.strategy.table import Table
    assert isinstance(table, Table) and table.rules.id == RULES
    assert table.start_value == pytest.approx(314.83, abs=0.01)
    game = new_game()
    best = advisor.advise(game)["best"]
    assert best["kind"] == "roll" and best["value"] == pytest.approx(table.start_value, abs=0.01)
    game.roll()
    advice = advisor.advise(game)
    assert advice["best"] is advice["options"][0]
    assert advice["best"]["value"] == max(o["value"] for o in advice["options"])


def test_choose_move_plays_the_advisors_best(advisor):
    """``from dicepoker.strategy.players import choose_move``: "optimal" takes the best option."""
    from dicepoker.strategy.players import choose_move
    game = new_game()
    rng = random.Random(1)
    for _ in range(6):
        move = choose_move(game, "optimal", advisor, rng)
        assert move == advisor.advise(game)["best"]["move"]
        game.apply(move)


def test_review_game_counts_the_points_given_away(advisor):
    """``from dicepoker.strategy.review import review_game``: per decision and per player."""
    from dicepoker.strategy.review import review_game
    game = new_game()
    dice = game.roll()
    worst = min(game.options(), key=game.options().get)      # an empty box: points thrown away
    game.score(worst)
    review = review_game(game, advisor)
    [decision] = review["decisions"]             # a turn's first roll is no choice
    assert decision["move"] == {"score": worst} and decision["player"] == 0
    assert tuple(decision["dice"]) == dice and decision["loss"] > 0
    assert decision["loss"] == pytest.approx(decision["best"]["value"] - decision["chosen"]["value"])
    assert review["totals"][0] == pytest.approx(decision["loss"])


def test_win_chances_find_the_spread_beside_the_table(table, advisor):
    """``win_chances(game, table)`` with a Table (or an Advisor) read from a file: the spread
    table beside it is found by itself; ``spread=`` still works and agrees."""
    from dicepoker.strategy.chances import win_chances
    from dicepoker.strategy.spread import Spread
    game = new_game()
    game.roll()
    game.score("chance")
    game.roll()
    given = win_chances(game, table, spread=Spread.from_file(str(SPREAD_PATH)))
    assert len(given) == 2 and sum(given) == pytest.approx(1.0)
    assert 0.05 < given[0] < 0.95 and given[0] != given[1]
    assert win_chances(game, table) == given
    assert win_chances(game, advisor) == given


def test_win_chances_without_a_file_still_ask_for_the_spread():
    """A table from bytes has no folder: a clear ValueError, as before, not a wrong answer."""
    from dicepoker.strategy.chances import win_chances
    from dicepoker.strategy.table import Table
    game = new_game()
    game.roll()
    with pytest.raises(ValueError, match="win chances need the spread table"):
        win_chances(game, Table.from_bytes(TABLE_PATH.read_bytes()))


def test_luck_and_skill_from_chances(table, advisor):
    """``from dicepoker.strategy.chances import luck_and_skill``; one {"start", "luck",
    "skill", "total"} per player, start + luck + skill == the final total."""
    from dicepoker.strategy.chances import luck_and_skill
    game = play_out(new_game(), advisor)
    rows = luck_and_skill(game, advisor)
    assert len(rows) == 2
    for row, total in zip(rows, game.totals()):
        assert sorted(row) == ["luck", "skill", "start", "total"]
        assert row["start"] == pytest.approx(table.start_value)
        assert row["total"] == pytest.approx(total)
        assert row["start"] + row["luck"] + row["skill"] == pytest.approx(total, abs=1e-6)
        assert row["skill"] <= 0
    assert any(row["skill"] < 0 for row in rows)     # "good" slips: skill is measured


def _last_turn(advisor):
    """Ann and Ben (Optimal) up to Ben's last turn, his first roll made: Ann has finished."""
    from dicepoker.strategy.players import choose_move
    game = new_game()
    boxes = len(game.ruleset.boxes)
    while not (game.current_player == 1 and len(game.card()) == boxes - 1):
        game.apply(choose_move(game, "optimal", advisor))
    game.roll()
    return game


def test_win_advice_gives_every_option_its_chance_to_win(table, advisor):
    """Issue 49: ``from dicepoker.strategy.to_win import win_advice``; ``win_advice(game,
    table)`` with a Table from ``Table.from_file`` (the win tables ``<rules>.win.gz`` beside
    it are found by themselves) -> ``{"best", "options"}``: the advisor's options, same keys
    and values, each with ``"win"`` (0..1), best for winning first; exact once every
    opponent has finished."""
    from dicepoker.strategy.to_win import win_advice
    game = _last_turn(advisor)
    advice = win_advice(game, table)
    assert advice["best"] is advice["options"][0] and advice["exact"]
    wins = [o["win"] for o in advice["options"]]
    assert wins == sorted(wins, reverse=True) and all(0.0 <= w <= 1.0 for w in wins)
    ranked = advisor.advise(game)["options"]
    assert len(advice["options"]) == len(ranked)
    assert advice["points_best"]["move"] == ranked[0]["move"]     # the best for points, with its win
    assert advice["points_best"] in advice["options"]
    for option in ranked:
        [mine] = [o for o in advice["options"] if o["move"] == option["move"]]
        assert {k: mine[k] for k in option} == option       # the advisor's keys and values
    ann = game.totals()[0]
    for option in advice["options"]:                        # writing a box ends the game
        if option["kind"] == "score":
            final = game.totals()[1] + option["points"] + option["bonus"] + (
                game.ruleset.upper_bonus if option["box"] in game.ruleset.upper_boxes
                and game.breakdown(1)["upper"] < game.ruleset.upper_bonus_at
                <= game.breakdown(1)["upper"] + option["points"] else 0)
            assert option["win"] == (1.0 if final > ann else 0.5 if final == ann else 0.0)
    assert win_advice(game, advisor) == advice              # an Advisor of the table will do


def test_choose_move_to_win_plays_win_advices_best(table, advisor):
    """``choose_move(game, "to_win", advisor)`` with an Advisor of a table from a file: near
    the end the best option of ``win_advice``; ``model=`` is still accepted."""
    from dicepoker.strategy.chances import Model
    from dicepoker.strategy.players import choose_move
    from dicepoker.strategy.spread import Spread
    from dicepoker.strategy.to_win import win_advice
    game = _last_turn(advisor)
    best = win_advice(game, table)["best"]["move"]
    assert choose_move(game, "to_win", advisor) == best
    model = Model(advisor, Spread.from_file(str(SPREAD_PATH)))
    assert choose_move(game, "to_win", advisor, random.Random(1), model=model) == best
    early = new_game()
    early.roll()
    move = choose_move(early, "to_win", advisor)
    assert move in [o["move"] for o in advisor.advise(early)["options"]]
    assert choose_move(early, "to_win", None, model=model) in [
        o["move"] for o in advisor.advise(early)["options"]]


def test_practice_positions_come_with_their_ranked_options(table, advisor):
    """Issue 42: ``positions(seed, rules, table)`` yields practice positions, each with its
    options ranked and valued as the advisor values them; one seed, one sequence, on
    CPython and on the page's MicroPython."""
    from dicepoker.practice import position_json, positions
    from dicepoker.rules import RULESETS
    found = []
    for position in positions("42", RULES, table):
        found.append(position)
        if len(found) == 3:
            break
    assert json.loads(position_json(found[0])) == {
        "rules": RULES, "open": list(RULESETS[RULES].boxes), "upper": 0, "poker": None,
        "dice": [2, 4, 4, 6, 4], "rolls_left": 0}
    for position in found:
        options = position["options"]
        values = [o["value"] for o in options]
        assert values == sorted(values, reverse=True) and values[0] - values[1] >= 0.5
        assert [o["loss"] for o in options] == [values[0] - v for v in values]
        mine = advisor.options(position["card"], position["dice"], 3 - position["rolls_left"],
                               position["banked"])
        assert [(o["move"], o["value"]) for o in mine] == [(o["move"], o["value"]) for o in options]
    again = next(positions("42", RULES, advisor))       # an Advisor of the table will do
    assert position_json(again) == position_json(found[0])
    code = """
from dicepoker.strategy.table import Table
from dicepoker.practice import positions, position_json
for i, p in enumerate(positions("42", "%s", Table.from_file("static/strategy/%s.dpst.gz"))):
    print(position_json(p))
    if i == 2:
        break
""" % (RULES, RULES)
    out = run_micropython(code, paths=["py", "static/strategy"]).splitlines()
    assert out == [position_json(p) for p in found]


# ---------------------------------------------------------------------- MicroPython


def test_the_promises_hold_on_micropython():
    """The page's interpreter: rules.score, Game.from_json, and win chances from a table
    read from a file in the current folder (where MicroPython's os.path.join would look
    for the spread at the root)."""
    code = """
import os
from dicepoker.rules import score
from dicepoker.game import Game
from dicepoker.strategy.table import Table
from dicepoker.strategy.chances import win_chances, luck_and_skill
g = Game(["Ann", "Ben"], ruleset="yahtzee", seed=42)
g.roll(); g.score("chance"); g.roll(); g.roll(hold=(0, 2))
h = Game.from_json(g.to_json(held=(1,)))
os.chdir("static/strategy")
t = Table.from_file("yahtzee.dpst.gz")
c = win_chances(h, t)
print(score("pair", (5, 5, 3, 2, 1)), h.dice == g.dice, h.rolls_left, "%.6f" % c[0],
      sorted(luck_and_skill(h, t)[1]))
"""
    out = run_micropython(code, paths=["py", "static/strategy"]).split()
    from dicepoker.game import Game
    from dicepoker.strategy.chances import win_chances
    from dicepoker.strategy.table import Table
    game = Game(["Ann", "Ben"], ruleset="yahtzee", seed=42)
    game.roll()
    game.score("chance")
    game.roll()
    game.roll(hold=(0, 2))
    expected = win_chances(game, Table.from_file(str(STATIC / "strategy" / "yahtzee.dpst.gz")))
    assert out[:4] == ["16", "True", "1", "%.6f" % expected[0]]
    assert "".join(out[4:]) == "['luck','skill','start','total']"


# ------------------------------------------------------------ today's game (issue 41)

# A published day never changes its dice: the seed of a date and the first throws it gives
# (all five, then with the first two kept) are pinned here, for ever.
DAILY_PINS = {
    "2026-01-01": ("daily-2026-01-01", (1, 3, 2, 6, 5), (1, 3, 4, 4, 5)),
    "2026-12-04": ("daily-2026-12-04", (4, 3, 3, 3, 2), (4, 3, 5, 6, 1)),
    "2028-02-29": ("daily-2028-02-29", (3, 6, 5, 2, 5), (3, 6, 2, 6, 5)),
}
DAILY_PARS = {"2026-01-01": 265, "2026-12-04": 328, "2028-02-29": 306}   # with the shipped table


def test_daily_seed_of_a_date_and_its_dice_are_fixed_for_ever():
    """``from dicepoker.daily import daily_seed``: the seed of a date, whoever plays it."""
    from dicepoker.daily import daily_seed
    from dicepoker.game import Game
    for date, (seed, first, kept_two) in DAILY_PINS.items():
        assert daily_seed(date) == seed
        for name in ("Ann", "Someone else"):
            game = Game([name], ruleset="dice-poker", seed=daily_seed(date))
            assert game.roll() == first and game.roll([0, 1]) == kept_two, date


def test_daily_seed_refuses_a_malformed_or_too_early_date():
    """A malformed date, or one before 2026-01-01, raises the engine's InvalidSetup."""
    from dicepoker.daily import daily_seed, par
    from dicepoker.errors import InvalidSetup
    for bad in ("2026-13-01", "2026-02-29", "2026-12-4", "04.12.2026", "", None, 20261204,
                "2025-12-31", "1999-01-01"):
        with pytest.raises(InvalidSetup):
            daily_seed(bad)
        with pytest.raises(InvalidSetup):
            par(bad, None)            # refused before any table is needed


def test_par_is_the_optimal_computers_final_total_on_the_dates_dice(advisor):
    """``par(date, table)`` -> int: the Optimal computer (``choose_move(.., "optimal", ..)``)
    playing the date's game; a Table or an Advisor will do."""
    from dicepoker.daily import daily_game, par
    from dicepoker.strategy.players import choose_move
    for date, expected in DAILY_PARS.items():
        game = daily_game(date, "Par")
        while not game.is_over:
            game.apply(choose_move(game, "optimal", advisor))
        assert par(date, advisor) == game.totals()[0] == expected
        assert isinstance(par(date, advisor), int)
    assert par("2026-12-04", advisor.table) == DAILY_PARS["2026-12-04"]


def test_daily_seed_and_par_hold_on_micropython():
    """The page's interpreter gives the same seeds, dice and pars."""
    code = """
from dicepoker.daily import daily_seed, daily_game, par
from dicepoker.errors import InvalidSetup
from dicepoker.strategy.table import Table
table = Table.from_file("static/strategy/dice-poker.dpst.gz")
for date in ("2026-01-01", "2026-12-04", "2028-02-29"):
    game = daily_game(date, "Ann")
    print(date, daily_seed(date), list(game.roll()), list(game.roll([0, 1])), par(date, table))
try:
    daily_seed("2025-12-31")
except InvalidSetup as error:
    print("refused", error.code)
"""
    out = run_micropython(code, paths=["py", "static/strategy"]).strip().splitlines()
    expected = ["%s %s %s %s %d" % (date, seed, list(first), list(kept), DAILY_PARS[date])
                for date, (seed, first, kept) in DAILY_PINS.items()]
    assert out == expected + ["refused date_too_early"]
