"""The computer bar: ``#computer-bar``, the computer seats' pace and Skip ahead.

Only a game with a computer seat shows it, so it is fetched on first use
(``ui.later``: the state has such a game), with its markup (static/later.html,
inserted at the end of ``<body>``: not a byte of a first visit that has no
computer) and its look (later.css).  Its place is at the bottom of the tray;
the pace is ``state.computers.speed`` (the controller's), Skip ahead works while
a computer is on turn.
"""

from control.state import computer_turn, has_computers

from ..platform.dom import by_id, node


class ComputerBar:
    def __init__(self, shell=None):
        bar = by_id("computer-bar")
        by_id("tray").appendChild(bar)
        self.bar = node("computer-bar")
        self.speed = node("computer-speed")
        self.skip = node("computer-skip")
        self._speed = None

    def draw(self, state, texts):
        game = state.game
        if game is None or state.screen != "game":
            return
        self.bar.show(not game.is_over and has_computers(game))
        self.skip.disabled(not computer_turn(state))
        if self._speed != state.computers.speed:
            self._speed = self.speed.el.value = state.computers.speed
