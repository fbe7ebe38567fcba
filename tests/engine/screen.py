"""The dice a player keeps, beside the engine's game, as the controller keeps them.

Pure Python, imported by the CPython tests (``engine_cases``) and by the
MicroPython check (``mpy/check_engine.py``), so both drive games alike.
"""

from dicepoker.game import check_hold


class Screen:
    """A :class:`Game` and the dice its player keeps, as the controller keeps them.

    ``hold`` sets the kept dice (checked by ``Game.check_hold``); a roll
    without an argument keeps them; after a roll they stay kept while rolls
    are left; filling a box clears them and an undo gives back those kept
    when the box was filled.  The same rules as the engine's old ``held``, so
    recorded actions still mean what they meant.
    """

    def __init__(self, game, held=()):
        self.game = game
        self.held = tuple(held)
        self.undo_held = ()

    def hold(self, indices):
        self.held = self.game.check_hold(indices)

    def toggle_hold(self, index):
        """Keep die ``index`` if it is free, free it if it is kept."""
        held = [i for i in self.held if i != index]
        if len(held) == len(self.held):
            held.append(index)
        self.hold(held)

    def roll(self, hold=None):
        hold = self.held if hold is None else hold
        dice = self.game.roll(hold)
        self._rolled(hold)
        return dice

    def score(self, box):
        points = self.game.score(box)
        self._scored()
        return points

    def undo(self):
        self.game.undo()
        self.held, self.undo_held = self.undo_held, ()

    def apply(self, move):
        """``Game.apply``, keeping the held dice in step."""
        result = self.game.apply(move)
        if "roll" in move:
            self._rolled(move["roll"])
        else:
            self._scored()
        return result

    def _rolled(self, hold):
        self.held = check_hold(hold) if self.game.rolls_left else ()

    def _scored(self):
        self.undo_held, self.held = self.held, ()

    def to_dict(self):
        return self.game.to_dict(held=self.held)

    def to_json(self):
        return self.game.to_json(held=self.held)

    def snapshot(self):
        """Everything a move could change: the save, whether undo is allowed, the holds."""
        return (self.game.to_dict(held=self.held), self.game.can_undo, self.held)
