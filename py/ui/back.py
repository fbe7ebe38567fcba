"""The browser's Back closes what is open instead of leaving the game.

While a question or dialogs are open, the page has one history entry of its
own per open one (``history.pushState``, same address).  Back takes the top
entry off: the page hears ``popstate`` and answers the question with its
Cancel (``{"confirm": False}``, as Esc does) or closes the top dialog
(``{"close": name}``, as its close button does).
When one closes otherwise (its button, Esc, an answer), its entry is taken
back with ``history.go``, whose own ``popstate`` is not a Back.  With nothing
open the page has no entry of its own, so Back leaves it as usual.

Fetched on first use (``ui.later.LaterView``): the first dialog or question.
"""

from .dom import listen, window


def open_count(state):
    """How many things Back can close: the question and the dialogs."""
    return len(state.dialogs) + (state.confirm is not None)


class Back:
    def __init__(self, shell):
        self.shell = shell
        self.pushed = 0         # our entries above the page's own
        self.ignore = 0         # popstates of our own history.go still to come
        listen(window, "popstate", self._popped)

    def draw(self, state, texts):
        wanted = open_count(state)
        history = window.history
        while self.pushed < wanted:
            history.pushState(None, "")
            self.pushed += 1
        if self.pushed > wanted:            # closed on the page: take its entries back
            history.go(wanted - self.pushed)
            self.pushed = wanted
            self.ignore += 1

    def _popped(self, event):
        if self.ignore:
            self.ignore -= 1
        elif self.pushed:
            self.pushed -= 1
            state = self.shell.state
            if state.confirm is not None:
                self.shell.act({"confirm": False})
            elif state.dialogs:
                self.shell.act({"close": state.dialogs[-1]})
