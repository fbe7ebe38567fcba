"""The hint and the computer seats.  The thinking itself is an effect.

**Hint.**  ``{"hint": True}`` asks for advice on the position on screen
(:func:`control.state.position`: the game's version and the dice kept); the
shell computes it (``advise`` effect, strategy tables fetched on first use;
``"win": True`` in a game with opponents: there the end-of-game tables, fetched
on first use, rank the options by the chance to win, each with ``"win"``)
and answers ``{"advice": {"for": position, "advice": {...}}}`` or
``{"advice_failed": position}``.  An answer for another position is dropped,
and a hint on screen goes as soon as the position changes (``control.controller.tidy``).

A first turn between people needs none of this: the handlers here are
fetched on first use (``control.controller.LATER``).

**Computer seats** play a step at a time, at a pace people can follow: when a
computer has the turn, ``control.controller.tidy`` sets a ``timer`` (``SPEEDS``);
its ``tick`` asks the shell to ``think``; the shell answers ``computer_move``.  A roll that
keeps other dice than those kept now is shown first (the dice it keeps), then
played on the next tick; a roll or a box is played at once, and the next step
gets its own timer.  Only the latest timer acts (``token``), and only on the
position it was set for, so an undo, a new game or another tab's game cancels
whatever was under way.  A question or a dialog on screen pauses them
(:func:`control.state.paused`).
"""

from dicepoker.errors import DicePokerError

from .autosave import autosave
from .controller import wait
from .dialogs import say
from .messages import message
from .play import apply_move
from .state import SPEEDS, computer_turn, counted_try, paused, person_turn, position

RETRY_MS = 3000     # the strategy could not be fetched (offline): think again after this


# ------------------------------------------------------------------- hint
def on_hint(state, arg, fx, ctl):
    if state.confirm is not None or not person_turn(state) or counted_try(state):
        return                      # today's game's counted try is played without Hint
    where = position(state)
    if not state.game.rolls_used:
        state.hint = _hint(where, "roll")
        return
    state.hint = _hint(where, "loading")
    fx.add("advise", {"for": where, "win": plays_to_win(state)})


def plays_to_win(state):
    """Whether the hint weighs the chance to win: a game with opponents, not today's game
    (the shell does so only where the end-of-game tables hold the position; solo games,
    today's game and practice stay on points)."""
    return len(state.game.players) > 1 and not isinstance(state.meta.get("daily"), dict)


def _hint(where, shown):
    return {"for": where, "state": shown, "advice": None, "expanded": False,
            "keep": [], "box": None}


def on_advice(state, arg, fx, ctl):
    hint = state.hint
    if isinstance(arg, dict) and hint is not None and hint["for"] == arg.get("for") \
            and hint["state"] == "loading" and _readable(arg.get("advice")):
        advice = arg["advice"]
        hold, box = _first(advice, "hold"), _first(advice, "score")
        hint["state"], hint["advice"] = "shown", advice
        hint["keep"] = hold["hold"] if hold is not None else []   # dice to mark
        hint["box"] = box["box"] if box is not None else None       # the box to mark


def _readable(advice):
    """Advice the hint can show: the best option and the ranked options, each a dict with
    its kind, move, value and loss, and its chance to win (``win``) if it has one (the
    coach's own; anything else is refused)."""
    options = advice.get("options") if isinstance(advice, dict) else None
    if not isinstance(options, list) or not options or not isinstance(advice.get("best"), dict):
        return False
    extra = [advice["points_best"]] if "points_best" in advice else []
    for option in [advice["best"]] + options + extra:
        if not isinstance(option, dict) or not isinstance(option.get("move"), dict):
            return False
        if not all(isinstance(option.get(k), (int, float)) for k in ("value", "loss")):
            return False
        if "win" in option and not isinstance(option["win"], (int, float)):
            return False
        if option.get("kind") == "hold" and not isinstance(option.get("hold"), list):
            return False
        if option.get("kind") == "score" and not isinstance(option.get("box"), str):
            return False
    return True


def _first(advice, kind):
    """The best option of ``kind`` ("hold" or "score") in ``advice``, or None."""
    for option in advice.get("options") or ():
        if option.get("kind") == kind:
            return option
    return None


def on_advice_failed(state, where, fx, ctl):
    hint = state.hint
    if hint is not None and hint["for"] == where and hint["state"] == "loading":
        hint["state"] = "failed"


def on_hint_list(state, arg, fx, ctl):
    hint = state.hint
    if hint is not None and hint["state"] == "shown":
        hint["expanded"] = not hint["expanded"]


# --------------------------------------------------------------- computers
def on_tick(state, token, fx, ctl):
    computers = state.computers
    if token != computers.token or not computer_turn(state) or paused(state):
        return
    planned, computers.planned = computers.planned, None
    if planned is not None:
        apply_move(state, planned, fx)
        return
    computers.thinking = state.version
    level = state.game.seats[state.game.current_player]
    fx.add("think", {"for": state.version, "level": level})


def on_computer_move(state, arg, fx, ctl):
    """The shell's answer to ``think``: ``{"for": version, "move": move or None}``."""
    computers = state.computers
    if not isinstance(arg, dict) or arg.get("for") != state.version or not computer_turn(state):
        return
    computers.thinking = None
    if paused(state):
        return                              # paused; it thinks again once answered or closed
    move = arg.get("move")
    if not isinstance(move, dict):
        wait(state, fx, RETRY_MS)          # nothing to play with yet (offline): try again
        return
    keep = move.get("roll")
    if isinstance(keep, list) and state.game.rolls_used and sorted(keep) != list(state.held):
        try:
            state.held = state.game.check_hold(keep)   # show what it keeps, roll on the next tick
        except DicePokerError:
            wait(state, fx, RETRY_MS)       # not a hold the rules allow: think again
            return
        autosave(state, fx)
        computers.planned = {"roll": sorted(keep)}
        wait(state, fx, computers.pause())
        return
    if not apply_move(state, move, fx):
        wait(state, fx, RETRY_MS)


def on_speed(state, speed, fx, ctl):
    if isinstance(speed, str) and speed in SPEEDS:
        state.computers.speed = speed
        fx.add("remember", {"name": "computer-speed", "value": speed})


def on_skip(state, arg, fx, ctl):
    """Play on without pauses until a person's turn (or the end)."""
    computers = state.computers
    if computer_turn(state):
        computers.skip = True
        if computers.thinking is None:
            wait(state, fx, 0)


def on_computer_fallback(state, arg, fx, ctl):
    """The strategy table could not be had: computers play at the beginner level; said once."""
    if not state.computers.warned:
        state.computers.warned = True
        say(state, message("computer.fallback"))


def on_effect_failed(state, effect, fx, ctl):
    """The shell could not carry out ``effect`` (its code could not be fetched: offline)."""
    if not isinstance(effect, dict):
        return
    for kind, value in effect.items():
        where = value.get("for") if isinstance(value, dict) else None
        if kind == "advise":
            ctl.run({"advice_failed": where}, fx)
        elif kind == "think":           # beginner level needs no table; it tries again later
            ctl.run({"computer_fallback": True}, fx)
            ctl.run({"computer_move": {"for": where, "move": None}}, fx)
        else:
            say(state, message("load.failed"))


HANDLERS = {"effect_failed": on_effect_failed, "hint": on_hint, "advice": on_advice,
            "advice_failed": on_advice_failed, "hint_list": on_hint_list, "tick": on_tick, "computer_move": on_computer_move,
            "speed": on_speed, "skip": on_skip, "computer_fallback": on_computer_fallback}
