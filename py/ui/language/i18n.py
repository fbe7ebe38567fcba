"""Messages in the player's language: catalogue lookup, placeholders, plurals.

Pure Python (no ``js``), so the same rules can be checked on CPython.

Catalogue convention (``static/i18n/<lang>.json``, one flat JSON object):

- Keys are dotted ids (``"roll.button"``, ``"box.pair"``, ``"error.no_rolls_left"``).
  Keys starting with ``_`` are notes for translators, never shown.
- Placeholders are ``{name}``; a translation must keep the same placeholder names
  (order may change).  Values passed in are shown as plain text.
- A *plural* message is an object keyed by the language's integer plural
  categories (CLDR names) and always gets its number as ``{count}``:
  en ``one/other``; lt ``one/few/other``; be ``one/few/many``; sk ``one/few/other``.
  Example: ``"rolls.left": {"one": "{count} roll left", "other": "{count} rolls left"}``.
- Errors from the engine are shown through ``error.<code>`` (moves and setup),
  ``save_error.<code>`` (why a saved game could not be restored) and
  ``import_error.<code>`` (a file that cannot be imported), with the error's
  ``params`` as placeholders; unknown codes fall back to ``<prefix>.unknown``
  (``Catalogue.say`` of ``control.messages.error_message``).
- Static page text: elements in ``index.html`` carry ``data-i18n="key"`` (their
  text) and ``data-i18n-attr="attr:key attr:key"`` (attributes such as
  ``aria-label``); their English text in the HTML is only a fallback.
"""

# The languages the game ships: the one list (.ci/start_catalogues.py imports it,
# boot.js reads the options of index.html's #lang, which a test compares).
LANGUAGES = ("en", "lt", "be", "sk")
DEFAULT_LANGUAGE = LANGUAGES[0]
# Today's nameless player (``dicepoker.seats.YOU``: this module imports nothing): a
# placeholder given it shows the catalogue's ``daily.player``.
PLAYER_YOU = "\ue000you"


def plural_category(lang, n):
    """The CLDR plural category of the whole number ``n`` in ``lang``."""
    n = abs(int(n))
    last, last_two = n % 10, n % 100
    if lang == "lt":
        if last == 1 and not 11 <= last_two <= 19:
            return "one"
        if 2 <= last <= 9 and not 11 <= last_two <= 19:
            return "few"
        return "other"
    if lang == "be":
        if last == 1 and last_two != 11:
            return "one"
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return "few"
        return "many"
    if lang == "sk":
        if n == 1:
            return "one"
        if 2 <= n <= 4:
            return "few"
        return "other"
    return "one" if n == 1 else "other"


def fill(template, params):
    """Replace ``{name}`` placeholders; an unknown placeholder stays visible as is."""
    out = []
    i = 0
    while True:
        start = template.find("{", i)
        if start < 0:
            out.append(template[i:])
            return "".join(out)
        end = template.find("}", start)
        if end < 0:
            out.append(template[i:])
            return "".join(out)
        name = template[start + 1:end]
        out.append(template[i:start])
        out.append(str(params[name]) if name in params else template[start:end + 1])
        i = end + 1


class Catalogue:
    """One language's messages (every catalogue has every key: tests/e2e/test_i18n.py).

    Page start has only the start part (``complete`` False: the messages of
    features fetched on first use are left out, see .ci/start_catalogues.py);
    ``add`` completes it before such a feature draws (``ui.language.catalogue.Texts``).
    """

    def __init__(self, lang, messages, complete=True):
        self.lang = lang
        self.messages = messages
        self.complete = complete

    def add(self, messages):
        """Complete a start catalogue with the whole file's ``messages``."""
        self.messages.update(messages)
        self.complete = True

    def _raw(self, key):
        return self.messages.get(key)

    def has(self, key):
        return self._raw(key) is not None

    def t(self, key, **params):
        """The message ``key`` with its placeholders filled (plural if ``count`` given)."""
        raw = self._raw(key)
        if raw is None:
            return key
        if isinstance(raw, dict):
            count = params.get("count", 0)
            raw = raw.get(plural_category(self.lang, count)) or raw.get("other") or ""
        for name, value in params.items():
            if value == PLAYER_YOU:
                params[name] = self.player(value)
        return fill(raw, params)

    def player(self, name):
        """A player's name as shown: today's nameless player in this language's word."""
        if name == PLAYER_YOU:
            return self.t("daily.player")
        return name

    def say(self, text):
        """Word a message of the controller (``control.messages``), or None when a key it
        needs is missing (a start catalogue: the rest must be added first).

        A message is ``{"key", "params"}``, an engine error ``{"error", "params",
        "prefix"}``, a list of messages (joined by spaces) or plain text; a
        parameter that is a message is worded first."""
        if isinstance(text, list):
            parts = [self.say(part) for part in text]
            return None if None in parts else " ".join(parts)
        if not isinstance(text, dict):
            return str(text)
        params = {}
        for name, value in text.get("params", {}).items():
            if isinstance(value, (dict, list)):
                value = self.say(value)
                if value is None:
                    return None
            params[name] = value
        if "error" in text:
            prefix = text.get("prefix") or "error"
            key = "%s.%s" % (prefix, text["error"])
            if text["error"] is None or not self.has(key):
                key = prefix + ".unknown"
        else:
            key = text["key"]
        if not self.has(key):
            return None if not self.complete else key
        return self.t(key, **params)
