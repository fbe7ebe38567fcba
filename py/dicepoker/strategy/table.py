"""A strategy table: the expected final score of every between-turns state.

The file (``static/strategy/<rules>.dpst.gz``) is gzip of::

    b"DPST"  version(1 byte)  0  header length (2 bytes, little endian)
    header   JSON: format, rules and their parameters, size, scale, start value
    low      ``size`` bytes: the low byte of each scaled value
    high     ``size`` bytes: the high byte

Each value is ``round(expected future points * scale)`` as 16 bits, split in
two byte planes: the high bytes are smooth and compress well, and a value is
read straight from the decompressed bytes (two look-ups), so the browser
never has to expand the table into a list.  States are ordered by
:class:`.states.Layout`; the header repeats the rule parameters so a table
built for other rules is refused instead of silently misleading.

``Table.from_bytes`` takes the decompressed bytes (what the page gets from
``DecompressionStream('gzip')``) or the gzip file itself, which it then
decompresses (``gzip`` on CPython, the ``deflate`` module on MicroPython).
"""

import json

from ..rules import RULESETS
from .states import Layout

MAGIC = b"DPST"
VERSION = 1
FORMAT = "dice-poker/strategy"
SCALE = 64                # values are stored in 1/64 points: up to 1023.98, error <= 0.008
_GZIP_MAGIC = b"\x1f\x8b"


class TableError(ValueError):
    """The bytes are not a strategy table for a rule set this engine knows."""


def _rule_params(ruleset):
    return {
        "rules": ruleset.id,
        "boxes": list(ruleset.boxes),
        "upper_bonus_at": ruleset.upper_bonus_at,
        "upper_bonus": ruleset.upper_bonus,
        "poker_bonus": ruleset.poker_bonus,
        "joker_on_scratched_poker": ruleset.joker_on_scratched_poker,
    }


def encode_table(layout, values, start_value=None, compress=True):
    """The table file for ``values`` (in layout order); CPython only when compressing."""
    if len(values) != layout.size:
        raise ValueError("expected %d values, got %d" % (layout.size, len(values)))
    scaled = [int(v * SCALE + 0.5) for v in values]
    for v in scaled:
        if not 0 <= v <= 0xFFFF:
            raise ValueError("a value does not fit 16 bits at scale %d" % SCALE)
    header = _rule_params(layout.ruleset)
    header.update({"format": FORMAT, "size": layout.size, "scale": SCALE,
                   "start": float(values[0] if start_value is None else start_value)})
    text = json.dumps(header, sort_keys=True).encode()
    data = (MAGIC + bytes([VERSION, 0, len(text) & 0xFF, len(text) >> 8]) + text
            + bytes(v & 0xFF for v in scaled) + bytes(v >> 8 for v in scaled))
    if not compress:
        return data
    import gzip
    return gzip.compress(data, compresslevel=9, mtime=0)


def _gunzip(data):
    try:
        import gzip
        return gzip.decompress(bytes(data))
    except ImportError:          # MicroPython
        import deflate
        import io
        # gzip ends with the uncompressed size: read into one buffer of that size
        # (read() without a size grows its buffer step by step, slowly).
        size = data[-4] | data[-3] << 8 | data[-2] << 16 | data[-1] << 24
        out = bytearray(size)
        view = memoryview(out)
        stream = deflate.DeflateIO(io.BytesIO(data), deflate.GZIP)
        done = 0
        while done < size:
            n = stream.readinto(view[done:])
            if not n:
                break
            done += n
        return out


class Table:
    """Read-only view of a decoded table; ``value(mask, upper, holds50)`` in points."""

    def __init__(self, header, data, values_at):
        self.header = header
        self.rules = RULESETS[header["rules"]]
        self.layout = Layout(self.rules)
        self.size = header["size"]
        self.scale = header["scale"]
        self.start_value = header["start"]
        self._data = data
        self._low = values_at
        self._high = values_at + self.size
        self._inverse_scale = 1.0 / self.scale

    @classmethod
    def from_bytes(cls, data):
        """Decode a table from its (decompressed or gzip) bytes; raises TableError."""
        if data[:2] == _GZIP_MAGIC:
            data = _gunzip(data)
        if bytes(data[:4]) != MAGIC:
            raise TableError("not a strategy table")
        if data[4] != VERSION:
            raise TableError("strategy table version %d is not supported" % data[4])
        length = data[6] | data[7] << 8
        try:
            header = json.loads(bytes(data[8:8 + length]))
        except ValueError:
            raise TableError("the strategy table header is damaged")
        if header.get("format") != FORMAT:
            raise TableError("not a strategy table")
        ruleset = RULESETS.get(header.get("rules"))
        if ruleset is None:
            raise TableError("the table is for unknown rules %r" % (header.get("rules"),))
        expected = _rule_params(ruleset)
        for key in expected:
            if header.get(key) != expected[key]:
                raise TableError("the table was built for other %s rules (%s differs)"
                                 % (ruleset.id, key))
        table = cls(header, data, 8 + length)
        if table.size != table.layout.size:
            raise TableError("the table has %d states, the rules have %d"
                             % (table.size, table.layout.size))
        if len(data) != 8 + length + 2 * table.size:
            raise TableError("the strategy table is truncated or too long")
        return table

    def scaled_at(self, index):
        """The stored integer (points x ``scale``) of the state at ``index``."""
        data = self._data
        return data[self._low + index] | data[self._high + index] << 8

    def value_at(self, index):
        """Expected future points of the state at ``index`` (see Layout.index)."""
        return self.scaled_at(index) * self._inverse_scale

    def scaled(self, mask, upper, holds50):
        """Expected points still to come, x ``scale``, as the stored integer."""
        return self.scaled_at(self.layout.index(mask, upper, holds50))

    def value(self, mask, upper, holds50):
        """Expected points still to come from this between-turns state."""
        return self.value_at(self.layout.index(mask, upper, holds50))

    def value_of_card(self, card):
        """Expected points still to come for a player with ``card`` before their turn."""
        mask, upper, holds50 = self.layout.state_of(card)
        return self.value(mask, upper, holds50)
