"""Which plural categories a language's catalogue must give: those its rule produces.

``ui.language.i18n.plural_category`` is the one definition of each language's plural
rule; the categories a plural message must provide are exactly the ones it
returns for some whole number (CLDR's integer categories), in CLDR's order.
"""

from ui.language.i18n import plural_category

CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")


def categories(lang):
    found = set(plural_category(lang, n) for n in range(1000))
    return tuple(c for c in CLDR_ORDER if c in found)
