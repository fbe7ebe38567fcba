"""A strategy table: the expected final score of every between-turns state.

The file (``static/strategy/<rules>.dpst.gz``) is gzip of::

    b"DPST"  version(1 byte)  0  header length (2 bytes, little endian)
    header   JSON: format, rules and their parameters, size, scale, start value
    blocks   for each run of BLOCK states: their low bytes, then their high bytes

Each value is ``round(expected future points * scale)`` as 16 bits.  Splitting
low and high bytes makes the smooth high bytes compress well, and a value is
read straight from a block (two look-ups), so the browser never expands the
table into a list.  Blocks keep every allocation small: MicroPython's heap
in the browser grows on demand but refuses single multi-megabyte buffers.
States are ordered by :class:`.states.Layout`; the header repeats the rule
parameters so a table built for other rules is refused, not trusted.

Loading (both accept the gzip file or its decompressed bytes):

- ``Table.from_file(path)`` streams from a file: on MicroPython the ``deflate``
  module inflates it block by block, with no buffer larger than a block.
  In the browser, put the fetched bytes into MicroPython's file system first
  (``js.Module.FS.writeFile(path, uint8array)``: a plain copy, no per-byte
  conversion) — see the package docstring.
- In the browser, :func:`ui.platform.tables.read_fetched` (the shell's: it
  needs ``js``) copies a decompressed table once into memory outside
  MicroPython's heap and reads it in place (``from_buffer``); a gzip file
  goes through the file system as above.
- ``Table.from_buffer(data)``: a decompressed table read in place, its
  blocks views of ``data``, not copies.
- ``Table.from_bytes(data)`` for bytes already in Python (tests, CPython).

Only ``from_file`` sets ``table.path`` (None otherwise): where the table's
companion files are to be found.

Why in place, outside the heap: MicroPython's collector scans every heap
block it reaches, byte data included, for pointers.  With 2.8 MB of table in
the heap each collection took ~5 ms more, and the page collects on most taps.
"""

import json

from ..rules import RULESETS
from .states import Layout

MAGIC = b"DPST"
VERSION = 1
FORMAT = "dice-poker/strategy"
SCALE = 64                # values are stored in 1/64 points: up to 1023.98, error <= 0.008
BLOCK_BITS = 16
BLOCK = 1 << BLOCK_BITS   # states per block (a block is 128 KiB)
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
    header.update({"format": FORMAT, "size": layout.size, "scale": SCALE, "block": BLOCK,
                   "start": float(values[0] if start_value is None else start_value)})
    text = json.dumps(header, sort_keys=True).encode()
    parts = [MAGIC, bytes([VERSION, 0, len(text) & 0xFF, len(text) >> 8]), text]
    for start in range(0, len(scaled), BLOCK):
        block = scaled[start:start + BLOCK]
        parts.append(bytes(v & 0xFF for v in block))
        parts.append(bytes(v >> 8 for v in block))
    data = b"".join(parts)
    if not compress:
        return data
    import gzip
    return gzip.compress(data, compresslevel=9, mtime=0)


class _ViewReader:
    """``_Reader`` over a buffer: each read is a view of it, not a copy."""

    def __init__(self, data):
        self.view = memoryview(data)
        self.done = 0

    def read(self, size):
        end = self.done + size
        if end > len(self.view):
            raise TableError("the strategy table is truncated")
        out = self.view[self.done:end]
        self.done = end
        return out

    def at_end(self):
        return self.done == len(self.view)


class _Reader:
    """Exact-size reads from a stream, through readinto (no growing buffers)."""

    def __init__(self, stream):
        self.stream = stream

    def read(self, size):
        out = bytearray(size)
        view = memoryview(out)
        done = 0
        while done < size:
            try:
                n = self.stream.readinto(view[done:])
            except (OSError, EOFError):
                raise TableError("the strategy table is damaged")
            if not n:
                raise TableError("the strategy table is truncated")
            done += n
        return out

    def at_end(self):
        try:
            return not self.stream.readinto(bytearray(1))
        except (OSError, EOFError):
            raise TableError("the strategy table is damaged")


def _gunzip_stream(raw):
    """A stream of the decompressed contents of the gzip stream ``raw``."""
    try:
        import deflate                    # MicroPython
        return deflate.DeflateIO(raw, deflate.GZIP)
    except ImportError:
        import gzip
        return gzip.GzipFile(fileobj=raw, mode="rb")


def _open_stream(raw, first_two):
    return _gunzip_stream(raw) if first_two == _GZIP_MAGIC else raw


class Table:
    """Read-only view of a decoded table; ``value(mask, upper, holds50)`` in points.

    ``magic``, ``version``, ``format`` and ``width`` (bytes per state) name
    the file this class reads (:class:`.spread.Spread` reads another).
    """

    magic, version, width = MAGIC, VERSION, 2
    format = FORMAT

    def __init__(self, header, blocks):
        self.path = None          # the file it was read from (from_file): see the loaders
        self.header = header
        self.rules = RULESETS[header["rules"]]
        self.layout = Layout.of(self.rules)
        self.size = header["size"]
        self.scale = header.get("scale")
        self.start_value = header.get("start")
        self._blocks = blocks
        self._inverse_scale = 1.0 / self.scale if self.scale else None

    # ---------------------------------------------------------------- loading
    @classmethod
    def from_bytes(cls, data):
        """Decode a table from its gzip file contents or its decompressed bytes."""
        import io
        return cls._from_stream(_open_stream(io.BytesIO(data), bytes(data[:2])))

    @classmethod
    def from_file(cls, path):
        """Decode a table from a file (gzip or not), streaming.

        The table remembers ``path``: the files that go with it lie beside
        it (``static/strategy/<rules>.dpst.gz`` and ``<rules>.spread.gz``), so
        a caller holding only the table can still find its spread
        (:meth:`.spread.Spread.beside`, which win chances use).
        """
        with open(path, "rb") as raw:
            first_two = raw.read(2)
            raw.seek(0)
            table = cls._from_stream(_open_stream(raw, first_two))
        table.path = path
        return table

    @classmethod
    def from_buffer(cls, data):
        """Decode a decompressed table in place: its blocks are views of ``data``."""
        return cls._from_reader(_ViewReader(data))

    @classmethod
    def _from_stream(cls, stream):
        return cls._from_reader(_Reader(stream))

    @classmethod
    def _from_reader(cls, reader):
        start = reader.read(8)
        if bytes(start[:4]) != cls.magic:
            raise TableError("not a strategy table")
        if start[4] != cls.version:
            raise TableError("strategy table version %d is not supported" % start[4])
        try:
            header = json.loads(bytes(reader.read(start[6] | start[7] << 8)))
        except ValueError:
            raise TableError("the strategy table header is damaged")
        _check_header(header, cls.format)
        size = header["size"]
        blocks = []
        for first in range(0, size, BLOCK):
            blocks.append(reader.read(cls.width * min(BLOCK, size - first)))
        if not reader.at_end():
            raise TableError("the strategy table is longer than its header says")
        table = cls(header, blocks)
        if table.size != table.layout.size:
            raise TableError("the table has %d states, the rules have %d"
                             % (table.size, table.layout.size))
        return table

    # ----------------------------------------------------------------- values
    def scaled_at(self, index):
        """The stored integer (points x ``scale``) of the state at ``index``."""
        block = self._blocks[index >> BLOCK_BITS]
        i = index & (BLOCK - 1)
        return block[i] | block[(len(block) >> 1) + i] << 8

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


def _check_header(header, fmt=FORMAT):
    """Refuse a header of another format or of rules that differ from this engine's."""
    if not isinstance(header, dict) or header.get("format") != fmt:
        raise TableError("not a strategy table")
    ruleset = RULESETS.get(header.get("rules"))
    if ruleset is None:
        raise TableError("the table is for unknown rules %r" % (header.get("rules"),))
    expected = _rule_params(ruleset)
    for key in expected:
        if header.get(key) != expected[key]:
            raise TableError("the table was built for other %s rules (%s differs)"
                             % (ruleset.id, key))
    if header.get("block") != BLOCK or not isinstance(header.get("size"), int):
        raise TableError("the strategy table layout is not supported")
