"""Composition root: builds the game page from its parts and starts it.

engine (``dicepoker``) + renderer + input + storage + i18n -> ``ui.app.App``.
Nothing else happens here; each part says what it does in its own module.

First, the modules themselves: MicroPython imports only from its virtual
file system, and the start modules come as one precompiled bundle that
``static/js/boot.js`` began downloading with the runtime
(``.ci/start_bundle.py`` builds it from this file's imports).  So this file
imports only built-ins until they are written.
"""

import js
import os


async def install_start_modules():
    """Write the start bundle's files (``dicepoker/game.mpy``, ...) next to this script."""
    modules = await js.dicePokerBoot.modules
    for i in range(modules.length):
        path, data = modules[i][0], modules[i][1]
        folders = path.split("/")[:-1]
        for depth in range(1, len(folders) + 1):
            try:
                os.mkdir("/".join(folders[:depth]))
            except OSError:
                pass                    # made for an earlier file
        js.Module.FS.writeFile(path, data)


await install_start_modules()

from ui.app import App, apply_static_texts, load_start_catalogue  # noqa: E402
from ui.coach import Coach  # noqa: E402
from ui.computer import ComputerPlayers  # noqa: E402
from ui.dom import query_params  # noqa: E402
from ui.input import bind  # noqa: E402
from ui.render import Renderer  # noqa: E402
from ui.setup_form import SetupForm  # noqa: E402
from ui.storage import Storage  # noqa: E402

catalogue, english = await load_start_catalogue()
storage = Storage()
app = App(storage, catalogue, Renderer(catalogue), SetupForm(catalogue), english)
storage.on_unavailable = app.storage_unavailable
app.coach = Coach(app)
app.computers = ComputerPlayers(app, app.coach)
app.observers.append(app.computers.on_render)   # first: sets app.busy for the others
app.observers.append(app.coach.on_render)
apply_static_texts(catalogue)
bind(app)
app.renderer.show_app()
app.start(query_params())
