"""Page start: put the start modules into MicroPython's file system, then build the game.

MicroPython imports only from its file system; the modules page start needs
come as one precompiled bundle that static/js/boot.js fetched with the
runtime (made by .ci/start_bundle.py from the imports below); boot.js writes
them (fewer calls from Python into JavaScript).
"""

import js

await js.dicePokerBoot.install(js.Module.FS)

from ui.page import start  # noqa: E402  (importable only now)

await start()
