"""Questions, dialogs and notices: which is open, and what answering does.

- A **question** (``state.confirm``) holds the actions its two answers
  dispatch: ``{"kind": "zero", "params": {...}, "ok": {"score": "pair"},
  "cancel": None}``.  While one is open, moves wait.
- **Dialogs** (``state.dialogs``) are a stack: the review opens over the
  end screen.
- The **notice** (``state.notice``) is one line at the top with an optional
  button that dispatches an action.
"""

from .autosave import autosave
from .messages import message, names_list

DIALOGS = ("rules", "scores", "transfer", "review", "end", "stats", "settings", "practice",
           "daily")


def ask(state, kind, ok, cancel=None, **params):
    """Ask question ``kind`` (``confirm.<kind>_title`` etc.); ``ok``/``cancel`` are actions."""
    game = state.game
    if game is not None:
        params.setdefault("players", names_list(game.players))
        params.setdefault("round", min(game.round + 1, game.rounds))
        params.setdefault("rounds", game.rounds)
    state.confirm = {"kind": kind, "params": params, "ok": ok, "cancel": cancel}


def say(state, text, button=None, action=None):
    """Show the notice ``text`` (a message); ``button`` labels a button doing ``action``."""
    state.notice = {"text": text, "button": button, "action": action}


def open_dialog(state, name):
    if name not in DIALOGS or name in state.dialogs:
        return
    if name in ("end", "review") and (state.game is None or not state.game.is_over):
        return
    state.dialogs.append(name)


def close_dialog(state, name):
    if name in state.dialogs:
        state.dialogs.remove(name)


# ------------------------------------------------------------------ actions
def on_open(state, name, fx, ctl):
    if name == "end" and "end" not in state.dialogs:
        _results_closed(state, False, fx)
    open_dialog(state, name)


def on_close(state, name, fx, ctl):
    if name == "end" and "end" in state.dialogs:
        _results_closed(state, True, fx)
    close_dialog(state, name)


def _results_closed(state, closed, fx):
    """The player closed the results (or opened them again with Results): saved with the
    game (``meta["results_closed"]``), so a reload shows what they left, not the results
    again (``control.games.show``)."""
    if state.game is None or not state.game.is_over \
            or state.meta.get("results_closed", False) is closed:
        return
    if closed:
        state.meta["results_closed"] = True
    else:
        state.meta.pop("results_closed", None)
    autosave(state, fx)


def on_confirm(state, accepted, fx, ctl):
    question = state.confirm
    if question is None:
        return
    state.confirm = None
    action = question["ok"] if accepted is True else question["cancel"]
    if action is not None:
        ctl.run(action, fx)


def on_dismiss_notice(state, arg, fx, ctl):
    state.notice = None


def on_notice_action(state, arg, fx, ctl):
    notice = state.notice
    if notice is not None and notice["action"] is not None:
        ctl.run(notice["action"], fx)


def on_say(state, text, fx, ctl):
    """Show a notice from the shell (a feature could not be fetched): a key or a message."""
    if isinstance(text, str):
        say(state, message(text))
    elif isinstance(text, dict):
        say(state, text)


HANDLERS = {"say": on_say, "open": on_open, "close": on_close,
            "confirm": on_confirm, "dismiss_notice": on_dismiss_notice,
            "notice_action": on_notice_action}
