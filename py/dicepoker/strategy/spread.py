"""The spread table: how uncertain the rest of a game is from each between-turns state.

Win chances (:mod:`.chances`) need more than the expected final score of
optimal play: also how far the final score may fall from it.  The builder
computes, by the same backward pass as the strategy table and under the same
mean-maximising policy, the variance of the points still to come from every
between-turns state; this file ships its standard deviation, one byte per
state in :class:`.states.Layout` order (``static/strategy/<rules>.spread.gz``)::

    b"DPSD"  version(1 byte)  0  header length (2 bytes, little endian)
    header   JSON: format, rules and their parameters, size, log scale K
    blocks   one byte per state, in runs of BLOCK states

A byte ``c`` stands for a standard deviation of ``exp(c / K) - 1`` points:
a logarithmic code, so the error is a few percent of the spread at every
size (late in a game spreads are small and a point matters; early they are
~60 points and none does).  Loading is the table's (gzip or decompressed,
file, bytes, buffer read in place, JS array): see :mod:`.table`.
"""

import json
import math

from .table import (BLOCK, BLOCK_BITS, MAGIC as _TABLE_MAGIC, TableError, Table, _check_header, _rule_params)

MAGIC = b"DPSD"
VERSION = 1
FORMAT = "dice-poker/spread"
LOG_SCALE = 12            # codes per e-fold of (1 + sd): steps of ~8.7 %, error <= ~4.3 %

assert MAGIC != _TABLE_MAGIC


def encode_spread(layout, variances, compress=True):
    """The spread file for ``variances`` (in layout order); CPython only when compressing."""
    if len(variances) != layout.size:
        raise ValueError("expected %d variances, got %d" % (layout.size, len(variances)))
    codes = [int(math.log1p(math.sqrt(max(0.0, v))) * LOG_SCALE + 0.5) for v in variances]
    if max(codes) > 0xFF:
        raise ValueError("a spread does not fit one byte at log scale %d" % LOG_SCALE)
    header = _rule_params(layout.ruleset)
    header.update({"format": FORMAT, "size": layout.size, "log_scale": LOG_SCALE,
                   "block": BLOCK})
    text = json.dumps(header, sort_keys=True).encode()
    parts = [MAGIC, bytes([VERSION, 0, len(text) & 0xFF, len(text) >> 8]), text]
    for start in range(0, len(codes), BLOCK):
        parts.append(bytes(codes[start:start + BLOCK]))
    data = b"".join(parts)
    if not compress:
        return data
    import gzip
    return gzip.compress(data, compresslevel=9, mtime=0)


class Spread(Table):
    """Read-only spread table: ``variance(mask, upper, holds50)`` in points squared.

    A :class:`.table.Table` in all but its contents: the same loaders, layout
    and rule check, one byte per state instead of two.
    """

    magic, version, format, width = MAGIC, VERSION, FORMAT, 1

    def __init__(self, header, blocks):
        Table.__init__(self, header, blocks)
        scale = header["log_scale"]
        sds = [math.exp(code / scale) - 1.0 for code in range(256)]
        self.sd_of_code = sds
        self.variance_of_code = [sd * sd for sd in sds]

    @classmethod
    def beside(cls, table):
        """The spread table in the folder ``table`` was read from (``<rules>.spread.gz``),
        read once per table; TableError if the table has no file or none lies beside it.

        The builder writes both files side by side (``static/strategy/``), so
        a strategy table loaded with :meth:`.table.Table.from_file` is enough
        for win chances: a caller need not know the spread's file name.
        The spread is kept on the table, since reading it costs far more than
        a position's chances and a caller may ask for them after every move.
        """
        spread = getattr(table, "_spread_beside", None)
        if spread is not None:
            return spread
        if table.path is None:
            raise TableError("the strategy table was not read from a file, so its spread"
                             " table cannot be found beside it")
        path = str(table.path)            # a str or a pathlib.Path (CPython)
        # The folder by hand: MicroPython's os.path.join("", name) is "/name",
        # which would send a table read from the current folder to the root.
        folder = path[:max(path.rfind("/"), path.rfind("\\")) + 1]
        path = folder + table.rules.id + ".spread.gz"
        try:
            spread = cls.from_file(path)
        except OSError:
            raise TableError("there is no spread table %s beside the strategy table" % path)
        if spread.rules.id != table.rules.id:
            raise TableError("%s is for %s, the table for %s"
                             % (path, spread.rules.id, table.rules.id))
        table._spread_beside = spread
        return spread

    def code_at(self, index):
        return self._blocks[index >> BLOCK_BITS][index & (BLOCK - 1)]

    def variance_at(self, index):
        """Variance of the points still to come from the state at ``index``."""
        return self.variance_of_code[self.code_at(index)]

    def variance(self, mask, upper, holds50):
        return self.variance_at(self.layout.index(mask, upper, holds50))

    def variance_of_card(self, card):
        mask, upper, holds50 = self.layout.state_of(card)
        return self.variance(mask, upper, holds50)
