"""Which game is on screen: start-up, links, setup, new games, results.

- ``start`` resumes the saved game (a damaged one is kept aside and
  explained), follows a challenge link (``control.links``) (asking first over a game in
  progress, never over the link's own game) or opens the setup.
- ``win_chances``: the setup form's checkbox, remembered (``remember``).
- a finished game's results are recorded by ``control.ending``.
"""

from dicepoker.errors import DicePokerError, InvalidSave, InvalidSetup
from dicepoker.game import Game

from .autosave import autosave
from .dialogs import ask, close_dialog, open_dialog, say
from .links import link_key, setup_from_params
from .messages import about, error_message, message
from .play import focus_roll
from .saves import clean_meta, new_meta
from .state import SPEEDS


def load_text(text):
    """(game, held, error) from a saved game's text.

    dicepoker.savefile is imported here, not at the top: a first turn opened by
    a link has no save to read, so it is no start module; the page fetches it
    before ``start`` when there is a save (ui.page), and with control.incoming."""
    from dicepoker.savefile import load
    try:
        game, held = load(text)
        return game, held, None
    except InvalidSave as error:
        return None, (), error
    except Exception:            # a tampered save the engine's checks did not foresee
        return None, (), InvalidSave("unreadable", "the saved game cannot be read")


def explain_bad_save(state, fx, text, error):
    fx.add("keep_aside", text)
    say(state, message("notice.bad_save", reason=error_message(error, "save_error")),
        message("notice.bad_save_download"), {"download_bad_save": True})


def show(state, game, meta, held=(), screen=None):
    """Put ``game`` on screen instead of the one there: a question about the old one is
    dropped, the screen stays unless ``screen`` is given."""
    state.game, state.meta = game, meta
    state.version += 1
    state.held, state.undo_held, state.rolled = tuple(held), (), ()
    state.confirm = state.hint = None
    state.computers.planned = state.computers.waiting = state.computers.thinking = None
    if screen is not None:
        state.screen = screen
    if game.is_over and state.screen == "game":
        if meta["recorded"] and not meta.get("results_closed"):
            open_dialog(state, "end")   # else ``finish`` opens it once the results are in
    else:
        close_dialog(state, "end")
        close_dialog(state, "review")


def setup_of(game):
    return {"players": list(game.players), "seats": list(game.seats),
            "ruleset": game.ruleset.id}


def open_setup(state):
    game = state.game
    if game is not None:
        state.setup = setup_of(game)
    state.setup_serial += 1
    state.setup_error = None
    state.screen = "setup"
    state.dialogs = []


def new_game(state, setup, fx, link=None):
    """Start a game from a checked setup; ``link`` is the key of the link that asked for it."""
    game = Game(setup["players"], ruleset=setup["ruleset"], seed=setup.get("seed"),
                seats=setup.get("seats"))
    if link is None:
        fx.add("forget_link")
    state.setup = setup_of(game)
    fx.add("remember", {"name": "setup", "value": state.setup})
    show(state, game, new_meta(link, rev=state.meta["rev"]), screen="game")
    state.dialogs = []
    autosave(state, fx)
    fx.add("announce", about("announce.next", game.players[game.current_player]))


# ------------------------------------------------------------------ actions
def on_start(state, arg, fx, ctl):
    """Page start: ``{"saved", "meta", "params", "last_setup", "speed", "settings", "today"}``."""
    if not isinstance(arg, dict):
        arg = {}
    settings = arg.get("settings")
    state.settings = settings if isinstance(settings, dict) else {}
    if isinstance(arg.get("speed"), str) and arg["speed"] in SPEEDS:
        state.computers.speed = arg["speed"]
    last = arg.get("last_setup")
    state.setup = last if isinstance(last, dict) else {}
    saved = arg.get("saved")
    game = None
    if isinstance(saved, str):
        game, held, error = load_text(saved)
        if error is not None:
            explain_bad_save(state, fx, saved, error)
        else:
            show(state, game, clean_meta(arg.get("meta")), held, screen="game")
            if state.meta.get("daily") is not None:     # today's game: checked (control.daily)
                ctl.run({"daily_check": arg.get("today")}, fx)
    if on_link(state, arg.get("params"), fx, ctl) == "started":
        return
    if state.game is None:
        open_setup(state)
    elif state.game.is_over and not state.meta["recorded"]:
        # the page closed before it could record the results
        fx.add("timer", {"ms": 0, "action": {"finish": state.version}})


def on_link(state, params, fx, ctl):
    """A challenge link's query (a dict of strings): start its game, or ask first.

    A start module: a first turn opened by a link needs it at once."""
    if not isinstance(params, dict) or not params:
        return None
    if "daily" in params:               # ?daily=YYYY-MM-DD: the shell stamps it (control.daily)
        fx.add("daily", {"date": params["daily"], "link": True})
        return "daily"
    try:
        setup = setup_from_params(params)
    except DicePokerError as problem:
        say(state, message("notice.bad_link", reason=error_message(problem)))
        fx.add("forget_link")
        return None
    if setup is None:
        return None
    key = link_key(setup)
    game = state.game
    if game is not None and state.meta["link"] == key:
        return "resumed"                  # a reload of the link's own game
    if game is not None and not game.is_over:
        ask(state, "link", {"new_game": {"setup": setup, "link": key}}, {"forget_link": True})
        return "asked"
    new_game(state, setup, fx, key)
    return "started"


def on_new_game(state, arg, fx, ctl):
    """The answer to "leave this game?": ``{"setup": {...}, "link": key or None}``."""
    try:
        _check(arg["setup"])
    except (InvalidSetup, KeyError, TypeError):
        return
    new_game(state, arg["setup"], fx, arg.get("link"))
    focus_roll(state, fx)


def _check(setup):
    """Raise InvalidSetup unless ``setup`` makes a game (the seed checked as given)."""
    if not isinstance(setup, dict):
        raise InvalidSetup("bad_players", "a setup names the players")
    seed = setup.get("seed")
    Game(setup["players"], ruleset=setup["ruleset"], seed=1 if seed in (None, "") else seed,
         seats=setup.get("seats"))


def on_setup(state, setup, fx, ctl):
    """The setup form was sent: ``{"players", "seats", "ruleset", "seed"}``."""
    try:
        _check(setup)
    except InvalidSetup as error:
        state.setup_error = error_message(error)
        return
    except (KeyError, TypeError):
        state.setup_error = message("error.unknown")
        return
    state.setup_error = None
    if state.game is not None and not state.game.is_over:
        ask(state, "leave", {"new_game": {"setup": setup}})
    else:
        new_game(state, setup, fx)
        focus_roll(state, fx)


def on_open_setup(state, arg, fx, ctl):
    open_setup(state)


def on_back_to_game(state, arg, fx, ctl):
    if state.game is not None and not state.game.is_over:
        state.screen = "game"


def on_daily(state, arg, fx, ctl):
    """Today's game (``#open-daily``): the shell adds today's date and the player
    (control.daily); ``{"daily": {"practice": true}}`` (its result dialog's Play again for
    practice): today's game again, not its result."""
    if isinstance(arg, dict) and arg.get("practice") is True:
        fx.add("daily", {"date": None, "practice": True})
    else:
        fx.add("daily", {"date": None})


def on_storage_unavailable(state, arg, fx, ctl):
    say(state, message("notice.no_storage"))


def on_forget_link(state, arg, fx, ctl):
    fx.add("forget_link")


def on_win_chances(state, value, fx, ctl):
    """``{"win_chances": "on" | "off"}``: the setup form's checkbox, remembered in the same
    task ("off": no win chances on the chips; ``ui.table.win_chances`` reads it)."""
    if value in ("on", "off"):
        fx.add("remember", {"name": "win-chances", "value": value})


HANDLERS = {"start": on_start, "link": on_link, "new_game": on_new_game, "setup": on_setup,
            "open_setup": on_open_setup, "back_to_game": on_back_to_game, "daily": on_daily,
            "storage_unavailable": on_storage_unavailable, "forget_link": on_forget_link,
            "win_chances": on_win_chances}
