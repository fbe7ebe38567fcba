"""A table the page fetched, read into MicroPython without a copy per byte.

The engine's table classes (:class:`dicepoker.strategy.table.Table`, its
``Spread`` and :class:`~dicepoker.strategy.to_win.WinTables`) read files and
buffers; only the shell knows the browser's memory, so the JS ``Uint8Array``
of a fetched file is turned into one of those here.  Converting a JS array to
Python bytes goes byte by byte through the FFI (minutes for a table).
"""

import os

import js

_GZIP_MAGIC = b"\x1f\x8b"


def read_fetched(cls, array, path):
    """``cls`` (a table class with ``from_buffer`` and ``from_file``) read from a JS
    ``Uint8Array``, gzip or not.

    A decompressed table is copied with one memcpy into memory of its own
    (``Module._malloc``, kept for the session like the table) and read in place
    through ``uctypes``: outside MicroPython's heap, where the collector would scan
    it on every collection.  A gzip file is copied into MicroPython's in-memory file
    system and ``from_file`` streams it into the heap; the temporary file ``path`` is
    removed afterwards, and the table forgets it (nothing lies beside it).  A damaged
    table raises the class's ``TableError`` (a ValueError).
    """
    if array.length > 2 and bytes([array[0], array[1]]) != _GZIP_MAGIC:
        try:
            import uctypes
        except ImportError:
            uctypes = None
        address = js.Module._malloc(array.length) if uctypes is not None else 0
        if address:
            js.Module.HEAPU8.set(array, address)
            try:
                return cls.from_buffer(uctypes.bytearray_at(address, array.length))
            except ValueError:
                js.Module._free(address)
                raise
    js.Module.FS.writeFile(path, array)
    try:
        table = cls.from_file(path)
    finally:
        os.remove(path)
    table.path = None
    return table
