"""The notice view: ``#notice``, one line at the top with an optional button."""

from ..platform.dom import by_id


class Notice:
    def __init__(self):
        self.box = by_id("notice")
        self.text = by_id("notice-text")
        self.button = by_id("notice-action")
        self._drawn = None

    def draw(self, state, texts):
        notice = state.notice
        key = (id(notice), texts.cat, texts.cat.complete)
        if key == self._drawn:
            return
        if notice is None:
            self.box.hidden = True
            self._drawn = key
            return
        text = texts.say(notice["text"])
        button = texts.say(notice["button"]) if notice["button"] is not None else ""
        if text is None or button is None:
            return                      # its words come with the rest of the catalogue
        self._drawn = key
        self.text.textContent = text
        self.button.hidden = notice["button"] is None
        self.button.textContent = button
        self.box.hidden = False
