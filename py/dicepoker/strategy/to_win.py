"""Playing to win: the chance to win of every option, and a computer that takes the best.

Two ways to value an option, the first wherever it applies:

- **The end-of-game tables** (``static/strategy/<rules>.win.gz``, built by
  :mod:`.build_win`; :class:`WinTables` reads them): for every between-turns
  state with at most ``open`` open boxes (3 as shipped), the best chance of
  scoring more than d more points for every d, a final of exactly d counting
  half (``beat``), and the distribution of the points still to come under
  the optimal-for-points policy (``points``).  :func:`win_advice` solves the
  current turn exactly (every throw, keep and box, as the advisor does) on
  top of them, so it applies from ``open + 1`` open boxes on: the value of
  filling a box is the chance to win from the state it leads to, against
  the opponents' finals: exact for an opponent who has finished, from the
  ``points`` distribution for one with at most ``open`` open boxes (they
  are taken to play for points, as the Optimal computer does), and from the
  normal model of :mod:`.chances` otherwise.  Against a finished opponent
  the chance is exact (on the player's last turn it needs no table at all).
  With opponents still to play, the rest of the player's own game is valued
  as if the opponents' finals were known before it (each final's best
  policy, averaged): exact on the last turn, a little optimistic before.
- **The model** (:mod:`.chances`) earlier in the game: every final normal, the
  option's chance :func:`beat_chance`; :func:`to_win_option` is the "to win"
  computer's pick there (only options within 8 points of the best weighed).

The file (gzip)::

    b"DPWN"  version(1 byte)  0  header length (2 bytes, little endian)
    header   JSON: format, rules and their parameters, open, states, quantum
             (of beat), points_quantum, beat_bytes, points_bytes
    lengths  per state, its beat record's length in bytes: all low bytes, then all
             high bytes; then the same for the points records
    records  every beat record, then every points record

States come in :func:`open_counts_order` (one open box, then two, ...; box sets
ascending; each box set's states in :class:`.states.Layout` order).  A record
is a nonincreasing sequence v[d] of multiples of 1/q (``quantum`` = 16384 for
beat, ``points_quantum`` = 1024 for points), 1 before its first entry and 0
after its last: varint(lo), varint(n), then n varints v[d - 1] - v[d] for
d = lo .. lo + n - 1 (v[lo - 1] = q).  For
``beat``, v[d] is the chance above; for ``points``, v[x] = P(X > x), so its
deltas are the distribution.

Pure Python, CPython and MicroPython.
"""

import json
import math

from ..rules import BOXES, MAX_ROLLS, POKER, POKER_POINTS, RULESETS
from . import dicesets
from .advisor import Advisor
from .chances import POINT_MASS, Model, chances_of
from .states import UPPER_COUNT, Layout
from .table import (TableError, _GZIP_MAGIC, _Reader, _ViewReader, _open_stream, _rule_params)

WIN_MAGIC = b"DPWN"
WIN_VERSION = 1
WIN_FORMAT = "dice-poker/win"
WIN_QUANTUM = 1 << 16           # the builder's records, and the turn's chances, in 1/65536
BEAT_QUANTUM = 1 << 14          # the file's beat records in 1/16384 (error < 3.1e-5)
POINTS_QUANTUM = 1 << 10        # its points records in 1/1024 (error < 4.9e-4): 2 MB at most
_CHUNK_BITS = 16
_CHUNK = 1 << _CHUNK_BITS        # records are read in pieces of 64 KiB (MicroPython's heap)
_RECORD_CACHE = 512
_TINY = 1e-12                   # opponents' finals less likely than this are left out


# ------------------------------------------------------------------ the file

def open_counts_order(layout, open_max):
    """The box sets (masks) with 1 .. ``open_max`` open boxes, by open boxes then mask."""
    count = layout.box_count
    order = []
    for k in range(1, open_max + 1):
        masks = []
        _combinations(count, k, 0, 0, masks)
        order.extend(sorted(layout.full_mask ^ m for m in masks))
    return order


def _combinations(count, k, first, mask, out):
    if k == 0:
        out.append(mask)
        return
    for i in range(first, count - k + 1):
        _combinations(count, k - 1, i + 1, mask | 1 << i, out)


def _varint(n, out):
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)


def encode_record(values, q=WIN_QUANTUM):
    """The bytes of a record of ``values`` (a nonincreasing list from <= q to 0)."""
    lo = 0
    while lo < len(values) and values[lo] >= q:
        lo += 1
    end = lo
    while end < len(values) and values[end] > 0:
        end += 1
    if end == len(values):
        raise ValueError("a record must end at 0")
    out = bytearray()
    _varint(lo, out)
    _varint(end - lo + 1, out)
    previous = q
    for d in range(lo, end + 1):
        v = values[d]
        if v > previous or v < 0:
            raise ValueError("a record must not increase")
        _varint(previous - v, out)
        previous = v
    return bytes(out)


def requantise(record, q):
    """A record of 1/65536 (the builder's) as the same record in 1/``q``, rounded."""
    lo, values = decode_record(record)
    half, double = WIN_QUANTUM, 2 * WIN_QUANTUM
    return encode_record([q] * lo + [(v * 2 * q + half) // double for v in values], q)


def decode_record(data, start=0, q=WIN_QUANTUM):
    """(lo, [v[lo], ..., 0]) of the record at ``start`` of ``data`` (anything indexable)."""
    pos = start
    numbers = []
    previous = q
    values = None
    count = -1
    while True:
        n = shift = 0
        while True:
            byte = data[pos]
            pos += 1
            n |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                break
        if values is None:
            numbers.append(n)
            if len(numbers) == 2:
                values, count = [], numbers[1]
                if not count:
                    break
            continue
        previous -= n
        values.append(previous)
        if len(values) == count:
            break
    return numbers[0], values


class _Chunks:
    """Bytes read in pieces, indexable as one sequence (no multi-megabyte buffer)."""

    def __init__(self, pieces):
        self.pieces = pieces

    def __getitem__(self, pos):
        return self.pieces[pos >> _CHUNK_BITS][pos & (_CHUNK - 1)]


class WinTables:
    """The end-of-game tables of one rule set (see the module docstring).

    ``beat(mask, upper, holds50)`` and ``points(...)`` give a state's record
    as (lo, values): v[d] = values[d - lo], 1 (``quantum``) below lo, 0 after
    the last.  ``open`` is the most open boxes a state in the tables has.
    """

    def __init__(self, header, beat_lengths, points_lengths, beat, points):
        self.path = None
        self.header = header
        self.rules = RULESETS[header["rules"]]
        self.layout = Layout.of(self.rules)
        self.open = header["open"]
        self.size = header["states"]
        self.quantum = header["quantum"]
        self.points_quantum = header["points_quantum"]
        self._beat = beat
        self._points = points
        self._beat_starts = _starts(beat_lengths)
        self._points_starts = _starts(points_lengths)
        self._first = {}
        record = 0
        layout = self.layout
        for mask in open_counts_order(layout, self.open):
            self._first[mask] = record - layout.offset(mask)
            record += layout.class_count[mask & 63] * len(layout.flags(mask))
        if record != self.size:
            raise TableError("the win table has %d states, the rules have %d"
                             % (self.size, record))
        self._cache = {}
        self._order = []

    # ---------------------------------------------------------------- loading
    @classmethod
    def from_bytes(cls, data):
        import io
        return cls._from_reader(_Reader(_open_stream(io.BytesIO(data), bytes(data[:2]))))

    @classmethod
    def from_file(cls, path):
        with open(path, "rb") as raw:
            first_two = raw.read(2)
            raw.seek(0)
            tables = cls._from_reader(_Reader(_open_stream(raw, first_two)))
        tables.path = path
        return tables

    @classmethod
    def from_buffer(cls, data):
        """Decompressed bytes read in place (the records are views of ``data``)."""
        return cls._from_reader(_ViewReader(data))

    @classmethod
    def beside(cls, table):
        """The win tables in the folder ``table`` was read from (``<rules>.win.gz``), read
        once per table; TableError if there are none (see :meth:`.spread.Spread.beside`)."""
        tables = getattr(table, "_win_beside", None)
        if tables is not None:
            return tables
        if getattr(table, "path", None) is None:
            raise TableError("the strategy table was not read from a file, so its win"
                             " tables cannot be found beside it")
        path = str(table.path)
        folder = path[:max(path.rfind("/"), path.rfind("\\")) + 1]
        path = folder + table.rules.id + ".win.gz"
        try:
            tables = cls.from_file(path)
        except OSError:
            raise TableError("there are no win tables %s beside the strategy table" % path)
        if tables.rules.id != table.rules.id:
            raise TableError("%s is for %s, the table for %s"
                             % (path, tables.rules.id, table.rules.id))
        table._win_beside = tables
        return tables

    @classmethod
    def _from_reader(cls, reader):
        start = reader.read(8)
        if bytes(start[:4]) != WIN_MAGIC:
            raise TableError("not a win table")
        if start[4] != WIN_VERSION:
            raise TableError("win table version %d is not supported" % start[4])
        try:
            header = json.loads(bytes(reader.read(start[6] | start[7] << 8)))
        except ValueError:
            raise TableError("the win table header is damaged")
        if not isinstance(header, dict) or header.get("format") != WIN_FORMAT:
            raise TableError("not a win table")
        ruleset = RULESETS.get(header.get("rules"))
        if ruleset is None:
            raise TableError("the win table is for unknown rules %r" % (header.get("rules"),))
        expected = _rule_params(ruleset)
        for key in expected:
            if header.get(key) != expected[key]:
                raise TableError("the win table was built for other %s rules (%s differs)"
                                 % (ruleset.id, key))
        if not (isinstance(header.get("quantum"), int) and isinstance(header.get("states"), int)
                and isinstance(header.get("points_quantum"), int)):
            raise TableError("the win table layout is not supported")
        size = header["states"]
        lengths = []
        for _ in range(2):
            low, high = reader.read(size), reader.read(size)
            lengths.append((low, high))
        parts = []
        for total in (header["beat_bytes"], header["points_bytes"]):
            pieces = []
            for first in range(0, total, _CHUNK):
                pieces.append(reader.read(min(_CHUNK, total - first)))
            parts.append(_Chunks(pieces))
        if not reader.at_end():
            raise TableError("the win table is longer than its header says")
        return cls(header, lengths[0], lengths[1], parts[0], parts[1])

    # ---------------------------------------------------------------- records
    def covers(self, open_count):
        """Whether states with ``open_count`` open boxes are in the tables."""
        return open_count <= self.open

    def record_index(self, mask, upper, holds50):
        first = self._first.get(mask)
        if first is None:
            raise ValueError("the win tables hold no state with these boxes open")
        return first + self.layout.index(mask, upper, holds50)

    def _record(self, which, index):
        key = which * self.size + index
        found = self._cache.get(key)
        if found is None:
            if which == 0:
                found = decode_record(self._beat, self._beat_starts[index], self.quantum)
            else:
                found = decode_record(self._points, self._points_starts[index],
                                      self.points_quantum)
            self._cache[key] = found
            self._order.append(key)
            if len(self._order) > _RECORD_CACHE:
                del self._cache[self._order.pop(0)]
        return found

    def beat(self, mask, upper, holds50):
        """(lo, values): the best chance of more than d more points (a tie half) x quantum."""
        return self._record(0, self.record_index(mask, upper, holds50))

    def points(self, mask, upper, holds50):
        """(lo, values): P(points still to come > x) x points_quantum, playing for points."""
        return self._record(1, self.record_index(mask, upper, holds50))

    def distribution(self, card, banked):
        """(lo, [probabilities]) of the final total of a player with ``card`` between turns."""
        if len(card) == self.layout.box_count:
            return banked, [1.0]
        lo, values = self.points(*self.layout.state_of(card))
        inverse = 1.0 / self.points_quantum
        out = []
        previous = self.points_quantum
        for v in values:
            out.append((previous - v) * inverse)
            previous = v
        return banked + lo, out


def _starts(lengths):
    low, high = lengths
    try:
        from array import array
        starts = array("I", [0] * (len(low) + 1))
    except ImportError:
        starts = [0] * (len(low) + 1)
    total = 0
    for i in range(len(low)):
        starts[i] = total
        total += low[i] | high[i] << 8
    starts[len(low)] = total
    return starts


# ------------------------------------------------------------ chances to win

class _Opponents:
    """The opponents' finals as the current player's decision sees them.

    ``win(y)``: the chance that a final of ``y`` wins (a tie shared equally);
    ``best``: [(m, probability)] of the best opponents' final (for the
    players' later turns); ``exact``: every opponent has finished.
    """

    def __init__(self, finals):
        self.exact = all(len(f[1]) == 1 for f in finals)
        self.finals = finals
        low = max(lo for lo, _ in finals)
        high = max(lo + len(p) - 1 for lo, p in finals)
        self.low, self.high = low, high
        cdfs = []          # per opponent: P(X <= y) for y = low - 1 .. high
        for lo, probs in finals:
            prefix = [0.0]
            for p in probs:
                prefix.append(prefix[-1] + p)
            last = len(probs)
            cdf = []
            for y in range(low - 1, high + 1):
                i = y - lo + 1
                cdf.append(0.0 if i <= 0 else prefix[i] if i < last else 1.0)
            cdfs.append(cdf)
        self._win = []
        best = []
        for k in range(1, len(cdfs[0])):
            # P(win with final y): the integral over t of the product of (P(X < y) + t P(X = y))
            poly = [1.0]
            below_all = 1.0
            for cdf in cdfs:
                a, b = cdf[k - 1], cdf[k] - cdf[k - 1]
                grown = [0.0] * (len(poly) + 1)
                for i, c in enumerate(poly):
                    grown[i] += c * a
                    grown[i + 1] += c * b
                poly = grown
                below_all *= cdf[k]
            chance = 0.0
            for i, c in enumerate(poly):
                chance += c / (i + 1)
            self._win.append(chance)
            previous = 1.0
            for cdf in cdfs:
                previous *= cdf[k - 1]
            mass = below_all - previous
            if mass > _TINY:
                best.append((low - 1 + k, mass))
        self.best = best

    def win(self, y):
        if y < self.low:
            return 0.0
        if y > self.high:
            return 1.0
        return self._win[y - self.low]


def _normal_final(mean, variance):
    """(lo, [probabilities]) of a final normal with this mean and variance, on the integers."""
    sd = math.sqrt(max(0.0, variance))
    if sd < POINT_MASS:
        return int(math.floor(mean + 0.5)), [1.0]
    lo = int(math.floor(mean - 6.0 * sd))
    hi = int(math.ceil(mean + 6.0 * sd))
    root = sd * math.sqrt(2.0)
    cdf = [0.5 * math.erfc((mean - (y + 0.5)) / root) for y in range(lo - 1, hi + 1)]
    probs = [cdf[i + 1] - cdf[i] for i in range(len(cdf) - 1)]
    total = sum(probs)
    return lo, [p / total for p in probs]


class WinAdvisor:
    """Chances to win of every option (see :func:`win_advice`); one per table, reused.

    ``advisor`` an :class:`.advisor.Advisor`; ``wins`` the :class:`WinTables`
    (None: the model everywhere); ``model`` a :class:`.chances.Model` or None
    (found beside the table when needed, if it was read from a file).
    """

    def __init__(self, advisor, wins=None, model=None):
        self.advisor = advisor
        self.rules = advisor.rules
        self.layout = advisor.layout
        self.wins = wins
        self._model = model
        self._turn_key = None
        self._turn = None

    def model(self):
        if self._model is None:
            from .chances import _model
            self._model = _model(self.advisor, None)
        return self._model

    def uses_tables(self, game):
        """Whether the current decision of ``game`` is valued with the end-of-game tables."""
        if self.wins is None or len(game.players) < 2:
            return False
        return self.wins.covers(self.layout.box_count - len(game.card()) - 1)

    def advise(self, game):
        advice = self.advisor.advise(game)
        options = [dict(o) for o in advice["options"]]
        for o in options:
            o["move"] = dict(o["move"])
        if len(game.players) < 2:
            for o in options:
                o["win"] = 1.0
            exact, method = True, "alone"
        elif self.uses_tables(game):
            exact = self._with_tables(game, options, advice["banked"])
            method = "tables"
        else:
            self._with_model(game, options, advice["banked"])
            exact, method = False, "model"
        points_best = options[0]                  # the advisor's order: best for points first
        order = sorted(range(len(options)), key=lambda i: (-options[i]["win"], i))
        options = [options[i] for i in order]
        return {"player": advice["player"], "rolls_used": advice["rolls_used"],
                "dice": advice["dice"], "banked": advice["banked"], "exact": exact,
                "method": method, "options": options, "best": options[0],
                "points_best": points_best}

    # ------------------------------------------------------------ the model
    def _with_model(self, game, options, banked):
        model = self.model()
        player = game.current_player
        others = []
        for other in range(len(game.players)):
            if other != player:
                others.append(model.between_turns(game.cards[other],
                                                  game.breakdown(other)["total"]))
        card = game.card()
        for option in options:
            mean, variance = model.option_moments(card, game.dice, game.rolls_used, option,
                                                  banked)
            option["win"] = beat_chance(mean, variance, others)

    # ----------------------------------------------------------- the tables
    def _opponents(self, game):
        wins, player = self.wins, game.current_player
        finals, key = [], []
        for other in range(len(game.players)):
            if other == player:
                continue
            card, total = game.cards[other], game.breakdown(other)["total"]
            state = self.layout.state_of(card)
            key.append((state, total))
            open_count = self.layout.box_count - len(card)
            if open_count == 0:
                finals.append((total, [1.0]))
            elif wins.covers(open_count):
                finals.append(wins.distribution(card, total))
            else:
                finals.append(_normal_final(*self.model().between_turns(card, total)))
        return finals, tuple(key)

    def _with_tables(self, game, options, banked):
        card = game.card()
        finals, key = self._opponents(game)
        key = (self.layout.state_of(card), banked, key)
        if key != self._turn_key:
            self._turn = _WinTurn(self, card, banked, _Opponents(finals))
            self._turn_key = key
        turn = self._turn
        rolls_left = MAX_ROLLS - game.rolls_used
        keep_unit = float(WIN_QUANTUM * dicesets.KEEP_SCALE)
        for option in options:
            kind = option["kind"]
            if kind == "roll":
                option["win"] = turn.keep_values(3)[0] / keep_unit
            elif kind == "hold":
                keep = dicesets.keep_index(option["keep"])
                option["win"] = turn.keep_values(rolls_left)[keep] / keep_unit
            else:
                option["win"] = turn.fill(option["box"], option["points"], option["bonus"])
        return turn.opponents.exact


class _WinTurn:
    """One turn of the current player valued by the chance to win (the advisor's TurnPlan
    with chances for points): every box's chance per throw, then every keep's."""

    def __init__(self, owner, card, banked, opponents):
        self.owner = owner
        self.advisor = owner.advisor
        self.rules = owner.rules
        self.layout = owner.layout
        self.wins = owner.wins
        self.card = dict(card)
        self.banked = banked
        self.opponents = opponents
        self.mask, self.upper, self.holds50 = self.layout.state_of(card)
        self._values = {}
        self._keeps = {}
        self._score = None

    def fill(self, box, points, bonus=0):
        """The chance to win after filling ``box`` with ``points`` (and a poker ``bonus``)."""
        rules, layout = self.rules, self.layout
        upper = self.upper
        gained = points + bonus
        if BOXES[box].section == "upper":
            cap = rules.upper_bonus_at
            if upper < cap <= upper + points:
                gained += rules.upper_bonus
            upper += points
        holds50 = self.holds50
        if box == POKER:
            holds50 = 1 if points == POKER_POINTS else 0
        mask = self.mask | 1 << layout.bit[box]
        final = self.banked + gained
        if mask == layout.full_mask:
            return self.opponents.win(final)
        key = (mask, min(upper, layout.cap), holds50, final)
        value = self._values.get(key)
        if value is None:
            value = self._later(mask, upper, holds50, final)
            self._values[key] = value
        return value

    def _later(self, mask, upper, holds50, banked):
        """Chance to win from a between-turns state of the player with ``banked`` points:
        each best opponents' final m weighted by the best chance to beat it from there."""
        lo, values = self.wins.beat(mask, upper, holds50)
        q = self.wins.quantum
        n = len(values)
        total = 0.0
        for m, p in self.opponents.best:
            d = m - banked - lo
            if d < 0:
                total += p * q
            elif d < n:
                total += p * values[d]
        return total / q

    def _units(self, box, points, bonus=0):
        return int(self.fill(box, points, bonus) * WIN_QUANTUM + 0.5)

    def score_values(self):
        """Chance to win x quantum of the best box, for each of the 252 throws."""
        if self._score is not None:
            return self._score
        advisor, rules = self.advisor, self.rules
        best = None
        for i, box in enumerate(rules.boxes):
            if self.mask >> i & 1:
                continue
            if i < UPPER_COUNT:
                face = i + 1
                by_count = [self._units(box, face * n) for n in range(6)]
                values = [by_count[n] for n in advisor.face_counts[face]]
            elif box == POKER:
                missed, made = self._units(box, 0), self._units(box, POKER_POINTS)
                values = [made if p else missed for p in advisor.points[box]]
            else:
                by_points = {}
                values = []
                for p in advisor.points[box]:
                    v = by_points.get(p)
                    if v is None:
                        v = by_points[p] = self._units(box, p)
                    values.append(v)
            best = values if best is None else [v if v > b else b for b, v in zip(best, values)]
        for t in advisor.special_throws(self.card):
            throw = dicesets.THROWS[t]
            bonus = rules.poker_bonus_for(self.card, throw)
            top = None
            for box, points in rules.options(self.card, throw).items():
                v = self._units(box, points, bonus)
                if top is None or v > top:
                    top = v
            best[t] = top
        self._score = best
        return best

    def keep_values(self, rolls_left):
        """Chance to win x quantum x 7776 of every keep with ``rolls_left`` rolls left."""
        keeps = self._keeps.get(rolls_left)
        if keeps is None:
            if rolls_left == 1:
                after = self.score_values()
            else:
                after = dicesets.rescale(dicesets.best_keep_per_throw(
                    self.keep_values(rolls_left - 1)))
            keeps = dicesets.keep_values(after)
            self._keeps[rolls_left] = keeps
        return keeps


def _win_advisor(table, wins=None, model=None):
    """The :class:`WinAdvisor` of a Table, Advisor or Model, kept on its table."""
    if isinstance(table, WinAdvisor):
        return table
    if isinstance(table, Model):
        model, advisor = table, table.advisor
    elif isinstance(table, Advisor):
        advisor = table
    else:
        advisor = getattr(table, "_win_advisor_own", None)
        if advisor is None:
            advisor = Advisor(table)
            table._win_advisor_own = advisor
    strategy = advisor.table
    found = getattr(strategy, "_win_advisor", None)
    if found is not None and found.advisor is advisor and (wins is None or found.wins is wins) \
            and (model is None or found._model is model):
        return found
    if wins is None:
        try:
            wins = WinTables.beside(strategy)
        except TableError:
            wins = None
    found = WinAdvisor(advisor, wins, model)
    strategy._win_advisor = found
    return found


def win_advice(game, table, wins=None, model=None):
    """The current player's options with their chance to win, best for winning first.

    ``table``: a :class:`.table.Table` (read with ``Table.from_file``: the win
    tables ``<rules>.win.gz`` and the spread table beside it are found by
    themselves), an :class:`.advisor.Advisor` of one, or a
    :class:`.chances.Model`; ``wins`` a :class:`WinTables` and ``model`` a
    Model where they cannot be found beside the table (the page).

    Returns ``{"best", "options", "points_best", "player", "rolls_used", "dice",
    "banked", "exact", "method"}``: ``options`` are the advisor's (same keys: ``kind``,
    ``keep``/``hold`` or ``box``/``points``/``bonus``, ``move``, ``value``,
    ``loss``) each with ``"win"``, the chance (0..1) that the current player
    wins, a tie shared equally; sorted by it, best first (equal chances in
    the advisor's order), ``best`` the first.  ``method`` says how: "tables"
    (the end-of-game tables, from ``open + 1`` open boxes), "model" (the
    normal model, earlier) or "alone" (a solo game: every option 1).
    ``exact``: every opponent has finished, and the chances are exact.
    ``points_best`` is the option best for points (the advisor's best, with
    its ``win``): the hint names it too when it is not ``best``.
    """
    return _win_advisor(table, wins, model).advise(game)


_SQRT2 = math.sqrt(2.0)
_WINDOW = 8.0     # options more than this many points below the best are not weighed


def beat_chance(mean, variance, others):
    """Chance of a final N(``mean``, ``variance``) being the highest among ``others``' finals.

    Two players: closed form, the normal CDF of the difference (its rounding
    to integers and a tie shared cancel out to the continuity of the normal);
    more players: :func:`chances_of`.
    """
    if len(others) == 1:
        other_mean, other_variance = others[0]
        spread = math.sqrt(max(0.0, variance + other_variance))
        if spread < POINT_MASS:
            diff = mean - other_mean
            return 1.0 if diff > 0.5 else 0.0 if diff < -0.5 else 0.5
        return 0.5 * math.erfc((other_mean - mean) / (spread * _SQRT2))
    return chances_of([(mean, variance)] + others)[0]


def to_win_option(game, model):
    """The current player's option with the highest chance of winning (``Model``).

    Every option is valued as the chance that the player's final, normal with
    the option's mean and variance, beats the others' finals from their
    positions (between turns: table value and spread), :func:`beat_chance`;
    ties go to the better expected score.  Only options within ``_WINDOW``
    points of the best expected score are weighed (a worse mean is almost
    never bought back by its spread; this keeps a decision to a few of them).
    Alone in a game, it is the best expected score.
    """
    advice = model.advisor.advise(game)
    options = advice["options"]
    if len(game.players) < 2 or len(options) == 1:
        return options[0]
    player = game.current_player
    others = []
    for other in range(len(game.players)):
        if other != player:
            others.append(model.between_turns(game.cards[other], game.breakdown(other)["total"]))
    card, top = game.card(), options[0]["value"]
    best, best_chance = None, -1.0
    for option in options:
        if option["value"] < top - _WINDOW:
            break                                   # options come best first
        mean, variance = model.option_moments(card, game.dice, game.rolls_used, option,
                                              advice["banked"])
        chance = beat_chance(mean, variance, others)
        if chance > best_chance + 1e-9:
            best, best_chance = option, chance
    return best


def to_win_move(game, advisor=None, model=None, wins=None, early=None):
    """The "to win" computer's move (``players.choose_move(game, "to_win", ...)``).

    With the end-of-game tables (``wins``, or found beside the advisor's
    table) and at most ``open + 1`` open boxes: :func:`win_advice`'s best.
    Earlier (or without the tables), ``early`` says how: ``"points"`` (the
    default when the tables are there) the best expected score, as Optimal
    plays; ``"model"`` (the default without them) :func:`to_win_option` with
    the normal model (``model``, or the spread table beside the advisor's).
    The model's picks showed no edge over Optimal (docs/strategy.md), and
    playing for points until the tables apply leaves every difference to
    the end, where the chances are known.
    """
    source = advisor if advisor is not None else model
    if source is None:
        raise ValueError("the to_win level needs a strategy table")
    owner = _win_advisor(source, wins, model)
    if owner.uses_tables(game):
        return owner.advise(game)["best"]["move"]
    if early is None:
        early = "points" if owner.wins is not None else "model"
    if early == "model" and len(game.players) > 1:
        try:
            chosen = owner.model()
        except ValueError:
            chosen = None
        if chosen is not None:
            return to_win_option(game, chosen)["move"]
    return owner.advisor.advise(game)["best"]["move"]
