"""Playing to win (issue 49): ``win_advice`` against an independent exhaustive enumeration,
and the end-of-game tables against the strategy table and against themselves.

The enumeration (``exhaustive_final_turn``) knows nothing of the builder, the
tables or :mod:`dicepoker.strategy.dicesets`: on a player's last turn, with
every opponent finished, it plays every ordered roll of the dice
(``itertools.product``), every set of dice to hold and every box, and takes
the final total from the engine's own card arithmetic (a box's points, the
upper bonus, the poker bonus).
"""

import itertools

import pytest

from dicepoker.game import Game
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import choose_move
from dicepoker.strategy.table import Table
from dicepoker.strategy.to_win import WinTables, open_counts_order, requantise, win_advice
from strategy_support import TABLE_DIR

_LOADED = {}


def tables(rules_id):
    """(Table read from its file, its Advisor, the win tables beside it), once per session."""
    if rules_id not in _LOADED:
        table = Table.from_file(str(TABLE_DIR / ("%s.dpst.gz" % rules_id)))
        _LOADED[rules_id] = (table, Advisor(table), WinTables.beside(table))
    return _LOADED[rules_id]


# ------------------------------------------------------------- the reference

def final_total(game, dice, box):
    """The current player's total after writing ``dice`` in ``box`` (their last box)."""
    rules, player = game.ruleset, game.current_player
    card = dict(game.cards[player])
    points = rules.options(card, dice)[box]
    bonus = rules.poker_bonus_for(card, dice)
    card[box] = points
    upper = sum(card.get(b, 0) for b in rules.upper_boxes)
    lower = sum(card.get(b, 0) for b in rules.lower_boxes)
    upper_bonus = rules.upper_bonus if upper >= rules.upper_bonus_at else 0
    return upper + upper_bonus + lower + game.poker_bonuses[player] + bonus


def share(final, others):
    """What a final is worth against the others' finals: 1 alone on top, 1/n shared by n."""
    best = max(others)
    if final != best:
        return 1.0 if final > best else 0.0
    return 1.0 / (1 + others.count(best))


class Exhaustive:
    """The best chance to win of every option on a last turn, every opponent finished."""

    def __init__(self, game):
        self.game = game
        player = game.current_player
        self.others = [t for p, t in enumerate(game.totals()) if p != player]
        self.card = game.cards[player]
        self.memo = {}

    def score_now(self, dice):
        options = self.game.ruleset.options(self.card, dice)
        return max(share(final_total(self.game, dice, box), self.others) for box in options)

    def hold(self, kept, rolls_left):
        """Chance to win holding the faces ``kept`` and rolling the rest, then playing on."""
        key = (tuple(sorted(kept)), rolls_left)
        if key not in self.memo:
            rolled = 5 - len(kept)
            total = 0.0
            outcomes = list(itertools.product(range(1, 7), repeat=rolled))
            for faces in outcomes:
                total += self.value(tuple(sorted(tuple(kept) + faces)), rolls_left - 1)
            self.memo[key] = total / len(outcomes)
        return self.memo[key]

    def value(self, dice, rolls_left):
        """Chance to win with ``dice`` on the table and ``rolls_left`` rolls left."""
        key = (dice, -1 - rolls_left)
        if key not in self.memo:
            best = self.score_now(dice)
            if rolls_left:
                for n in range(5):
                    for kept in set(itertools.combinations(dice, n)):
                        best = max(best, self.hold(kept, rolls_left))
            self.memo[key] = best
        return self.memo[key]

    def option(self, option):
        game = self.game
        if option["kind"] == "roll":
            return self.hold((), 3)
        if option["kind"] == "hold":
            return self.hold(tuple(option["keep"]), 3 - game.rolls_used)
        return share(final_total(game, tuple(game.dice), option["box"]), self.others)


def last_turn(rules_id, players, seed, advisor):
    """A game of Optimal seats played up to the last player's last turn (before its roll)."""
    game = Game(["P%d" % i for i in range(players)], ruleset=rules_id, seed=seed)
    boxes = len(game.ruleset.boxes)
    while not (game.current_player == players - 1 and len(game.card()) == boxes - 1):
        game.apply(choose_move(game, "optimal", advisor))
    return game


def close_last_turn(rules_id, players, advisor, seeds):
    """The first seed's last turn whose chance is neither certain nor hopeless."""
    for seed in seeds:
        game = last_turn(rules_id, players, seed, advisor)
        chance = Exhaustive(game).option({"kind": "roll"})
        if 0.02 < chance < 0.98:
            return game
    raise AssertionError("no close last turn among seeds %r" % (seeds,))


def check_against_enumeration(game, advisor, rolls):
    reference = Exhaustive(game)
    for step in range(rolls + 1):
        advice = win_advice(game, advisor)
        assert advice["exact"] and advice["method"] == "tables"
        assert advice["best"] is advice["options"][0]
        wins = [o["win"] for o in advice["options"]]
        assert wins == sorted(wins, reverse=True)
        for option in advice["options"]:
            assert option["win"] == pytest.approx(reference.option(option), abs=1e-3), option
        assert advice["best"]["win"] == pytest.approx(
            max(reference.option(o) for o in advice["options"]), abs=1e-3)
        if step < rolls:
            game.apply(advice["best"]["move"] if step else {"roll": []})
    return advice


@pytest.mark.parametrize("rules_id,players,seeds,rolls", [
    ("dice-poker", 2, range(2, 40), 3),
    ("dice-poker", 3, range(101, 140), 2),
])
def test_win_advice_equals_an_exhaustive_enumeration_on_a_last_turn(rules_id, players, seeds,
                                                                      rolls):
    """Every option's chance, before and after each roll, to 0.001; ``best`` the highest."""
    _, advisor, _ = tables(rules_id)
    game = close_last_turn(rules_id, players, advisor, seeds)
    check_against_enumeration(game, advisor, rolls)


def test_playing_to_win_differs_from_playing_for_points_when_it_matters():
    """Behind on the last turn, the best chance to win is not always the most points:
    among close last turns, some first decision of "to win" differs from Optimal's."""
    _, advisor, _ = tables("dice-poker")
    differ = 0
    for seed in range(1, 40):
        game = last_turn("dice-poker", 2, seed, advisor)
        game.roll()
        advice = win_advice(game, advisor)
        points_best = advice["points_best"]
        assert points_best["move"] == advisor.advise(game)["best"]["move"]
        assert points_best["win"] <= advice["best"]["win"]
        if points_best["win"] < advice["best"]["win"] - 1e-9:
            differ += 1
            break
    assert differ == 1


# ------------------------------------------------------------------ the tables

def test_points_distributions_have_the_strategy_tables_mean():
    """Each state's distribution of points to come is that of optimal-for-points play: its
    mean is the strategy table's value (within the two tables' rounding)."""
    table, _, wins = tables("dice-poker")
    layout = wins.layout
    checked = 0
    for mask in open_counts_order(layout, wins.open)[::7]:
        for upper in layout.representatives(mask & 63):
            for holds50 in layout.flags(mask):
                lo, values = wins.points(mask, upper, holds50)
                q = wins.points_quantum
                mean, previous = 0.0, q
                for i, v in enumerate(values):
                    mean += (lo + i) * (previous - v) / q
                    previous = v
                assert values[-1] == 0
                # P(X > x) is stored to 1/1024: half a unit at most per point value
                assert mean == pytest.approx(table.value(mask, upper, holds50),
                                             abs=0.02 + 0.5 / q * len(values))
                checked += 1
    assert checked > 1000


def test_the_best_chance_beats_optimal_plays_chance_at_every_target():
    """For every d, the best chance of beating d (a tie half) is at least what playing for
    points gives, and it falls as d grows."""
    _, _, wins = tables("dice-poker")
    layout = wins.layout
    qb, qp = wins.quantum, wins.points_quantum
    slack = 0.5 / qp + 1.0 / qb          # the two records' rounding
    checked = 0
    for mask in open_counts_order(layout, wins.open)[::29]:
        for upper in layout.representatives(mask & 63):
            for holds50 in layout.flags(mask):
                blo, beat = wins.beat(mask, upper, holds50)
                plo, points = wins.points(mask, upper, holds50)

                def at(lo, values, d, q):
                    return 1.0 if d < lo else values[d - lo] / q if d - lo < len(values) else 0.0
                previous = 1.0
                for d in range(0, plo + len(points) + 1):
                    mine = at(blo, beat, d, qb)
                    assert mine <= previous
                    previous = mine
                    optimal = (at(plo, points, d, qp) + at(plo, points, d - 1, qp)) / 2.0
                    assert mine >= optimal - slack
                    checked += 1
    assert checked > 3000


def test_the_builder_rebuilds_the_shipped_records_byte_for_byte():
    """The first box sets (one open box) rebuilt now give the shipped records exactly."""
    from dicepoker.strategy.build_win import WinSolver
    table, _, wins = tables("dice-poker")
    solver = WinSolver(table.rules, table, open_max=1)
    solver.order = solver.order[:6] + solver.order[-1:]   # lower boxes, or Ones, open: cheap
    solver.solve()
    layout = wins.layout
    compared = 0
    for mask in solver.order:
        for r, (beat, points) in enumerate(solver.records[mask]):
            index = wins._first[mask] + layout.offset(mask) + r    # the box set's r-th state
            for which, data in ((0, requantise(beat, wins.quantum)),
                                (1, requantise(points, wins.points_quantum))):
                source = (wins._beat, wins._beat_starts) if which == 0 else \
                    (wins._points, wins._points_starts)
                start, end = source[1][index], source[1][index + 1]
                assert bytes(source[0][i] for i in range(start, end)) == data
                compared += 1
    assert compared == 2 * sum(len(solver.records[m]) for m in solver.order) > 30


def test_win_tables_refuse_other_files():
    from dicepoker.strategy.table import TableError
    with pytest.raises(TableError):
        WinTables.from_bytes((TABLE_DIR / "dice-poker.dpst.gz").read_bytes())
    with pytest.raises(TableError):
        WinTables.beside(Table.from_bytes((TABLE_DIR / "dice-poker.dpst.gz").read_bytes()))


def test_before_the_tables_apply_the_model_values_every_option():
    """Early in a game the chances come from the normal model; a solo game is always won."""
    table, advisor, _ = tables("dice-poker")
    game = Game(["A", "B"], ruleset="dice-poker", seed=5)
    game.roll()
    advice = win_advice(game, table)
    assert advice["method"] == "model" and not advice["exact"]
    assert all(0.0 < o["win"] < 1.0 for o in advice["options"])
    assert len(advice["options"]) == len(advisor.advise(game)["options"])
    solo = Game(["A"], ruleset="dice-poker", seed=5)
    solo.roll()
    advice = win_advice(solo, advisor)
    assert advice["method"] == "alone" and advice["best"]["move"] == advisor.advise(solo)["best"]["move"]
    assert {o["win"] for o in advice["options"]} == {1.0}


def test_the_page_fetches_the_tables_for_the_positions_they_hold():
    """The page's coach decides before fetching them which hints the end-of-game tables
    answer (``ui.advice.coach.WIN_OPEN``, a turn with at most one box more than they
    hold): the shipped tables are built with that many open boxes."""
    import re
    from dicepoker.strategy.build_win import DEFAULT_OPEN
    from paths import REPO
    source = (REPO / "py" / "ui" / "advice" / "coach.py").read_text()
    assert int(re.search(r"^WIN_OPEN = (\d+)$", source, re.M).group(1)) == DEFAULT_OPEN
    for rules_id in ("yahtzee", "dice-poker", "dice-poker-classic"):
        assert WinTables.from_file(str(TABLE_DIR / ("%s.win.gz" % rules_id))).open == DEFAULT_OPEN
