"""Page start: the start modules into MicroPython's file system, then the game.

static/js/boot.js fetched them (one bundle: .ci/start_bundle.py, from the
imports below) and writes them.  A timer between steps: no one long task.
"""

import asyncio
import gc
import js

await js.dicePokerBoot.install(js.Module.FS)

# A collection due every few MB allocated, not every 16 KB: at start (one at every
# await of the steps below) and after nearly every tap otherwise (ui.memory says why).
from ui.memory import THRESHOLD  # noqa: E402  (importable only now)
gc.threshold(THRESHOLD)
await asyncio.sleep_ms(1)

# The start modules imported in three steps (the engine, the controller, the page),
# not one task of ~130 ms on a phone (Chromium at 4x slowdown; issue 15)
import dicepoker.game  # noqa: E402,F401  (importable only now)
await asyncio.sleep_ms(1)
import control.controller  # noqa: E402,F401
await asyncio.sleep_ms(1)
from ui.page import start  # noqa: E402

await asyncio.sleep_ms(1)
await start()
