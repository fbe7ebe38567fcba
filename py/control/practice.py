"""The practice screen: one position at a time, the player's answer graded, the progress kept.

Every action is ``{"practice": {verb: value}}`` (one kind for the page start's
``control.controller.LATER``: this module is fetched on first use):

- ``open``: True (the top bar's ``#open-practice``) or ``{"seed", "rules"}`` (a
  ``?practice=SEED&rules=ID`` link: that sequence from its first position).
  The first opening asks the shell for the stored progress (``practice``
  effect ``{"read": True}``), which answers ``progress``.
- ``progress`` ``{"progress": record or None, "aside": bool}``: the record as
  stored (checked again here); ``aside``: a damaged one was set aside, which
  the player is told.  Then the sequence is taken up where it stood (the
  progress's ``at``), or a new one starts (a fresh seed).
- ``position`` ``{"for": serial, "position": {...}}`` / ``failed`` serial: the
  shell's answer to the effect ``{"position": {"for", "rules", "seed", "game",
  "nth"}}`` (the position at that place of the sequence, or the first after
  it: :mod:`dicepoker.practice`).  An answer for an older request is dropped.
- ``hold`` die index, ``roll`` True, ``fill`` box: the player's answer, as in a
  game (dice kept, then "keep these and throw the rest"; or a box filled now).
  It is graded at once (:func:`dicepoker.practice.answer`: every option's
  value came with the position), counted in the progress and saved
  (``{"save": progress}``).
- ``next`` True: the next position (after an answer; or again after a failure).
- ``rules`` id: practise another rule set (where its own sequence stood).

``state.practice`` is None until the screen is first opened, then a dict:
the rule set, seed and place of the position (``game``, ``nth``, and
``number``: how many of the seed's positions came before it), ``serial``,
``status`` ("reading", "loading", "shown", "failed"), ``position``,
``held``, ``answer`` (``{"move", "chosen", "best"}``), ``progress`` and
``note`` (a message the screen shows: a damaged record set aside).

The keyboard's focus (``focus`` effects): to Next once an answer is drawn, to
the new position's task once it is shown (Next's button has gone with the
answer), except after a rule set was picked, where it stays on the picker.
"""

from dicepoker import practice_progress as tally
from dicepoker.dice import new_seed, normalise_seed
from dicepoker.errors import InvalidSetup
from dicepoker.practice import answer
from dicepoker.rules import DEFAULT_RULESET, DICE_COUNT, RULESETS

from .dialogs import open_dialog, say
from .messages import message


def _new(link):
    return {"rules": None, "seed": None, "game": 0, "nth": 0, "number": 0, "serial": 0,
            "status": "reading", "position": None, "held": [], "answer": None,
            "progress": None, "link": link, "note": None, "focus": True}


def _link(value):
    """A link's ``{"seed", "rules"}`` checked (InvalidSetup), or None for a plain opening."""
    if not isinstance(value, dict):
        return None
    rules = value.get("rules") or DEFAULT_RULESET
    if rules not in RULESETS:
        raise InvalidSetup("unknown_ruleset", "", ruleset=rules)
    return {"seed": normalise_seed(value.get("seed")), "rules": rules}


def _save(practice, fx):
    fx.add("practice", {"save": practice["progress"]})


def _ask(practice, fx, focus=True):
    """Ask the shell for the position at the practice's place; the place is kept.  ``focus``:
    the keyboard's focus goes to its task once it is shown (not when the rule set was
    picked: it stays on the picker)."""
    practice["serial"] += 1
    practice.update(status="loading", position=None, held=[], answer=None, focus=focus)
    tally.place(practice["progress"], practice["rules"], practice["seed"], practice["game"],
                practice["nth"], practice["number"])
    _save(practice, fx)
    fx.add("practice", {"position": {"for": practice["serial"], "rules": practice["rules"],
                                     "seed": practice["seed"], "game": practice["game"],
                                     "nth": practice["nth"]}})


def _go(practice, rules, fx, link=None, focus=True):
    """Practise ``rules``: the link's sequence from its start, else where it stood."""
    place = link or practice["progress"]["at"].get(rules) or {"seed": new_seed()}
    practice.update(rules=rules, seed=place["seed"], game=place.get("game", 0),
                    nth=place.get("nth", 0), number=place.get("number", 0))
    _ask(practice, fx, focus)


# ------------------------------------------------------------------- verbs
def _open(state, practice, value, fx):
    try:
        link = _link(value)
    except InvalidSetup:
        say(state, message("practice.bad_link"))
        fx.add("forget_link")
        return
    if link is not None:
        fx.add("forget_link")       # taken in: a reload goes on from where the player is
    open_dialog(state, "practice")
    if practice is None:
        state.practice = _new(link)
        fx.add("practice", {"read": True})
    elif practice["progress"] is None:
        practice["link"] = link or practice["link"]
    elif link is not None:
        _go(practice, link["rules"], fx, link)


def _progress(state, practice, value, fx):
    if practice["progress"] is not None or not isinstance(value, dict):
        return
    practice["progress"] = tally.clean(value.get("progress")) or tally.new()
    if value.get("aside"):
        practice["note"] = message("practice.bad_record")
        say(state, practice["note"])
    link = practice.pop("link")
    if link is not None:
        _go(practice, link["rules"], fx, link)
        return
    game = state.game
    rules = practice["progress"]["rules"] or (game.ruleset.id if game else DEFAULT_RULESET)
    _go(practice, rules, fx)


def _position(state, practice, value, fx):
    if not isinstance(value, dict) or value.get("for") != practice["serial"] \
            or practice["status"] != "loading" or not _readable(value.get("position"), practice):
        return
    position = value["position"]
    practice.update(status="shown", position=position, game=position["game"],
                    nth=position["nth"])
    tally.place(practice["progress"], practice["rules"], practice["seed"], position["game"],
                position["nth"], practice["number"])
    _save(practice, fx)
    if practice.pop("focus", False):
        fx.add("focus", "practice-task")    # read out; Next's button has gone


def _readable(position, practice):
    """A position the screen can show and grade: of the rule set asked for, five dice,
    the place, and ranked options each with its kind, move, value and loss."""
    if not isinstance(position, dict) or position.get("rules") != practice["rules"]:
        return False
    dice, options = position.get("dice"), position.get("options")
    if not isinstance(dice, list) or len(dice) != DICE_COUNT or not isinstance(options, list) \
            or len(options) < 2 or position.get("rolls_left") not in (0, 1, 2):
        return False
    if not all(isinstance(position.get(k), int) for k in ("game", "nth", "level")):
        return False
    return all(isinstance(o, dict) and isinstance(o.get("move"), dict)
               and isinstance(o.get("value"), (int, float))
               and isinstance(o.get("loss"), (int, float)) for o in options)


def _failed(state, practice, serial, fx):
    if serial == practice["serial"] and practice["status"] == "loading":
        practice["status"] = "failed"


def _open_question(practice):
    """The position on screen, not answered yet."""
    return practice["status"] == "shown" and practice["answer"] is None


def _hold(state, practice, index, fx):
    if _open_question(practice) and practice["position"]["rolls_left"] \
            and isinstance(index, int) and not isinstance(index, bool) and 0 <= index < DICE_COUNT:
        held = practice["held"]
        practice["held"] = sorted(i for i in held if i != index) if index in held \
            else sorted(held + [index])


def _roll(state, practice, value, fx):
    if _open_question(practice):
        _grade(practice, {"roll": list(practice["held"])}, fx)


def _fill(state, practice, box, fx):
    if _open_question(practice) and isinstance(box, str):
        _grade(practice, {"score": box}, fx)


def _grade(practice, move, fx):
    position = practice["position"]
    try:
        chosen = answer(position, move)
    except ValueError:
        return                          # no option of this position (keep all five, no roll)
    practice["answer"] = {"move": move, "chosen": chosen, "best": position["options"][0]}
    progress = practice["progress"]
    tally.add(progress, practice["rules"], position["level"], chosen["loss"])
    tally.place(progress, practice["rules"], practice["seed"], practice["game"],
                practice["nth"] + 1, practice["number"] + 1)   # a reload goes on after it
    _save(practice, fx)
    fx.add("focus", "practice-next")


def _next(state, practice, value, fx):
    if practice["answer"] is not None:
        practice.update(nth=practice["nth"] + 1, number=practice["number"] + 1)
        _ask(practice, fx)
    elif practice["status"] == "failed":
        _ask(practice, fx)


def _rules(state, practice, rules, fx):
    if practice["progress"] is not None and rules in RULESETS and rules != practice["rules"]:
        _go(practice, rules, fx, focus=False)


VERBS = {"progress": _progress, "position": _position, "failed": _failed, "hold": _hold,
         "roll": _roll, "fill": _fill, "next": _next, "rules": _rules}


def on_practice(state, arg, fx, ctl):
    if not isinstance(arg, dict) or len(arg) != 1:
        return
    for verb, value in arg.items():
        if verb == "open":
            _open(state, state.practice, value, fx)
        elif verb in VERBS and state.practice is not None:
            VERBS[verb](state, state.practice, value, fx)


HANDLERS = {"practice": on_practice}
