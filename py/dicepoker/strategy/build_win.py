"""Build the end-of-game tables: chances to beat a target, and the spread of points to come.

    PYTHONPATH=py python -m dicepoker.strategy.build_win --rules dice-poker [--open 3]
                                                           [--table FILE] [--out FILE]

For every between-turns state with at most ``--open`` open boxes (filled
boxes, upper sum class, whether the poker box holds 50: :mod:`.states`), two
records (format and reader: :mod:`.to_win`):

- **beat**: for every d >= 0, the best chance any policy has of scoring more
  than d points from here on, a final of exactly d counting half
  (``max P(X > d) + P(X = d) / 2``): the chance to beat a final d points
  ahead, a tie shared.  Each d has its own best policy; the values come by
  backward induction with the target carried along (the turn's throws and
  keeps maximise the chance for that d, as the strategy table's maximise
  the expected score).
- **points**: the distribution of the points still to come under the
  optimal-for-points policy: exactly the advisor's (the shipped strategy
  table, its 1/128-point integer arithmetic and its tie-breaking: holds
  before scoring, smaller keeps first, boxes in card order), so it is the
  distribution of the Optimal computer's final.

Both are carried in exact integers (probabilities in units of 2**-16; keeps
summed one die at a time as :func:`.dicesets.keep_values` does, rounded to
the nearest unit once per roll), so the bytes do not depend on the machine
or the numpy version.  Each record is quantised to 1/65536, and written to
the file in 1/16384 (beat) and 1/1024 (points: the opponents' finals; the
file stays under 2 MB gzip), delta coded (:func:`.to_win.encode_record`).  States are ordered by open boxes (one, then two,
...), then box set, then Layout order: a build with fewer open boxes gives
the same records as the first ones of a larger build.

Needs numpy (CPython only, like :mod:`.build`); reads the rule set's
strategy table (``static/strategy/<rules>.dpst.gz``), so build that first.
"""

import argparse
import gzip
import json
import os
import sys
import time

import numpy as np

from ..rules import BOXES, POKER, POKER_POINTS, RULESETS, get_ruleset
from . import dicesets
from .build import REPO_ROOT
from .states import UPPER_COUNT, Layout
from .table import Table, _rule_params
from .to_win import (BEAT_QUANTUM, POINTS_QUANTUM, WIN_FORMAT, WIN_MAGIC, WIN_QUANTUM,
                     WIN_VERSION, encode_record, open_counts_order, requantise)

ONE = 1 << 16                # probability 1 in the build's integers (the file's quantum)
PROB = np.int32              # 7776 x ONE < 2**31: half the memory traffic of int64
KEEP = dicesets.KEEP_SCALE   # 7776
UNIT = 128                   # the advisor's units (1/128 point)
DEFAULT_OPEN = 3


def default_out(rules_id):
    return os.path.join(REPO_ROOT, "static", "strategy", "%s.win.gz" % rules_id)


def default_table(rules_id):
    return os.path.join(REPO_ROOT, "static", "strategy", "%s.dpst.gz" % rules_id)


class _Keeps:
    """The keep steps of one roll in exact integers, for (252, columns) arrays."""

    def __init__(self):
        keeps = dicesets.KEEPS
        index = dicesets.KEEP_INDEX
        self.throw_keeps = np.array([index[t] for t in dicesets.THROWS])
        self.grow = []
        for size in range(4, -1, -1):
            members = [k for k, keep in enumerate(keeps) if len(keep) == size]
            larger = [dicesets.LARGER[k] for k in members]
            self.grow.append((np.array(members), np.array(larger), 6 ** (5 - size)))
        self.shrink = []
        for size in range(1, 6):
            members = [k for k, keep in enumerate(keeps) if len(keep) == size]
            smaller = []
            for k in members:
                kids = dicesets.SMALLER[k]
                smaller.append(kids + [kids[0]] * (size - len(kids)))
            self.shrink.append((np.array(members), np.array(smaller)))
        self.norm = np.array([6 ** len(keep) for keep in keeps], dtype=np.int64)
        # per throw: its keeps other than all five (holds), padded with -1
        width = max(len(s) for s in dicesets.SUBKEEPS) - 1
        holds = np.full((len(dicesets.THROWS), width), -1, dtype=np.int64)
        for t, subs in enumerate(dicesets.SUBKEEPS):
            own = [k for k in subs if k != index[dicesets.THROWS[t]]]
            holds[t, :len(own)] = sorted(own)
        self.holds = holds

    def keep_values(self, after):
        """(462, ...) keep values x 7776 from (252, ...) throw values (dicesets.keep_values)."""
        sums = np.empty((len(dicesets.KEEPS),) + after.shape[1:], dtype=after.dtype)
        sums[self.throw_keeps] = after
        for members, larger, _ in self.grow:
            sums[members] = sums[larger].sum(axis=1)
        norm = self.norm.astype(after.dtype).reshape((-1,) + (1,) * (after.ndim - 1))
        return sums * norm

    def best_per_throw(self, values):
        """(252, ...) best keep (all five included) per throw (dicesets.best_keep_per_throw)."""
        best = values.copy()
        for members, smaller in self.shrink:
            best[members] = np.maximum(best[members], best[smaller].max(axis=1))
        return best[self.throw_keeps]


def rescale(values):
    return (values + KEEP // 2) // KEEP


class WinSolver:
    """Beat and points records of every state with at most ``open_max`` open boxes."""

    def __init__(self, ruleset, table, open_max=DEFAULT_OPEN, columns=6000):
        self.rules = ruleset
        self.table = table
        self.layout = Layout(ruleset)
        self.open_max = open_max
        self.columns = columns
        self.keeps = _Keeps()
        self.cap = ruleset.upper_bonus_at
        throws = dicesets.THROWS
        self.counts = np.array([[t.count(face) for face in range(7)] for t in throws])
        self.points = {b: np.array([BOXES[b].score(t) for t in throws], dtype=np.int64)
                       for b in ruleset.boxes}
        self.max_points = {b: max(max(BOXES[b].score(t), BOXES[b].joker_score(t)
                                      if BOXES[b].section == "lower" else 0) for t in throws)
                           for b in ruleset.boxes}      # a Joker may score more (two pairs: 30)
        self.gain_max = 5 * 6 + ruleset.upper_bonus + ruleset.poker_bonus + 50
        self.order = open_counts_order(self.layout, open_max)
        self.five_of_a_kind = [t for t, throw in enumerate(throws) if min(throw) == max(throw)]
        self.multiplicity = np.zeros(len(throws), dtype=np.int64)     # ordered rolls per throw
        outcomes, probs = dicesets.FIRST_ROLL
        for t, p in zip(outcomes, probs):
            self.multiplicity[t] += int(round(p * KEEP))
        assert int(self.multiplicity.sum()) == KEEP
        self.length = max(self.bound(mask) for mask in self.order) + 2
        self.beat = {}       # mask -> (cap + 1, 2, pad + length) int64, only successors kept
        self.dist = {}
        self.scaled = {}     # mask -> (cap + 1, 2) advisor units of the rest of the game
        self.records = {}    # mask -> [(beat record, points record)] in Layout order

    # -------------------------------------------------------------- shapes
    def bound(self, mask, holds50=1):
        """More points than can still come from a state of ``mask`` (an upper bound):
        poker bonuses only while the poker box holds 50 (or may still come to)."""
        total, upper_open, count = 0, False, 0
        for i, box in enumerate(self.rules.boxes):
            if not mask >> i & 1:
                total += self.max_points[box]
                count += 1
                upper_open = upper_open or i < UPPER_COUNT
        if upper_open:
            total += self.rules.upper_bonus
        if mask & self.layout.poker_bit:
            bonuses = count if holds50 else 0
        else:
            bonuses = count - 1
        return total + self.rules.poker_bonus * bonuses

    def _store(self, mask, rows, results):
        """Keep ``mask``'s results by plain upper sum (for the states that lead to it)."""
        layout = self.layout
        pad, length = self.gain_max, self.length
        full_beat = np.zeros((self.cap + 1, 2, pad + length), dtype=PROB)
        full_dist = np.zeros((self.cap + 1, 2, pad + length), dtype=PROB)
        full_beat[:, :, :pad] = ONE
        upper_set = mask & ((1 << UPPER_COUNT) - 1)
        reps = layout.representatives(upper_set)
        for u in layout.reachable[upper_set]:
            cls = layout.class_of[upper_set][u]
            for f in layout.flags(mask):
                beat, dist = results[rows.index((reps[cls], f))]
                full_beat[u, f, pad:pad + len(beat)] = beat
                full_dist[u, f, pad:pad + len(dist)] = dist
        self.beat[mask], self.dist[mask] = full_beat, full_dist

    def _table_units(self, mask):
        """Advisor units of the rest of the game after ``mask`` (from the shipped table)."""
        layout = self.layout
        out = np.zeros((self.cap + 1, 2), dtype=np.int64)
        if mask == layout.full_mask:
            return out
        factor = UNIT // self.table.scale
        upper_set = mask & ((1 << UPPER_COUNT) - 1)
        for u in layout.reachable[upper_set]:
            for f in layout.flags(mask):
                out[u, f] = self.table.scaled(mask, u, f) * factor
        return out

    # -------------------------------------------------------------- solve
    def solve(self, progress=None, part=(0, 1)):
        """Solve every box set, or with ``part`` = (i, n) the i-th of n shares of the box
        sets with ``open_max`` open boxes (and all with fewer, which they need)."""
        layout = self.layout
        full = layout.full_mask
        pad, length = self.gain_max, self.length
        beat = np.zeros((self.cap + 1, 2, pad + length), dtype=PROB)
        beat[:, :, :pad] = ONE
        beat[:, :, pad] = ONE // 2
        dist = np.zeros_like(beat)
        dist[:, :, pad] = ONE
        self.beat[full], self.dist[full] = beat, dist
        self.scaled[full] = np.zeros((self.cap + 1, 2), dtype=np.int64)
        done = 0
        fullest = len(self.rules.boxes) - self.open_max
        share = 0
        for mask in self.order:
            if bin(mask).count("1") == fullest:
                share += 1
                if share % part[1] != part[0]:
                    continue
            self._solve_mask(mask)
            done += 1
            # a mask's arrays are needed only by masks with one more open box
            if progress and done % 50 == 0:
                progress(done, len(self.order))
        return self.records

    def _solve_mask(self, mask):
        layout = self.layout
        upper_set = mask & ((1 << UPPER_COUNT) - 1)
        flags = layout.flags(mask)
        rows = [(u, f) for u in layout.representatives(upper_set) for f in flags]
        _, choice, holds = self._policy_units(mask, rows)
        results = [None] * len(rows)
        for flag in flags:                       # a poker box holding 0: no bonus, short rows
            which = [i for i, row in enumerate(rows) if row[1] == flag]
            width = self.bound(mask, flag) + 2
            per = max(1, self.columns // width)
            for start in range(0, len(which), per):
                part = which[start:start + per]
                beat, dist = self._solve_rows(mask, [rows[i] for i in part], width,
                                              choice[:, part], holds[:, :, part])
                for k, i in enumerate(part):
                    results[i] = (beat[k], dist[k])
        self.records[mask] = [(self._beat_record(beat), self._dist_record(dist))
                              for beat, dist in results]
        if bin(mask).count("1") > len(self.rules.boxes) - self.open_max:
            self._store(mask, rows, results)
        for done in [m for m in self.beat if bin(m).count("1") > bin(mask).count("1") + 1]:
            del self.beat[done], self.dist[done]     # needed only one open box further

    # ------------------------------------------------------- one box set
    def _box_moves(self, mask, box, u, f):
        """(gain, successor upper, successor flag) per (throw, row) of filling ``box``."""
        throws = len(dicesets.THROWS)
        shape = (throws, u.shape[1])
        if BOXES[box].section == "upper":
            face = BOXES[box].face
            pts = (face * self.counts[:, face])[:, None] + np.zeros(shape, dtype=np.int64)
            new_u = np.minimum(self.cap, u + pts)
            gain = pts + np.where((u < self.cap) & (u + pts >= self.cap),
                                  self.rules.upper_bonus, 0)
            return gain, new_u, np.broadcast_to(f, shape)
        pts = self.points[box][:, None] + np.zeros(shape, dtype=np.int64)
        new_f = (pts == POKER_POINTS).astype(np.int64) if box == POKER else np.broadcast_to(f, shape)
        return pts, np.broadcast_to(u, shape), new_f

    def _special(self, mask, rows):
        """Per row: [(throw, [(box, gain, new_u, new_f)])] for five-of-a-kind throws whose
        options the engine changes (Joker, poker bonus)."""
        rules = self.rules
        out = []
        for (u, f) in rows:
            card = {b: 0 for i, b in enumerate(rules.boxes) if mask >> i & 1}
            if POKER in card:
                card[POKER] = POKER_POINTS if f else 0
            entries = []
            for t in self.five_of_a_kind:
                throw = dicesets.THROWS[t]
                joker = rules.joker_applies(card, throw)
                bonus = rules.poker_bonus_for(card, throw)
                if not (joker or bonus):
                    continue
                moves = []
                options = rules.options(card, throw)
                for box in rules.boxes:              # card order
                    if box not in options:
                        continue
                    pts = options[box]
                    gain, new_u, new_f = pts + bonus, u, f
                    if BOXES[box].section == "upper":
                        new_u = min(self.cap, u + pts)
                        if u < self.cap <= u + pts:
                            gain += rules.upper_bonus
                    if box == POKER:
                        new_f = 1 if pts == POKER_POINTS else 0
                    moves.append((box, gain, new_u, new_f))
                entries.append((t, moves))
            out.append(entries)
        return out

    def _policy_units(self, mask, rows):
        """The advisor's policy for every row: (start units, score choice, hold choices).

        Returns (units of the turn start per row, (252, rows) index of the box scored
        (into the open boxes) or -1-j for the j-th special option, (3, 252, rows) choice
        with 1..2 rolls left: the keep held, or -1 to score now).
        """
        rules, layout = self.rules, self.layout
        u = np.array([r[0] for r in rows], dtype=np.int64)[None, :]
        f = np.array([r[1] for r in rows], dtype=np.int64)[None, :]
        throws = len(dicesets.THROWS)
        best = np.full((throws, len(rows)), -1, dtype=np.int64)
        choice = np.full((throws, len(rows)), -1, dtype=np.int64)
        open_boxes = [b for i, b in enumerate(rules.boxes) if not mask >> i & 1]
        for j, box in enumerate(open_boxes):
            successor = mask | 1 << layout.bit[box]
            if successor not in self.scaled:
                self.scaled[successor] = self._table_units(successor)
            gain, new_u, new_f = self._box_moves(mask, box, u, f)
            value = gain * UNIT + self.scaled[successor][new_u, new_f]
            better = value > best
            best = np.where(better, value, best)
            choice = np.where(better, j, choice)
        for r, entries in enumerate(self._special(mask, rows)):
            for t, moves in entries:
                top, pick = None, None
                for k, (box, gain, new_u, new_f) in enumerate(moves):
                    successor = mask | 1 << layout.bit[box]
                    value = gain * UNIT + self.scaled[successor][new_u, new_f]
                    if top is None or value > top:
                        top, pick = value, k
                best[t, r] = top
                choice[t, r] = -1 - pick
        keeps = self.keeps
        holds = np.zeros((3, throws, len(rows)), dtype=np.int64)
        after = best
        for rolls_left in (1, 2):
            values = keeps.keep_values(after)                     # (462, rows)
            hold_values = np.where(keeps.holds[:, :, None] >= 0,
                                   values[np.maximum(keeps.holds, 0)], -1)   # (252, w, rows)
            top = hold_values.argmax(axis=1)                      # first best: smallest keep
            top_value = np.take_along_axis(hold_values, top[:, None, :], axis=1)[:, 0, :]
            hold = np.take_along_axis(keeps.holds[:, :, None] + 0 * top[:, None, :],
                                      top[:, None, :], axis=1)[:, 0, :]
            score = best * KEEP
            holds[rolls_left] = np.where(top_value >= score, hold, -1)
            after = rescale(keeps.best_per_throw(values))
        start = rescale(keeps.keep_values(after)[0])
        return start, choice, holds

    def _solve_rows(self, mask, rows, width, choice, holds):
        """(beat, dist) arrays (rows, width) for some rows of ``mask``."""
        rules, layout, keeps = self.rules, self.layout, self.keeps
        pad = self.gain_max
        u = np.array([r[0] for r in rows], dtype=np.int64)[None, :, None]
        f = np.array([r[1] for r in rows], dtype=np.int64)[None, :, None]
        d = np.arange(width, dtype=np.int64)[None, None, :]
        throws = len(dicesets.THROWS)
        shape = (throws, len(rows), width)
        beat = np.full(shape, -1, dtype=PROB)
        dist = np.zeros(shape, dtype=PROB)
        open_boxes = [b for i, b in enumerate(rules.boxes) if not mask >> i & 1]
        for j, box in enumerate(open_boxes):
            successor = mask | 1 << layout.bit[box]
            gain, new_u, new_f = self._box_moves(mask, box, u[:, :, 0], f[:, :, 0])
            column = pad + d - gain[:, :, None]
            nb = self.beat[successor][new_u[:, :, None], new_f[:, :, None], column]
            beat = np.maximum(beat, nb)
            chosen = (choice == j)[:, :, None]
            if chosen.any():
                nd = self.dist[successor][new_u[:, :, None], new_f[:, :, None], column]
                dist = np.where(chosen, nd, dist)
        for r, entries in enumerate(self._special(mask, rows)):
            for t, moves in entries:
                top = np.full(width, -1, dtype=PROB)
                for k, (box, gain, new_u, new_f) in enumerate(moves):
                    successor = mask | 1 << layout.bit[box]
                    column = pad + np.arange(width) - gain
                    top = np.maximum(top, self.beat[successor][new_u, new_f, column])
                    if choice[t, r] == -1 - k:
                        dist[t, r] = self.dist[successor][new_u, new_f, column]
                beat[t, r] = top
        flat = (throws, len(rows) * width)
        beat_after = beat.reshape(flat)
        dist_after = dist_score = dist.reshape(flat)
        for rolls_left in (1, 2, 3):
            if rolls_left == 3:        # the first roll: the empty keep alone, the same sum
                weights = self.multiplicity[:, None]
                return (rescale((beat_after * weights).sum(axis=0)).astype(PROB).reshape(len(rows), width),
                        rescale((dist_after * weights).sum(axis=0)).astype(PROB).reshape(len(rows), width))
            beat_values = keeps.keep_values(beat_after)
            dist_values = keeps.keep_values(dist_after)
            beat_after = rescale(keeps.best_per_throw(beat_values))
            hold = np.repeat(holds[rolls_left], width, axis=1)        # (252, rows * width)
            held = np.take_along_axis(dist_values, np.maximum(hold, 0), axis=0)
            dist_after = np.where(hold >= 0, rescale(held), dist_score)

    # ------------------------------------------------------------ records
    @staticmethod
    def _quantise(survival, total):
        """Round Q * survival / total to integers (nonincreasing as survival is)."""
        q = WIN_QUANTUM
        return (survival.astype(np.int64) * (2 * q) + total) // (2 * total)

    def _beat_record(self, beat):
        # each d is rounded apart: keep the sequence nonincreasing (a unit at most)
        beat = np.minimum.accumulate(np.minimum(beat, ONE))
        return encode_record(self._quantise(beat, ONE).tolist())

    def _dist_record(self, pmf):
        total = int(pmf.sum(dtype=np.int64))
        survival = total - np.cumsum(pmf, dtype=np.int64)     # P(X > x) x total
        return encode_record(self._quantise(survival, total).tolist())


def encode_win(layout, open_max, records, compress=True):
    """The win file of ``records`` ({mask: [(beat, points)]}, masks as ``open_counts_order``)."""
    order = open_counts_order(layout, open_max)
    beat_parts, dist_parts, beat_lengths, dist_lengths = [], [], [], []
    for mask in order:
        for beat, dist in records[mask]:
            beat, dist = requantise(beat, BEAT_QUANTUM), requantise(dist, POINTS_QUANTUM)
            beat_parts.append(beat)
            dist_parts.append(dist)
            beat_lengths.append(len(beat))
            dist_lengths.append(len(dist))
    for n in beat_lengths + dist_lengths:
        if n > 0xFFFF:
            raise ValueError("a record is longer than 65535 bytes")
    header = _rule_params(layout.ruleset)
    header.update({"format": WIN_FORMAT, "open": open_max, "states": len(beat_lengths),
                   "quantum": BEAT_QUANTUM, "points_quantum": POINTS_QUANTUM,
                   "beat_bytes": sum(beat_lengths), "points_bytes": sum(dist_lengths)})
    text = json.dumps(header, sort_keys=True).encode()
    parts = [WIN_MAGIC, bytes([WIN_VERSION, 0, len(text) & 0xFF, len(text) >> 8]), text]
    for lengths in (beat_lengths, dist_lengths):
        parts.append(bytes(n & 0xFF for n in lengths))
        parts.append(bytes(n >> 8 for n in lengths))
    parts.extend(beat_parts)
    parts.extend(dist_parts)
    data = b"".join(parts)
    if not compress:
        return data
    return gzip.compress(data, compresslevel=9, mtime=0)


def build(rules_id, open_max=DEFAULT_OPEN, out=None, table_path=None, quiet=False, part=None,
          merge=()):
    """Build (or with ``part`` = (i, n) build a share, pickled to ``out + ".part<i>"``; with
    ``merge`` = those files, put the shares together) and write the win tables."""
    import pickle
    ruleset = get_ruleset(rules_id)
    table = Table.from_file(table_path or default_table(rules_id))
    started = time.time()
    solver = WinSolver(ruleset, table, open_max)
    out = out or default_out(rules_id)
    if merge:
        for name in merge:
            with open(name, "rb") as handle:
                solver.records.update(pickle.load(handle))
    else:
        progress = None if quiet else (
            lambda done, total: print("  %d / %d box sets (%.0f s)"
                                      % (done, total, time.time() - started), flush=True))
        solver.solve(progress, part or (0, 1))
    elapsed = time.time() - started
    if part is not None and part[1] > 1:
        with open("%s.part%d" % (out, part[0]), "wb") as handle:
            pickle.dump(solver.records, handle)
        if not quiet:
            print("%s: share %d of %d built in %.1f s" % (rules_id, part[0], part[1], elapsed))
        return solver, None, None, elapsed
    raw = encode_win(solver.layout, open_max, solver.records, compress=False)
    data = gzip.compress(raw, compresslevel=9, mtime=0)
    if out is not False:
        os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
        with open(out, "wb") as handle:
            handle.write(data)
    if not quiet:
        states = sum(len(v) for v in solver.records.values())
        print("%s: %d states with at most %d open boxes, built in %.1f s -> %s (%d bytes raw, %d gzip)"
              % (rules_id, states, open_max, elapsed, out, len(raw), len(data)))
    return solver, raw, data, elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True, choices=sorted(RULESETS))
    parser.add_argument("--open", type=int, default=DEFAULT_OPEN,
                        help="states with at most this many open boxes (default %d)" % DEFAULT_OPEN)
    parser.add_argument("--table", help="the strategy table (default static/strategy/<rules>.dpst.gz)")
    parser.add_argument("--out", help="output file (default static/strategy/<rules>.win.gz)")
    parser.add_argument("--part", help="I/N: build the I-th of N shares (0-based) into"
                        " OUT.partI, to run side by side; then --merge the N files")
    parser.add_argument("--merge", nargs="+", default=(), help="put shares together")
    args = parser.parse_args(argv)
    part = tuple(int(n) for n in args.part.split("/")) if args.part else None
    build(args.rules, args.open, args.out, args.table, part=part, merge=args.merge)
    return 0


if __name__ == "__main__":
    sys.exit(main())
