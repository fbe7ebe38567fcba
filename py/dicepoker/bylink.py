"""A game played by link: what every link carries, its compact form, and how a
device takes one in.

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

A device takes a link in with :func:`merge`: a damaged, truncated or edited
link (the checksum, a strict base64 that has one spelling per byte string),
one that says another thing about this game than the device holds
(``other_game``), one that is older than what it holds (``older``) or
branches off it (``forked``), one whose values do not hash to their
commitments (``unverified``, naming the roll) and one with a move the rules
refuse (``impossible``) are all refused with :class:`~dicepoker.fair.LinkError`;
the caller keeps what it had.  Pure Python for CPython and MicroPython.
"""

import hashlib
from binascii import a2b_base64, b2a_base64

from .errors import DicePokerError
from .fair import MAX_DEVICES, VALUE_BYTES, LinkError, Plan, known_values, turn_keys, verify
from .game import Game, check_players
from .keyed_dice import KeyedDice
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


# ------------------------------------------------------------- moves and games
def turns_of(game):
    """The complete turns of an engine game, as a link stores them."""
    turns, holds, boxes = [], [], game.ruleset.boxes
    for move in game.moves:
        if "roll" in move:
            holds.append(sum(1 << i for i in move["roll"]))
        else:                           # the first roll keeps nothing: not stored
            turns.append((tuple(holds[1:]), boxes.index(move["score"])))
            holds = []
    return turns


def moves_of(shared, turn):
    holds, box = shared.turns[turn]
    moves = [{"roll": []}]
    for mask in holds:
        moves.append({"roll": [i for i in range(5) if mask >> i & 1]})
    moves.append({"score": get_ruleset(shared.ruleset).boxes[box]})
    return moves


def game_of(shared, device=None, secret=None):
    """The engine game of ``shared`` as ``device`` sees it (its seats are people once the
    game can start; its secret gives it its own turns' dice); LinkError ``impossible``
    for a move the rules refuse."""
    plan = shared.plan
    values = known_values(plan, shared.commits, shared.revealed, device, secret)
    keys = turn_keys(shared.game_id, plan, values) if None not in shared.commits else {}
    game = Game(shared.names, ruleset=shared.ruleset,
                seats=plan.kinds(device, shared.started()),
                dice=KeyedDice(keys, plan.players))
    for turn in range(shared.done):
        try:
            for move in moves_of(shared, turn):
                game.apply(move)
        except DicePokerError:
            raise LinkError("impossible", "a move the rules do not allow", turn=turn)
    return game


def check(shared, held=None):
    """Raise LinkError unless every value of ``shared`` comes from its commitments (and
    follows what this device ``held``) and every past turn has both its values."""
    plan = shared.plan
    if any(count and None in shared.commits for count, _ in shared.revealed):
        raise LinkError("unverified", "a value revealed before everyone committed", turn=0)
    for d in range(plan.devices):
        if shared.revealed[d][0] < plan.used_before(d, shared.done):
            raise LinkError("unverified", "a played turn's value is missing",
                            turn=_first_missing(shared, d))
    failed = verify(plan, shared.commits, shared.revealed,
                    held.revealed if held is not None else None)
    if failed is not None:
        raise LinkError("unverified", "a value does not match its commitment",
                        device=failed[0], turn=failed[1])


def _first_missing(shared, device):
    count = shared.revealed[device][0]
    for t in range(shared.done):
        if shared.plan.index.get((device, t), 0) > count:
            return t
    return 0


def rolls_checked(shared):
    """How many rolls of the played turns come from revealed, checked values."""
    return sum(len(holds) + 1 for holds, _ in shared.turns)


def compare(held, incoming):
    """``"newer"``, ``"same"`` or ``"older"`` for a link of the game ``held``; LinkError
    ``other_game`` or ``forked`` when the two cannot both be this game."""
    if held.header() != incoming.header():
        raise LinkError("other_game", "another game with this game's id")
    more = less = False
    for mine, theirs in zip(held.commits, incoming.commits):
        if mine is not None and theirs is not None and mine != theirs:
            raise LinkError("forked", "another commitment")
        more = more or (theirs is not None and mine is None)
        less = less or (mine is not None and theirs is None)
    short = min(held.done, incoming.done)
    if held.turns[:short] != incoming.turns[:short]:
        raise LinkError("forked", "another move", turn=_fork_at(held, incoming))
    if incoming.done > held.done:
        more = True
    elif incoming.done < held.done:
        less = True
    for (mine, _), (theirs, _) in zip(held.revealed, incoming.revealed):
        more = more or theirs > mine
        less = less or theirs < mine
    if more and not less:
        return "newer"
    if not more and not less:
        return "same"
    if less and not more:
        return "older"
    raise LinkError("forked", "a link that branches off this game")


def _fork_at(held, incoming):
    for t, (a, b) in enumerate(zip(held.turns, incoming.turns)):
        if a != b:
            return t
    return 0


def merged(held, incoming):
    """What this device holds after the link ``incoming``: ``(shared, what)`` where
    ``what`` is ``"newer"``, ``"same"`` or ``"older"`` (then ``held``, unchanged).
    LinkError for a link that cannot be taken; ``held`` is never changed."""
    what = compare(held, incoming)
    if what != "newer":
        check(incoming, held)       # the same turns with other values is no replay
        return held, what
    # what the device held that the link lacks (a commitment or a reveal of its own
    # that the sender did not know yet) stays
    out = incoming.copy()
    out.commits = [a if a is not None else b for a, b in zip(incoming.commits, held.commits)]
    out.revealed = [a if a[0] >= b[0] else b for a, b in zip(incoming.revealed, held.revealed)]
    check(out, held)
    game_of(out)
    return out, what


def taken(incoming):
    """A link this device has never seen: checked from its commitments alone."""
    check(incoming)
    game_of(incoming)
    return incoming


def new_shared(game_id, ruleset, names, seats):
    """A game set up on this device (device 0), before anyone has committed."""
    if len(game_id) != ID_BYTES:
        raise LinkError("secret", "a game id has 6 bytes")
    if REMOTE not in seats:
        raise LinkError("damaged", "no remote seat")
    shared = Shared(game_id, ruleset, check_players(names), seats)
    if shared.plan.devices > MAX_DEVICES:
        raise LinkError("damaged", "too many devices")
    return shared


def act(shared, device, secret):
    """What ``device`` adds when it acts: its commitment, then (once everyone has
    committed) the values it owes (:meth:`~dicepoker.fair.Plan.owed`).  A new Shared."""
    from .fair import chain
    plan = shared.plan
    out = shared.copy()
    values = chain(secret, plan.lengths[device])
    if out.commits[device] is None:
        out.commits[device] = values[0]
    if None not in out.commits:
        owed = plan.owed(device, out.done)
        if owed > out.revealed[device][0]:
            out.revealed[device] = (owed, values[owed])
    return out


def rolls_now(shared, device):
    """``device`` is to play the turn on now (everyone committed, its partner revealed)."""
    return None not in shared.commits and not shared.over \
        and shared.next_actor() == device == shared.plan.roller(shared.done)


def with_turns(shared, game):
    """``shared`` with the complete turns of the engine game played on this device."""
    out = shared.copy()
    out.turns = turns_of(game)
    return out
