"""Where the dice come from: a seeded generator that is the same everywhere.

MicroPython's ``random`` gives other sequences than CPython's for one seed, so
the game draws its dice from this module instead.  The seeded source is
*counter based*: the face of die ``slot`` on roll ``roll_no`` of ``player``'s
turn in round ``round_no`` is a pure function of the seed and that position.
That gives three properties a player can feel:

- a shared seed is a fair challenge: everyone who keeps the same dice gets the
  same new faces, whatever they re-rolled before;
- reloading or undoing cannot fish for a better roll: the same position always
  shows the same face;
- the generator has no hidden state: the seed alone, saved with the game, is
  its whole state.

Faces are unbiased: 32-bit draws at or above the largest multiple of 6 are
rejected and redrawn (a further counter), never folded with a bare modulo.
All arithmetic is masked to 64 bits, so CPython and MicroPython agree.
"""

import random

from .errors import InvalidSetup

_MASK64 = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15
_FACES = 6
_LIMIT = (1 << 32) - (1 << 32) % _FACES  # largest multiple of 6 below 2**32
MAX_SEED_LENGTH = 40


def _mix64(z):
    """SplitMix64's finaliser: a strong 64-bit bijective mix."""
    z = (z + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _fnv1a64(data):
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & _MASK64
    return h


def normalise_seed(seed):
    """The seed as the text players share: an int or a short string, trimmed."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise InvalidSetup("bad_seed", "a seed is a number or a short text, not %r" % (seed,))
    text = str(seed).strip()
    if not text:
        raise InvalidSetup("bad_seed", "the seed is empty")
    if len(text) > MAX_SEED_LENGTH:
        raise InvalidSetup("bad_seed", "a seed has at most %d characters" % MAX_SEED_LENGTH)
    return text


def new_seed():
    """A fresh seed for a game the player did not seed: six to nine digits."""
    return str(random.randint(100000, 999999999))


class SeededDice:
    """Dice drawn from a seed; stateless, so the seed is all a save needs.

    A face is a pure function of the seed and the position, so each is worked
    out once and remembered (``_faces``): a replay (loading a save, an undo)
    reads them back instead of hashing again, which on MicroPython's big
    integers costs ~60 µs a die."""

    kind = "seeded"
    stateless = True        # a replay may share this source (see Game.undo)

    def __init__(self, seed):
        self.seed = normalise_seed(seed)
        self._key = _mix64(_fnv1a64(self.seed.encode("utf-8")))
        self._faces = {}

    def face(self, player, round_no, roll_no, slot):
        """The face (1..6) at this position of the game."""
        where = ((player * 64 + round_no) * 8 + roll_no) * 8 + slot
        face = self._faces.get(where)
        if face is None:
            face = self._faces[where] = self._draw(player, round_no, roll_no, slot)
        return face

    def _draw(self, player, round_no, roll_no, slot):
        attempt = 0
        while True:
            h = self._key
            for part in (player, round_no, roll_no, slot, attempt):
                h = _mix64(h ^ part)
            draw = h >> 32
            if draw < _LIMIT:
                return draw % _FACES + 1
            attempt += 1

    def to_dict(self):
        return {"kind": self.kind, "seed": self.seed}


class ScriptedDice:
    """Dice from a fixed list, consumed in order: for scenario tests and demos.

    Its saved form is the whole list, so a replay from the start consumes it
    again in the same order.
    """

    kind = "scripted"
    stateless = False       # consumed in order: a replay needs a fresh copy

    def __init__(self, faces):
        faces = list(faces)
        for face in faces:
            if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= _FACES:
                raise InvalidSetup("bad_dice", "a scripted die shows 1 to 6, not %r" % (face,))
        self.faces = faces
        self.position = 0
        self.seed = None

    def face(self, player, round_no, roll_no, slot):
        if self.position >= len(self.faces):
            raise InvalidSetup("dice_exhausted", "the scripted dice have run out")
        value = self.faces[self.position]
        self.position += 1
        return value

    def to_dict(self):
        return {"kind": self.kind, "faces": list(self.faces)}


def dice_from_dict(data):
    """Rebuild a dice source from its saved form (raises InvalidSetup): seeded, scripted,
    or a game by link's keyed dice (``dicepoker.keyed_dice``, imported only for those:
    not a start module; the page fetches it with every reader of saves)."""
    if not isinstance(data, dict):
        raise InvalidSetup("bad_dice_source", "the dice source must be an object")
    kind = data.get("kind")
    if kind == "keyed":                 # KeyedDice.kind
        from .keyed_dice import keyed_from_dict
        return keyed_from_dict(data)
    if kind == SeededDice.kind:
        return SeededDice(data.get("seed"))
    if kind == ScriptedDice.kind:
        faces = data.get("faces")
        if not isinstance(faces, list):
            raise InvalidSetup("bad_dice_source", "scripted dice need a list of faces")
        return ScriptedDice(faces)
    raise InvalidSetup("bad_dice_source", "unknown kind of dice source %r" % (kind,))
