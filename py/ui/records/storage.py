"""localStorage, made safe: the game keeps playing when storage fails.

Keys (all under the ``dicepoker.`` prefix), each spelled here only (the modules named
import it from here; tests/control/test_storage_keys.py fails on a key spelled elsewhere):

- ``dicepoker.game``       the game in progress: the engine's ``to_json(held=...)``
- ``dicepoker.game-meta``  {"link": link key or null, "recorded": bool, "rev": int, "first": words}
  (``control.saves``: a tab whose copy is older than the stored one never
  writes over it)
- ``dicepoker.setup``      last setup: {"players": [...], "seats": [...], "ruleset": id}
- ``dicepoker.lang``       the language the player chose
- ``dicepoker.computer-speed``  the computer seats' pace
- ``dicepoker.settings``   the player's settings (``control.settings``)
- ``dicepoker.win-chances``  "off": no win chances on the chips (the setup form's
  checkbox; ``ui.table.win_chances``)
- ``dicepoker.look``       their looks as words, which boot.js puts on ``<html>``
  before the first paint (``ui.feel.settings``)
- ``dicepoker.tips``       the first game's tips dismissed (``ui.feel.tips``)
- ``dicepoker.highscores`` {ruleset: [{"name", "score", "date", "players"}]}
  (``ui.records.highscores``, fetched with the end screen)
- ``dicepoker.history``, ``dicepoker.history.<id>``, ``dicepoker.history-stats``,
  ``dicepoker.history-given``  finished games (``ui.records.history``)
- ``dicepoker.daily``     today's game: each date's result and par (``ui.records.daily``)
- ``dicepoker.practice-progress``  the practice screen's progress (``ui.records.practice``)
- ``dicepoker.remote.<id>``  this device's record of a game by link, and
  ``dicepoker.remote-games`` the list the setup screen shows (``ui.remote.panel``)
- ``dicepoker.bad-save.<time>``  a saved game that could not be restored, kept
  aside (never deleted) so it can be exported or reported; a damaged record of
  the history, the practice or today's games likewise, as
  ``dicepoker.bad-save.history-<time>-<n>`` (``-game``: a game the review could not
  read), ``...practice-<time>``, ``...daily-<time>`` (:meth:`Storage.set_aside`).

Every read and write goes through :class:`Storage`, which turns a missing,
blocked or full storage into ``available = False`` and one callback, so the
player is told once that progress won't be kept.  It is given its store and
its clock (the page: boot.js's ``dicePokerStorage`` and ``ui.platform.clock.now``), so
the controller's tests play through these same rules with a dict
(tests/control/fake_shell.py).
"""

import json

from control.saves import may_write

PREFIX = "dicepoker."
# each key as it is stored (a search for one finds this line), in the order listed above
GAME = "dicepoker.game"
GAME_META = "dicepoker.game-meta"
SETUP = "dicepoker.setup"
LANG = "dicepoker.lang"
SPEED = "dicepoker.computer-speed"
SETTINGS = "dicepoker.settings"
WIN_CHANCES = "dicepoker.win-chances"
LOOK = "dicepoker.look"
TIPS = "dicepoker.tips"
HIGHSCORES = "dicepoker.highscores"
HISTORY = "dicepoker.history"
HISTORY_GAME = "dicepoker.history."
HISTORY_STATS = "dicepoker.history-stats"
HISTORY_GIVEN = "dicepoker.history-given"
DAILY = "dicepoker.daily"
PRACTICE = "dicepoker.practice-progress"
REMOTE = "dicepoker.remote."
REMOTE_GAMES = "dicepoker.remote-games"
BAD_SAVE = "dicepoker.bad-save."

REMEMBERED = {"setup": SETUP, "computer-speed": SPEED,   # the controller's ``remember`` names
              "settings": SETTINGS, "win-chances": WIN_CHANCES}


class Storage:
    """localStorage through ``store``: on the page boot.js's ``dicePokerStorage``,
    which never throws (MicroPython cannot catch an exception raised by a JS call,
    so a blocked or full storage must be turned into return values on the JS side):
    ``get`` -> text or None, ``set`` -> True or False, ``remove``.
    ``clock()`` -> the time as text, which names a save kept aside (on the page
    ``ui.platform.clock.now``, the shell's clock).
    """

    def __init__(self, store, clock, on_unavailable=None):
        self.on_unavailable = on_unavailable
        self._store = store
        self._clock = clock
        probe = PREFIX + "probe"
        self.available = bool(self._store.set(probe, "1"))
        self._store.remove(probe)
        self._warned = False
        self.last_bad_save = None     # key of the save kept aside, if any

    def _failed(self):
        self.available = False
        if not self._warned and self.on_unavailable is not None:
            self._warned = True
            self.on_unavailable()

    def get(self, key):
        value = self._store.get(key)
        return value if isinstance(value, str) else None

    def set(self, key, value, quiet=False):
        """Write ``value``; False (and the one-time notice unless ``quiet``: the caller
        says what then) if storage refused."""
        if self._store.set(key, value):
            return True
        if not quiet:
            self._failed()
        return False

    def remove(self, key):
        self._store.remove(key)

    def get_json(self, key, default=None):
        text = self.get(key)
        if text is None:
            return default
        try:
            return json.loads(text)
        except ValueError:
            return default

    def set_json(self, key, value):
        return self.set(key, json.dumps(value))

    def remember(self, item):
        """A ``remember`` effect ``{"name", "value"}``: under its key, text as it is, else JSON."""
        key, value = REMEMBERED[item["name"]], item["value"]
        return self.set(key, value) if isinstance(value, str) else self.set_json(key, value)

    # ------------------------------------------------------------- the game
    def stored(self):
        """``{"game": text or None, "meta": ...}`` as stored now."""
        return {"game": self.get(GAME), "meta": self.get_json(GAME_META, None)}

    def save_game(self, save):
        """Write a ``save`` effect; False, writing nothing, if another tab saved a newer game.

        Each key holds one whole JSON document, written in one ``setItem``:
        the game first, then the meta whose ``rev`` other tabs watch, so a tab
        that follows on the meta's ``storage`` event reads both in place.
        """
        if self.available and not may_write(self.get_json(GAME_META, None), save["base"]):
            return False
        self.set(GAME, save["game"])
        self.set_json(GAME_META, save["meta"])
        return True

    def set_aside(self, name, text, stamp=None):
        """Keep ``text``, something stored that cannot be read, under ``bad-save.<name><time>``
        (``stamp``, else the clock's time): listed in Save and load, never deleted.  The
        key, or None if storage refused it (no notice: the caller says what then)."""
        key = BAD_SAVE + name + str(self._clock() if stamp is None else stamp)
        return key if self.set(key, text, True) else None

    def keep_aside(self, text):
        """Move a saved game that could not be restored to ``bad-save.<time>`` (it is only
        removed from ``game`` once the copy is written)."""
        mine = self.get(GAME) == text       # else another tab's bad game: ours stays
        key = self.set_aside("", text)
        if key is None:
            self._failed()
            key = GAME if mine else None    # could not copy it: it stays where it was
        elif mine:
            self.remove(GAME)
            self.remove(GAME_META)
        self.last_bad_save = key
