"""Runs the advisor on MicroPython (via tests/mpyrun.py) — and on CPython, unchanged.

    mpy_advisor.py check RULES CASES.json   -> one JSON line per case: best option
    mpy_advisor.py bench RULES [N]          -> timings of N fresh decisions
    mpy_advisor.py jsload RULES [plain]     -> (MicroPython) load via a JS Uint8Array, as the page
    mpy_advisor.py game RULES SEED          -> a game of optimal/good/beginner/human seats,
                                               its totals and its review, as JSON

A case is {"card": {...}, "dice": [...], "rolls_used": n}.  The table is read
from static/strategy/RULES.dpst.gz (gzip, streamed by Table.from_file).
"""

import json
import sys
import time

from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.table import Table


def _ticks_ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


def _path(rules):
    return "static/strategy/%s.dpst.gz" % rules


def _load(rules):
    started = _ticks_ms()
    table = Table.from_file(_path(rules))
    return table, _ticks_ms() - started


def js_load(rules, plain=False):
    """Browser path: the file as a JS Uint8Array -> the shell's ``read_fetched`` (MicroPython only).

    ``plain``: decompressed first by the host (Node's zlib), as the page does
    with DecompressionStream.  The last line is what the load allocated on
    MicroPython's heap (``gc.collect()`` does nothing inside a call from JS
    in this port, so this counts every allocation of the load)."""
    import gc
    import js
    import os
    from ui.platform.tables import read_fetched
    array = js.Module.FS.readFile(os.getcwd() + "/" + _path(rules))
    if plain:
        array = js.Uint8Array.new(js.process.getBuiltinModule("zlib").gunzipSync(array))
    heap = gc.mem_alloc()
    started = _ticks_ms()
    table = read_fetched(Table, array, "/dice-poker-strategy.tmp")
    spent = _ticks_ms() - started
    heap = gc.mem_alloc() - heap
    samples = [table.scaled_at(i) for i in range(0, table.size, 7919)]
    return ["%r" % table.start_value, json.dumps(samples), "loaded in %d ms" % spent,
            "allocated %d" % heap]


def _summary(option):
    if option["kind"] == "score":
        return {"kind": "score", "box": option["box"], "value": option["value"]}
    return {"kind": option["kind"], "keep": option["keep"], "value": option["value"]}


def check(rules, cases_path):
    """One JSON line per case: the advisor's best option (as printed by main)."""
    table, _ = _load(rules)
    advisor = Advisor(table)
    with open(cases_path) as handle:
        cases = json.load(handle)
    lines = []
    for case in cases:
        options = advisor.options(case["card"], case["dice"], case["rolls_used"])
        lines.append(json.dumps(_summary(options[0])))
    return lines


class _Lcg:
    """A tiny deterministic generator (same states on every Python)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def _random_case(rules, lcg):
    boxes = list(rules.boxes)
    card = {}
    filled = lcg.below(len(boxes))
    for _ in range(filled):
        box = boxes.pop(lcg.below(len(boxes)))
        scores = sorted(rules.possible_scores(box))
        card[box] = scores[lcg.below(len(scores))]
    dice = [1 + lcg.below(6) for _ in range(5)]
    return card, dice


def bench(rules, count):
    table, load_ms = _load(rules)
    advisor = Advisor(table)
    lcg = _Lcg(12345)
    worst = {1: 0, 2: 0, 3: 0}
    total = {1: 0, 2: 0, 3: 0}
    for _ in range(count):
        card, dice = _random_case(table.rules, lcg)
        advisor._plans.clear()
        advisor._plan_order[:] = []
        for rolls_used in (1, 2, 3):   # a fresh turn: the first decision pays for the plan
            started = _ticks_ms()
            advisor.options(card, dice, rolls_used)
            spent = _ticks_ms() - started
            total[rolls_used] += spent
            worst[rolls_used] = max(worst[rolls_used], spent)
    print("%s on %s: table decoded in %d ms" % (rules, sys.implementation.name, load_ms))
    for rolls_used in (1, 2, 3):
        print("  decision after roll %d: mean %.1f ms, worst %d ms (%d fresh turns)"
              % (rolls_used, total[rolls_used] / count, worst[rolls_used], count))


class _Rng:
    """.random() from the LCG, for the "good" player (same numbers on every Python)."""

    def __init__(self, seed):
        self.lcg = _Lcg(seed)

    def random(self):
        return self.lcg.below(1 << 20) / float(1 << 20)


def game(rules, seed):
    """Play a whole game with every seat kind; the moves, totals and review."""
    from dicepoker.game import Game
    from dicepoker.strategy.players import choose_move
    from dicepoker.strategy.review import review_game
    table, _ = _load(rules)
    advisor = Advisor(table)
    rng = _Rng(seed)
    seats = ["optimal", "good", "beginner", "human"]
    played = Game(["O", "G", "B", "H"], ruleset=rules, seed=seed, seats=seats)
    while not played.is_over:
        level = played.seats[played.current_player]
        if level == "human":      # a careless human: the second-ranked option when there is one
            options = advisor.advise(played)["options"]
            move = options[min(1, len(options) - 1)]["move"]
        else:
            move = choose_move(played, level, advisor, rng)
        played.apply(move)
    review = review_game(played, advisor, seats=("human", "good"))
    import dicepoker.strategy.chances    # noqa: F401  (win chances: imported, as the page does)
    import dicepoker.strategy.to_win     # noqa: F401
    from dicepoker.strategy import dicesets
    built = [name for name in LAZY_DICESETS if name in dicesets.__dict__]
    return [json.dumps(played.moves), json.dumps(played.totals()),
            json.dumps([[d["player"], d["loss"]] for d in review["decisions"]]), json.dumps(built)]


# What dicesets builds only when asked (its __getattr__): the builders' odds and indexes.
LAZY_DICESETS = ("KEEP_INDEX", "THROW_INDEX", "OUTCOMES", "FIRST_ROLL", "SUBKEEPS")


def main(argv):
    mode, rules = argv[1], argv[2]
    if mode == "check":
        for line in check(rules, argv[3]):
            print(line)
    elif mode == "game":
        for line in game(rules, int(argv[3])):
            print(line)
    elif mode == "jsload":
        for line in js_load(rules, plain=argv[3:] == ["plain"]):
            print(line)
    elif mode == "bench":
        bench(rules, int(argv[3]) if len(argv) > 3 else 20)
    else:
        raise SystemExit("unknown mode %r" % mode)


if __name__ == "__main__":
    main(sys.argv)
