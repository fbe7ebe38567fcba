"""Write ``mpy/vectors.json``: what the engine must compute, for the MicroPython check.

    python3 tests/engine/make_vectors.py        # after a deliberate engine change

The file is committed; ``test_engine_vectors.py`` fails while it differs from
what this script would write, so a change in scoring, dice or saves cannot
slip by.  Where the values come from:

- ``scores``, ``options``: the brute-force reference (``engine_reference``),
  never the engine;
- ``games``: whole games with known totals (hand-made) and random games whose
  every move the CPython tests audit against the reference;
- ``seeded``: the engine's seeded dice, pinned (a generator change shows up
  here and in ``test_engine_dice.py``);
- ``bad_saves``, ``illegal``: the shared documents and move scenarios with
  the error code each must raise.
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "mpy", "vectors.json")
sys.path[:0] = [os.path.dirname(HERE)]                  # tests/: paths
from paths import PY  # noqa: E402
sys.path[:0] = [str(PY), HERE]

import engine_reference as ref  # noqa: E402
from engine_cases import (ANN, BEN, TWIN, Screen, apply_action, bad_save_cases,  # noqa: E402
                          illegal_scenarios, play_random_game, turn_faces)
from dicepoker.dice import SeededDice, dice_from_dict  # noqa: E402
from dicepoker.game import Game  # noqa: E402

SEEDS = [42, "challenge", "0", "Šiauliai-7 é", "x" * 40]


def score_vectors():
    return [[list(throw), [ref.own_score(box, throw) for box in ref.ALL_BOXES]]
            for throw in ref.all_multisets()]


def option_vectors(rng, count=250):
    """Random cards (Joker-prone dice) with the reference's options and bonus."""
    vectors = []
    for _ in range(count):
        ruleset = rng.choice(sorted(ref.RULESETS))
        boxes = list(ref.RULESETS[ruleset]["boxes"])
        card = {}
        for box in rng.sample(boxes, rng.randint(0, len(boxes) - 1)):
            if box in ref.UPPER:
                card[box] = (ref.UPPER.index(box) + 1) * rng.randint(0, 5)
            else:
                card[box] = rng.choice([0, ref.joker_value(box, (6,) * 5)])
        if rng.random() < 0.6:
            dice = [rng.randint(1, 6)] * 5
        else:
            dice = [rng.randint(1, 6) for _ in range(5)]
        vectors.append({"ruleset": ruleset, "card": card, "dice": dice,
                        "options": ref.options(ruleset, card, tuple(dice)),
                        "bonus": ref.poker_bonus(card, tuple(dice))})
    return vectors


def seeded_vectors():
    """Faces for players 0-1, rounds 0-14, rolls 0-2, slots 0-4, in that order."""
    vectors = []
    for seed in SEEDS:
        source = SeededDice(seed)
        faces = [source.face(p, r, k, s) for p in range(2) for r in range(15)
                 for k in range(3) for s in range(5)]
        vectors.append({"seed": seed, "faces": faces})
    return vectors


def position(screen):
    """A compact view of the game after one action (the full state is checked at the end)."""
    game = screen.game
    return [game.current_player, game.round, game.rolls_used, list(game.dice), list(screen.held),
            game.totals()]


def _game_vector(name, setup, actions, expected_totals=None):
    game = Game(setup["players"], ruleset=setup["ruleset"],
                dice=dice_from_dict(setup["dice_source"]))
    screen = Screen(game)
    positions = []
    for action in actions:
        apply_action(screen, action)
        positions.append(position(screen))
    totals = game.totals()
    if expected_totals is not None:
        assert totals == expected_totals, (name, totals)
    return {"name": name, "setup": setup, "actions": [list(a) for a in actions],
            "positions": positions, "final": screen.to_dict(), "totals": totals,
            "winners": game.winners(),
            "breakdowns": [game.breakdown(p) for p in range(len(game.players))]}


def hand_game_vectors():
    games = []
    for name, turns, ruleset, totals in (
            ("Ann and Ben (hand-computed)", [t for pair in zip(ANN, BEN) for t in pair],
             "dice-poker", [333, 630]),
            ("tied yahtzee (hand-computed)", [t for t in TWIN for _ in range(2)],
             "yahtzee", [335, 335])):
        actions = []
        for box, _, _, rerolls in turns:
            actions.append(("roll", None))
            for held, _ in rerolls:
                actions.append(("roll", list(held)))
            actions.append(("score", box))
        setup = {"players": ["Ann", "Ben"], "ruleset": ruleset,
                 "dice_source": {"kind": "scripted", "faces": turn_faces(turns)}}
        games.append(_game_vector(name, setup, actions, totals))
    return games


def random_game_vectors(rng):
    games = []
    for ruleset in sorted(ref.RULESETS):
        for players, kind in ((3, "seeded"), (2, "loaded")):
            names = ["P%d" % (i + 1) for i in range(players)]
            if kind == "seeded":
                source = {"kind": "seeded", "seed": "vectors-%s" % ruleset}
            else:
                source = {"kind": "scripted",
                          "faces": [rng.choice((5, 6, 6, 6)) for _ in range(15 * 15 * players)]}
            game = Game(names, ruleset=ruleset, dice=dice_from_dict(source))
            actions = play_random_game(
                rng, game, undo_rate=0.15,
                prefer=lambda options: "poker" if options.get("poker") == 50 else None)
            if kind == "loaded":
                source["faces"] = source["faces"][:game.dice_source.position]
            setup = {"players": names, "ruleset": ruleset, "dice_source": source}
            games.append(_game_vector("%s, %d players, %s dice" % (ruleset, players, kind),
                                      setup, actions))
    return games


def bad_save_vectors():
    return [{"name": name, "document": doc, "code": code, "fragment": fragment}
            for name, doc, code, fragment in bad_save_cases()]


def illegal_vectors():
    return [{"name": name, "setup": setup, "actions": [list(a) for a in actions],
             "call": list(call), "code": code}
            for name, setup, actions, call, code in illegal_scenarios()]


def build():
    rng = random.Random("dice-poker vectors v1")
    return {
        "about": "Generated by tests/engine/make_vectors.py; checked by "
                 "tests/engine/mpy/check_engine.py on MicroPython and CPython.",
        "boxes": list(ref.ALL_BOXES),
        "rulesets": dict((r, list(spec["boxes"])) for r, spec in sorted(ref.RULESETS.items())),
        "scores": score_vectors(),
        "options": option_vectors(rng),
        "seeded": seeded_vectors(),
        "games": hand_game_vectors() + random_game_vectors(rng),
        "bad_saves": bad_save_vectors(),
        "illegal": illegal_vectors(),
    }


def dumps(vectors):
    return json.dumps(vectors, sort_keys=True, separators=(",", ":"), ensure_ascii=True) + "\n"


if __name__ == "__main__":
    with open(OUT, "w") as out:
        out.write(dumps(build()))
    print("wrote", OUT)
