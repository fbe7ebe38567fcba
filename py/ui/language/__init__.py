"""Words in the player's language: catalogue lookup, placeholders and plurals (``i18n``,
pure Python), the catalogue in use and its later part (``catalogue``), switching the
language (``switch``, fetched on first use).

May import: ``platform``.  Its ``i18n`` imports nothing of the page (the tests run it on
CPython).
"""
