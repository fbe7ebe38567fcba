"""Between-turns states of one player and where each sits in a table.

A player's future depends on their card only through three things:

- ``mask``: which boxes are filled (bit ``i`` = ``ruleset.boxes[i]``; the six
  upper boxes are bits 0-5);
- ``upper``: the upper sum, capped at ``ruleset.upper_bonus_at`` — beyond the
  threshold more points change nothing;
- ``holds50``: whether the poker box holds 50 (it decides the +100 bonus and,
  in ``dice-poker``, the Joker; in the other rule sets a filled poker box
  always gives the Joker).

Not every upper sum can occur for a given set of filled upper boxes, and once
the bonus is won or out of reach the exact sum no longer matters: all such
sums share one *dead* class.  A table stores one value per (mask, upper class,
holds50) that can occur, in an order computed here, so both the builder and
the browser-side reader agree on it without storing an index.
"""

from ..rules import FACE_OF_UPPER, POKER, POKER_POINTS

UPPER_COUNT = 6
UPPER_SETS = 1 << UPPER_COUNT


class Layout:
    """The state space of one rule set: classes of upper sums and table offsets.

    Read-only once built; :meth:`of` gives the one of a rule set, which a table, its
    spread and the end-of-game tables share (each built its own, about 30 ms each on
    MicroPython at a desktop's speed, four times that on a phone, in the first hint
    or win chances of a page).
    """

    _made = {}          # rule set id -> its Layout (of)

    @classmethod
    def of(cls, ruleset):
        """The Layout of ``ruleset``, built on first use and shared from then on."""
        layout = cls._made.get(ruleset.id)
        if layout is None or layout.ruleset is not ruleset:
            layout = cls._made[ruleset.id] = cls(ruleset)
        return layout

    def __init__(self, ruleset):
        boxes = ruleset.boxes
        for i in range(UPPER_COUNT):
            if boxes[i] not in FACE_OF_UPPER or FACE_OF_UPPER[boxes[i]] != i + 1:
                raise ValueError("the six upper boxes must come first, Ones to Sixes")
        self.ruleset = ruleset
        self.boxes = boxes
        self.box_count = len(boxes)
        self.full_mask = (1 << len(boxes)) - 1
        self.bit = {box: i for i, box in enumerate(boxes)}
        self.poker_bit = 1 << self.bit[POKER]
        self.poker_lower_bit = self.bit[POKER] - UPPER_COUNT
        self.cap = ruleset.upper_bonus_at
        self.reachable = []     # per upper set: sorted reachable capped upper sums
        self.class_of = []      # per upper set: list over 0..cap, class index or -1
        self.class_count = []   # per upper set
        self.first_class = []   # per upper set: classes of all upper sets before it
        self._open_max = [self._open_upper_max(u) for u in range(UPPER_SETS)]
        total = 0
        for upper_set in range(UPPER_SETS):
            sums = self._reachable_sums(upper_set)
            classes = self._classes(upper_set, sums)
            self.reachable.append(sums)
            self.class_of.append(classes)
            count = max(classes) + 1
            self.class_count.append(count)
            self.first_class.append(total)
            total += count
        self.classes_per_lower = total
        self.size = self.offset(self.full_mask + 1)

    def _reachable_sums(self, upper_set):
        """Built from the set without its highest box (already computed: sets come in order)."""
        if not upper_set:
            return [0]
        top = UPPER_COUNT - 1
        while not upper_set >> top & 1:
            top -= 1
        face, cap = top + 1, self.cap
        seen = bytearray(cap + 1)       # flags, not a set: a table's first use builds
        for s in self.reachable[upper_set ^ (1 << top)]:   # this on a phone (MicroPython)
            for n in range(6):
                if s >= cap:
                    seen[cap] = 1
                    break
                seen[s] = 1
                s += face
        return [s for s in range(cap + 1) if seen[s]]

    def _open_upper_max(self, upper_set):
        return sum(5 * (i + 1) for i in range(UPPER_COUNT) if not upper_set >> i & 1)

    def _classes(self, upper_set, sums):
        cap = self.cap
        classes = [-1] * (cap + 1)
        # live: an upper sum that can still make a difference (the bonus not yet won,
        # and still reachable with the open upper boxes)
        reach = cap - self._open_max[upper_set]
        live = [s for s in sums if reach <= s < cap]
        first = 0 if len(live) == len(sums) else 1
        for s in sums:
            classes[s] = 0
        for n, s in enumerate(live):
            classes[s] = first + n
        return classes

    def representatives(self, upper_set):
        """One reachable upper sum per class, in class order."""
        reps = [None] * self.class_count[upper_set]
        for s in self.reachable[upper_set]:
            c = self.class_of[upper_set][s]
            if reps[c] is None:
                reps[c] = s
        return reps

    def flags(self, mask):
        """The holds50 values a state with this mask can have."""
        return (0, 1) if mask & self.poker_bit else (0,)

    def offset(self, mask):
        """Where the values of ``mask`` start: (class, holds50) pairs follow in order."""
        lower = mask >> UPPER_COUNT
        upper_set = mask & (UPPER_SETS - 1)
        p = self.poker_lower_bit
        below_with_poker = ((lower >> (p + 1)) << p) + max(0, (lower & ((2 << p) - 1)) - (1 << p))
        width = 2 if lower >> p & 1 else 1
        return (self.classes_per_lower * (lower + below_with_poker)
                + self.first_class[upper_set] * width)

    def index(self, mask, upper, holds50):
        """Position of a state in the table; ``upper`` is the plain upper sum."""
        upper_set = mask & (UPPER_SETS - 1)
        cls = self.class_of[upper_set][min(upper, self.cap)]
        if cls < 0:
            raise ValueError("upper sum %d cannot occur with these upper boxes" % upper)
        if holds50 and not mask & self.poker_bit:
            raise ValueError("the poker box is open, it cannot hold 50")
        width = 2 if mask & self.poker_bit else 1
        return self.offset(mask) + cls * width + (1 if holds50 else 0)

    def state_of(self, card):
        """(mask, upper sum, holds50) of a card {box: points}."""
        mask = 0
        for box in card:
            mask |= 1 << self.bit[box]
        upper = 0
        for i in range(UPPER_COUNT):
            upper += card.get(self.boxes[i], 0)
        return mask, upper, 1 if card.get(POKER) == POKER_POINTS else 0
