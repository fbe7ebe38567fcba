"""Fair dice between devices with no server: commitments, hash chains and turn keys.

A game played by link has one **device** per group of seats: device 0 (the
one that set the game up) holds every seat that is not ``remote``, and each
remote seat is a device of its own.  Every device keeps a secret ``s`` and a
hash chain over it: ``v[k] = H^(L-k)(s)`` for ``k = 0..L`` (``H`` is SHA-256
cut to 16 bytes, ``L`` the number of values the device uses in the game).
``v[0]`` is its **commitment**, sent before any die is thrown; ``v[k]`` is
revealed by sending ``v[k]`` itself (anyone checks ``H^k(v[k]) == v[0]``, and
revealing ``v[k]`` reveals every earlier value, never a later one).

Each turn ``t`` uses one value of two devices (:class:`Plan`): the **roller**
(the device of the seat on turn) and its **partner** (the device of the
nearest earlier seat held by another device: the one that sent the link
that brought the game to the roller).  The turn's dice come from
``key = H("dice-poker/turn" | game id | t | roller's value | partner's value)``
(``dicepoker.keyed_dice``).  Which value a device uses for which turn is fixed
by the seats alone (its uses in turn order), so nobody chooses.  The partner
reveals its value in the link it sends; the roller's value stays secret until
the roller sends its own next link, where the value it reveals for the next
player lies further along its chain.  So:

- no device can choose its dice: both values are bound by commitments made
  before either was revealed (a reload, cleared storage or a new secret
  cannot give other dice: another secret does not hash to the commitment);
- no device can foresee another seat's dice: the roller's value is secret
  until its turn is played; the roller itself knows its dice once it has the
  partner's value (one could read them ahead with developer tools within a
  turn: the one thing left open, said on the rules page);
- every link is checked in full on arrival (:func:`verify`): every revealed
  value against its commitment, every past roll's key from revealed values,
  every move replayed by the engine; the last link reveals every secret, so
  the end screen says that every roll of the game was checked.

Pure Python for CPython and MicroPython (``hashlib.sha256`` is in both).
"""

import hashlib
from binascii import hexlify, unhexlify

from .errors import DicePokerError
from .keyed_dice import KEY_BYTES
from .seats import HUMAN, REMOTE

VALUE_BYTES = 16
MAX_DEVICES = 8


class LinkError(DicePokerError):
    """A link that cannot be taken: ``code`` says why (``damaged``, ``other_game``,
    ``older``, ``forked``, ``unverified``, ``impossible``, ``not_yours``, ``secret``)."""


def to_hex(data):
    return hexlify(data).decode()


def from_hex(text):
    """Bytes of a hex text, or None (never an exception: it comes from storage)."""
    try:
        return unhexlify(text) if isinstance(text, str) else None
    except Exception:
        return None


def digest(data):
    return hashlib.sha256(data).digest()[:VALUE_BYTES]


def walk(value, steps):
    """``H`` applied ``steps`` times."""
    for _ in range(steps):
        value = digest(value)
    return value


def seat_devices(seats):
    """The device of each seat: 0 for the seats on the device that set the game up,
    1, 2, ... for the remote seats in seat order."""
    out, remote = [], 0
    for seat in seats:
        if seat == REMOTE:
            remote += 1
            out.append(remote)
        else:
            out.append(0)
    return out


class Plan:
    """Who rolls each turn, who helps, and which chain value each uses: fixed by the seats."""

    def __init__(self, seats, rounds):
        devices = self.seat_devices = seat_devices(seats)
        n = self.players = len(seats)
        self.devices = max(devices) + 1
        self.turns = n * rounds
        self._partner = []
        for s in range(n):
            k = (s - 1) % n
            while devices[k] == devices[s]:
                k = (k - 1) % n
            self._partner.append(devices[k])
        self.index = {}                 # (device, turn) -> index of the value it uses
        counts = [0] * self.devices
        for t in range(self.turns):
            for d in (self.roller(t), self.partner(t)):
                counts[d] += 1
                self.index[(d, t)] = counts[d]
        self.lengths = counts           # the length of each device's chain
        p0 = self.partner(0)
        # the partner of the first turn commits last, so that it can reveal at once
        self.commit_order = [d for d in range(self.devices) if d != p0 or d == 0]
        if p0 != 0:
            self.commit_order.append(p0)

    def roller(self, t):
        return self.seat_devices[t % self.players]

    def partner(self, t):
        return self._partner[t % self.players]

    def seats_of(self, device):
        return [s for s, d in enumerate(self.seat_devices) if d == device]

    def run_end(self, t):
        """The last turn of the run of turns from ``t`` played on one device in a row."""
        while t + 1 < self.turns and self.roller(t + 1) == self.roller(t):
            t += 1
        return t

    def used_before(self, device, done):
        """The index of ``device``'s last value used by the first ``done`` turns (0: none)."""
        best = 0
        for t in range(min(done, self.turns)):
            best = self.index.get((device, t), best)
        return best

    def owed(self, device, done):
        """How far along its chain ``device`` reveals once it has acted with ``done`` turns
        played: every value used so far and, as the partner of the next run, its values."""
        if done >= self.turns:
            return self.lengths[device]
        if self.partner(done) == device:
            return self.index[(device, self.run_end(done))]
        return self.used_before(device, done)

    def next_actor(self, commits, revealed, done):
        """The device that acts next: one that has not committed (in ``commit_order``), the
        partner of the next run if it has not revealed, the roller; None once it is over."""
        for d in self.commit_order:
            if commits[d] is None:
                return d
        if done >= self.turns:
            return None
        p = self.partner(done)
        if revealed[p][0] < self.index[(p, self.run_end(done))]:
            return p
        return self.roller(done)

    def kinds(self, device, playing=True):
        """The engine's seat kinds as ``device`` sees them: its own seats are people,
        the others are remote (all of them until the game can start)."""
        return [HUMAN if d == device and playing else REMOTE for d in self.seat_devices]


def new_secret(entropy):
    """A device's secret from random bytes (at least 16, from the browser's crypto)."""
    if not isinstance(entropy, bytes) or len(entropy) < VALUE_BYTES:
        raise LinkError("secret", "a secret needs 16 random bytes")
    return digest(b"dice-poker/secret" + entropy)


def chain(value, count):
    """``[v[0], ..., v[count]]`` from ``v[count]`` (a revealed value, or a secret)."""
    out = [value]
    for _ in range(count):
        value = digest(value)
        out.append(value)
    out.reverse()
    return out


def turn_key(game_id, turn, own, partner):
    return hashlib.sha256(b"dice-poker/turn" + game_id + bytes([turn]) + own
                          + partner).digest()[:KEY_BYTES]


def known_values(plan, commits, revealed, device=None, secret=None):
    """Each device's chain values known here: revealed ones, and all of ``device``'s own
    (from its ``secret``)."""
    values = []
    for d in range(plan.devices):
        if d == device and secret is not None:
            values.append(chain(secret, plan.lengths[d]))
        else:
            count, value = revealed[d]
            values.append(chain(value, count) if count else [commits[d]])
    return values


def turn_keys(game_id, plan, values):
    """{turn: key} for every turn both of whose values are known."""
    keys = {}
    for t in range(plan.turns):
        a, p = plan.roller(t), plan.partner(t)
        ia, ip = plan.index[(a, t)], plan.index[(p, t)]
        if ia < len(values[a]) and ip < len(values[p]):
            keys[t] = turn_key(game_id, t, values[a][ia], values[p][ip])
    return keys


def first_turn_of(plan, device, above):
    """The first turn using one of ``device``'s values past index ``above``."""
    for t in range(plan.turns):
        if plan.index.get((device, t), 0) > above:
            return t
    return 0


def verify(plan, commits, revealed, held=None):
    """Check every revealed value against its commitment (and against the values this
    device held, ``held``: ``[(count, value)]``).  None when all hold, else
    ``(device, turn)``: the first roll that does not come from that device's commitment."""
    for d in range(plan.devices):
        count, value = revealed[d]
        if not count:
            continue
        if commits[d] is None or count > plan.lengths[d]:
            return d, first_turn_of(plan, d, 0)
        old_count, old_value = held[d] if held is not None else (0, commits[d])
        if old_count > count:
            old_count, old_value = 0, commits[d]
        if old_count == count and old_count:        # the same value, or another one
            if value != old_value:
                return d, first_turn_of(plan, d, count - 1)
            continue
        if walk(value, count - old_count) != (old_value if old_count else commits[d]):
            return d, first_turn_of(plan, d, old_count)
        if walk(value, count) != commits[d]:
            return d, first_turn_of(plan, d, 0)
    return None


def secret_matches(plan, device, secret, commit):
    return walk(secret, plan.lengths[device]) == commit
