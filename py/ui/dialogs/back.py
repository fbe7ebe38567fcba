"""The browser's Back closes what is open instead of leaving the game.

While a question or dialogs are open, or the setup screen over a game in
progress, the page has one history entry of its own per open one
(``history.pushState``, same address).  Back takes the top entry off: the page
hears ``popstate`` and answers the question with its Cancel
(``{"confirm": False}``, as Esc does), closes the top dialog (``{"close": name}``,
as its close button does) or goes back to the game (as "Back to the game" does).
When one closes otherwise (its button, Esc, an answer), its entry is taken
back with ``history.go``, whose own ``popstate`` is not a Back; that waits
for the action's effects (a task later), and the address they left (a
challenge link forgotten) is kept.  An entry still to be taken back when
another thing opens (the question answered, the end screen opened by its
answer a moment later) serves the new one instead: taking it back then would
take the new one's, and its closing would leave the page.  With nothing open
the page has no entry of its own, so Back leaves it as usual.

Our entries carry the state :data:`OPEN` (the page's own entry has none), so
``history.state`` says whether the top entry is ours: a test waits on it
before pressing Back (tests/e2e/gameui.py ``wait_for_back_entry``), since
this module comes a moment after the dialog it serves.

Fetched on first use (``ui.later.LaterView``): the first dialog or question.
"""

from control.state import setup_over_game

from ..platform.dom import create_proxy, document, listen, window

OPEN = "dice-poker-open"     # history.state of the entries this module pushes


def open_count(state):
    """How many things Back can close: the setup screen over a game, the dialogs and
    the question."""
    return setup_over_game(state) + len(state.dialogs) + (state.confirm is not None)


class Back:
    def __init__(self, shell):
        self.shell = shell
        self.pushed = 0         # our entries above the page's own
        self.ignore = 0         # popstates of our own history.go still to come
        self.back_by = 0        # entries to take back once the action's effects have run
        self.href = None        # the address to keep when they are taken back
        self.wanted = 0         # how many things are open (the last state drawn)
        self._go_proxy = create_proxy(self._go)
        # the window object itself: on MicroPython pyscript.window is the js module, and
        # addEventListener called through it was seen to get the wrong `this` ("Illegal
        # invocation" once a later stylesheet had loaded), as ui/input.py found too
        listen(document.defaultView, "popstate", self._popped)

    def draw(self, state, texts):
        self.wanted = open_count(state)
        self._sync()

    def _sync(self):
        """Push an entry for each thing opened, or have those of things closed taken back;
        not while a take-back of ours is under way (``history.go`` is asynchronous: an
        entry pushed before it lands would be the one it takes)."""
        if self.ignore:
            return                      # _popped syncs once it has landed
        wanted = self.wanted
        while self.pushed < wanted:
            if self.back_by:            # an entry not taken back yet: it serves this one
                self.back_by -= 1
            else:
                window.history.pushState(OPEN, "")
            self.pushed += 1
        if self.pushed > wanted:            # closed on the page: take its entries back
            if not self.back_by:
                window.setTimeout(self._go_proxy, 0)
            self.back_by += self.pushed - wanted
            self.pushed = wanted

    def _go(self, *_):
        if not self.back_by or self.ignore:     # served a new one, or _popped goes on later
            return
        self.href = window.location.href
        window.history.go(-self.back_by)
        self.back_by = 0
        self.ignore += 1

    def _popped(self, event):
        if self.ignore:
            self.ignore -= 1
            if window.location.href != self.href:
                window.history.replaceState(None, "", self.href)
            self._sync()                # what opened or closed meanwhile
            self._go()
        elif self.pushed:
            self.pushed -= 1
            state = self.shell.state
            if state.confirm is not None:
                self.shell.act({"confirm": False})
            elif state.dialogs:
                self.shell.act({"close": state.dialogs[-1]})
            elif setup_over_game(state):
                self.shell.act({"back_to_game": True})
