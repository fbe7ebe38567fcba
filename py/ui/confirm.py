"""The question view: ``#confirm-dialog``, the one dialog for every question asked.

``#confirm`` always accepts, ``#cancel`` (and Esc) declines; the texts are
``confirm.<kind>_title``, ``_text``, ``_ok`` and ``_cancel`` (or ``confirm.cancel``).
A start module: a first turn may ask (a box worth 0).
"""

from .later import sync
from .dom import by_id


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
            sync(self.dialog, False)
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
        sync(self.dialog, True)
