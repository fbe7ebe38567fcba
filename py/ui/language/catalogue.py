"""The catalogue in use: start part at page start, the rest on demand, language switches.

Page start has only the start part of the player's catalogue (boot.js began
fetching it; .ci/start_catalogues.py says what it leaves out).  A view that
needs a message the start part lacks asks :meth:`Texts.need_all`; once the
rest is in, the shell draws again.  Switching language (``ui.language.switch``,
fetched on first use) fetches the whole catalogue first, then words the
markup and every view again.
"""

import asyncio
import json

from ..platform.dom import by_id, document, window
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalogue

CATALOGUE = "./static/i18n/%s.json"             # a whole catalogue
START_CATALOGUE = "./static/i18n/start/%s.json"  # what page start shows (.ci/start_catalogues.py)


async def fetch_text(path):
    response = await window.fetch(path)
    if not response.ok:
        raise IOError("%s: HTTP %s" % (path, response.status))
    return await response.text()


async def load_start_catalogue():
    """The start part of the player's catalogue, which boot.js began fetching.

    If it cannot be had, the whole English catalogue (one more try)."""
    boot = getattr(window, "dicePokerBoot", None)
    lang = boot.lang if boot and boot.lang in LANGUAGES else DEFAULT_LANGUAGE
    try:
        text = await (boot.catalogue if boot else fetch_text(START_CATALOGUE % lang))
        return Catalogue(lang, json.loads(text), complete=False)
    except Exception:
        text = await fetch_text(CATALOGUE % DEFAULT_LANGUAGE)
        return Catalogue(DEFAULT_LANGUAGE, json.loads(text))


class Texts:
    """The catalogue the page speaks now; ``on_change`` redraws after it grew or changed."""

    def __init__(self, catalogue, on_change=None):
        self.cat = catalogue
        self.on_change = on_change
        self.catalogues = {catalogue.lang: catalogue}    # every one fetched so far
        self._completing = None

    def say(self, text):
        """A controller message worded, or None until the rest of the catalogue is in."""
        worded = self.cat.say(text)
        if worded is None:
            self.need_all()
        return worded

    def need_all(self):
        """Ask for the rest of the catalogue (once); the page is drawn again when it is in."""
        if not self.cat.complete and self._completing is None:
            self._completing = asyncio.create_task(self._complete_current())

    async def complete(self):
        """Wait until the catalogue in use is complete (or could not be)."""
        self.need_all()
        if self._completing is not None:
            await self._completing

    async def _complete_current(self):
        cat = self.cat
        await complete_catalogue(cat)
        self._completing = None
        if cat is self.cat:
            apply_static_texts(cat)   # the dialogs' texts (LATER_MARKUP in the script)
            if self.on_change is not None:
                self.on_change()


async def complete_catalogue(catalogue):
    """Add what the start part left out; if it cannot be fetched the page goes on
    (what it says then, that a feature could not be loaded, is in the start part;
    a message missing then shows as its key rather than holding a dialog back)."""
    try:
        catalogue.add(json.loads(await fetch_text(CATALOGUE % catalogue.lang)))
    except Exception:
        catalogue.complete = True     # go on with what there is (missing keys show as keys)


def apply_static_texts(cat):
    """Translate the markup: ``data-i18n`` (text) and ``data-i18n-attr`` (attributes).

    A start catalogue lacks the texts of the dialogs that open only once it is
    complete (.ci/start_catalogues.py): those elements are left as they are."""
    document.documentElement.lang = cat.lang
    word_markup(document, cat)
    by_id("lang").value = cat.lang
    by_id("lang-code").textContent = cat.lang.upper()


def word_markup(root, cat):
    """Word the ``data-i18n`` / ``data-i18n-attr`` elements under ``root`` (a document,
    an element or a fragment not yet in the page) with ``cat``."""
    nodes = root.querySelectorAll("[data-i18n]")
    for i in range(nodes.length):
        el = nodes.item(i)
        key = el.getAttribute("data-i18n")
        if cat.has(key):
            el.textContent = cat.t(key)
    nodes = root.querySelectorAll("[data-i18n-attr]")
    for i in range(nodes.length):
        el = nodes.item(i)
        for pair in el.getAttribute("data-i18n-attr").split():
            attr, key = pair.split(":", 1)
            if cat.has(key):
                el.setAttribute(attr, cat.t(key))
