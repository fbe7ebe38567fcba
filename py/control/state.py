"""The one state of the screen, and the facts every part derives from it.

Changed only by the controller's handlers (``control.controller``); the
shell's views read it.  Everything here is plain Python objects: the game is
the engine's :class:`~dicepoker.game.Game`, the rest is data.
"""

from dicepoker.rules import POKER
from dicepoker.seats import HUMAN, is_computer

from .saves import new_meta

SPEEDS = {"slow": 1400, "normal": 750, "fast": 250}   # ms between a computer's steps
DEFAULT_SPEED = "normal"


class Computers:
    """The computer seats' pace and where their current turn is."""

    def __init__(self):
        self.speed = DEFAULT_SPEED
        self.skip = False           # play on without pauses until a person's turn
        self.waiting = None         # (position, token) of the timer set for the next step
        self.token = 0              # counts timers; only the latest one acts
        self.planned = None         # a roll shown as its holds first, played on the next tick
        self.thinking = None        # the position a "think" effect is out for
        self.warned = False         # "plays at beginner level" said once

    def pause(self):
        return 0 if self.skip else SPEEDS[self.speed]


class State:
    def __init__(self):
        self.screen = "setup"       # "setup" | "game"
        self.game = None            # dicepoker.game.Game, or None before the first game
        self.meta = new_meta()      # saved with the game: link, recorded, rev, first
        self.version = 0            # counts changes of the position (moves, undo, a new game)
        self.held = ()              # dice the current player keeps (screen state, not a move)
        self.undo_held = ()         # the holds to give back if the last box is undone
        self.rolled = ()            # dice thrown by the last roll (the animation)
        self.last_box = (-1, None, None)    # (version, message, seat) of the last box filled: a
                                            # computer's stays on screen until the next move
        self.roll_serial = 0        # counts rolls seen on this page
        self.dialogs = []           # open dialogs, bottom first: "end", "review", "rules", ...
        self.review_of = None       # (id, game) of a kept game the review shows, or None
        self.confirm = None         # the question asked: {"kind", "params", "ok", "cancel"}
        self.notice = None          # {"text": message, "button": message|None, "action": action|None}
        self.hint = None            # {"for", "state", "advice", "expanded"}
        self.setup = {}             # what the setup form shows when it opens
        self.setup_serial = 0       # counts openings of the setup form (the form is refilled)
        self.setup_error = None     # why the setup was refused, as a message
        self.computers = Computers()
        self.remote = None          # control.remote_game.Remote: a game played by link on screen
        self.settings = {}          # control.settings: as stored until that module reads them
        self.practice = None        # control.practice: the practice screen, once opened
        self.daily_day = None       # control.daily: the date whose result the "daily" dialog shows


# ------------------------------------------------------------ derived facts
def playing(state):
    """A game is on screen and not over."""
    game = state.game
    return game is not None and state.screen == "game" and not game.is_over


def setup_over_game(state):
    """The setup screen is open over a game in progress: "Back to the game" (and the
    browser's Back, ``ui.dialogs.back``) returns to it."""
    game = state.game
    return state.screen == "setup" and game is not None and not game.is_over


def turn_phase(game):
    """Where the turn stands: "start", "rolled" or "over" (``data-turn-phase``)."""
    return "over" if game.is_over else ("rolled" if game.rolls_used else "start")


def first_screen(state):
    """What the saved game's first screen shows before Python runs (static/js/boot.js reads
    it from the save's meta): its rules, where the turn stands and, after a roll on a
    person's turn, the rolls left, from which boot.js words the tray's message and Roll as
    py/ui/table/tray.py will (their lines are the tray's height): "dice-poker rolled2"."""
    game = state.game
    phase = turn_phase(game)
    left = str(game.rolls_left) if phase == "rolled" and person_turn(state) else ""
    return game.ruleset.id + " " + phase + left


def current_seat(state):
    return state.game.seats[state.game.current_player] if playing(state) else None


def computer_turn(state):
    """It is a computer's turn on screen: people's game taps wait."""
    seat = current_seat(state)
    return seat is not None and is_computer(seat)


def paused(state):
    """A question, or a dialog over the game (Statistics, Rules, Settings...), is open: a
    computer's turn waits until it is answered or closed (the results of a finished game
    pause nothing: no one has a turn)."""
    return state.confirm is not None or any(d not in ("end", "review") for d in state.dialogs)


def person_turn(state):
    return current_seat(state) == HUMAN


def undo_allowed(game, remote=None):
    """Undo takes back the last box until the next roll (the engine's rule), but never
    a computer's box: right after a score the one who scored is the seat before the current;
    in a game by link, not once the link is sent (``remote.locked``)."""
    if game is None or not game.can_undo:
        return False
    scorer = (game.current_player - 1) % len(game.players)
    return game.seats[scorer] == HUMAN and not (remote and remote.locked())


def position(state):
    """What a hint or a computer's thought belongs to: the position and the holds."""
    return [state.version, list(state.held)]


def counted_try(state):
    """The game on screen is today's game's counted try (``control.daily``: not begun as
    practice): it is played without Hint (the rules page says so)."""
    daily = state.meta.get("daily")
    return isinstance(daily, dict) and daily.get("practice") is False


def has_computers(game):
    return game is not None and any(is_computer(s) for s in game.seats)


def joker_possible(state):
    """Some card has its poker box filled, so a five of a kind may now be a Joker."""
    return state.game is not None and any(POKER in card for card in state.game.cards)
