"""Dice of a game played by link: each turn's faces come from that turn's key.

A game between devices (``dicepoker.fair``) derives one 16-byte key per turn
from two devices' committed values; the faces of that turn are a pure
function of the key and the position (roll, slot), as with a seed, so a
reload or an undo shows the same dice.  The key is all a save needs: this
source holds the keys of the turns known so far (a turn whose key is not
known yet cannot be rolled here).

Faces are unbiased: bytes of ``sha256(key + [roll, block])`` at or above 252
(42 x 6) are skipped, never folded.  hashlib's sha256 is in CPython and in
the browser's MicroPython alike.
"""

import hashlib
from binascii import hexlify, unhexlify

from .errors import InvalidSetup

KEY_BYTES = 16
_LIMIT = 252        # largest multiple of 6 not above 256


def faces(key, roll_no):
    """The five faces roll ``roll_no`` of a turn with ``key`` shows (kept dice aside)."""
    out = []
    block = 0
    while len(out) < 5:
        for byte in hashlib.sha256(key + bytes([roll_no, block])).digest():
            if byte < _LIMIT:
                out.append(byte % 6 + 1)
                if len(out) == 5:
                    break
        block += 1
    return out


class KeyedDice:
    """A dice source from per-turn keys (turn = round x players + player)."""

    kind = "keyed"
    stateless = True        # a pure function of the keys: a replay may share it
    seed = None             # no challenge seed: the end screen offers no challenge link

    def __init__(self, keys, players):
        self.keys = dict(keys)          # turn -> key (bytes)
        self.players = players
        self._faces = {}

    def face(self, player, round_no, roll_no, slot):
        turn = round_no * self.players + player
        got = self._faces.get((turn, roll_no))
        if got is None:
            key = self.keys.get(turn)
            if key is None:
                raise InvalidSetup("dice_exhausted", "this turn's dice are not known here")
            got = self._faces[(turn, roll_no)] = faces(key, roll_no)
        return got[slot]

    def to_dict(self):
        return {"kind": self.kind, "players": self.players,
                "keys": {str(t): hexlify(k).decode() for t, k in self.keys.items()}}


def keyed_from_dict(data):
    """Rebuild from :meth:`KeyedDice.to_dict` (raises InvalidSetup)."""
    players, keys = data.get("players"), data.get("keys")
    if not isinstance(players, int) or not 1 <= players <= 8 or not isinstance(keys, dict):
        raise InvalidSetup("bad_dice_source", "keyed dice need players and keys")
    out = {}
    try:
        for turn, key in keys.items():
            out[int(turn)] = unhexlify(key)
    except Exception:
        raise InvalidSetup("bad_dice_source", "a turn key is not hex")
    for key in out.values():
        if len(key) != KEY_BYTES:
            raise InvalidSetup("bad_dice_source", "a turn key has 16 bytes")
    return KeyedDice(out, players)
