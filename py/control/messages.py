"""What the screen says, as data: a message key and its parameters.

The controller never words anything (it has no catalogue): it says
``message("announce.roll", dice="3, 3, 5", count=2)`` and the shell's
catalogue words it, in whatever language is chosen at the moment it is drawn,
so a notice on screen is worded again after a language switch.

A message is ``{"key": key, "params": {...}}``.  A parameter that is itself a
message (a box's name, a translated reason) is worded first; an engine error
is ``{"error": code, "params": {...}, "prefix": "error"}`` and is worded
through ``<prefix>.<code>`` (see ``ui.language.i18n.Catalogue.say``).

Sentences about a player are whole messages: today's nameless player
(``dicepoker.seats.YOU``) has messages of its own in the second person
(``<key>_you``, :func:`about`), never a word "You" put where a name goes.
"""

from dicepoker.seats import HUMAN, is_you

# A box a rule set calls by a name of its own: Yahtzee's five alike is a Yahtzee (its
# bonus too: ``card.yahtzee_bonus``), dice poker's a Poker.
OWN_BOX_NAMES = {("yahtzee", "poker"): "box.yahtzee"}


def message(key, **params):
    return {"key": key, "params": params}


def box_key(box, rules=None):
    """The catalogue key of a box's name under the rule set ``rules`` (an id)."""
    return OWN_BOX_NAMES.get((rules, box)) or "box." + str(box)


def box_name(box, rules=None):
    """The name of a box on the card, as a message (``box.pair``; ``rules``: the rule
    set's id, which may call it by a name of its own)."""
    return message(box_key(box, rules))


def about(key, name, **params):
    """The message ``key`` about the player ``name``: ``<key>_you`` (no name) for today's
    nameless player, else ``key`` with ``name``."""
    if is_you(name):
        return message(key + "_you", **params)
    params["name"] = name
    return message(key, **params)


def error_message(error, prefix="error"):
    """An engine error (``.code`` + ``.params``) as a message worded later."""
    params = dict(getattr(error, "params", None) or {})
    if "box" in params:
        params["box"] = box_name(params["box"])
    return {"error": getattr(error, "code", None), "params": params, "prefix": prefix}


def names_list(names):
    """Names joined as "Ann, Ben and Cy" (the "and" is the language's)."""
    if len(names) == 1:
        return names[0]
    return message("list.and", first=", ".join(names[:-1]), last=names[-1])


def turn_words(game):
    """The line of whose turn it is (``#turn-label``), as a message."""
    if game.is_over:
        return message("turn.over")
    return about("turn.label", game.players[game.current_player])


def tray_words(game, computer, step=None, own=None):
    """What the tray says to do now: (main line, second line) as messages (None: empty).

    ``computer``: a computer plays this turn; ``step``: what a game by link waits for on
    this device (``control.remote_game.Remote.step``); ``own``: the names of this
    device's players in a game by link.  Each line is one whole message: a computer's
    level is in its sentence, today's nameless player has second-person ones."""
    name = game.players[game.current_player]
    seat = game.seats[game.current_player]
    if game.is_over:
        return message("handover.over"), None
    if step == "joining":               # a game by link: not every phone has its part yet
        return message("remote.joining"), None
    if step == "sending" and not game.moves and own:
        # a friend who has just opened the first link: who they are and what to do
        return message("remote.joined", name=names_list(own)), None
    if computer:                        # nobody passes the device to a computer
        return message("computer.turn_" + seat, name=name), None
    if seat != HUMAN:                   # a friend's turn, on their own device
        return message("remote.waiting_send" if step == "sending" else "remote.waiting",
                       name=name), None
    if not game.rolls_used:
        if game.seats.count(HUMAN) > 1 and game.moves:  # the first turn: nothing passed yet
            return message("handover.pass", name=name), message("handover.roll", name=name)
        if len(game.players) > 1:
            return message("handover.your_turn", name=name), None
        return message("handover.first_roll"), None
    if game.rolls_left:
        return message("handover.pick"), None
    return message("handover.last"), None
