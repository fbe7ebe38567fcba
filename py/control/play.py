"""The player's moves: keeping dice, rolling, filling a box, undo; what each says.

A move reaches the engine as the engine's own data (``{"roll": [kept]}``,
``{"score": box}``), the same for a person's tap and a computer's step; every
accepted move is saved once (``control.autosave``) and announced once.  The
dice kept are not a move (the next roll says which it keeps), but the save
carries them, so a change of them is saved too.  A move
the rules refuse changes nothing and is announced as the engine's reason.

People's taps are actions of their own (``roll``, ``hold``, ``fill``,
``score``, ``undo``): they do nothing while a question is open or while a
computer has the turn (except Undo, which the rule below allows).
"""

from dicepoker.errors import DicePokerError
from dicepoker.rules import DICE_COUNT

from .autosave import autosave
from .dialogs import ask
from .messages import about, box_name, error_message, message
from .state import person_turn, undo_allowed


def open_to_people(state):
    return state.confirm is None and person_turn(state)


def apply_move(state, move, fx):
    """Apply an engine move (a person's or a computer's): draw, save, announce.  True if taken."""
    game = state.game
    before = game.current_player
    kept = move.get("roll")
    try:
        result = game.apply(move)
    except DicePokerError as error:
        fx.add("announce", error_message(error))
        return False
    state.version += 1
    if kept is not None:
        state.roll_serial += 1
        state.rolled = tuple(i for i in range(DICE_COUNT) if i not in kept)
        state.held = tuple(sorted(kept)) if game.rolls_left else ()
        fx.add("announce", _roll_text(game))
    else:
        state.undo_held, state.held, state.rolled = state.held, (), ()
        scored = about("announce.scored", game.players[before], points=result,
                       box=box_name(move["score"], game.ruleset.id))
        fx.add("announce", [scored, _next_text(game)])
        state.last_box = (state.version, scored, game.seats[before])
    autosave(state, fx)
    if game.is_over:
        fx.add("timer", {"ms": 0, "action": {"finish": state.version}})   # results: a task of their own
    return True


def _roll_text(game):
    dice = ", ".join(str(d) for d in game.dice)
    if game.rolls_left:
        return message("announce.roll", dice=dice, count=game.rolls_left)
    return message("announce.roll_last", dice=dice)


def _next_text(game):
    if game.is_over:
        return message("announce.over")
    return about("announce.next", game.players[game.current_player])


def focus_roll(state, fx):
    """The keyboard focus on Roll when a person plays next (after Start, after a box
    written: the cell's button that had it is gone, and the focus would drop to the page)."""
    if person_turn(state):
        fx.add("focus", "roll")


# ------------------------------------------------------------------ actions
def roll(state, arg, fx, ctl):
    if open_to_people(state) and state.game.can_roll:
        apply_move(state, {"roll": list(state.held)}, fx)


def hold(state, index, fx, ctl):
    """Keep die ``index`` if it is free, free it if it is kept."""
    if not open_to_people(state) or not state.game.can_hold:
        return
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < DICE_COUNT:
        return
    held = [i for i in state.held if i != index]
    if len(held) == len(state.held):
        held.append(index)
    state.held = tuple(sorted(held))
    autosave(state, fx)                 # the save keeps the holds too: a reload shows them


def fill(state, box, fx, ctl):
    """Fill ``box`` with the dice; a 0 asks first unless the player turned that off
    (``confirm_zero``: any stored value but False keeps the default, control.settings)."""
    if not open_to_people(state):
        return
    points = state.game.options().get(box) if isinstance(box, str) else None
    if points is None:
        return
    if points == 0 and state.settings.get("confirm_zero") is not False:
        ask(state, "zero", {"score": box}, box=box_name(box, state.game.ruleset.id))
    elif apply_move(state, {"score": box}, fx):
        focus_roll(state, fx)


def score(state, box, fx, ctl):
    """Fill ``box`` without asking (the answer to the question a 0 asks)."""
    if open_to_people(state) and isinstance(box, str) and apply_move(state, {"score": box}, fx):
        focus_roll(state, fx)


def undo(state, arg, fx, ctl):
    """Take back the last box, until the next roll; never a computer's box.

    Allowed while a computer waits for its first roll (its turn is taken back
    with the box), not once the game is over (its results are recorded)."""
    game = state.game
    if state.confirm is not None or game is None or game.is_over \
            or not undo_allowed(game, state.remote):
        return
    box = game.moves[-1]["score"]
    game.undo()
    state.version += 1
    state.held, state.undo_held, state.rolled = state.undo_held, (), ()
    fx.add("announce", about("announce.undone", game.players[game.current_player],
                             box=box_name(box, game.ruleset.id)))
    autosave(state, fx)


HANDLERS = {"roll": roll, "hold": hold, "fill": fill, "score": score, "undo": undo}
