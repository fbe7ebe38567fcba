"""Whole games: scripted ones with totals worked out by hand, and many random
games (seeded decisions) checked move by move against the reference."""

import random

import pytest

import engine_reference as ref
from engine_cases import ANN, BEN, TWIN, Screen, play_random_game, turn_faces as _faces
from dicepoker.dice import ScriptedDice
from dicepoker.game import Game
from dicepoker.rules import RULESETS


def _play(game, turn):
    box, points, first, rerolls = turn
    assert game.roll() == first
    for held, new in rerolls:
        before = game.dice
        game.roll(hold=held)
        assert all(game.dice[i] == before[i] for i in held)
        assert [game.dice[i] for i in range(5) if i not in held] == list(new)
    assert game.options()[box] == points
    bonus = game.pending_poker_bonus()
    assert game.score(box) == points
    return bonus


def test_a_scripted_two_player_game_with_totals_worked_out_by_hand():
    order = [turn for pair in zip(ANN, BEN) for turn in pair]
    game = Game(["Ann", "Ben"], dice=ScriptedDice(_faces(order)))
    for number, turn in enumerate(order):
        assert game.current_player == number % 2
        assert game.round == number // 2
        if turn is BEN[1]:
            assert game.dice_source.faces[game.dice_source.position:][:5] == [6] * 5
        bonus = _play(game, turn)
        assert bonus == (100 if turn in BEN[1:4] else 0)
    assert game.is_over
    assert game.breakdown(0) == {"upper": 71, "upper_bonus": 35, "upper_bonus_missing": 0,
                                 "lower": 227, "poker_bonus": 0, "total": 333}
    assert game.breakdown(1) == {"upper": 70, "upper_bonus": 35, "upper_bonus_missing": 0,
                                 "lower": 225, "poker_bonus": 300, "total": 630}
    assert game.totals() == [333, 630]
    assert game.winners() == [1]
    assert len(game.moves) == 2 * 15 * 2 + 2   # a roll and a score a turn; Ben's first: 3 rolls


def test_a_tied_yahtzee_game_shares_the_win():
    order = [turn for turn in TWIN for _ in range(2)]
    game = Game(["Ann", "Ben"], ruleset="yahtzee", dice=ScriptedDice(_faces(order)))
    for turn in order:
        assert not game.is_over and game.winners() == []
        _play(game, turn)
    assert game.is_over and game.round == 13
    assert game.totals() == [335, 335]
    assert game.winners() == [0, 1]


def test_winners_are_every_player_with_the_best_total():
    game = Game(["A", "B", "C"], ruleset="yahtzee",
                dice=ScriptedDice([1, 2, 3, 4, 6, 6, 6, 6, 6, 5, 6, 6, 6, 6, 5] * 13))
    while not game.is_over:
        game.roll()
        game.score(sorted(game.options())[0])
    totals = game.totals()
    assert totals[1] == totals[2] > totals[0]
    assert game.winners() == [1, 2]


# ------------------------------------------------------------- random games
class Auditor:
    """Checks every action of a random game (played on a Screen) against the reference."""

    def __init__(self, screen):
        self.screen = screen
        self.game = screen.game
        self.rules = ref.RULESETS[self.game.ruleset.id]
        self.scorers = []           # who filled each box, in order (undo removes)
        self._remember()

    def _remember(self):
        g = self.game
        self.before = {"player": g.current_player, "dice": g.dice, "rolls": g.rolls_used,
                       "held": self.screen.held, "card": dict(g.card()) if not g.is_over else None,
                       "bonus": list(g.poker_bonuses), "options": g.options()}

    def __call__(self, screen, actions):
        game = screen.game
        action, before = actions[-1], self.before
        if action[0] == "roll":
            kept = before["held"] if action[1] is None else tuple(action[1])
            assert 1 <= game.rolls_used == before["rolls"] + 1 <= 3
            assert all(1 <= face <= 6 for face in game.dice) and len(game.dice) == 5
            for i in kept:
                assert game.dice[i] == before["dice"][i]
        elif action[0] == "score":
            box, player = action[1], before["player"]
            expected = ref.options(game.ruleset.id, before["card"], before["dice"])
            assert before["options"] == expected
            assert game.cards[player][box] == expected[box]
            gained = game.poker_bonuses[player] - before["bonus"][player]
            assert gained == ref.poker_bonus(before["card"], before["dice"])
            self.scorers.append(player)
        elif action[0] == "undo":
            self.scorers.pop()
        self._remember()

    def check_end(self):
        game, players = self.game, len(self.game.players)
        boxes = self.rules["boxes"]
        assert game.is_over and game.round == len(boxes)
        # turn order: 0, 1, ..., n-1, 0, 1, ... and exactly one turn per box each
        assert self.scorers == [i % players for i in range(players * len(boxes))]
        scores = [m["score"] for m in game.moves if "score" in m]
        assert len(scores) == players * len(boxes)
        for p in range(players):
            assert sorted(scores[p::players]) == sorted(boxes)       # each box once
            assert sorted(game.cards[p]) == sorted(boxes)
            part = game.breakdown(p)
            assert part["total"] == (part["upper"] + part["upper_bonus"] + part["lower"]
                                     + part["poker_bonus"])
            assert part["total"] == ref.total(game.ruleset.id, game.cards[p],
                                              game.poker_bonuses[p])
            assert game.poker_bonuses[p] % 100 == 0
        totals = game.totals()
        assert game.winners() == [p for p in range(players) if totals[p] == max(totals)]


RANDOM_GAMES = [(ruleset, players, dice)
                for ruleset in sorted(RULESETS)
                for players in (1, 2, 3, 5, 8)
                for dice in ("seeded", "loaded")]


@pytest.mark.parametrize("ruleset,players,dice", RANDOM_GAMES)
def test_random_games_keep_every_invariant(ruleset, players, dice):
    rng = random.Random("%s-%d-%s" % (ruleset, players, dice))
    names = ["Player %d" % (i + 1) for i in range(players)]
    if dice == "loaded":            # mostly 6s: the Joker and bonuses happen often
        source = ScriptedDice([rng.choice((5, 6, 6, 6)) for _ in range(15 * 15 * players)])
        game = Game(names, ruleset=ruleset, dice=source)
    else:
        game = Game(names, ruleset=ruleset, seed=rng.randint(0, 10 ** 9))
    screen = Screen(game)
    auditor = Auditor(screen)
    play_random_game(rng, screen, after_action=auditor, undo_rate=0.1,
                     prefer=lambda options: "poker" if options.get("poker") == 50 else None)
    auditor.check_end()
    if dice == "loaded":
        assert sum(game.poker_bonuses) > 0      # the Joker paths were really exercised


def test_the_same_seed_and_decisions_replay_the_same_game():
    def play(seed):
        game = Game(["Ann", "Ben"], seed=seed)
        play_random_game(random.Random(1), game)
        return game.to_dict()
    assert play("challenge-7") == play("challenge-7")
    assert play("challenge-7")["state"] != play("challenge-8")["state"]
