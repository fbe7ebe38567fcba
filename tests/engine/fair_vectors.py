"""The protocol's vectors, computed by whatever Python runs this (CPython or the
browser's MicroPython): printed as one JSON document, compared by test_fair.py.

    python3 tests/engine/fair_vectors.py            # CPython
    node tests/mpy/run.mjs --path py --path tests tests/engine/fair_vectors.py
"""

import json
from binascii import hexlify

from dicepoker import bylink, fair, link_form
from dicepoker.keyed_dice import faces
from fair_sim import play_game


def hx(data):
    return hexlify(data).decode()


def vectors():
    out = {}
    out["digest"] = [hx(fair.digest(b"")), hx(fair.digest(b"abc"))]
    secret = fair.new_secret(b"\x07" * 16)
    out["secret"] = hx(secret)
    out["chain"] = [hx(v) for v in fair.chain(secret, 5)]
    out["commit"] = hx(fair.walk(secret, 5))
    key = fair.turn_key(b"\x01" * 6, 3, b"\x02" * 16, b"\x03" * 16)
    out["key"] = hx(key)
    out["faces"] = [faces(key, r) for r in range(3)]
    plans = {}
    for name, seats in (("2", ["human", "remote"]), ("3-shared", ["human", "human", "remote"]),
                        ("3-devices", ["human", "remote", "remote"]),
                        ("remote-first", ["remote", "human"])):
        plan = fair.Plan(seats, 15)
        plans[name] = {"partners": [plan.partner(s) for s in range(len(seats))],
                       "lengths": plan.lengths, "order": plan.commit_order}
    out["plans"] = plans
    games = {}
    for ruleset, names, seats in (("dice-poker", ["Ann", "Ben"], ["human", "remote"]),
                                  ("yahtzee", ["Ann", "Ben", "Cy"], ["human", "human", "remote"]),
                                  ("dice-poker-classic", ["Ann", "Ben", "Cy"],
                                   ["remote", "human", "remote"])):
        devices, links = play_game(ruleset, names, seats)
        game = bylink.game_of(link_form.from_fragment(links[-1]))
        games[ruleset] = {"links": len(links), "last": links[-1], "totals": game.totals(),
                          "agree": [bylink.game_of(d.shared).totals() == game.totals()
                                    for d in devices.values()]}
    out["games"] = games
    return out


if __name__ == "__main__":
    print(json.dumps(vectors()))
