"""Page start: put the start modules into MicroPython's file system, then build the game.

MicroPython imports only from its file system; the modules page start needs
come as one precompiled bundle that static/js/boot.js began to download with
the runtime (made by .ci/start_bundle.py from the imports below).
"""

import js
import os

modules = await js.dicePokerBoot.modules        # [[path, Uint8Array], ...]
for i in range(modules.length):
    path = modules[i][0]                        # "dicepoker/game.mpy"
    folders = path.split("/")[:-1]
    for depth in range(1, len(folders) + 1):
        try:
            os.mkdir("/".join(folders[:depth]))
        except OSError:
            pass                                # made for an earlier file
    js.Module.FS.writeFile(path, modules[i][1])

from ui.page import start  # noqa: E402  (importable only now)

await start()
