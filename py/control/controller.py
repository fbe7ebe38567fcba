"""The one entry point: ``Controller.dispatch(action) -> effects``.

An action is a dict with one key naming what happened (``{"roll": True}``,
``{"fill": "pair"}``, ``{"tick": 3}``); the key picks a handler of
``play``, ``games`` or ``dialogs`` (or, for the actions in ``LATER``, of a
module fetched on first use), which changes the state and adds effects.
After every action :func:`tidy` keeps the invariants (a hint of another
position goes, a computer's turn has its timer).  Anything else (an
unknown kind, a malformed value) changes nothing: bad input never breaks the
state.
"""

import sys

from . import dialogs, games, play
from .effects import Effects
from .state import State, computer_turn, paused, playing, position

HANDLERS = {}
for _module in (play, games, dialogs):
    HANDLERS.update(_module.HANDLERS)

# Actions a first turn between people never sends, and the module that handles
# them, imported on first use.  On the page that module is fetched first: while
# it is not there, the action becomes a ``load`` effect, and the shell hands
# the action back once the module is in (ui.platform.lazy).
LATER = {"stored": "control.incoming", "load_game": "control.incoming",
         "download_bad_save": "control.incoming", "finish": "control.ending",
         "play_again": "control.ending", "history": "control.incoming",
         "setting": "control.settings", "practice": "control.practice",
         "daily_open": "control.daily",
         "daily_check": "control.daily"}
for _kind in ("remote_setup", "remote_open", "remote_resume", "remote_sent"):   # games by link
    LATER[_kind] = "control.remote"
for _kind in ("hint", "advice", "advice_failed", "hint_list", "tick", "computer_move", "speed",
              "skip", "computer_fallback", "effect_failed"):
    LATER[_kind] = "control.assist"


def handler_of(kind):
    """The handler of action ``kind`` (importing its module on first use), or None."""
    handler = HANDLERS.get(kind)
    if handler is None and kind in LATER:
        try:
            __import__(LATER[kind])
        except ImportError:             # not fetched (the shell fetches it first): ignored
            return None
        HANDLERS.update(sys.modules[LATER[kind]].HANDLERS)
        handler = HANDLERS.get(kind)
    return handler


def wait(state, fx, ms):
    """Set the timer of the computer's next step (only the latest timer acts)."""
    computers = state.computers
    computers.token += 1
    computers.waiting = (state.version, computers.token)
    fx.add("timer", {"ms": ms, "action": {"tick": computers.token}})


def tidy(state, fx):
    """Keep the invariants every action leaves: a hint of another position goes, and a
    computer's turn has exactly one timer set for its position (none while a question or
    a dialog is open: :func:`~control.state.paused`)."""
    if state.remote is not None:
        state.remote.after(state, fx)       # a game played by link: the link to send
    hint = state.hint
    if hint is not None and (not playing(state) or hint["for"] != position(state)):
        state.hint = None
    computers = state.computers
    if not computer_turn(state):
        computers.skip = False
        computers.waiting = computers.planned = computers.thinking = None
    elif paused(state):
        computers.waiting = None            # paused: a new timer once answered or closed
    elif computers.thinking is None and (computers.waiting is None
                                          or computers.waiting[0] != state.version):
        wait(state, fx, computers.pause())


class Controller:
    def __init__(self, state=None):
        self.state = State() if state is None else state

    def dispatch(self, action):
        """Apply ``action``; the effects it asks for, in order."""
        fx = Effects()
        self.run(action, fx)
        tidy(self.state, fx)
        return fx.list

    def run(self, action, fx):
        """Apply ``action`` within a dispatch (a question's answer runs the action it holds)."""
        if not isinstance(action, dict) or len(action) != 1:
            return
        for kind, value in action.items():
            handler = handler_of(kind) if isinstance(kind, str) else None
            if handler is not None:
                handler(self.state, value, fx, self)
            elif kind in LATER:
                fx.add("load", {"module": LATER[kind], "then": action})
