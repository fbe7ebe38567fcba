"""Composition root: builds the game page from its parts and starts it.

engine (``dicepoker``) + renderer + input + storage + i18n -> ``ui.app.App``.
Nothing else happens here; each part says what it does in its own module.
"""

from ui.app import App, apply_static_texts, load_start_catalogue
from ui.coach import Coach
from ui.computer import ComputerPlayers
from ui.dom import query_params
from ui.input import bind
from ui.render import Renderer
from ui.setup_form import SetupForm
from ui.storage import Storage

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
