"""Recompute ``vectors.json`` with the engine and compare: runs on MicroPython and CPython.

    node tests/mpy/run.mjs --path py --path tests/engine tests/engine/mpy/check_engine.py   # the page's MicroPython
    PYTHONPATH=py:tests/engine python3 tests/engine/mpy/check_engine.py                   # CPython

(tests/engine: ``screen.Screen``, the held dice, and ``engine_cases.apply_action``,
the same actions as the CPython tests.)

The vectors come from ``tests/engine/make_vectors.py`` (reference scores and
options, pinned seeded dice, whole games, bad saves, illegal moves).  This
script is deliberately plain Python that MicroPython runs: no itertools, no
f-strings, no dict order assumed.  It prints one ``checked`` line with the
number of items of each kind, then ``OK``; on any difference it prints the
first ones and exits with status 1.
"""

import json
import sys

from dicepoker.dice import ScriptedDice, SeededDice, dice_from_dict
from dicepoker.errors import DicePokerError, IllegalMove, InvalidSave
from dicepoker.game import Game
from dicepoker.savefile import load
from dicepoker.rules import BOXES, RULESETS
from dicepoker.scoring import score
from engine_cases import apply_action
from screen import Screen

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
MAX_REPORTED = 25


class Checker:
    def __init__(self):
        self.failures = []
        self.counts = {}

    def count(self, kind, n=1):
        self.counts[kind] = self.counts.get(kind, 0) + n

    def expect(self, condition, what):
        if not condition:
            self.failures.append(what)

    def equal(self, got, expected, what):
        if got != expected:
            self.failures.append("%s: got %r, expected %r" % (what, got, expected))


def check_scores(vectors, check):
    """Every box on the 252 throws, then on all 7776 orderings of them."""
    boxes = vectors["boxes"]
    expected = {}
    for throw, values in vectors["scores"]:
        throw = tuple(throw)
        expected[throw] = values
        for box, value in zip(boxes, values):
            check.equal(score(box, throw), value, "score(%r, %r)" % (box, throw))
        check.count("multisets")
    check.equal(len(expected), 252, "number of distinct throws")
    objects = [BOXES[box] for box in boxes]
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                for d in range(1, 7):
                    for e in range(1, 7):
                        throw = (a, b, c, d, e)
                        values = expected[tuple(sorted(throw))]
                        for box, value in zip(objects, values):
                            if box.score(throw) != value:
                                check.failures.append("%s on %r" % (box.id, throw))
                        check.count("orderings")
    for ruleset_id, box_ids in vectors["rulesets"].items():
        rules = RULESETS[ruleset_id]
        check.equal(list(rules.boxes), box_ids, "boxes of " + ruleset_id)
        for throw, values in vectors["scores"]:
            want = {}
            for box, value in zip(boxes, values):
                if box in box_ids:
                    want[box] = value
            check.equal(rules.options({}, tuple(throw)), want,
                        "%s options on an empty card, %r" % (ruleset_id, throw))
        check.count("rulesets")


def check_options(vectors, check):
    for item in vectors["options"]:
        rules = RULESETS[item["ruleset"]]
        dice = tuple(item["dice"])
        what = "%s card=%r dice=%r" % (item["ruleset"], item["card"], dice)
        check.equal(rules.options(item["card"], dice), item["options"], "options " + what)
        check.equal(rules.poker_bonus_for(item["card"], dice), item["bonus"], "bonus " + what)
        check.count("options")


def check_seeded(vectors, check):
    for item in vectors["seeded"]:
        source = SeededDice(item["seed"])
        faces = []
        for player in range(2):
            for round_no in range(15):
                for roll in range(3):
                    for slot in range(5):
                        faces.append(source.face(player, round_no, roll, slot))
        check.equal(faces, item["faces"], "seeded faces for seed %r" % (item["seed"],))
        check.count("seeds")


def new_game(setup):
    return Screen(Game(setup["players"], ruleset=setup["ruleset"],
                       dice=dice_from_dict(setup["dice_source"])))


def position(screen):
    game = screen.game
    return [game.current_player, game.round, game.rolls_used, list(game.dice), list(screen.held),
            game.totals()]


def check_games(vectors, check):
    for item in vectors["games"]:
        name = item["name"]
        screen = new_game(item["setup"])
        game = screen.game
        for number, (action, expected) in enumerate(zip(item["actions"], item["positions"])):
            apply_action(screen, action)
            check.equal(position(screen), expected, "%s, after action %d" % (name, number + 1))
            if number % 25 == 0 or "undo" in action or "hold" in action:
                text = game.to_json(held=screen.held)
                loaded, held = load(text)
                check.equal(loaded.to_dict(held=held), game.to_dict(held=screen.held),
                            "%s, reload after action %d" % (name, number + 1))
                check.equal(held, screen.held, "%s, held after reload" % name)
                check.equal(loaded.can_undo, game.can_undo, "%s, can_undo after reload" % name)
                check.count("reloads")
        check.expect(game.is_over, name + " is over")
        check.equal(game.to_dict(), item["final"], name + ", final save")
        check.equal(game.totals(), item["totals"], name + ", totals")
        check.equal(game.winners(), item["winners"], name + ", winners")
        check.equal([game.breakdown(p) for p in range(len(game.players))], item["breakdowns"],
                    name + ", breakdowns")
        # the document CPython wrote loads here, and ours round-trips
        from_cpython = load(json.dumps(item["final"]))[0]
        check.equal(from_cpython.to_dict(), item["final"], name + ", CPython's save loaded")
        check.equal(json.loads(game.to_json()), item["final"], name + ", to_json")
        check.count("games")


def check_bad_saves(vectors, check):
    for item in vectors["bad_saves"]:
        document = item["document"]
        argument = document["value"] if isinstance(document, dict) else document
        for how, loader in (("load", load),):
            what = "bad save %r (%s)" % (item["name"], how)
            try:
                loader(argument)
            except InvalidSave as error:
                check.equal(error.code, item["code"], what + ": code")
                check.expect(item["fragment"] in str(error),
                             "%s: message %r lacks %r" % (what, str(error), item["fragment"]))
            except Exception as error:  # noqa: BLE001 - anything else is the failure reported
                check.failures.append("%s raised %s: %s" % (what, type(error).__name__, error))
            else:
                check.failures.append(what + " loaded")
        check.count("bad_saves")


def check_illegal(vectors, check):
    for item in vectors["illegal"]:
        screen = new_game(item["setup"])
        for action in item["actions"]:
            apply_action(screen, action)
        before = screen.snapshot()
        try:
            apply_action(screen, item["call"])
        except IllegalMove as error:
            check.equal(error.code, item["code"], "illegal %r: code" % item["name"])
            check.expect(isinstance(error, DicePokerError) and isinstance(error, ValueError),
                         "illegal %r: not in the exception family" % item["name"])
        except Exception as error:  # noqa: BLE001
            check.failures.append("illegal %r raised %s: %s"
                                  % (item["name"], type(error).__name__, error))
        else:
            check.failures.append("illegal %r was accepted" % item["name"])
        check.equal(screen.snapshot(), before, "illegal %r changed the state" % item["name"])
        check.count("illegal")


def check_scripted_dice(check):
    source = ScriptedDice([1, 2, 3])
    check.equal([source.face(0, 0, 0, s) for s in range(3)], [1, 2, 3], "scripted dice order")
    check.count("scripted")


def main():
    with open(HERE + "/vectors.json") as handle:
        vectors = json.load(handle)
    check = Checker()
    for step in (check_scores, check_options, check_seeded, check_games, check_bad_saves,
                 check_illegal):
        step(vectors, check)
    check_scripted_dice(check)
    kinds = sorted(check.counts)
    print("checked " + " ".join("%s=%d" % (k, check.counts[k]) for k in kinds))
    print("implementation " + sys.implementation.name)
    if check.failures:
        print("%d FAILURES" % len(check.failures))
        for line in check.failures[:MAX_REPORTED]:
            print("  " + line)
        sys.exit(1)
    print("OK")


main()
