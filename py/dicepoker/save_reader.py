"""Reading a saved game back into a given game class: validate it, replay it, compare.

A save (:meth:`dicepoker.game.Game.to_json`) is never trusted: the shape and
ranges of every field are checked, the moves are replayed from the start on a
fresh game, and the replayed position must equal the saved one.  Anything else
raises :class:`~dicepoker.errors.InvalidSave` with a code and a readable reason:
never a half-loaded game.

The class of that game is given (:func:`restore`'s ``cls``): this module never
imports :mod:`dicepoker.game`, whose ``Game.from_json`` reads through it, so
there is no circle; :mod:`dicepoker.savefile` gives it ``Game`` (``load``,
``load_dict``).  Only a page with a save to read (or a game file to import, or
a review) needs it: a first turn opened by a link does not, so the page
fetches it on first use (``ui.platform.lazy``).
"""

import json

from .dice import dice_from_dict
from .errors import DicePokerError, InvalidSave, InvalidSetup
from .rules import DICE_COUNT, MAX_ROLLS, RULESETS
from .save_format import SAVE_FORMAT, SAVE_VERSION, is_int


def parse(text):
    """The JSON document of a save's text, or InvalidSave."""
    if not isinstance(text, str):
        raise InvalidSave("not_text", "a saved game is JSON text")
    try:
        return json.loads(text)
    except (ValueError, RuntimeError):
        # RuntimeError: CPython's decoder gives up on very deep nesting with
        # RecursionError (a RuntimeError); that text is no saved game either.
        raise InvalidSave("not_json", "the saved game is not valid JSON")


def restore(cls, data, verify):
    """The one loader: ``(game, held)`` from plain data, or InvalidSave.

    ``cls`` is the game's class (:class:`dicepoker.game.Game`); with ``verify``
    the saved position is checked and compared with the replay, else the game
    is what its moves make it (the held dice are checked always)."""
    _check_header(data)
    try:
        game = cls(data.get("players"), ruleset=data.get("ruleset"),
                   seats=data.get("seats"), dice=dice_from_dict(data.get("dice_source")))
    except InvalidSetup as error:
        raise InvalidSave(error.code, "the saved game's setup is invalid: %s" % error,
                          **error.params)
    state = data.get("state")
    if verify:
        _check_state(state, game)
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise InvalidSave("bad_moves", "the saved game's moves must be a list")
    for number, move in enumerate(moves, 1):
        try:
            game.apply(move)
        except DicePokerError as error:
            raise InvalidSave(error.code, "move %d cannot be replayed: %s" % (number, error),
                              move=number)
    if verify:
        replayed = game.state_dict()
        for key in ("player", "round", "rolls", "dice", "cards", "poker_bonuses"):
            if replayed[key] != state[key]:
                raise InvalidSave("state_mismatch", "the saved %s do not match the game's moves"
                                  % _FIELD_NAMES[key], field=key)
    held = ()
    if isinstance(state, dict) and "held" in state:
        try:
            held = game.check_hold(state["held"])
        except DicePokerError as error:
            raise InvalidSave(error.code, "the saved held dice are invalid: %s" % error)
    return game, held


_FIELD_NAMES = {"player": "current player", "round": "round", "rolls": "rolls",
                "dice": "dice", "cards": "scorecards", "poker_bonuses": "poker bonuses"}


def _check_header(data):
    if not isinstance(data, dict):
        raise InvalidSave("malformed", "a saved game is a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise InvalidSave("wrong_format", "this is not a Dice Poker saved game")
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise InvalidSave("bad_version", "the saved game has no valid format version")
    if version > SAVE_VERSION:
        raise InvalidSave("future_version", "the game was saved by a newer version of Dice Poker "
                          "(format %d; this one reads up to %d)" % (version, SAVE_VERSION),
                          version=version)
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or ruleset not in RULESETS:
        raise InvalidSave("unknown_ruleset", "unknown rule set %r" % (ruleset,))


def _check_state(state, game):
    """Shape and ranges of the saved position, with a specific message for each."""
    if not isinstance(state, dict):
        raise InvalidSave("malformed", "the saved game has no valid state")
    for key in ("player", "round", "rolls", "dice", "held", "cards", "poker_bonuses"):
        if key not in state:
            raise InvalidSave("malformed", "the saved state lacks %r" % key)
    count = len(game.players)
    player, round_no, rolls = state["player"], state["round"], state["rolls"]
    if not is_int(player) or not 0 <= player < count:
        raise InvalidSave("bad_player", "the current player %r is not one of the %d players"
                          % (player, count))
    if not is_int(round_no) or not 0 <= round_no <= game.rounds:
        raise InvalidSave("bad_round", "round %r is outside 0-%d" % (round_no, game.rounds))
    if not is_int(rolls) or rolls < 0:
        raise InvalidSave("bad_rolls", "the number of rolls %r is not valid" % (rolls,))
    if rolls > MAX_ROLLS:
        raise InvalidSave("too_many_rolls", "%d rolls in one turn; at most %d are allowed"
                          % (rolls, MAX_ROLLS))
    dice = state["dice"]
    if not isinstance(dice, list) or len(dice) != (DICE_COUNT if rolls else 0):
        raise InvalidSave("dice_count", "the saved dice must be %d values"
                          % (DICE_COUNT if rolls else 0))
    for face in dice:
        if not is_int(face) or not 1 <= face <= 6:
            raise InvalidSave("die_range", "a die shows 1 to 6, not %r" % (face,))
    if not isinstance(state["held"], list):
        raise InvalidSave("bad_hold", "the held dice must be a list")
    cards, bonuses = state["cards"], state["poker_bonuses"]
    if not isinstance(cards, list) or len(cards) != count:
        raise InvalidSave("bad_cards", "there must be one scorecard per player")
    if not isinstance(bonuses, list) or len(bonuses) != count:
        raise InvalidSave("bad_bonuses", "there must be one poker bonus per player")
    rules = game.ruleset
    for card, bonus in zip(cards, bonuses):
        if not isinstance(card, dict):
            raise InvalidSave("bad_cards", "a scorecard must be an object")
        for box_id, points in card.items():
            if box_id not in rules.boxes:
                raise InvalidSave("unknown_box", "unknown box %r on a scorecard" % (box_id,),
                                  box=box_id)
            if not is_int(points) or points not in rules.possible_scores(box_id):
                raise InvalidSave("score_range", "box %r cannot hold %r" % (box_id, points),
                                  box=box_id)
        if not is_int(bonus) or bonus < 0 or (rules.poker_bonus and bonus % rules.poker_bonus):
            raise InvalidSave("bonus_range", "a poker bonus of %r is impossible" % (bonus,))
