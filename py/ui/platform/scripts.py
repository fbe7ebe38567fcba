"""The page's own scripts that no first turn runs, added on first use.

boot.js is parsed before every first paint, so what only a later feature
calls is a file of its own (static/js/files.js: the downloads of Save and
load), added by :func:`loaded` when that feature is made.  It is precached
like every site file, so it is there offline once the page has been.
"""

import asyncio

from .dom import document, listen

_state = {}     # address -> "loading", "in" (it has run) or "failed"


def ready(address):
    """True once the script at ``address`` has run."""
    return _state.get(address) == "in"


async def loaded(address):
    """Add ``<script src=address>`` (once) and wait until it has run or failed (about 3 s
    at most); True if it has run.  After a failure the next call adds it again."""
    if address not in _state:
        _state[address] = "loading"
        script = document.createElement("script")

        def settle(event):
            _state[address] = "in" if event.type == "load" else "failed"
        listen(script, "load", settle)
        listen(script, "error", settle)
        script.src = address
        document.head.appendChild(script)
    for _ in range(150):
        if _state[address] != "loading":
            break
        await asyncio.sleep_ms(20)
    if _state[address] != "in":
        del _state[address]
        return False
    return True
