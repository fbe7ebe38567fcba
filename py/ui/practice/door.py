"""The practice screen's module: the view, and what the controller asks of the page.

``ui.page`` makes ``LaterView(shell, "ui.practice.door", "PracticeScreen", "practice")``;
its files (``lazy.GROUPS["ui.practice.door"]``: the strategy, the coach, the
practice engine, the store and the screen) come when the screen first opens,
never before (nothing of it is on a first turn's way).  ``ui.effects.LATER``
hands it the ``practice`` effects of ``control.practice``:

- ``{"read": True}``: the stored progress (a damaged record set aside,
  ``ui.records.practice``), answered as ``{"practice": {"progress": {...}}}``;
- ``{"save": progress}``: written at once;
- ``{"position": {"for", "rules", "seed", "game", "nth"}}``: the position at
  that place of the sequence, answered as ``{"practice": {"position": ...}}``
  or ``{"practice": {"failed": serial}}`` (the table could not be had).

Positions are worked out by :func:`dicepoker.practice.steps` a decision at a
time, with a pause (:func:`ui.later.pause`) after each, so taps are taken
meanwhile; and one position ahead: the next one is worked out while the player
thinks about this one, so Next draws at once.  The advisor is the coach's
(:mod:`ui.advice.assistants`), shared with the hint, the computer seats and the review.
"""

import asyncio

from dicepoker.practice import steps

from ..advice import assistants
from ..records import practice as practice_store
from ..advice.coach import CoachUnavailable
from ..later import pause
from .screen import PracticeScreen  # noqa: F401 (the view ui.page names)

_sequences = {}     # (rules, seed) -> its Sequence (the last few)
KEPT = 3            # sequences kept (switching rule sets back and forth)


def run_effect(kind, value, shell):
    if "read" in value:
        progress, aside = practice_store.load(shell.storage, shell.clock.now())
        shell.act({"practice": {"progress": {"progress": progress, "aside": aside}}})
    elif "save" in value:
        practice_store.save(shell.storage, value["save"], shell.clock.now())
    elif "position" in value:
        asked = value["position"]
        sequence = _sequences.get((asked["rules"], asked["seed"]))
        position = sequence.ready(asked["game"], asked["nth"]) if sequence is not None else None
        if position is None:
            asyncio.create_task(_answer(asked, shell))
        else:           # worked out ahead: drawn in the tap's own task (no "finding" between)
            _give(shell, asked, sequence, position)


async def _answer(asked, shell):
    try:
        advisor = await assistants.helper(shell).coach.advisor_for(asked["rules"])
    except CoachUnavailable:
        shell.act({"practice": {"failed": asked["for"]}})
        return
    sequence = _sequence(asked["rules"], asked["seed"], advisor)
    _give(shell, asked, sequence, await sequence.at(asked["game"], asked["nth"]))


def _give(shell, asked, sequence, position):
    """Hand ``position`` to the controller, and work out the next one ahead."""
    shell.act({"practice": {"position": {"for": asked["for"], "position": position}}})
    asyncio.create_task(sequence.at(position["game"], position["nth"] + 1))


def _sequence(rules, seed, advisor):
    key = (rules, seed)
    sequence = _sequences.pop(key, None) or Sequence(rules, seed, advisor)
    _sequences[key] = sequence                  # the newest last
    while len(_sequences) > KEPT:
        del _sequences[next(iter(_sequences))]
    return sequence


def _place(position):
    return (position["game"], position["nth"])


class Sequence:
    """The positions of one seed in one rule set, worked out in order, one task at a time.

    ``found`` holds the last few positions worked out; ``low`` is the first place they
    answer for (every position before it has been passed, or lies before the game the
    steps started at).  A place asked for below it starts the steps again at its game:
    one game replayed, never all those before it."""

    def __init__(self, rules, seed, advisor):
        self.rules, self.seed, self.advisor = rules, seed, advisor
        self.steps = None
        self.found = []
        self.low = None
        self.lock = asyncio.Lock()

    async def at(self, game, nth):
        """The position at (``game``, ``nth``) of the sequence, or the first after it."""
        place = (game, nth)
        async with self.lock:
            if self.steps is None or place < self.low:
                self.steps = steps(self.seed, self.rules, self.advisor, game)
                self.found, self.low = [], (game, 0)
            while not self.found or _place(self.found[-1]) < place:
                await self._one()
            for position in self.found:
                if _place(position) >= place:
                    return position

    def ready(self, game, nth):
        """The position :meth:`at` would give, if it is worked out already (else None)."""
        if self.lock.locked() or self.steps is None or (game, nth) < self.low:
            return None
        for position in self.found:
            if _place(position) >= (game, nth):
                return position
        return None

    async def _one(self):
        """Work until the next position is found, pausing after every decision."""
        while True:
            step = next(self.steps)
            if step is not None:
                self.found.append(step)
                if len(self.found) > KEPT:
                    passed = self.found.pop(0)
                    self.low = (passed["game"], passed["nth"] + 1)
                return
            await pause()
