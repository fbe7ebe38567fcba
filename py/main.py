"""Page start: the start modules into MicroPython's file system (static/js/boot.js
fetched them, .ci/start_bundle.py follows these imports), then the game, with a
timer before and between the steps: none in the interpreter's long start task,
no one long task on a phone (docs/performance.md, "What was tried")."""

import asyncio
import gc
import js
import sys
import ujson
import urandom

# else every `import json` looks for a json.py first (docs/runtime.md)
sys.modules["json"] = ujson
sys.modules["random"] = urandom

await asyncio.sleep_ms(1)
await js.dicePokerBoot.install(js.Module.FS)

from ui.platform.memory import THRESHOLD  # noqa: E402  (importable only now; why: ui.platform.memory)
gc.threshold(THRESHOLD)
await asyncio.sleep_ms(1)
import dicepoker.game  # noqa: E402,F401
await asyncio.sleep_ms(1)
import control.controller  # noqa: E402,F401
await asyncio.sleep_ms(1)
from ui.page import start  # noqa: E402

await asyncio.sleep_ms(1)
await start()
