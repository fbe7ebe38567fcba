"""DOM events and keys -> actions for the shell (``Shell.act``).

Most buttons carry their action in the markup: ``data-action='{"roll":true}'``
(moves as data, from ``index.html`` to the controller), and one listener
hands it on.  The rest: a box of the card, the setup form, selects, keys,
dialogs closing themselves, another tab's save, the language.

Keys: ``1``-``5`` keep or release a die; ``Space``/``Enter`` roll, unless the
focus is on a control that Space/Enter already activates (a die, a box, a
field), so the keyboard never does two things at once.  While a dialog is
open or a computer is playing the game keys do nothing.  A dialog's own
``close`` (Esc) is told to the controller; Esc on a question is its Cancel.
"""

import asyncio
import json

from .dom import by_id, document, listen
from .storage import GAME_META

INTERACTIVE = ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "A")
DIALOGS = ("rules", "scores", "end", "review", "transfer")


def bind(shell, setup_form, storage, switch_language):
    act = shell.act

    def on_click(event):
        button = event.target.closest("[data-action]")
        if button is not None:
            act(json.loads(button.getAttribute("data-action")))
            return
        cell = event.target.closest("button[data-box]")
        game = shell.state.game
        if cell is not None and game is not None \
                and int(cell.getAttribute("data-player")) == game.current_player:
            act({"fill": cell.getAttribute("data-box")})
    listen(document, "click", on_click)

    listen(by_id("computer-speed"), "change", lambda event: act({"speed": event.target.value}))
    listen(by_id("lang"), "change",
           lambda event: asyncio.create_task(switch_language(event.target.value)))

    def on_key(event):
        if shell.busy or event.ctrlKey or event.metaKey or event.altKey:
            return
        if document.querySelector("dialog[open]") is not None:
            return
        if shell.state.game is None or shell.state.screen != "game":
            return
        key = event.key
        tag = event.target.tagName if event.target else ""
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

    # --------------------------------------------------------------- setup
    def on_submit(event):
        event.preventDefault()
        act({"setup": setup_form.read()})
    listen(by_id("setup-form"), "submit", on_submit)
    listen(by_id("add-player"), "click", lambda event: setup_form.add_player())

    def on_remove(event):
        button = event.target.closest(".remove-player")
        if button is not None:
            setup_form.remove_player(int(button.getAttribute("data-row")))
    listen(by_id("setup-players"), "click", on_remove)

    # ------------------------------------------------------------- dialogs
    def on_confirm_cancel(event):      # Esc closes the dialog: same as Cancel
        event.preventDefault()
        act({"confirm": False})
    listen(by_id("confirm-dialog"), "cancel", on_confirm_cancel)
    for name in DIALOGS:
        listen(by_id(name + "-dialog"), "close", lambda event, name=name: act({"close": name}))

    # ------------------------------------------- another tab saved the game
    def on_storage(event):
        if event.key in (GAME_META, None):
            act({"stored": storage.stored()})
    listen(document.defaultView, "storage", on_storage)
