"""The question view: ``#confirm-dialog``, the one dialog for every question asked.

``#confirm`` always accepts, ``#cancel`` (and Esc) declines; the texts are
``confirm.<kind>_title``, ``_text``, ``_ok`` and ``_cancel`` (or ``confirm.cancel``).
A start module: a first turn may ask (a box worth 0).

The question is not opened as a modal dialog (``showModal``): the browser then
makes the rest of the page inert, which restyles all of it, at the tap that
asks and again at the answer: 20-60 ms each on a phone (Chromium at 4x
slowdown, issue 20), where ``show()`` costs a few.  What a modal would give is
given here: the markup says ``aria-modal`` (screen readers keep to it), its
shade takes the taps outside it (app.css), the focus goes into it, Tab stays in
it (:func:`keep_focus_in`, from ``ui.input``) and Esc is its Cancel (``ui.input``).
Asked over a dialog that is modal (the statistics, Save and load), it is opened
as a modal too: anything else would lie inert under that one.
"""

from ..platform.dom import by_id


class Confirm:
    def __init__(self):
        self.dialog = by_id("confirm-dialog")
        self.title = by_id("confirm-title")
        self.text = by_id("confirm-text")
        self.ok = by_id("confirm")
        self.cancel = by_id("cancel")
        self._drawn = None

    def draw(self, state, texts):
        question = state.confirm
        key = (id(question), texts.cat, texts.cat.complete)
        if key == self._drawn:
            return
        if question is None:
            self._drawn = key
            if self.dialog.open:
                self.dialog.close()
            return
        kind = question["kind"]
        words = {}
        for part in ("title", "text", "ok"):
            words[part] = texts.say({"key": "confirm.%s_%s" % (kind, part),
                                     "params": question["params"]})
        if None in words.values():
            return                      # its words come with the rest of the catalogue
        self._drawn = key
        cat = texts.cat
        cancel_key = "confirm.%s_cancel" % kind
        self.title.textContent = words["title"]
        self.text.textContent = words["text"]
        self.ok.textContent = words["ok"]
        self.cancel.textContent = cat.t(cancel_key if cat.has(cancel_key) else "confirm.cancel")
        if not self.dialog.open:        # its first button takes the focus
            if self.dialog.ownerDocument.querySelector("dialog:modal") is not None:
                self.dialog.showModal()     # over a modal dialog (a game deleted from the
            else:                           # statistics): else it would be inert under it
                self.dialog.show()


def keep_focus_in(dialog, event):
    """Tab on the question's last button goes to its first, Shift+Tab on the first to the
    last (and a focus outside it comes back in)."""
    buttons = dialog.querySelectorAll("button")
    first, last = buttons.item(0), buttons.item(buttons.length - 1)
    active = dialog.ownerDocument.activeElement
    if not dialog.contains(active) or active == (first if event.shiftKey else last):
        event.preventDefault()
        (last if event.shiftKey else first).focus()
