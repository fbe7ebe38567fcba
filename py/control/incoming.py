"""Games that come from elsewhere: another tab's save, a game file, a save kept aside.

- ``stored``: another tab saved a newer game (the ``storage`` event, or a
  save of ours that storage refused): that game is shown, ours dropped.
- ``load_game``: a game file was chosen in Save and load.
- ``download_bad_save``: the notice's button after a damaged save.

A first turn needs none of these: fetched on first use (``control.controller.LATER``).
"""

from .dialogs import ask, close_dialog, say
from .games import explain_bad_save, load_text, show
from .messages import error_message, message
from .play import save_game
from .saves import clean_meta, new_meta


def on_stored(state, arg, fx, ctl):
    """Another tab saved ``{"game": text, "meta": {...}}``: show it if it is newer than ours."""
    if not isinstance(arg, dict) or not isinstance(arg.get("game"), str):
        return
    meta = clean_meta(arg.get("meta"))
    if meta["rev"] < state.meta["rev"]:     # the same rev: our save of it was refused
        return
    game, held, error = load_text(arg["game"])
    if error is not None:
        explain_bad_save(state, fx, arg["game"], error)
        return
    show(state, game, meta, held)
    say(state, message("notice.other_tab"))


def on_load_game(state, arg, fx, ctl):
    """A game file was chosen (``{"text": ..., "sure": bool}``): it replaces the game on
    screen, asking first over one in progress; a finished one is not recorded again."""
    if not isinstance(arg, dict):
        return
    game, held, error = load_text(arg.get("text"))
    if error is not None:
        say(state, message("transfer.import_failed", reason=error_message(error, "save_error")))
        return
    close_dialog(state, "transfer")
    if state.game is not None and not state.game.is_over and not arg.get("sure"):
        ask(state, "import", {"load_game": {"text": arg["text"], "sure": True}})
        return
    show(state, game, new_meta(recorded=game.is_over, rev=state.meta["rev"]), held,
         screen="game")
    save_game(state, fx)
    say(state, message("transfer.game_loaded"))


def on_download_bad_save(state, arg, fx, ctl):
    fx.add("download_bad_save")



HANDLERS = {"stored": on_stored, "load_game": on_load_game,
            "download_bad_save": on_download_bad_save}
