"""DOM events and keys -> calls on the controller (moves as data inside it).

Keys: ``1``-``5`` keep or release a die; ``Space``/``Enter`` roll, unless the
focus is on a control that Space/Enter already activates (a die, a box, a
field), so the keyboard never does two things at once.  While a dialog is
open or ``app.busy`` (a computer is playing) the game keys do nothing; the
computer's speed and skip controls work at any time.
"""

import asyncio

from .dom import by_id, document, listen

INTERACTIVE = ("BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "A")


def bind(app):
    def when_free(action):
        def handler(event):
            if not app.busy:
                action(event)
        return handler

    def click(element_id, action):
        listen(by_id(element_id), "click", when_free(lambda event: action()))

    # ---------------------------------------------------------------- game
    dice = document.querySelectorAll(".die")
    for i in range(dice.length):
        listen(dice.item(i), "click", when_free(
            lambda event, index=i: app.toggle_hold(index)))
    click("roll", app.roll)
    # Undo is not held back by app.busy: App.undo allows it only while the
    # engine does (before the next roll) and never for a computer's box.
    listen(by_id("undo"), "click", lambda event: app.undo())

    # ------------------------------------------------- hints, computer seats
    assistants = app.assistants
    click("hint", assistants.tap_hint)
    listen(by_id("hint-more"), "click", lambda event: assistants.toggle_hint_list())
    listen(by_id("computer-speed"), "change",
           lambda event: assistants.set_speed(event.target.value))
    listen(by_id("computer-skip"), "click", lambda event: assistants.skip_ahead())
    listen(by_id("open-review"), "click", lambda event: asyncio.create_task(app.show_review()))

    def on_card(event):
        cell = event.target.closest("button[data-box]")
        if cell is not None and app.game is not None \
                and int(cell.getAttribute("data-player")) == app.game.current_player:
            app.fill(cell.getAttribute("data-box"))
    listen(by_id("card"), "click", when_free(on_card))

    def on_key(event):
        if app.busy or event.ctrlKey or event.metaKey or event.altKey:
            return
        if document.querySelector("dialog[open]") is not None:
            return
        if app.game is None or app.view.screen != "game":
            return
        key = event.key
        tag = event.target.tagName if event.target else ""
        if key in ("1", "2", "3", "4", "5"):
            if tag in ("INPUT", "SELECT", "TEXTAREA"):
                return
            event.preventDefault()
            app.toggle_hold(int(key) - 1)
        elif key in (" ", "Enter"):
            if tag in INTERACTIVE:
                return
            event.preventDefault()
            app.roll()
    listen(document, "keydown", on_key)

    # --------------------------------------------------------------- setup
    def on_submit(event):
        event.preventDefault()
        app.submit_setup()
    listen(by_id("setup-form"), "submit", on_submit)
    click("add-player", app.setup_form.add_player)

    def on_remove(event):
        button = event.target.closest(".remove-player")
        if button is not None:
            app.setup_form.remove_player(int(button.getAttribute("data-row")))
    listen(by_id("setup-players"), "click", on_remove)
    click("new-game", app.show_setup)
    click("back-to-game", app.back_to_game)

    # ------------------------------------------------------------- dialogs
    listen(by_id("confirm"), "click", lambda event: app.answer(True))
    listen(by_id("cancel"), "click", lambda event: app.answer(False))

    def on_confirm_cancel(event):      # Esc closes the dialog: same as Cancel
        event.preventDefault()
        app.answer(False)
    listen(by_id("confirm-dialog"), "cancel", on_confirm_cancel)

    click("play-again", app.play_again)
    click("end-new-game", lambda: (app.close_dialog("end-dialog"), app.show_setup()))
    click("end-close", lambda: app.close_dialog("end-dialog"))
    click("show-results", app.show_end)
    listen(by_id("open-rules"), "click", lambda event: asyncio.create_task(app.show_rules()))
    listen(by_id("open-scores"), "click", lambda event: app.show_scores())
    listen(by_id("scores-ruleset"), "change",
           lambda event: app.show_scores(event.target.value))
    closers = document.querySelectorAll(".close-dialog")
    for i in range(closers.length):
        listen(closers.item(i), "click",
               lambda event: event.target.closest("dialog").close())
    listen(by_id("notice-close"), "click", lambda event: setattr(by_id("notice"), "hidden", True))

    def on_notice_action(event):
        if app.notice_action is not None:
            app.notice_action()
    listen(by_id("notice-action"), "click", on_notice_action)
    listen(by_id("open-transfer"), "click",
           lambda event: asyncio.create_task(app.open_transfer()))

    # ------------------------------------------- another tab saved the game
    listen(document.defaultView, "storage", lambda event: app.on_storage(event.key))

    # ------------------------------------------------------------ language
    listen(by_id("lang"), "change",
           lambda event: asyncio.create_task(app.switch_language(event.target.value)))
