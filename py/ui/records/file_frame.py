"""The frame of the files Save and load reads: ``{"format": ..., "version": n, ...}``.

A high-score file (``ui.records.transfer``) and a history file (``ui.records.history_file``) are
checked alike before what is in them: text, not too large, not empty, JSON, an
object of their format, a version this page reads.  Each kind raises its own
error class with these codes (the page words them as ``import_error.<code>``).
Pure data in, data out (CPython and MicroPython).
"""

import json

from dicepoker.game import is_int


def check_text(text, max_bytes, error):
    """Raise ``error(code, message)`` unless ``text`` is a non-empty string of at most
    ``max_bytes``: unreadable, too_big, empty."""
    if not isinstance(text, str):
        raise error("unreadable", "the file could not be read as text")
    if len(text) > max_bytes:
        raise error("too_big", "the file is larger than %d KB" % (max_bytes // 1024))
    if not text.strip():
        raise error("empty", "the file is empty")


def read_frame(text, fmt, newest, error, wrong):
    """The file's object, once it is JSON, of format ``fmt`` and of a version from 1 to
    ``newest``; else ``error``: not_json, ``wrong`` (another kind of file),
    bad_version, future_version (with the file's ``version``)."""
    try:
        data = json.loads(text)
    except (ValueError, RuntimeError):     # RuntimeError: nesting too deep
        raise error("not_json", "the file is not valid JSON")
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise error(wrong, "this is not a Dice Poker %s file" % fmt.split("/")[-1])
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise error("bad_version", "the file has no valid format version")
    if version > newest:
        raise error("future_version", "the file was made by a newer version", version=version)
    return data
