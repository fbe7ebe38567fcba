"""The rules view: ``#rules-dialog``, the rules page of the language in use (fetched once
per language: our own static HTML, never player text)."""

import asyncio

from .later import sync
from .dom import by_id
from .language import fetch_text


class Rules:
    def __init__(self, shell=None):
        self.dialog = by_id("rules-dialog")
        self.body = by_id("rules-body")
        self._lang = None           # the language of the page in the dialog (or on its way)

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
