"""The rules view: ``#rules-dialog``, the rules page of the language in use (fetched once
per language: our own static HTML, never player text).  Its ``#tips-again`` brings the
first game's tips back (``ui.feel.tips``, a start view)."""

import asyncio

from ..later import sync
from ..platform.dom import by_id, listen
from ..language.catalogue import fetch_text
from ..records.storage import TIPS


class Rules:
    def __init__(self, shell=None):
        self.shell = shell
        self.dialog = by_id("rules-dialog")
        self.body = by_id("rules-body")
        self._lang = None           # the language of the page in the dialog (or on its way)
        listen(self.body, "click", self._clicked)

    def _clicked(self, event):
        if event.target.closest("#tips-again") is not None:
            asyncio.create_task(self._tips_again())

    async def _tips_again(self):
        """Forget the tips dismissed: the stored list and the tips view's
        (``ui.feel.tips.Tips.again``, a start view: found among the shell's views)."""
        self.shell.storage.remove(TIPS)
        for view in self.shell.views:
            again = getattr(view, "tips_again", None)
            if again is not None:
                again()
        self.shell.act({"close": "rules"})      # the tips show on the game, at its next roll
        self.shell.act({"close": "rules"})      # the tips show on the game, at its next roll

    def draw(self, state, texts):
        if "rules" not in state.dialogs:
            sync(self.dialog, False)
            return
        sync(self.dialog, True)
        if self._lang != texts.cat.lang:
            self._lang = texts.cat.lang
            asyncio.create_task(self._fill(texts.cat))

    async def _fill(self, cat):
        try:
            page = await fetch_text("./static/i18n/" + cat.t("rules.file"))
        except Exception:
            self.body.textContent = cat.t("rules.failed")
            self._lang = None       # try again the next time it opens
            return
        if self._lang == cat.lang:
            self.body.innerHTML = page     # our own static page, never user text
