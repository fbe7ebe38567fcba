"""Switching the page's language (fetched the first time the player picks one).

The whole catalogue of the new language is fetched first; the markup and
every view are then worded again (``ui.language.catalogue.Texts``).
"""

import json

from ..platform.dom import by_id
from .i18n import LANGUAGES, Catalogue
from .catalogue import CATALOGUE, apply_static_texts, complete_catalogue, fetch_text


async def switch(texts, lang):
    """Speak ``lang``; False (the menu shows the language in use again) if it cannot be had."""
    if lang not in LANGUAGES:
        return False
    if lang == texts.cat.lang:
        return True
    catalogue = texts.catalogues.get(lang)
    if catalogue is None:
        try:
            catalogue = Catalogue(lang, json.loads(await fetch_text(CATALOGUE % lang)))
        except Exception:
            by_id("lang").value = texts.cat.lang
            return False
        texts.catalogues[lang] = catalogue
    elif not catalogue.complete:
        await complete_catalogue(catalogue)   # back to the start language: its dialogs' texts
    texts.cat = catalogue
    apply_static_texts(catalogue)
    if texts.on_change is not None:
        texts.on_change()
    return True
