"""DOM events and keys -> actions for the shell (``Shell.act``).

Two tables say what the page hears, and a small binder each does the rest:

- ``LISTENERS``: where each event is heard and its binder.  Most buttons carry
  their action in the markup: ``data-action='{"roll":true}'`` (moves as data,
  from ``index.html`` to the controller), and one click binder hands it on; a
  box's button carries ``{"fill": box}`` (``ui.table.board``), so a tap on it
  costs the few calls into the page any button's does, and a box's name fills
  it like its cell.  The others: a box pressed, keys, the question's own Esc,
  dialogs closing themselves, selects (``CHANGES``: the language, the
  computer's speed), another tab's save.
- ``GAME_KEYS``: ``1``-``5`` keep or release a die; ``Space``/``Enter`` roll,
  unless the focus is on a control that the key already works (a die, a box,
  a field), so the keyboard never does two things at once.  While a dialog is
  open or a computer is playing the game keys do nothing.

A second tap on Roll or a box within ``DOUBLE_TAP_MS`` is the first one's
double: it does nothing (two rolls, and the first throw never seen); a key's
click on a focused button (Roll has the focus after a box) never is.  A
dialog's own ``close`` (Esc) is told to the controller; Esc on a question is
its Cancel, and Tab stays in the question (it is not a modal:
:mod:`ui.dialogs.confirm`).
"""

import asyncio
import json

from .dialogs.confirm import keep_focus_in
from .platform.dom import by_id, create_proxy, document
from .records.storage import GAME_META

INTERACTIVE = ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "A")
FIELDS = ("INPUT", "SELECT", "TEXTAREA")
DOUBLE_TAP_MS = 350     # a second tap on Roll or a box this soon is the same tap
DOUBLE_TAPS = ("roll", "fill")

# The game's keys: key -> (action kind, its value, the focused elements that keep the
# key to themselves: a digit is typed into a field, Space/Enter work a control)
GAME_KEYS = {
    "1": ("hold", 0, FIELDS), "2": ("hold", 1, FIELDS), "3": ("hold", 2, FIELDS),
    "4": ("hold", 3, FIELDS), "5": ("hold", 4, FIELDS),
    " ": ("roll", True, INTERACTIVE), "Enter": ("roll", True, INTERACTIVE),
}


class _Input:
    """What the binders share: the shell, storage, the language switch, the last tap."""

    def __init__(self, shell, storage, switch_language):
        self.shell = shell
        self.act = shell.act
        self.storage = storage
        self.switch_language = switch_language
        self.question = by_id("confirm-dialog")
        self.last = [None, 0]       # the kind and the time of the last tap


def bind(shell, storage, switch_language):
    """Hear the page: each of ``LISTENERS`` with its binder."""
    heard = _Input(shell, storage, switch_language)
    for where, kind, binder, capture in LISTENERS:
        target = (document if where == "document" else
                  document.defaultView if where == "window" else by_id(where))
        handler = create_proxy(lambda event, binder=binder: binder(heard, event))
        target.addEventListener(kind, handler, capture)


# ---------------------------------------------------------------------------- taps
def _tap(heard, action, event):
    """A tap's action, unless it repeats the last tap, on Roll or a box, too soon (a
    double tap: the first tap's move is made and its throw shown).  A tap between
    them (a die kept) makes the next Roll a tap of its own."""
    stamp, last = event.timeStamp, heard.last
    for kind in action:
        repeat = kind == last[0] and stamp - last[1] < DOUBLE_TAP_MS
        last[0], last[1] = kind, stamp
        if repeat and kind in DOUBLE_TAPS:
            return
    heard.act(action)


def on_click(heard, event):
    """A button's ``data-action``; a box's name fills the box like its cell (the row's
    one button: the column on turn)."""
    target = event.target
    button = target.closest("[data-action]")
    if button is None:
        name = target.closest(".box-row .box-col")
        if name is not None:
            button = name.parentElement.querySelector("button[data-action]")
    if button is not None:
        _tap(heard, json.loads(button.getAttribute("data-action")), event)


def on_box_press(heard, event):
    """A box pressed does not take the focus (keys still move it there): the tap takes
    the box out of the page, and a focused element taken out makes Chromium bring the
    whole page's style up to date at once, in the middle of drawing the move (5 of a
    fill's 9 ms with eight players; Enter on a box focused by keys still does)."""
    if event.target.closest(".cell-btn") is not None:
        event.preventDefault()


# ---------------------------------------------------------------------------- keys
def on_key(heard, event):
    if event.key in (" ", "Enter") and _focused_tag(event.target) in INTERACTIVE:
        heard.last[0] = None    # the focused button's own click comes next: a press, never a double tap
    if heard.shell.busy or event.ctrlKey or event.metaKey or event.altKey:
        return
    if heard.question.open:         # not a modal (ui.dialogs.confirm): its keys are here
        _question_key(heard, event)
        return
    if document.querySelector("dialog[open]") is not None:
        return
    state = heard.shell.state
    if state.game is None or state.screen != "game":
        return
    game_key = GAME_KEYS.get(event.key)
    if game_key is None:
        return
    kind, value, theirs = game_key
    if _focused_tag(event.target) in theirs:
        return
    event.preventDefault()
    heard.act({kind: value})


def _focused_tag(target):
    """The tag of the element a key went to; "" for none, and for the focus left behind
    in a closed dialog (WebKit moves it out only at its next focus fixup): a key there
    is the page's, not the hidden button's."""
    if not target or target.closest("dialog:not([open])") is not None:
        return ""
    return target.tagName


def _question_key(heard, event):
    if event.key == "Escape":       # Esc on a question is its Cancel
        event.preventDefault()
        heard.act({"confirm": False})
    elif event.key == "Tab":
        keep_focus_in(heard.question, event)


# ---------------------------------------------------------------------------- the rest
def on_close(heard, event):
    """A dialog closed itself (Esc, a close button), those made later too (``close``
    does not bubble: heard while captured); the question's close is its answer's."""
    name = event.target.id[:-len("-dialog")]
    if name != "confirm":
        heard.act({"close": name})


# a select's id -> the binder of its new value
CHANGES = {
    "lang": lambda heard, value: asyncio.create_task(heard.switch_language(value)),
    "computer-speed": lambda heard, value: heard.act({"speed": value}),
}


def on_change(heard, event):
    binder = CHANGES.get(event.target.id)
    if binder is not None:
        binder(heard, event.target.value)


def on_storage(heard, event):
    """Another tab saved the game (or cleared the storage)."""
    if event.key in (GAME_META, None):
        heard.act({"stored": heard.storage.stored()})


# Where the page is heard: (an element's id, or "document" / "window"; the event; its
# binder; heard while captured), in this order.
LISTENERS = (
    ("document", "click", on_click, False),
    ("card", "mousedown", on_box_press, False),
    ("document", "keydown", on_key, False),
    # a question asked over a modal dialog is modal too (ui.dialogs.confirm): its own Esc
    # would close it behind the state's back; on_key has answered it
    ("confirm-dialog", "cancel", lambda heard, event: event.preventDefault(), False),
    ("document", "close", on_close, True),
    ("document", "change", on_change, False),
    ("window", "storage", on_storage, False),
)
