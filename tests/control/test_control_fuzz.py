"""Bad input never breaks the state: hundreds of random and malformed actions, seeded.

``scenarios.fuzz_action`` draws what the page could hand the controller (taps
on anything, answers for stale positions, other tabs' documents, links,
setups, game files) and values that are plainly malformed (wrong types,
unknown kinds, not one key).  Every dispatch must return, and
``invariants.Invariants`` must hold after it.  Seeds 1-3 are also run on
MicroPython (``SCENARIOS``); the others here on CPython only.
"""

import pytest

from fake_shell import World
from invariants import Invariants
from scenarios import fuzz
from tracing import dispatches

SEEDS = range(4, 16)


@pytest.mark.parametrize("name", ["fuzz:1", "fuzz:2", "fuzz:3"])
def test_the_fuzz_scenarios(played, name):
    world, checks = played(name)
    assert checks.problems == []
    assert len(dispatches(world)) > 250
    kinds = {next(iter(e["action"])) for e in dispatches(world)
             if isinstance(e["action"], dict) and len(e["action"]) == 1}
    assert {"roll", "hold", "fill", "tick", "computer_move", "stored", "link", "setup"} <= kinds
    assert checks.moves > 10


@pytest.mark.parametrize("seed", SEEDS)
def test_more_seeds(seed):
    world = World()
    checks = Invariants(world)
    fuzz(seed, steps=400)(world)
    assert checks.problems == []
    assert checks.dispatches > 300


def test_the_fuzz_reaches_every_screen():
    seen = set()
    for seed in SEEDS:
        world = World()
        fuzz(seed, steps=400)(world)
        for entry in dispatches(world):
            state = entry["state"]
            seen.add(("screen", state["screen"]))
            seen.add(("confirm", state["confirm"]))
            seen.add(("computer", state["computer"]))
            seen.add(("hint", state["hint"]))
            for dialog in state["dialogs"]:
                seen.add(("dialog", dialog))
    assert {("screen", "setup"), ("screen", "game"), ("confirm", "zero"), ("confirm", "link"),
            ("confirm", "leave"), ("confirm", "import"), ("computer", True), ("hint", "shown"),
            ("hint", "loading"), ("dialog", "rules"), ("dialog", "end")} <= seen
