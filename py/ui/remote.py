"""Games played by link, as the page start knows them: this module's name, and little more.

``ui.page`` fetches it only when the page opens with a fragment (a link, or
``hashchange`` while open), when the saved game on screen is played by link
(``meta.remote``), or when the setup form starts one; it names the files of
such games here (``lazy.GROUPS``), so none of their names is start code, and
it fetches the rest (``ui.remote_panel``: the panel with ``#remote-link``, the
records kept in storage, the controller's ``control.remote``).
"""

from . import lazy

_PROTOCOL = ("dicepoker/keyed_dice", "dicepoker/fair", "dicepoker/bylink", "dicepoker/savefile")
lazy.GROUPS["control.remote"] = _PROTOCOL + ("control/remote",)
lazy.GROUPS["ui.remote_panel"] = _PROTOCOL + ("control/remote", "ui/remote_panel")


async def _panel(shell):
    panel = await lazy.load("ui.remote_panel")
    await panel.install(shell)
    return panel


async def start(shell):
    """At page start or on ``hashchange``: take the link in, or show the game on screen's
    panel (its record is read)."""
    try:
        panel = await _panel(shell)
    except lazy.LazyLoadError:
        shell.act({"say": "transfer.load_failed"})
        return
    panel.on_start(shell)


async def act(shell, kind, value):
    """``remote_setup`` (entropy added) or ``remote_resume`` of a kept game, from the setup form."""
    try:
        panel = await _panel(shell)
    except lazy.LazyLoadError:
        shell.act({"say": "transfer.load_failed"})
        return
    panel.act(shell, kind, value)


def run_effect(kind, value, shell):
    """``remote``: the panel's module is in whenever the controller asks (control.remote is)."""
    import sys
    sys.modules["ui.remote_panel"].run_effect(kind, value, shell)
