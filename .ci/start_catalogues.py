#!/usr/bin/env python3
"""Write the start part of every message catalogue: what page start and a first game show.

    python3 .ci/start_catalogues.py            # (run by .ci/refresh_site.py)
    python3 .ci/start_catalogues.py --check    # exit 1 if a start part is stale
    python3 .ci/start_catalogues.py --root DIR # work on a copy of the site (tests)

static/i18n/<lang>.json is the whole catalogue, the file translators edit.
static/i18n/start/<lang>.json (generated, committed, checked byte for byte)
leaves out the message groups only shown by features loaded on first use or
later in a game — hints, the review, save and load, why a saved game could
not be restored, the end of a game, high scores, the rules, the Joker, the statistics — and
translators' notes: about half of each file.  boot.js fetches the start part; ``ui.language.catalogue.Texts``
(py/ui/language/catalogue.py) adds the rest before one of those features draws.

Kept in the start part even under those prefixes: the keys the markup uses
(``data-i18n``, ``data-i18n-attr`` in index.html: translated at start) outside
``LATER_MARKUP`` and ``FILE_ONLY_MARKUP``, and ``START_KEEP``: what the page says when such a feature,
or the rest of the catalogue, cannot be fetched (offline before the first
visit was cached).  ``LATER_MARKUP`` are the elements only those features
show (the Save and load, review and end-of-game dialogs, the hint list):
they keep their English markup text until ``ui.language.catalogue.Texts``
translates them, which it does before they open.

Two start parts per language: ``static/i18n/start/<lang>.json`` for a page
opened by a link (a challenge game, its first turn on the board) leaves out
``SETUP_ONLY`` too, the words only the setup form shows (a link's page shows
it only after the first turn, and ``ui.page`` completes the catalogue before
it makes the form then); ``static/i18n/start/<lang>.setup.json`` keeps them,
for a page opened without a query, which may start on the setup screen
(static/js/boot.js picks the file).

Each start part also has ``PLURALS_KEY``, made here, not translated: see below.
"""
import html.parser
import json
import os
import runpy
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_GENERATED = runpy.run_path(os.path.join(REPO, ".ci", "generated.py"))
SOURCE = "static/i18n/%s.json"
OUT = "static/i18n/start/%s.json"
SETUP_OUT = "static/i18n/start/%s.setup.json"
_I18N = runpy.run_path(os.path.join(REPO, "py", "ui", "language", "i18n.py"))
LANGUAGES = _I18N["LANGUAGES"]   # the one list
# Generated into every start part: the plural category (ui.language.i18n.plural_category, the one
# definition of each language's rule) of each count the first screen can show before
# Python, 0 to 3 rolls left: boot.js words Roll's rolls left with the form it names.
PLURALS_KEY = "@plurals"
START_COUNTS = range(4)

LATER_PREFIXES = ("_", "hint.", "review.", "transfer.", "import_error.", "save_error.", "end.",
                  "confirm.import_", "notice.bad_save", "joker.", "scores.", "rules.", "error.",
                  "stats.", "confirm.delete_", "notice.history_", "remote.", "settings.", "tips.",
                  "feel.", "chances.", "daily.", "practice.")
# What the page may say before the rest is in: that a feature could not be fetched,
# and why a setup or a link is refused (the rest of error.*: moves the page never
# offers, worded once the catalogue is complete).
# (Not the review's: it opens from the end of a game, when the catalogue is complete.)
START_KEEP = ("hint.failed", "hint.loading", "hint.roll_first", "load.failed", "save_error.unknown", "rules.failed", "error.unknown",
              "error.bad_players", "error.player_count", "error.bad_name", "error.long_name",
              "error.bad_seats", "error.unknown_ruleset", "error.bad_seed", "error.same_name",
              "daily.player",     # the player's name in today's game (ui.daily.door), if no setup has one
              "chances.percent", "chances.label",   # the chips' even chances before a roll
              # the first game's tips (ui.feel.tips, from the first roll)
              "tips.label", "tips.close", "tips.keep", "tips.again", "tips.card", "tips.bonus")
# The words only the setup form (py/ui/setup/form.py, the setup section of index.html)
# shows: not in a link's start part.  (setup.rules is the statistics screen's too, which
# speaks from the whole catalogue; the seat names are the tray's at a computer's turn.)
# The rule sets' names and descriptions are the form's choices (the end of a game and
# the statistics name a rule set from the whole catalogue).
SETUP_ONLY = ("setup.title", "setup.players", "setup.rules", "setup.player_label", "setup.default_name",
              "setup.default_computer", "setup.seat_label", "setup.remove_player",
              "setup.add_player", "setup.challenge", "setup.seed", "setup.seed_help",
              "setup.start", "setup.back", "setup.win_chances", "daily.setup",
              "ruleset.dice-poker", "ruleset.dice-poker.desc", "ruleset.dice-poker-classic",
              "ruleset.dice-poker-classic.desc", "ruleset.yahtzee", "ruleset.yahtzee.desc")
# ids of the markup in index.html that shows only after the catalogue is complete (the
# hint's list); the later views' dialogs are not in index.html at all (static/later.html)
LATER_MARKUP = ("hint-more", "hint-list")
# ids of the markup shown only where no catalogue can be read: the page opened as a
# file (boot.js cannot fetch one from file:), so it keeps its English text
FILE_ONLY_MARKUP = ("boot-file",)


class _MarkupKeys(html.parser.HTMLParser):
    """The message keys of the markup outside the ``LATER_MARKUP`` elements."""

    def __init__(self):
        super().__init__()
        self.keys = set()
        self.file_only = set()    # the keys inside FILE_ONLY_MARKUP: never in a start part
        self._later = None        # [tag, depth] while inside a LATER_MARKUP element
        self._file_only = False   # ... and whether that element is FILE_ONLY_MARKUP

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self._later is None and attrs.get("id") in LATER_MARKUP + FILE_ONLY_MARKUP:
            self._later = [tag, 0]
            self._file_only = attrs["id"] in FILE_ONLY_MARKUP
        if self._later is not None:
            if tag == self._later[0]:
                self._later[1] += 1
            if self._file_only and attrs.get("data-i18n"):
                self.file_only.add(attrs["data-i18n"])
            return
        if attrs.get("data-i18n"):
            self.keys.add(attrs["data-i18n"])
        if attrs.get("data-i18n-attr"):
            self.keys.update(pair.split(":", 1)[1] for pair in attrs["data-i18n-attr"].split())

    def handle_endtag(self, tag):
        if self._later is not None and tag == self._later[0]:
            self._later[1] -= 1
            if not self._later[1]:
                self._later = None


def _parsed_markup(root):
    parser = _MarkupKeys()
    with open(os.path.join(root, "index.html"), encoding="utf-8") as f:
        parser.feed(f.read())
    return parser


def markup_keys(root=REPO):
    return _parsed_markup(root).keys


def file_only_keys(root=REPO):
    """The keys of the markup shown only where no catalogue can be read (FILE_ONLY_MARKUP)."""
    return _parsed_markup(root).file_only


def start_part(messages, keep, drop=()):
    """The messages of ``messages`` page start needs (``keep``: keys that must stay;
    ``drop``: keys a start part never needs, whatever their prefix)."""
    return {key: value for key, value in messages.items()
            if key not in drop
            and (key in keep or key in START_KEEP or not key.startswith(LATER_PREFIXES))}


def render(lang, root=REPO, keep=None, setup=False):
    """The start part of ``lang`` as file bytes (compact JSON, the source's key order);
    ``setup``: the one with the setup form's words (``SETUP_ONLY``)."""
    with open(os.path.join(root, SOURCE % lang), encoding="utf-8") as f:
        messages = json.load(f)
    part = start_part(messages, markup_keys(root) if keep is None else keep, file_only_keys(root))
    if not setup:
        part = {key: value for key, value in part.items() if key not in SETUP_ONLY}
    part[PLURALS_KEY] = [_I18N["plural_category"](lang, n) for n in START_COUNTS]
    return json.dumps(part, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def expected(root=REPO):
    """{relative path: bytes} of every start part (a link's and the setup screen's)."""
    keep = markup_keys(root)
    out = {}
    for lang in LANGUAGES:
        out[OUT % lang] = render(lang, root, keep)
        out[SETUP_OUT % lang] = render(lang, root, keep, setup=True)
    return out


def differences(root=REPO):
    return _GENERATED["differences"](root, expected(root))


def main(argv=None):
    return _GENERATED["command"]("start_catalogues", __doc__, "exit 1 if a start part is stale",
                                 expected, REPO, argv)


if __name__ == "__main__":
    sys.exit(main())
