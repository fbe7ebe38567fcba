"""A whole game: its state, the moves applied to it, save and load.

Moves are data, ``{"roll": [kept indices]}`` and ``{"score": box_id}``; every
accepted move is appended to ``moves``, so a game can be replayed from its
start, saved after each move, and undone.  A move the rules forbid raises
:class:`~dicepoker.errors.IllegalMove` and changes nothing: each method checks
everything first and only then mutates.

Loading never trusts the document: it validates the shape and ranges of every
field, replays the moves from the start on a fresh game, and requires the
replayed state to equal the saved one.  Anything else raises
:class:`~dicepoker.errors.InvalidSave`, so a half-loaded game cannot exist.
"""

import json

from .dice import SeededDice, dice_from_dict, new_seed
from .errors import DicePokerError, IllegalMove, InvalidSave, InvalidSetup
from .rules import DEFAULT_RULESET, DICE_COUNT, MAX_ROLLS, RULESETS, get_ruleset
from .seats import HUMAN, SEAT_KINDS

SAVE_FORMAT = "dice-poker/game"
SAVE_VERSION = 1
MAX_PLAYERS = 8
MAX_NAME_LENGTH = 24


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def check_players(players):
    """Names, trimmed; 1 to 8 of them, each non-empty and short."""
    if not isinstance(players, (list, tuple)):
        raise InvalidSetup("bad_players", "players must be a list of names")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise InvalidSetup("player_count", "a game has 1 to %d players, not %d"
                           % (MAX_PLAYERS, len(players)), count=len(players))
    names = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise InvalidSetup("bad_name", "every player needs a name")
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidSetup("long_name", "a name has at most %d characters"
                               % MAX_NAME_LENGTH, limit=MAX_NAME_LENGTH)
        names.append(name)
    return names


def check_seats(seats, count):
    """Who plays each seat: ``human`` or a computer level; humans by default."""
    if seats is None:
        return [HUMAN] * count
    if not isinstance(seats, (list, tuple)) or len(seats) != count:
        raise InvalidSetup("bad_seats", "there must be one seat kind per player")
    for seat in seats:
        if seat not in SEAT_KINDS:
            raise InvalidSetup("bad_seats", "a seat is one of %s, not %r"
                               % (", ".join(SEAT_KINDS), seat))
    return list(seats)


def check_hold(hold):
    """Indices of kept dice as a sorted tuple; each 0..4 and at most once."""
    if hold is None:
        return ()
    if not isinstance(hold, (list, tuple)):
        raise IllegalMove("bad_hold", "held dice are given as a list of positions 0-4")
    for index in hold:
        if not _is_int(index) or not 0 <= index < DICE_COUNT:
            raise IllegalMove("bad_hold", "a die position is 0 to 4, not %r" % (index,))
    if len(set(hold)) != len(hold):
        raise IllegalMove("bad_hold", "a die can be held only once")
    return tuple(sorted(hold))


class Game:
    """The state of one game and the moves that change it.

    ``Game(["Ann", "Ben"], ruleset="dice-poker", seed=42)``; pass ``dice=`` to
    inject another dice source (e.g. scripted dice in tests).
    """

    def __init__(self, players, ruleset=DEFAULT_RULESET, seed=None, seats=None, dice=None):
        self.players = check_players(players)
        self.seats = check_seats(seats, len(self.players))
        self.ruleset = get_ruleset(ruleset)
        if dice is None:
            dice = SeededDice(new_seed() if seed is None else seed)
        self.dice_source = dice
        self.cards = [{} for _ in self.players]
        self.poker_bonuses = [0] * len(self.players)
        self.current_player = 0
        self.round = 0            # 0-based; equals len(boxes) once the game is over
        self.rolls_used = 0
        self.dice = ()            # () until the turn's first roll
        self.held = ()
        self.moves = []
        self._undo = None         # what undo restores, until the next roll

    # ----------------------------------------------------------- read-only view
    @property
    def seed(self):
        """The seed players can share to replay the same dice (None if scripted)."""
        return self.dice_source.seed

    @property
    def rounds(self):
        return len(self.ruleset.boxes)

    @property
    def is_over(self):
        return self.round >= self.rounds

    @property
    def rolls_left(self):
        return MAX_ROLLS - self.rolls_used

    @property
    def can_roll(self):
        return not self.is_over and self.rolls_used < MAX_ROLLS

    @property
    def can_hold(self):
        """Dice can be held between the first and the last roll of a turn."""
        return not self.is_over and 0 < self.rolls_used < MAX_ROLLS

    @property
    def can_undo(self):
        return self._undo is not None

    @property
    def turn_number(self):
        """How many turns have been completed by all players so far."""
        return self.round * len(self.players) + self.current_player

    def card(self, player=None):
        return self.cards[self.current_player if player is None else player]

    def options(self):
        """{box_id: points} the current player may fill now, Joker applied."""
        if self.is_over or not self.rolls_used:
            return {}
        return self.ruleset.options(self.card(), self.dice)

    def pending_poker_bonus(self):
        """The poker bonus the current dice would add when a box is filled."""
        if self.is_over or not self.rolls_used:
            return 0
        return self.ruleset.poker_bonus_for(self.card(), self.dice)

    def breakdown(self, player):
        """The parts of a player's total, for the scorecard."""
        rules, card = self.ruleset, self.cards[player]
        upper = rules.upper_sum(card)
        lower = sum(card.get(b, 0) for b in rules.lower_boxes)
        bonus = rules.upper_bonus_earned(card)
        return {
            "upper": upper,
            "upper_bonus": bonus,
            "upper_bonus_missing": max(0, rules.upper_bonus_at - upper),
            "lower": lower,
            "poker_bonus": self.poker_bonuses[player],
            "total": upper + bonus + lower + self.poker_bonuses[player],
        }

    def totals(self):
        """Each player's total, bonuses included."""
        return [self.breakdown(p)["total"] for p in range(len(self.players))]

    def winners(self):
        """Indices of the players with the highest total once the game is over."""
        if not self.is_over:
            return []
        totals = self.totals()
        best = max(totals)
        return [p for p, total in enumerate(totals) if total == best]

    # ------------------------------------------------------------------ moves
    def _require_not_over(self):
        if self.is_over:
            raise IllegalMove("game_over", "the game is over")

    def hold(self, indices):
        """Set which dice are kept for the next roll (UI state, not a logged move)."""
        indices = check_hold(indices)
        if indices and not self.can_hold:
            self._require_not_over()
            if not self.rolls_used:
                raise IllegalMove("hold_before_roll", "dice can be held only after the first roll")
            raise IllegalMove("no_rolls_left", "no rolls are left this turn")
        self.held = indices

    def toggle_hold(self, index):
        """Hold die ``index`` if it is free, free it if it is held."""
        held = [i for i in self.held if i != index]
        if len(held) == len(self.held):
            held.append(index)
        self.hold(held)

    def roll(self, hold=None):
        """Throw the dice not held (all five on a turn's first roll)."""
        self._require_not_over()
        hold = self.held if hold is None else check_hold(hold)
        if self.rolls_used >= MAX_ROLLS:
            raise IllegalMove("no_rolls_left", "a turn has at most three rolls")
        if not self.rolls_used and hold:
            raise IllegalMove("hold_before_roll", "the first roll throws all five dice")
        if len(hold) == DICE_COUNT:
            raise IllegalMove("all_held", "at least one die must be thrown")
        roll_no = self.rolls_used
        source = self.dice_source
        dice = list(self.dice) if self.dice else [0] * DICE_COUNT
        for slot in range(DICE_COUNT):
            if slot not in hold:
                dice[slot] = source.face(self.current_player, self.round, roll_no, slot)
        self.dice = tuple(dice)
        self.rolls_used = roll_no + 1
        self.held = hold if self.rolls_used < MAX_ROLLS else ()
        self._undo = None
        self.moves.append({"roll": list(hold)})
        return self.dice

    def score(self, box_id):
        """Fill ``box_id`` for the current player with the current dice; pass the turn."""
        self._require_not_over()
        if not self.rolls_used:
            raise IllegalMove("score_before_roll", "roll the dice before filling a box")
        card = self.card()
        if box_id not in self.ruleset.boxes:
            raise IllegalMove("unknown_box", "there is no box %r in these rules" % (box_id,),
                              box=box_id)
        if box_id in card:
            raise IllegalMove("box_filled", "box %r is already filled" % box_id, box=box_id)
        options = self.options()
        if box_id not in options:
            raise IllegalMove("joker_forces", "the Joker rule requires another box: %s"
                              % ", ".join(sorted(options)), box=box_id)
        bonus = self.pending_poker_bonus()
        self._undo = (self.current_player, self.round, self.rolls_used, self.dice,
                      self.held, box_id, bonus)
        card[box_id] = options[box_id]
        self.poker_bonuses[self.current_player] += bonus
        self.moves.append({"score": box_id})
        self._next_turn()
        return card[box_id]

    def _next_turn(self):
        self.current_player += 1
        if self.current_player == len(self.players):
            self.current_player = 0
            self.round += 1
        self.rolls_used = 0
        self.dice = ()
        self.held = ()

    def undo(self):
        """Take back the last filled box, as long as nobody has rolled since."""
        if self._undo is None:
            raise IllegalMove("nothing_to_undo", "there is no filled box to take back")
        player, round_no, rolls_used, dice, held, box_id, bonus = self._undo
        del self.cards[player][box_id]
        self.poker_bonuses[player] -= bonus
        self.current_player, self.round = player, round_no
        self.rolls_used, self.dice, self.held = rolls_used, dice, held
        self.moves.pop()
        self._undo = None

    def apply(self, move):
        """Apply a move given as data: {"roll": [...]}, {"score": id}, {"hold": [...]}, {"undo": true}."""
        if not isinstance(move, dict) or len(move) != 1:
            raise IllegalMove("bad_move", "a move is an object with one key, not %r" % (move,))
        for kind, arg in move.items():
            if kind == "roll":
                return self.roll(arg if arg is not None else ())
            if kind == "score":
                return self.score(arg)
            if kind == "hold":
                return self.hold(arg)
            if kind == "undo":
                return self.undo()
            raise IllegalMove("bad_move", "unknown move %r" % (kind,))

    def copy(self):
        """An independent copy (for lookahead by the advisor or a computer player)."""
        return Game.from_dict(self.to_dict(), verify=False)

    # ------------------------------------------------------------- save/load
    def state_dict(self):
        """The position itself, as plain data (what the replay must reproduce)."""
        return {
            "player": self.current_player,
            "round": self.round,
            "rolls": self.rolls_used,
            "dice": list(self.dice),
            "held": list(self.held),
            "cards": [dict(card) for card in self.cards],
            "poker_bonuses": list(self.poker_bonuses),
        }

    def to_dict(self):
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.id,
            "players": list(self.players),
            "seats": list(self.seats),
            "dice_source": self.dice_source.to_dict(),
            "moves": [dict(m) for m in self.moves],
            "state": self.state_dict(),
        }

    def to_json(self):
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text):
        """Restore a saved game; raises InvalidSave with a readable reason."""
        if not isinstance(text, str):
            raise InvalidSave("not_text", "a saved game is JSON text")
        try:
            data = json.loads(text)
        except (ValueError, RuntimeError):
            # RuntimeError: CPython's decoder gives up on very deep nesting with
            # RecursionError (a RuntimeError); that text is no saved game either.
            raise InvalidSave("not_json", "the saved game is not valid JSON")
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data, verify=True):
        """Restore from plain data: validate, replay every move, compare."""
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
            if not isinstance(move, dict) or len(move) != 1 or not (
                    "roll" in move or "score" in move):
                raise InvalidSave("bad_move", "move %d is not a roll or a score: %r"
                                  % (number, move))
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
        if isinstance(state, dict) and "held" in state:
            try:
                game.hold(state["held"])
            except DicePokerError as error:
                raise InvalidSave(error.code, "the saved held dice are invalid: %s" % error)
        return game


_FIELD_NAMES = {"player": "current player", "round": "round", "rolls": "rolls",
                "dice": "dice", "cards": "scorecards", "poker_bonuses": "poker bonuses"}


def _check_header(data):
    if not isinstance(data, dict):
        raise InvalidSave("malformed", "a saved game is a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise InvalidSave("wrong_format", "this is not a Dice Poker saved game")
    version = data.get("version")
    if not _is_int(version) or version < 1:
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
    if not _is_int(player) or not 0 <= player < count:
        raise InvalidSave("bad_player", "the current player %r is not one of the %d players"
                          % (player, count))
    if not _is_int(round_no) or not 0 <= round_no <= game.rounds:
        raise InvalidSave("bad_round", "round %r is outside 0-%d" % (round_no, game.rounds))
    if not _is_int(rolls) or rolls < 0:
        raise InvalidSave("bad_rolls", "the number of rolls %r is not valid" % (rolls,))
    if rolls > MAX_ROLLS:
        raise InvalidSave("too_many_rolls", "%d rolls in one turn; at most %d are allowed"
                          % (rolls, MAX_ROLLS))
    dice = state["dice"]
    if not isinstance(dice, list) or len(dice) != (DICE_COUNT if rolls else 0):
        raise InvalidSave("dice_count", "the saved dice must be %d values"
                          % (DICE_COUNT if rolls else 0))
    for face in dice:
        if not _is_int(face) or not 1 <= face <= 6:
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
            if not _is_int(points) or points not in rules.possible_scores(box_id):
                raise InvalidSave("score_range", "box %r cannot hold %r" % (box_id, points),
                                  box=box_id)
        if not _is_int(bonus) or bonus < 0 or (rules.poker_bonus and bonus % rules.poker_bonus):
            raise InvalidSave("bonus_range", "a poker bonus of %r is impossible" % (bonus,))
