"""A whole game: its state, the moves applied to it, and its save.

Moves are data, ``{"roll": [kept indices]}`` and ``{"score": box_id}``; every
accepted move is appended to ``moves``, so a game can be replayed from its
start, saved after each move, and undone (by replaying all moves but the
last).  A move the rules forbid raises :class:`~dicepoker.errors.IllegalMove`
and changes nothing: each method checks everything first and only then mutates.

Which dice the player has set aside before the next roll is not part of the
game: it is the screen's state, kept by whoever drives the game, and passed to
:meth:`Game.roll` as the roll's argument.  :meth:`Game.check_hold` says whether
a hold is allowed now.  A save still carries it (``state.held``, written by
``to_json(held=...)`` and returned by :func:`dicepoker.savefile.load`), so a reloaded turn shows
the same dice set aside.

Saving is here (:meth:`Game.to_json`); reading a save back is
:mod:`dicepoker.savefile` (``load``) and :mod:`dicepoker.save_reader`, which a
first turn opened by a link never needs, so the page fetches them only when
there is a save to read (:meth:`Game.from_json` imports the reader on first
call; the reader never imports this module).
"""

import json

from .dice import SeededDice, dice_from_dict, new_seed
from .errors import IllegalMove, InvalidSetup
from .rules import DEFAULT_RULESET, DICE_COUNT, MAX_ROLLS, get_ruleset
from .save_format import SAVE_FORMAT, SAVE_VERSION, is_int
from .seats import HUMAN, SEAT_KINDS

MAX_PLAYERS = 8
MAX_NAME_LENGTH = 24


def check_players(players):
    """Names, trimmed; 1 to 8 of them, each non-empty, short and another than the others
    (``Ann`` and `` ann `` are one name: case and spaces do not tell players apart)."""
    if not isinstance(players, (list, tuple)):
        raise InvalidSetup("bad_players", "players must be a list of names")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise InvalidSetup("player_count", "a game has 1 to %d players, not %d"
                           % (MAX_PLAYERS, len(players)), count=len(players))
    names, keys = [], []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise InvalidSetup("bad_name", "every player needs a name")
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise InvalidSetup("long_name", "a name has at most %d characters"
                               % MAX_NAME_LENGTH, limit=MAX_NAME_LENGTH)
        key = "".join(name.split()).lower()
        if key in keys:
            raise InvalidSetup("same_name", "two players have one name", name=name)
        keys.append(key)
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
    """Indices of kept dice as a sorted tuple; each 0..4 and at most once.

    Only the indices: whether the game allows holding now is
    :meth:`Game.check_hold`.
    """
    if hold is None:
        return ()
    if not isinstance(hold, (list, tuple)):
        raise IllegalMove("bad_hold", "held dice are given as a list of positions 0-4")
    for index in hold:
        if not is_int(index) or not 0 <= index < DICE_COUNT:
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
        self.moves = []
        self._move_texts = [None]    # to_json's: [the moves list, the JSON of each]

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
        """The last move filled a box: it can be taken back until the next roll."""
        return bool(self.moves) and "score" in self.moves[-1]

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

    def check_hold(self, hold):
        """``hold`` as a sorted tuple, if the current player may set those dice aside now.

        The positions as :func:`check_hold` checks them, and the rule of the
        position: dice can be held between the turn's first and last roll.
        Holding nothing is always fine; holding all five is allowed (the player
        is about to fill a box), though such a hold cannot be rolled.  Raises
        IllegalMove ``bad_hold``, ``game_over``, ``hold_before_roll`` or
        ``no_rolls_left``; the game is not changed either way.
        """
        hold = check_hold(hold)
        if hold and not self.can_hold:
            self._require_not_over()
            if not self.rolls_used:
                raise IllegalMove("hold_before_roll", "dice can be held only after the first roll")
            raise IllegalMove("no_rolls_left", "no rolls are left this turn")
        return hold

    def roll(self, hold=()):
        """Throw the dice not kept: ``hold`` lists the positions kept (none by default).

        A turn's first roll throws all five, so it keeps nothing.
        """
        self._require_not_over()
        hold = check_hold(hold)
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

    def replay_from_start(self):
        """This game before its first move: same players, rules, seats and dice.

        A seeded source is shared (it is stateless, and it remembers the faces
        it drew); a scripted one is rebuilt from its saved form."""
        source = self.dice_source
        if not source.stateless:
            source = dice_from_dict(source.to_dict())
        return Game(self.players, ruleset=self.ruleset.id, seats=self.seats, dice=source)

    def undo(self):
        """Take back the last filled box, as long as nobody has rolled since.

        The position before it is the replay of every move but the last on a
        fresh game (:meth:`replay_from_start`), so there is no inverse of a move
        to get wrong.  The game's own source is kept: filling a box draws no dice.
        """
        if not self.can_undo:
            raise IllegalMove("nothing_to_undo", "there is no filled box to take back")
        earlier = self.replay_from_start()
        for move in self.moves[:-1]:
            earlier.apply(move)
        self.cards = earlier.cards
        self.poker_bonuses = earlier.poker_bonuses
        self.current_player = earlier.current_player
        self.round = earlier.round
        self.rolls_used = earlier.rolls_used
        self.dice = earlier.dice
        self.moves = earlier.moves

    def apply(self, move):
        """Apply a move given as data: ``{"roll": [kept positions]}`` or ``{"score": box_id}``.

        These are the two moves a save's ``moves`` may hold, and the moves of
        the advisor and the computer players.  Anything else (``{"hold": ...}``,
        ``{"undo": ...}``, two keys, not an object) raises IllegalMove ``bad_move``.
        """
        if _move_kind(move) == "roll":
            return self.roll(move["roll"])
        return self.score(move["score"])

    # ------------------------------------------------------------- save/load
    def state_dict(self):
        """The position itself, as plain data (what the replay must reproduce)."""
        return {
            "player": self.current_player,
            "round": self.round,
            "rolls": self.rolls_used,
            "dice": list(self.dice),
            "cards": [dict(card) for card in self.cards],
            "poker_bonuses": list(self.poker_bonuses),
        }

    def to_dict(self, held=()):
        """The saved game as plain data.

        ``held`` is the dice the player has set aside now (the screen's state,
        not the game's); it is checked like :meth:`check_hold` and kept as
        ``state.held``, a sorted list, for :func:`load` to give back.
        """
        data = self._save_without_moves(held)
        data["moves"] = [dict(m) for m in self.moves]
        return data

    def _save_without_moves(self, held):
        state = self.state_dict()
        state["held"] = list(self.check_hold(held))
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.id,
            "players": list(self.players),
            "seats": list(self.seats),
            "dice_source": self.dice_source.to_dict(),
            "state": state,
        }

    def to_json(self, held=()):
        """:meth:`to_dict` as JSON text: what the browser stores and a game file holds.

        The page saves after every tap, and the moves are most of a save (360 of
        them at the end of a game of eight): the text of each move is kept and
        only new ones are written, so a save costs the same in the last round as
        in the first.  The kept text belongs to one list of moves: moves are only
        ever appended to it, and :meth:`undo` makes a new one."""
        moves, texts = self.moves, self._move_texts
        if texts[0] is not moves:
            texts = self._move_texts = [moves]
        for move in moves[len(texts) - 1:]:
            texts.append(json.dumps(move))
        head = json.dumps(self._save_without_moves(held))
        return head[:-1] + ', "moves": [' + ", ".join(texts[1:]) + "]}"

    @classmethod
    def from_json(cls, text):
        """The game a :meth:`to_json` text saved, checked and replayed; InvalidSave if it is not one.

        The reader is :mod:`dicepoker.save_reader` (``dicepoker.savefile.load``
        reads through it too); this is the way back earlier versions promised
        next to ``to_json``, kept as a thin classmethod: a first turn opened by
        a link reads no save, so the page fetches the reader only when it has
        one (``ui.platform.lazy``: on the page, call this only after that) and this
        start module must not import it at the top.  The reader is given this
        class and never imports this module.  The dice set aside when the game
        was saved are not part of a Game (the module docstring says why): a
        caller that needs them uses ``dicepoker.savefile.load``, which returns
        ``(game, held)``.
        """
        from .save_reader import parse, restore
        return restore(cls, parse(text), True)[0]


MOVE_KINDS = ("roll", "score")


def _move_kind(move):
    """A move's kind, ``"roll"`` or ``"score"``; IllegalMove ``bad_move`` for anything else."""
    if not isinstance(move, dict) or len(move) != 1:
        raise IllegalMove("bad_move", "a move is an object with one key, not %r" % (move,))
    for kind in move:
        if kind not in MOVE_KINDS:
            raise IllegalMove("bad_move", "a move is a roll or a score, not %r" % (kind,))
        return kind
