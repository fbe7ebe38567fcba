"""Composition root: builds the game page from its parts and starts it.

engine (``dicepoker``) + renderer + input + storage + i18n -> :class:`ui.app.App`.
Nothing else happens here; each part says what it does in its own module.
"""

from .app import App, apply_static_texts, load_start_catalogue
from .assistants import Assistants
from .dom import query_params
from .input import bind
from .render import Renderer
from .setup_form import SetupForm
from .storage import Storage


async def start():
    catalogue = await load_start_catalogue()
    storage = Storage()
    app = App(storage, catalogue, Renderer(catalogue), SetupForm(catalogue))
    storage.on_unavailable = app.storage_unavailable
    app.assistants = Assistants(app)
    app.observers.append(app.assistants.on_render)   # hint button, computer seats, app.busy
    apply_static_texts(catalogue)
    bind(app)
    app.renderer.show_app()
    await app.start(query_params())
    return app
