"""The link's form: what every link of a game played by link carries, and its
bytes (the other half, taking a link in: ``dicepoker.bylink``).

The link's **fragment** (``#play=...``, never sent to any server) is the
whole shared state of the game, base64url of these bytes:

====================  =====================================================
1 byte                format version (1)
6 bytes               the game's id (random, made by the device that set it up)
1 byte                rule set (high 4 bits) and players - 1 (low 4 bits)
1 byte                which seats are remote (bit s: seat s)
per seat              name length (bytes), the name in UTF-8
1 byte                which devices have committed (bit d)
16 bytes each         their commitments, in device order
per device            how far along its chain it has revealed (1 byte), and
                      that value (16 bytes) unless 0
1 byte                turns played
bits                  per turn: rolls - 1 (2 bits), the kept dice of each
                      roll after the first (5 bits each), the box (4 bits)
4 bytes               SHA-256 of all of the above, its first 4 bytes
====================  =====================================================

The dice are not in it: they follow from the turn keys (``dicepoker.fair``).
An 8-player game at its last turn is under 800 characters with short names.
A damaged, truncated or edited link (the checksum; a strict base64 that has
one spelling per byte string; one spelling per state, no stray bits) is
refused with :class:`~dicepoker.fair.LinkError` ("damaged").  Pure Python for
CPython and MicroPython.
"""

import hashlib
from binascii import a2b_base64, b2a_base64

from .errors import DicePokerError
from .fair import VALUE_BYTES, LinkError, Plan
from .game import check_players
from .rules import get_ruleset
from .seats import REMOTE

VERSION = 1
PREFIX = "play="            # the fragment: "#play=<base64url>"
ID_BYTES = 6
RULESETS = ("dice-poker", "dice-poker-classic", "yahtzee")   # their numbers in a link
_CHECK = 4


class Shared:
    """The state every device of a game agrees on (what a link carries)."""

    def __init__(self, game_id, ruleset, names, seats, commits=None, revealed=None, turns=(),
                 plan=None):
        self.game_id = game_id
        self.ruleset = ruleset
        self.names = list(names)
        self.seats = [REMOTE if s == REMOTE else "human" for s in seats]   # as set up
        self.plan = plan or Plan(self.seats, len(get_ruleset(ruleset).boxes))
        devices = self.plan.devices
        self.commits = list(commits) if commits is not None else [None] * devices
        self.revealed = list(revealed) if revealed is not None else [(0, None)] * devices
        self.turns = [(tuple(h), b) for h, b in turns]      # ((kept mask, ...), box index)

    @property
    def id(self):
        return "".join("%02x" % b for b in self.game_id)

    @property
    def done(self):
        return len(self.turns)

    @property
    def over(self):
        return self.done >= self.plan.turns

    def next_actor(self):
        return self.plan.next_actor(self.commits, self.revealed, self.done)

    def started(self):
        """Every device has committed and the first turn's partner has revealed."""
        actor = self.next_actor()
        return actor is None or self.done > 0 or actor == self.plan.roller(0)

    def copy(self):
        return Shared(self.game_id, self.ruleset, self.names, self.seats, self.commits,
                      self.revealed, self.turns, self.plan)

    def header(self):
        return (self.game_id, self.ruleset, self.names, self.seats)

    # -------------------------------------------------------------- the link
    def to_bytes(self):
        n = len(self.names)
        out = bytearray([VERSION])
        out += self.game_id
        out.append(RULESETS.index(self.ruleset) << 4 | (n - 1))
        out.append(sum(1 << s for s, seat in enumerate(self.seats) if seat == REMOTE))
        for name in self.names:
            raw = name.encode("utf-8")
            out.append(len(raw))
            out += raw
        out.append(sum(1 << d for d, c in enumerate(self.commits) if c is not None))
        for c in self.commits:
            if c is not None:
                out += c
        for count, value in self.revealed:
            out.append(count)
            if count:
                out += value
        out.append(len(self.turns))
        bits = _Bits()
        for holds, box in self.turns:
            bits.put(len(holds), 2)
            for mask in holds:
                bits.put(mask, 5)
            bits.put(box, 4)
        out += bits.bytes()
        out += hashlib.sha256(bytes(out)).digest()[:_CHECK]
        return bytes(out)

    def fragment(self):
        return PREFIX + b64encode(self.to_bytes())


class _Bits:
    def __init__(self, data=b""):
        self.data = bytearray(data)
        self.n = 0          # bits written, or read

    def put(self, value, width):
        for i in range(width - 1, -1, -1):
            if self.n % 8 == 0:
                self.data.append(0)
            if value >> i & 1:
                self.data[-1] |= 0x80 >> (self.n % 8)
            self.n += 1

    def get(self, width):
        value = 0
        for _ in range(width):
            byte = self.n // 8
            if byte >= len(self.data):
                raise LinkError("damaged", "the moves are cut short")
            value = value << 1 | (self.data[byte] >> (7 - self.n % 8) & 1)
            self.n += 1
        return value

    def bytes(self):
        return bytes(self.data)


def b64encode(data):
    text = b2a_base64(data).decode().strip().rstrip("=")
    return text.replace("+", "-").replace("/", "_")


def b64decode(text):
    """Strict base64url: one spelling per byte string (an edited last character that
    only changes unused bits is refused too)."""
    if not isinstance(text, str) or len(text) % 4 == 1:
        raise LinkError("damaged", "not a link's text")
    try:
        data = a2b_base64((text.replace("-", "+").replace("_", "/")
                           + "=" * (-len(text) % 4)).encode())
    except Exception:
        raise LinkError("damaged", "not a link's text")
    if b64encode(data) != text:
        raise LinkError("damaged", "not a link's text")
    return data


class _Reader:
    def __init__(self, data):
        self.data = data
        self.at = 0

    def take(self, count):
        if self.at + count > len(self.data):
            raise LinkError("damaged", "the link is cut short")
        part = self.data[self.at:self.at + count]
        self.at += count
        return part

    def byte(self):
        return self.take(1)[0]


def from_fragment(fragment):
    """The :class:`Shared` state a fragment (with or without ``#``) carries; LinkError."""
    if not isinstance(fragment, str):
        raise LinkError("damaged", "not a link")
    fragment = fragment[1:] if fragment.startswith("#") else fragment
    if not fragment.startswith(PREFIX):
        raise LinkError("damaged", "not a game link")
    data = b64decode(fragment[len(PREFIX):])
    if len(data) < _CHECK + 1 or hashlib.sha256(data[:-_CHECK]).digest()[:_CHECK] != data[-_CHECK:]:
        raise LinkError("damaged", "the link was cut short or changed")
    try:
        return _parse(_Reader(data[:-_CHECK]))
    except LinkError:
        raise
    except (DicePokerError, ValueError, IndexError, UnicodeError):
        raise LinkError("damaged", "the link does not describe a game")


def _parse(r):
    if r.byte() != VERSION:
        raise LinkError("damaged", "a link of another version")
    game_id = bytes(r.take(ID_BYTES))
    packed = r.byte()
    ruleset = RULESETS[packed >> 4]
    n = (packed & 15) + 1
    mask = r.byte()
    seats = [REMOTE if mask >> s & 1 else "human" for s in range(n)]
    if mask >> n or REMOTE not in seats or "human" not in seats:
        raise LinkError("damaged", "bad seats")
    names = check_players([bytes(r.take(r.byte())).decode("utf-8") for _ in range(n)])
    shared = Shared(game_id, ruleset, names, seats)
    devices = shared.plan.devices
    committed = r.byte()
    if committed >> devices:
        raise LinkError("damaged", "bad commitments")
    shared.commits = [bytes(r.take(VALUE_BYTES)) if committed >> d & 1 else None
                      for d in range(devices)]
    revealed = []
    for d in range(devices):
        count = r.byte()
        revealed.append((count, bytes(r.take(VALUE_BYTES)) if count else None))
    shared.revealed = revealed
    done = r.byte()
    if done > shared.plan.turns:
        raise LinkError("damaged", "too many turns")
    bits = _Bits(r.take(len(r.data) - r.at))
    boxes = len(get_ruleset(ruleset).boxes)
    turns = []
    for _ in range(done):
        rolls = bits.get(2)
        if rolls > 2:
            raise LinkError("damaged", "a turn has at most three rolls")
        holds = tuple(bits.get(5) for _ in range(rolls))
        box = bits.get(4)
        if box >= boxes:
            raise LinkError("damaged", "no such box")
        turns.append((holds, box))
    if len(bits.data) != (bits.n + 7) // 8 or _trailing(bits):
        raise LinkError("damaged", "the moves have extra bits")
    shared.turns = turns
    return shared


def _trailing(bits):
    """The unused low bits of the last byte are set (one spelling per state)."""
    spare = len(bits.data) * 8 - bits.n
    return bool(bits.data[-1] & ((1 << spare) - 1)) if spare else False
