"""Games that come from elsewhere: another tab's save, a game file, a save kept aside, the history.

- ``stored``: another tab saved a newer game (the ``storage`` event, or a
  save of ours that storage refused): that game is shown, ours dropped.
- ``load_game``: a game file was chosen in Save and load.
- ``download_bad_save``: the notice's button after a damaged save.
- ``history``: the kept games (the statistics screen's history; the page's
  storage keeps them, ``ui.records.history``):

  - ``{"review": id, "text": save text}``: that game opens in the review,
    over the statistics (``state.review_of``); a text that does not load
    (checked and replayed as any save) is kept aside (the effect
    ``{"history": {"keep_aside": id}}``) and the player is told;
  - ``{"delete": id or None, "when": text, "sure": bool}``: delete one kept
    game (None: all of them), asking first (the effect ``{"history": {"delete": id}}``);
  - ``{"given": {"0": points}, "id": id or None}``: the review's points given
    away, into that game's record (None: the game on screen's), the effect
    of the same shape.

A first turn needs none of these: fetched on first use (``control.controller.LATER``).
"""

from .autosave import autosave
from .dialogs import ask, close_dialog, say
from .games import explain_bad_save, load_text, show
from .messages import error_message, message
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
    autosave(state, fx)
    say(state, message("transfer.game_loaded"))


def on_download_bad_save(state, arg, fx, ctl):
    fx.add("download_bad_save")


def on_history(state, arg, fx, ctl):
    if not isinstance(arg, dict):
        return
    if "review" in arg:
        review_kept(state, arg["review"], arg.get("text"), fx)
    elif "delete" in arg:
        delete_kept(state, arg["delete"], arg.get("when"), arg.get("sure") is True, fx)
    elif isinstance(arg.get("given"), dict) and (arg.get("id") is None
                                                 or isinstance(arg.get("id"), str)):
        fx.add("history", {"given": arg["given"], "id": arg.get("id")})


def review_kept(state, record_id, text, fx):
    if not isinstance(record_id, str):
        return
    game, held, error = load_text(text)
    if game is None or not game.is_over:
        fx.add("history", {"keep_aside": record_id})
        say(state, message("notice.history_bad",
                           reason=error_message(error, "save_error") if error is not None
                           else message("save_error.unreadable")))
        return
    close_dialog(state, "review")
    state.dialogs.append("review")      # over the statistics: not open_dialog's game on screen
    state.review_of = (record_id, game)


def delete_kept(state, record_id, when, sure, fx):
    if record_id is not None and not isinstance(record_id, str):
        return
    if not sure:
        ask(state, "delete_game" if record_id is not None else "delete_history",
            {"history": {"delete": record_id, "sure": True}},
            when=when if isinstance(when, str) else "")
        return
    fx.add("history", {"delete": record_id})


HANDLERS = {"stored": on_stored, "load_game": on_load_game,
            "download_bad_save": on_download_bad_save, "history": on_history}
