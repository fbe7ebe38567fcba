"""Runs the advisor on MicroPython (via tests/mpyrun.py) — and on CPython, unchanged.

    mpy_advisor.py check RULES CASES.json   -> one JSON line per case: best option
    mpy_advisor.py bench RULES [N]          -> timings of N fresh decisions

A case is {"card": {...}, "dice": [...], "rolls_used": n}.  The table is read
from static/strategy/RULES.dpst.gz (gzip, decompressed by Table.from_bytes).
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


def _load(rules):
    with open("static/strategy/%s.dpst.gz" % rules, "rb") as handle:
        data = handle.read()
    started = _ticks_ms()
    table = Table.from_bytes(data)
    return table, _ticks_ms() - started


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


def main(argv):
    mode, rules = argv[1], argv[2]
    if mode == "check":
        for line in check(rules, argv[3]):
            print(line)
    elif mode == "bench":
        bench(rules, int(argv[3]) if len(argv) > 3 else 20)
    else:
        raise SystemExit("unknown mode %r" % mode)


if __name__ == "__main__":
    main(sys.argv)
