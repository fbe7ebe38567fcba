"""Games and documents the engine tests share with ``make_vectors.py`` (and
``mpy/check_engine.py``, on MicroPython too: :func:`apply_action`).

- :class:`Screen` is a game as the page drives it: the engine's ``Game`` and
  the dice the player keeps, which are screen state, not the game's.
- :func:`scripted_game` plays given throws into given boxes, to reach a card
  state (the Joker tests) or a whole known game.
- :func:`play_random_game` plays a whole game with random but seeded
  decisions, calling back after every action (invariant and save/load
  checks), and returns the actions so they can be replayed.
- :func:`bad_save_cases` lists broken saved games with the error code each
  must raise; the MicroPython check loads the very same documents.
"""

import json
import random

from dicepoker.dice import ScriptedDice
from dicepoker.game import Game

from screen import Screen


def screen_of(game):
    """``game`` as a :class:`Screen` (a Screen is returned as it is)."""
    return game if isinstance(game, Screen) else Screen(game)


def scripted_game(turns, ruleset="dice-poker", players=("Solo",), then=()):
    """A game whose turns are ``(dice, box)`` in play order, one roll each.

    ``then`` are the faces of one more first roll, thrown but not scored
    (the position under test).  Every throw is checked to land as scripted.
    """
    faces = [face for dice, _ in turns for face in dice] + list(then)
    game = Game(list(players), ruleset=ruleset, dice=ScriptedDice(faces))
    for dice, box in turns:
        assert game.roll() == tuple(dice)
        game.score(box)
    if then:
        assert game.roll() == tuple(then)
    return game


def loaded_dice(rng, players, faces=(5, 6)):
    """Scripted dice showing only ``faces``: five of a kind (and the Joker) is common."""
    count = 15 * 15 * players           # at most 15 dice a turn, 15 turns each
    return ScriptedDice([rng.choice(faces) for _ in range(count)])


def apply_action(screen, action):
    """Do one recorded action on a :class:`Screen`: ("roll", hold or None: the
    held dice), ("hold", indices), ("score", box), ("undo",) or ("apply", move
    as data)."""
    if not isinstance(screen, Screen):
        raise TypeError("actions are done on a Screen (a bare Game keeps no held dice)")
    kind = action[0]
    if kind == "roll":
        return screen.roll(action[1])
    if kind == "hold":
        return screen.hold(action[1])
    if kind == "score":
        return screen.score(action[1])
    if kind == "undo":
        return screen.undo()
    if kind == "apply":
        return screen.apply(action[1])
    raise ValueError(action)


def play_random_game(rng, game, after_action=None, undo_rate=0.1, stop_after=None,
                     prefer=None):
    """Play ``game`` (a Game or a :class:`Screen`) to its end (or ``stop_after``
    actions) with ``rng``'s decisions.

    Decisions: 1-3 rolls, random dice held (sometimes through ``hold()``, the
    UI's way, sometimes as the roll's argument), sometimes dice left held
    after the last roll, a random allowed box, and now and then an undo
    followed by a fresh choice (``prefer(options)`` may name a box to take
    instead of a random one).  Returns the list of actions done (see
    :func:`apply_action`); ``after_action(screen, actions)`` runs after each,
    with the :class:`Screen` played.
    """
    screen = screen_of(game)
    game = screen.game
    actions = []

    def choose():
        options = game.options()
        wanted = prefer(options) if prefer is not None else None
        return wanted if wanted is not None else rng.choice(sorted(options))

    def do(*action):
        apply_action(screen, action)
        actions.append(action)
        if after_action is not None:
            after_action(screen, actions)
        return stop_after is not None and len(actions) >= stop_after

    while not game.is_over:
        if do("roll", None):
            return actions
        for _ in range(rng.randint(0, 2)):
            keep = sorted(rng.sample(range(5), rng.randint(0, 4)))
            if rng.random() < 0.5:
                if do("hold", keep) or do("roll", None):
                    return actions
            elif do("roll", keep):
                return actions
        if game.can_hold and rng.random() < 0.3:
            if do("hold", sorted(rng.sample(range(5), rng.randint(1, 4)))):
                return actions
        if do("score", choose()):
            return actions
        if rng.random() < undo_rate:
            if do("undo",) or do("score", choose()):
                return actions
    return actions


# -------------------------------------------------------- hand-made games
# One turn: (box, points, first roll, [(held positions, new faces of the others), ...]).
# Ann plays the seeds' examples, one roll a turn.  Ben re-rolls to a first poker,
# then throws three more five of a kind (Joker + 100 each).
ANN = [
    ("ones", 3, (1, 1, 1, 2, 3), []),
    ("twos", 6, (2, 2, 2, 1, 3), []),
    ("threes", 12, (3, 3, 3, 3, 1), []),
    ("fours", 12, (4, 4, 4, 1, 2), []),
    ("fives", 20, (5, 5, 5, 5, 2), []),
    ("sixes", 18, (6, 6, 6, 1, 2), []),            # upper 71: bonus 35
    ("pair", 16, (5, 5, 3, 2, 1), []),
    ("two_pairs", 15, (2, 2, 5, 5, 1), []),
    ("three_kind", 22, (5, 5, 5, 2, 5), []),       # the seeds' "21" is a slip
    ("four_kind", 7, (1, 1, 1, 1, 3), []),
    ("full_house", 25, (2, 2, 2, 3, 3), []),
    ("small_straight", 30, (2, 3, 4, 5, 5), []),
    ("large_straight", 40, (2, 3, 4, 5, 6), []),
    ("poker", 50, (3, 3, 3, 3, 3), []),
    ("chance", 22, (2, 3, 5, 6, 6), []),
]
# Ann: upper 3+6+12+12+20+18 = 71, bonus 35;
#      lower 16+15+22+7+25+30+40+50+22 = 227; total 71+35+227 = 333.
BEN = [
    ("poker", 50, (1, 1, 2, 3, 5), [((0, 1), (1, 4, 6)), ((0, 1, 2), (1, 1))]),
    ("sixes", 30, (6, 6, 6, 6, 6), []),            # Joker: sixes forced, +100
    ("full_house", 25, (6, 6, 6, 6, 6), []),       # Joker on a lower box, +100
    ("twos", 10, (2, 2, 2, 2, 2), []),             # Joker: twos forced, +100
    ("small_straight", 30, (1, 3, 4, 5, 6), []),
    ("large_straight", 40, (1, 2, 3, 4, 5), []),
    ("two_pairs", 24, (4, 4, 5, 5, 6), []),
    ("pair", 0, (1, 2, 3, 5, 6), []),              # no pair: a scratch
    ("three_kind", 13, (3, 3, 3, 2, 2), []),
    ("four_kind", 17, (4, 4, 4, 4, 1), []),
    ("ones", 2, (1, 1, 2, 5, 6), []),
    ("threes", 6, (3, 3, 1, 2, 4), []),
    ("fours", 12, (4, 4, 4, 1, 2), []),
    ("fives", 10, (5, 5, 6, 6, 1), []),
    ("chance", 26, (6, 6, 5, 5, 4), []),
]
# Ben: upper 2+10+6+12+10+30 = 70, bonus 35 (64 or more);
#      lower 50+25+30+40+24+0+13+17+26 = 225; poker bonuses 3 x 100;
#      total 70+35+225+300 = 630.


# Yahtzee, both players throw the same: upper 4+8+12+12+15+18 = 69, bonus 35;
# lower 28+29+25+30+40+50+29 = 231; total 335 each, a shared win.
TWIN = [
    ("ones", 4, (1, 1, 1, 1, 2), []), ("twos", 8, (2, 2, 2, 2, 1), []),
    ("threes", 12, (3, 3, 3, 3, 1), []), ("fours", 12, (4, 4, 4, 1, 1), []),
    ("fives", 15, (5, 5, 5, 1, 1), []), ("sixes", 18, (6, 6, 6, 1, 1), []),
    ("three_kind", 28, (6, 6, 6, 5, 5), []), ("four_kind", 29, (6, 6, 6, 6, 5), []),
    ("full_house", 25, (2, 2, 3, 3, 3), []), ("small_straight", 30, (1, 2, 3, 4, 4), []),
    ("large_straight", 40, (2, 3, 4, 5, 6), []), ("poker", 50, (1, 1, 1, 1, 1), []),
    ("chance", 29, (5, 6, 6, 6, 6), []),
]


def turn_faces(turns_in_order):
    """The scripted faces, in order, that play these turns."""
    faces = []
    for _, _, first, rerolls in turns_in_order:
        faces.extend(first)
        for _, new in rerolls:
            faces.extend(new)
    return faces


# --------------------------------------------------------------- bad saves
def base_save():
    """A valid saved game mid-way: two players, a few turns, the last one on its 2nd roll."""
    game = Game(["Ann", "Ben"], ruleset="dice-poker", seed="bad-save-base")
    play_random_game(random.Random(7), game, undo_rate=0, stop_after=18)
    while game.rolls_used != 2:                 # end on a 2nd roll with a die held
        if game.rolls_used == 3:
            game.score(sorted(game.options())[0])
        else:
            game.roll(hold=[0] if game.rolls_used else [])
    return game.to_dict(held=[0, 2])


def _scripted_base():
    """A short scripted solo game: ones, then a throw of 1-1-1-1-1 on roll 1 (poker open)."""
    game = scripted_game([((1, 2, 3, 4, 6), "ones")], then=(1, 1, 1, 1, 1))
    return game.to_dict()


def _edit(doc, path, value):
    """A deep copy of ``doc`` with ``path`` (list of keys/indices) set to ``value``.

    A value of ``_DELETE`` removes the key instead.
    """
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()


def _first_index(moves, kind, nth=1):
    seen = 0
    for i, move in enumerate(moves):
        if kind in move:
            seen += 1
            if seen == nth:
                return i
    raise AssertionError("no %s move number %d" % (kind, nth))


def bad_save_cases():
    """``(name, document, code, fragment)``: ``document`` is JSON text, or
    ``{"value": x}`` for a non-text argument of ``load``; loading it must
    raise InvalidSave with this ``code`` and a message containing ``fragment``.
    """
    base = base_save()
    moves = base["moves"]
    cases = []

    def add(name, doc, code, fragment=""):
        text = doc if isinstance(doc, str) else json.dumps(doc)
        cases.append((name, text, code, fragment))

    def edit(name, path, value, code, fragment=""):
        add(name, _edit(base, path, value), code, fragment)

    # Not a document at all.
    cases.append(("not text: null", {"value": None}, "not_text", "JSON text"))
    cases.append(("not text: a number", {"value": 42}, "not_text", "JSON text"))
    add("empty text", "", "not_json", "not valid JSON")
    add("truncated JSON", json.dumps(base)[:-7], "not_json", "not valid JSON")
    add("garbage", "Dice Poker save, honest", "not_json", "not valid JSON")
    for name, text in (("an array", "[]"), ("a number", "42"), ("a string", '"game"'),
                       ("null", "null"), ("true", "true")):
        add("JSON that is " + name, text, "malformed", "JSON object")
    # Header.
    edit("no format", ["format"], _DELETE, "wrong_format", "not a Dice Poker")
    edit("other format", ["format"], "yahtzee/game", "wrong_format", "not a Dice Poker")
    edit("no version", ["version"], _DELETE, "bad_version", "version")
    edit("version as text", ["version"], "1", "bad_version", "version")
    edit("version 0", ["version"], 0, "bad_version", "version")
    edit("version true", ["version"], True, "bad_version", "version")
    edit("version 1.0", ["version"], 1.0, "bad_version", "version")
    edit("future version", ["version"], 2, "future_version", "newer version")
    edit("unknown rule set", ["ruleset"], "poker-dice", "unknown_ruleset", "poker-dice")
    edit("no rule set", ["ruleset"], _DELETE, "unknown_ruleset", "rule set")
    edit("rule set as a list", ["ruleset"], ["dice-poker"], "unknown_ruleset", "rule set")
    edit("rule set as an object", ["ruleset"], {"id": "yahtzee"}, "unknown_ruleset", "rule set")
    # Players and seats.
    edit("no players", ["players"], _DELETE, "bad_players", "list of names")
    edit("players as text", ["players"], "Ann, Ben", "bad_players", "list of names")
    edit("zero players", ["players"], [], "player_count", "1 to 8")
    edit("nine players", ["players"], ["P%d" % i for i in range(9)], "player_count", "1 to 8")
    edit("empty name", ["players", 1], "  ", "bad_name", "name")
    edit("name as a number", ["players", 1], 7, "bad_name", "name")
    edit("name too long", ["players", 1], "B" * 25, "long_name", "24 characters")
    edit("three players, two seats", ["players"], ["Ann", "Ben", "Cy"], "bad_seats", "seat")
    edit("seat unknown", ["seats", 0], "robot", "bad_seats", "robot")
    edit("seats too few", ["seats"], ["human"], "bad_seats", "one seat kind per player")
    edit("seats as an object", ["seats"], {"0": "human"}, "bad_seats", "seat")
    # Dice source.
    edit("no dice source", ["dice_source"], _DELETE, "bad_dice_source", "dice source")
    edit("dice source as text", ["dice_source"], "seeded", "bad_dice_source", "dice source")
    edit("unknown dice kind", ["dice_source", "kind"], "loaded", "bad_dice_source", "loaded")
    edit("empty seed", ["dice_source", "seed"], "", "bad_seed", "seed")
    edit("seed as a list", ["dice_source", "seed"], [1], "bad_seed", "seed")
    edit("seed too long", ["dice_source", "seed"], "x" * 41, "bad_seed", "40 characters")
    scripted = _scripted_base()
    add("scripted faces not a list", _edit(scripted, ["dice_source", "faces"], "11111"),
        "bad_dice_source", "list of faces")
    add("scripted face 7", _edit(scripted, ["dice_source", "faces", 3], 7), "bad_dice", "1 to 6")
    add("scripted dice run out", _edit(scripted, ["dice_source", "faces"],
                                       scripted["dice_source"]["faces"][:8]),
        "dice_exhausted", "run out")
    # State: shape, ranges, types.
    edit("no state", ["state"], _DELETE, "malformed", "state")
    edit("state as a list", ["state"], [], "malformed", "state")
    for key in ("player", "round", "rolls", "dice", "held", "cards", "poker_bonuses"):
        edit("state without " + key, ["state", key], _DELETE, "malformed", key)
    edit("player out of range", ["state", "player"], 2, "bad_player", "2 players")
    edit("player negative", ["state", "player"], -1, "bad_player", "players")
    edit("player as text", ["state", "player"], "0", "bad_player", "players")
    edit("round out of range", ["state", "round"], 16, "bad_round", "0-15")
    edit("round as float", ["state", "round"], 1.5, "bad_round", "round")
    edit("rolls negative", ["state", "rolls"], -1, "bad_rolls", "rolls")
    edit("rolls as text", ["state", "rolls"], "2", "bad_rolls", "rolls")
    edit("four rolls in the state", ["state", "rolls"], 4, "too_many_rolls", "at most 3")
    edit("four dice", ["state", "dice"], [1, 2, 3, 4], "dice_count", "5 values")
    edit("six dice", ["state", "dice"], [1, 2, 3, 4, 5, 6], "dice_count", "5 values")
    edit("dice as text", ["state", "dice"], "12345", "dice_count", "5 values")
    edit("die face 7", ["state", "dice", 2], 7, "die_range", "1 to 6")
    edit("die face 0", ["state", "dice", 0], 0, "die_range", "1 to 6")
    edit("die face as text", ["state", "dice", 0], "3", "die_range", "1 to 6")
    edit("die face true", ["state", "dice", 0], True, "die_range", "1 to 6")
    edit("held as text", ["state", "held"], "0,2", "bad_hold", "held")
    edit("held index 5", ["state", "held"], [5], "bad_hold", "0 to 4")
    edit("held twice", ["state", "held"], [1, 1], "bad_hold", "only once")
    # Held dice the position does not allow (what Game.check_hold refuses).
    add("held before the first roll", _with_held(_turn_base(0), [1]), "hold_before_roll",
        "first roll")
    add("held after the third roll", _with_held(_turn_base(3), [0, 4]), "no_rolls_left",
        "no rolls")
    add("held in a finished game", _with_held(_finished(), [2]), "game_over", "over")
    edit("cards as an object", ["state", "cards"], {"Ann": {}}, "bad_cards", "scorecard")
    edit("one card for two players", ["state", "cards"], [{}], "bad_cards", "scorecard")
    edit("card as a list", ["state", "cards", 0], [], "bad_cards", "scorecard")
    edit("unknown box on a card", ["state", "cards", 0, "straight_flush"], 0,
         "unknown_box", "straight_flush")
    edit("ones = 7", ["state", "cards", 0, "ones"], 7, "score_range", "ones")
    edit("sixes = 31", ["state", "cards", 0, "sixes"], 31, "score_range", "sixes")
    edit("full house = 20", ["state", "cards", 1, "full_house"], 20, "score_range",
         "full_house")
    edit("poker = 100", ["state", "cards", 1, "poker"], 100, "score_range", "poker")
    edit("chance = 31", ["state", "cards", 1, "chance"], 31, "score_range", "chance")
    edit("chance = -5", ["state", "cards", 1, "chance"], -5, "score_range", "chance")
    edit("box value as text", ["state", "cards", 0, "chance"], "20", "score_range", "chance")
    edit("box value 4.0", ["state", "cards", 0, "twos"], 4.0, "score_range", "twos")
    edit("bonuses as a number", ["state", "poker_bonuses"], 0, "bad_bonuses", "poker bonus")
    edit("three bonuses", ["state", "poker_bonuses"], [0, 0, 0], "bad_bonuses", "poker bonus")
    edit("bonus 50", ["state", "poker_bonuses", 0], 50, "bonus_range", "50")
    edit("bonus negative", ["state", "poker_bonuses", 0], -100, "bonus_range", "-100")
    edit("bonus as text", ["state", "poker_bonuses", 0], "0", "bonus_range", "poker bonus")
    # Moves.
    edit("no moves", ["moves"], _DELETE, "bad_moves", "moves")
    edit("moves as an object", ["moves"], {"0": {"roll": []}}, "bad_moves", "moves")
    edit("a move as a list", ["moves", 0], ["roll", []], "bad_move", "move 1")
    edit("a move with two keys", ["moves", 0], {"roll": [], "score": "ones"}, "bad_move",
         "move 1")
    edit("an undo among the moves", ["moves", 3], {"undo": True}, "bad_move", "move 4")
    edit("a hold among the moves", ["moves", 1], {"hold": [0]}, "bad_move", "move 2")
    edit("an unknown move", ["moves", 0], {"jump": 1}, "bad_move", "move 1")
    edit("first move a score", ["moves", 0], {"score": "chance"}, "score_before_roll",
         "move 1")
    edit("first roll holding a die", ["moves", 0], {"roll": [0]}, "hold_before_roll", "move 1")
    edit("roll holding index 9", ["moves", 1], {"roll": [9]}, "bad_hold", "move 2")
    edit("roll holding all five", ["moves", 1], {"roll": [0, 1, 2, 3, 4]}, "all_held",
         "move 2")
    edit("roll hold as text", ["moves", 1], {"roll": "01"}, "bad_hold", "move 2")
    first_score = _first_index(moves, "score")
    edit("score an unknown box", ["moves", first_score], {"score": "bonus"}, "unknown_box",
         "bonus")
    edit("score a box as a list", ["moves", first_score], {"score": ["ones"]}, "unknown_box",
         "move %d" % (first_score + 1))
    # A box filled twice: Ann's second score repeats her first box.
    ann_first = _first_index(moves, "score", 1)
    ann_second = _first_index(moves, "score", 3)
    twice = _edit(base, ["moves", ann_second], dict(moves[ann_first]))
    add("a box filled twice", twice, "box_filled", "already filled")
    # More than three rolls: a fourth roll inserted before the first score.
    four = _edit(base, ["moves"], moves[:first_score] + [{"roll": []}] * (4 - first_score)
                 + moves[first_score:])
    add("four rolls in the moves", four, "no_rolls_left", "at most three rolls")
    add("moves past the end of the game", _finished_plus_one_move(), "game_over", "over")
    # A forced Joker box ignored (scripted: poker 50, then 1-1-1-1-1 with ones open).
    add("a forced Joker box ignored", _joker_ignored(), "joker_forces", "Joker")
    # Consistent shapes but tampered with: must match the replayed moves.
    edit("tampered card", ["state", "cards", 0, _some_box(base, 0)], 0, "state_mismatch",
         "scorecards")
    extra = _edit(base, ["state", "cards", 1, _open_box(base, 1)], 0)
    add("tampered card: an extra box", extra, "state_mismatch", "scorecards")
    edit("tampered dice", ["state", "dice"], _other_dice(base["state"]["dice"]),
         "state_mismatch", "dice")
    edit("tampered rolls", ["state", "rolls"], 3, "state_mismatch", "rolls")
    edit("tampered player", ["state", "player"], 1 - base["state"]["player"], "state_mismatch",
         "current player")
    edit("tampered round", ["state", "round"], base["state"]["round"] + 1, "state_mismatch",
         "round")
    edit("tampered poker bonus", ["state", "poker_bonuses", 1], 100, "state_mismatch",
         "poker bonuses")
    edit("a move dropped", ["moves"], moves[:-1], "state_mismatch", "")
    return cases


def _some_box(doc, player):
    card = doc["state"]["cards"][player]
    return sorted(box for box, value in card.items() if value)[0]


def _open_box(doc, player):
    card = doc["state"]["cards"][player]
    return sorted(b for b in ("chance", "ones", "pair", "twos") if b not in card)[0]


def _other_dice(dice):
    """The same dice with the first one showing another face."""
    return [dice[0] % 6 + 1] + list(dice[1:])


def _finished():
    game = Game(["Ann"], ruleset="yahtzee", seed="finished")
    play_random_game(random.Random(3), game, undo_rate=0)
    return game.to_dict()


def _finished_plus_one_move():
    doc = _finished()
    doc["moves"].append({"roll": []})
    return doc


def _turn_base(rolls):
    """A valid save of Ben's turn after ``rolls`` rolls (Ann has filled chance)."""
    game = Game(["Ann", "Ben"], seed="held-base")
    game.roll()
    game.score("chance")
    for _ in range(rolls):
        game.roll()
    return game.to_dict()


def _with_held(doc, held):
    return _edit(doc, ["state", "held"], held)


def _joker_ignored():
    game = scripted_game([((4, 4, 4, 4, 4), "poker")], then=(1, 1, 1, 1, 1))
    doc = game.to_dict()
    doc["moves"].append({"score": "chance"})
    return doc


# ------------------------------------------------------- illegal scenarios
def illegal_scenarios():
    """``(name, setup, actions, call, code)``: after ``actions`` (see
    :func:`apply_action`, on a :class:`Screen`), ``call`` must raise
    IllegalMove ``code`` and change nothing.  ``setup`` is ``Game`` keyword
    data; a ``call`` of ``("apply", move)`` applies a move given as data."""
    seeded = {"players": ["Ann", "Ben"], "ruleset": "dice-poker",
              "dice_source": {"kind": "seeded", "seed": "illegal"}}
    joker = {"players": ["Ann"], "ruleset": "dice-poker",
             "dice_source": {"kind": "scripted", "faces": [5] * 5 + [2] * 5}}
    over = {"players": ["Ann"], "ruleset": "yahtzee",
            "dice_source": {"kind": "scripted", "faces": [6] * 5 * 13}}
    over_actions = []
    for box in ("ones", "twos", "threes", "fours", "fives", "sixes", "three_kind",
                "four_kind", "full_house", "small_straight", "large_straight", "poker",
                "chance"):
        over_actions += [("roll", None), ("score", box)]
    roll, chance = ("roll", None), ("score", "chance")
    return [
        ("hold before the first roll", seeded, [], ("hold", [0]), "hold_before_roll"),
        ("first roll holding a die", seeded, [], ("roll", [0]), "hold_before_roll"),
        ("score before rolling", seeded, [], ("score", "chance"), "score_before_roll"),
        ("undo with nothing to undo", seeded, [], ("undo",), "nothing_to_undo"),
        ("a fourth roll", seeded, [roll, roll, roll], ("roll", None), "no_rolls_left"),
        ("hold after the third roll", seeded, [roll, roll, roll], ("hold", [1]),
         "no_rolls_left"),
        ("roll with all five held", seeded, [roll], ("roll", [0, 1, 2, 3, 4]), "all_held"),
        ("hold die 5", seeded, [roll], ("roll", [5]), "bad_hold"),
        ("hold a die twice", seeded, [roll], ("hold", [2, 2]), "bad_hold"),
        ("fill a filled box", seeded, [roll, chance, roll, chance, roll], chance,
         "box_filled"),
        ("unknown box", seeded, [roll], ("score", "bonus"), "unknown_box"),
        ("yahtzee has no pair box", dict(seeded, ruleset="yahtzee"), [roll], ("score", "pair"),
         "unknown_box"),
        ("ignore a forced Joker box", joker, [roll, ("score", "poker"), roll], chance,
         "joker_forces"),
        ("undo after the next roll", seeded, [roll, chance, roll], ("undo",),
         "nothing_to_undo"),
        ("undo twice", seeded, [roll, chance, ("undo",)], ("undo",), "nothing_to_undo"),
        ("roll after the game is over", over, over_actions, ("roll", None), "game_over"),
        ("score after the game is over", over, over_actions, chance, "game_over"),
        ("hold after the game is over", over, over_actions, ("hold", [0]), "game_over"),
        ("an unknown move", seeded, [roll], ("apply", {"jump": 1}), "bad_move"),
        ("a hold is no move", seeded, [roll], ("apply", {"hold": [0]}), "bad_move"),
        ("an undo is no move", seeded, [roll, chance], ("apply", {"undo": True}), "bad_move"),
        ("an undo is no move, even as null", seeded, [roll, chance], ("apply", {"undo": None}),
         "bad_move"),
    ]
