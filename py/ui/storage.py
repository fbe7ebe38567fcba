"""localStorage, made safe: the game keeps playing when storage fails.

Keys (all under the ``dicepoker.`` prefix):

- ``dicepoker.game``       the game in progress: the engine's ``to_json()``
- ``dicepoker.game-meta``  {"link": link key or null, "recorded": bool, "rev": int}
  ``rev`` counts the saves of this game's line (across tabs): a tab whose
  copy is older than the stored one must not overwrite it (see ``save_game``).
- ``dicepoker.setup``      last setup: {"players": [...], "seats": [...], "ruleset": id}
- ``dicepoker.lang``       the language the player chose
- ``dicepoker.highscores`` {ruleset: [{"name", "score", "date", "players"}]}
- ``dicepoker.bad-save.<time>``  a saved game that could not be restored, kept
  aside (never deleted) so it can be exported or reported.

Every read and write goes through :class:`Storage`, which turns a missing,
blocked or full storage into ``available = False`` and one callback, so the
player is told once that progress won't be kept.
"""

import json

from dicepoker.errors import InvalidSave
from dicepoker.game import Game

from .dom import window

PREFIX = "dicepoker."
GAME = PREFIX + "game"
GAME_META = PREFIX + "game-meta"
SETUP = PREFIX + "setup"
LANG = PREFIX + "lang"
HIGHSCORES = PREFIX + "highscores"
BAD_SAVE = PREFIX + "bad-save."


class Storage:
    """localStorage through boot.js's ``dicePokerStorage``, which never throws.

    (MicroPython cannot catch an exception raised by a JS call, so a blocked or
    full storage must be turned into return values on the JS side.)
    """

    def __init__(self, on_unavailable=None):
        self.on_unavailable = on_unavailable
        self._store = window.dicePokerStorage
        probe = PREFIX + "probe"
        self.available = bool(self._store.set(probe, "1"))
        self._store.remove(probe)
        self._warned = False
        self.last_bad_save = None     # key of the save kept aside at start, if any

    def _failed(self):
        self.available = False
        if not self._warned and self.on_unavailable is not None:
            self._warned = True
            self.on_unavailable()

    def get(self, key):
        value = self._store.get(key)
        return value if isinstance(value, str) else None

    def set(self, key, value):
        """Write ``value``; False (and the one-time notice) if storage refused."""
        if self._store.set(key, value):
            return True
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

    # ------------------------------------------------------------- the game
    def stored_revision(self):
        """The ``rev`` of the game in storage (0 when none or unreadable)."""
        meta = self.get_json(GAME_META, None)
        rev = meta.get("rev") if isinstance(meta, dict) else None
        return rev if isinstance(rev, int) and not isinstance(rev, bool) else 0

    def is_stale(self, meta):
        """True when another tab saved a newer state than the one ``meta`` belongs to."""
        return self.available and self.stored_revision() > meta.get("rev", 0)

    def save_game(self, game, meta):
        """Write the game and its meta (rev + 1); False, writing nothing, if stale.

        Each key holds one whole JSON document, written in one ``setItem``:
        the game first, then the meta whose ``rev`` other tabs watch, so a tab
        that follows on the meta's ``storage`` event reads both in place.
        """
        if self.is_stale(meta):
            return False
        meta["rev"] = meta.get("rev", 0) + 1
        self.set(GAME, game.to_json())
        self.set_json(GAME_META, meta)
        return True

    def clear_game(self):
        self.remove(GAME)
        self.remove(GAME_META)

    def load_game(self):
        """(game, meta, error): the saved game, or the reason it could not be restored.

        A save that fails validation is moved aside under ``bad-save.<time>``
        (only removed from ``game`` once the copy is written), and the
        :class:`InvalidSave` is returned for the page to explain.
        """
        text = self.get(GAME)
        if text is None:
            return None, None, None
        try:
            game = Game.from_json(text)
        except InvalidSave as error:
            self._keep_aside(text)
            return None, None, error
        except Exception:  # a tampered save the engine's checks did not foresee
            self._keep_aside(text)
            return None, None, InvalidSave("unreadable", "the saved game cannot be read")
        meta = self.get_json(GAME_META, {})
        if not isinstance(meta, dict):
            meta = {}
        link = meta.get("link")
        rev = meta.get("rev")
        return game, {"link": link if isinstance(link, str) else None,
                      "recorded": meta.get("recorded") is True,
                      "rev": rev if isinstance(rev, int) and not isinstance(rev, bool) else 0}, None

    def _keep_aside(self, text):
        key = BAD_SAVE + str(window.Date.new().toISOString())
        self.last_bad_save = key
        if self.set(key, text):
            self.remove(GAME)
            self.remove(GAME_META)
        else:
            self.last_bad_save = GAME      # could not copy it: it stays where it was

    def bad_saves(self):
        """[(key, time stamp)] of the saves kept aside, oldest first."""
        keys = self._store.keys(BAD_SAVE)
        return [(keys[i], keys[i][len(BAD_SAVE):]) for i in range(keys.length)]
