"""DOM events and keys -> actions for the shell (``Shell.act``).

Most buttons carry their action in the markup: ``data-action='{"roll":true}'``
(moves as data, from ``index.html`` to the controller), and one listener
hands it on; a box's button carries ``{"fill": box}`` (``ui.table.board``), so a tap
on it costs the few calls into the page any button's does.  The rest: a box's
name (it fills the box like its cell), selects, keys,
dialogs closing themselves, another tab's save, the language.
A second tap on Roll or a box within ``DOUBLE_TAP_MS`` is the first one's
double: it does nothing (two rolls, and the first throw never seen).

Keys: ``1``-``5`` keep or release a die; ``Space``/``Enter`` roll, unless the
focus is on a control that Space/Enter already activates (a die, a box, a
field), so the keyboard never does two things at once.  While a dialog is
open or a computer is playing the game keys do nothing.  A dialog's own
``close`` (Esc) is told to the controller; Esc on a question is its Cancel, and
Tab stays in the question (it is not a modal: :mod:`ui.dialogs.confirm`).
"""

import asyncio
import json

from .dialogs.confirm import keep_focus_in
from .platform.dom import by_id, create_proxy, document, listen
from .records.storage import GAME_META

INTERACTIVE = ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "A")
DOUBLE_TAP_MS = 350     # a second tap on Roll or a box this soon is the same tap


def bind(shell, storage, switch_language):
    act = shell.act
    last = [None, 0]        # the kind and the time of the last tap

    def tap(action, event):
        """A tap's action, unless it repeats the last tap, on Roll or a box, too soon (a
        double tap: the first tap's move is made and its throw shown).  A tap between
        them (a die kept) makes the next Roll a tap of its own."""
        stamp = event.timeStamp
        for kind in action:
            repeat = kind == last[0] and stamp - last[1] < DOUBLE_TAP_MS
            last[0], last[1] = kind, stamp
            if repeat and kind in ("roll", "fill"):
                return
        act(action)

    def on_click(event):
        target = event.target
        button = target.closest("[data-action]")
        if button is None:
            name = target.closest(".box-row .box-col")  # a box's name fills it like its cell:
            if name is not None:                        # the row's one button (the column
                button = name.parentElement.querySelector("button[data-action]")  # on turn)
        if button is not None:
            tap(json.loads(button.getAttribute("data-action")), event)
    listen(document, "click", on_click)

    # A box pressed does not take the focus (keys still move it there): the tap takes
    # the box out of the page, and a focused element taken out makes Chromium bring
    # the whole page's style up to date at once, in the middle of drawing the move
    # (5 of a fill's 9 ms with eight players; Enter on a box focused by keys still does).
    listen(by_id("card"), "mousedown", lambda event: event.target.closest(".cell-btn") is not None
           and event.preventDefault())

    question = by_id("confirm-dialog")

    def on_key(event):
        if shell.busy or event.ctrlKey or event.metaKey or event.altKey:
            return
        if question.open:               # not a modal (ui.dialogs.confirm): its keys are here
            if event.key == "Escape":   # Esc on a question is its Cancel
                event.preventDefault()
                act({"confirm": False})
            elif event.key == "Tab":
                keep_focus_in(question, event)
            return
        if document.querySelector("dialog[open]") is not None:
            return
        if shell.state.game is None or shell.state.screen != "game":
            return
        key = event.key
        target = event.target
        tag = target.tagName if target else ""
        if target and target.closest("dialog:not([open])") is not None:
            # the focus left behind in a closed dialog (WebKit moves it out only at its
            # next focus fixup): a key there is the page's, not the hidden button's
            tag = ""
        if key in ("1", "2", "3", "4", "5"):
            if tag in ("INPUT", "SELECT", "TEXTAREA"):
                return
            event.preventDefault()
            act({"hold": int(key) - 1})
        elif key in (" ", "Enter"):
            if tag in INTERACTIVE:
                return
            event.preventDefault()
            act({"roll": True})
    listen(document, "keydown", on_key)
    # a question asked over a modal dialog is modal too (ui.dialogs.confirm): its own Esc
    # would close it behind the state's back; the keydown above has answered it
    listen(question, "cancel", lambda event: event.preventDefault())

    def on_close(event):
        """A dialog closed itself (Esc, a close button), those made later too (``close``
        does not bubble: heard while captured); the question's close is its answer's."""
        name = event.target.id[:-len("-dialog")]
        if name != "confirm":
            act({"close": name})
    document.addEventListener("close", create_proxy(on_close), True)

    def on_change(event):
        target = event.target
        if target.id == "lang":
            asyncio.create_task(switch_language(target.value))
        elif target.id == "computer-speed":
            act({"speed": target.value})
    listen(document, "change", on_change)

    def on_storage(event):              # another tab saved the game
        if event.key in (GAME_META, None):
            act({"stored": storage.stored()})
    listen(document.defaultView, "storage", on_storage)
