"""Whole games played through actions alone, as deterministic scenarios (CPython and MicroPython).

Each scenario is a function of a fresh :class:`fake_shell.World`: it opens
tabs, taps, lets timers fire and reloads, and notes what storage holds at the
points that matter (``world.note``).  Everything is fixed by seeds (the
engine's seeded dice, a tiny LCG for the fuzz), so a scenario's trace, every
dispatch with its effects and a summary of the state, is the same on every
Python: ``tests/control/mpy/run_scenarios.py`` prints it on the page's
MicroPython and ``test_control_micropython.py`` compares it with CPython's.
The pytest files run the same functions and assert on the world they leave.

``SCENARIOS`` lists them all, in order: ``[(name, function)]``.
"""

import json

from control.saves import new_meta
from control.state import computer_turn
from dicepoker.game import Game
from dicepoker.savefile import load_dict
from dicepoker.rules import RULESETS
from fake_shell import GAME, GAME_META, fake_advice, play_game, play_turn, person_step

RULESET_IDS = sorted(RULESETS)
TAPS_IN_A_COMPUTERS_TURN = ({"roll": True}, {"hold": 0}, {"fill": "chance"},
                            {"score": "chance"}, {"hint": True})


def setup(players, ruleset="dice-poker", seed="42", seats=None):
    return {"setup": {"players": list(players), "ruleset": ruleset, "seed": seed,
                      "seats": list(seats) if seats is not None else ["human"] * len(players)}}


def stored_summary(world):
    """What storage holds: the game (parsed), its meta, the bad saves, the high scores, the
    history's records."""
    storage = world.storage
    text = storage.get(GAME)
    return {"game": json.loads(text) if text is not None else None,
            "meta": storage.get_json(GAME_META),
            "bad_saves": [storage.get(k) for k in storage.bad_saves()],
            "highscores": storage.highscores(),
            "history": storage.history()}


def note_storage(world, name="storage"):
    world.note(name, stored_summary(world))


# ----------------------------------------------------------------- whole games
def refused_taps(tab):
    """Taps a person's screen refuses now; each must do nothing at all."""
    game = tab.state.game
    taps = [{"nonsense": True}, {"roll": True, "hold": 1}, "roll", None]
    if not game.rolls_used:
        taps += [{"hold": 2}, {"fill": game.ruleset.boxes[0]}, {"score": game.ruleset.boxes[-1]},
                 {"undo": True} if not game.can_undo else {"open": "nonsense"}]
    else:
        for box in game.ruleset.boxes:
            if box in game.card():
                taps.append({"fill": box})            # a filled box
                break
        taps += [{"fill": "no_such_box"}, {"hold": 5}, {"hold": -1}, {"hold": True},
                 {"hold": "1"}, {"undo": True}]
    if game.rolls_used == 3:
        taps += [{"roll": True}, {"hold": 0}]         # no rolls left
    return taps


def play_noisily(world, tab):
    """A person's whole game, with the refused taps of :func:`refused_taps` at every tap."""
    limit = 3000
    while not tab.state.game.is_over:
        limit -= 1
        assert limit > 0
        for tap in refused_taps(tab):
            tab.act(tap)
        person_step(tab)
        world.settle()
    world.run_timers()


def solo(ruleset):
    def scenario(world):
        tab = world.tab("solo")
        tab.act(setup(["Ann"], ruleset, seed="solo-" + ruleset))
        play_noisily(world, tab)
        tab.act({"roll": True})                        # the game is over: nothing
        note_storage(world)
    return scenario


def three_players(world):
    tab = world.tab("three")
    tab.act(setup(["Ann", "Ben", "Cy"], "dice-poker-classic", seed="three"))
    orders = {0: None, 1: ("chance", "ones", "twos"), 2: ("sixes", "fives")}
    while not tab.state.game.is_over:
        play_turn(tab, orders[tab.state.game.current_player])
    world.run_timers()
    note_storage(world)


def computer_seat(world):
    """Ann, a beginner computer and Ben: the computer plays on its timers alone."""
    tab = world.tab("cpu")
    tab.act(setup(["Ann", "Cpu", "Ben"], "yahtzee", seed="cpu",
                  seats=["human", "beginner", "human"]))
    limit, undone = 3000, False
    while not tab.state.game.is_over:
        limit -= 1
        assert limit > 0
        game = tab.state.game
        if not computer_turn(tab.state):
            play_turn(tab)
            if game.round == 2 and game.current_player == 1 and not undone:
                undone = True
                tab.act({"undo": True})                # Ann's box, while the computer waits
                play_turn(tab, ("chance", "ones"))
            continue
        if game.round == 4 and game.rolls_used == 0:
            tab.act({"speed": "fast"})
        if game.round == 7 and game.rolls_used == 1 and not tab.state.computers.skip:
            tab.act({"skip": True})
        if game.round == 9 and game.rolls_used == 0:
            tab.act({"speed": "slow"})
        for tap in TAPS_IN_A_COMPUTERS_TURN:
            tab.act(tap)
        if game.rolls_used:
            tab.act({"undo": True})                    # the computer rolled: no undo
        world.fire_next()
    world.run_timers()
    note_storage(world)


def computers_only(world):
    tab = world.tab("cpus")
    tab.act(setup(["Cpu1", "Cpu2"], "dice-poker", seed="cpus", seats=["beginner", "beginner"]))
    world.run_timers()
    note_storage(world)


# ------------------------------------------------------------ single moves
def undo(world):
    tab = world.tab("undo")
    tab.act(setup(["Ann", "Ben"], "yahtzee", seed="undo"))
    tab.act({"undo": True})                            # nothing to undo
    tab.act({"roll": True})
    tab.act({"hold": 1})
    tab.act({"hold": 3})
    tab.act({"roll": True})
    tab.act({"hold": 0})
    tab.act({"hold": 0})
    tab.act({"hold": 2})
    world.note("before", {"game": tab.state.game.to_dict(tab.state.held),
                          "held": list(tab.state.held)})
    tab.act({"fill": "chance"})
    tab.act({"undo": True})
    world.note("after", {"game": tab.state.game.to_dict(tab.state.held),
                         "held": list(tab.state.held)})
    tab.act({"undo": True})                            # the last move is a roll now
    tab.act({"fill": "chance"})
    tab.act({"roll": True})                            # Ben rolls: Ann's box stays
    tab.act({"undo": True})
    note_storage(world)


def zero_box(world):
    tab = world.tab("zero")
    tab.act(setup(["Ann"], "yahtzee", seed="zero"))
    tab.act({"roll": True})
    options = tab.state.game.options()
    zero = None
    for box in tab.state.game.ruleset.boxes:
        if options.get(box) == 0:
            zero = box
            break
    world.note("zero_box", zero)
    tab.act({"fill": zero})                            # asks first
    tab.act({"roll": True})                            # a question is open: moves wait
    tab.act({"confirm": False})                        # Cancel (or Esc)
    tab.act({"fill": zero})
    tab.act({"confirm": False})
    tab.act({"fill": zero})
    tab.act({"confirm": True})
    tab.act({"confirm": True})                         # no question: nothing
    note_storage(world)


def hint(world):
    tab = world.tab("hint")
    tab.act(setup(["Ann"], "dice-poker", seed="hint"))
    tab.act({"hint": True})                            # before the first roll: "roll first"
    tab.act({"roll": True})
    tab.act({"hint": True})                            # advise: answered at once
    tab.advice_later = True                            # from now on in a task (a slow table)
    tab.act({"hint_list": True})
    tab.act({"hint_list": True})
    tab.act({"advice": {"for": tab.state.hint["for"], "advice": {"options": []}}})  # twice: no
    tab.act({"hold": 0})                               # the position changes: the hint goes
    tab.act({"hint": True})
    asked = tab.state.hint["for"]
    tab.act({"hold": 0})                               # before the answer: it is dropped
    world.settle()
    tab.act({"hint": True})
    tab.act({"advice_failed": [999, []]})              # another position: nothing
    tab.act({"advice_failed": tab.state.hint["for"]})
    tab.act({"advice": {"for": asked, "advice": fake_advice(tab.state.game)}})
    tab.act({"fill": "chance"})


def dialogs(world):
    tab = world.tab("dialogs")
    tab.act({"open": "end"})                           # no game: nothing
    tab.act(setup(["Ann"], "dice-poker", seed="dialogs"))
    tab.act({"roll": True})
    tab.act({"open": "rules"})
    tab.act({"open": "scores"})
    tab.act({"open": "scores"})                        # already open
    tab.act({"open": "end"})                           # the game is not over
    tab.act({"open": "review"})
    tab.act({"close": "scores"})                       # the dialog's own close (or Esc)
    tab.act({"close": "scores"})                       # closed already
    tab.act({"close": "nonsense"})
    tab.act({"open": "transfer"})
    tab.act({"close": "rules"})
    tab.act({"close": "transfer"})
    tab.act({"open_setup": True})
    tab.act({"back_to_game": True})
    tab.act({"open_setup": True})
    tab.act(setup(["Ann", ""], "dice-poker", seed="x"))  # a name missing: refused
    tab.act(setup(["Ann"], "no-such-rules", seed="x"))
    tab.act(setup(["Ann"], "dice-poker", seed="x" * 200))
    tab.act(setup(["Bo"], "yahtzee", seed="new"))        # over a game in progress: asks
    tab.act({"confirm": False})
    tab.act(setup(["Bo"], "yahtzee", seed="new"))
    tab.act({"confirm": True})
    tab.act({"say": "load.failed"})
    tab.act({"dismiss_notice": True})
    tab.act({"storage_unavailable": True})
    tab.act({"notice_action": True})                   # the notice has no button
    note_storage(world)


# --------------------------------------------------------- starts and reloads
def reload_records_once(world):
    """A finished game's results are recorded once: in a tab, after reloads, and when the
    page closed between the last box and the finish."""
    tab = world.tab("first")
    tab.act(setup(["Ann", "Ben"], "dice-poker", seed="records"))
    game = tab.state.game
    while not (game.round == game.rounds - 1 and game.current_player == 1 and game.rolls_used):
        person_step(tab)
        world.settle()
    world.note("mid_game", stored_summary(world)["meta"])
    tab = world.reload(tab)                            # a reload in the middle: same game
    game = tab.state.game
    while not game.is_over:
        person_step(tab)
        world.settle()
    note_storage(world, "closed_before_finish")        # the finish timer has not fired
    tab = world.reload(tab)                            # ... the page closed: records on start
    world.run_timers()
    note_storage(world, "recorded_on_start")
    tab = world.reload(tab)                            # recorded: never again
    world.run_timers()
    tab.act({"finish": tab.state.version})
    tab.act({"undo": True})                            # a finished game: no undo
    note_storage(world)


def bad_save(name, text):
    def scenario(world):
        world.storage.items[GAME] = text
        world.storage.items[GAME_META] = json.dumps(new_meta(rev=4))
        tab = world.tab("bad")
        note_storage(world, "after_start")
        tab.act({"notice_action": True})               # the notice's button: download it
        tab.act(setup(["Ann"], "yahtzee", seed="fresh"))
        tab.act({"roll": True})
        note_storage(world)
    return scenario


def good_save_text(moves=3):
    game = Game(["Ann", "Ben"], ruleset="dice-poker", seed="saved")
    game.roll()
    game.score("chance")
    game.roll()
    return game.to_json(held=[1])


def tampered_moves():
    data = json.loads(good_save_text())
    data["moves"][1] = {"score": "pair"}
    return json.dumps(data)


def wrong_version():
    data = json.loads(good_save_text())
    data["version"] = 99
    return json.dumps(data)


def tampered_card():
    data = json.loads(good_save_text())
    data["state"]["cards"][0]["chance"] = 5
    return json.dumps(data)


BAD_SAVES = [("bad_json", '{"format": "dice-poker/game", "version": 1, '),
             ("wrong_version", wrong_version()),
             ("tampered_moves", tampered_moves()),
             ("tampered_card", tampered_card()),
             ("not_a_game", "[1, 2, 3]"),
             ("deep", "[" * 3000 + "]" * 3000)]


def resume_with_holds(world):
    """A reload keeps the game and the dice kept (the save carries them)."""
    tab = world.tab("holds")
    tab.act(setup(["Ann"], "dice-poker", seed="holds"))
    tab.act({"roll": True})
    tab.act({"hold": 4})
    tab.act({"hold": 1})
    tab = world.reload(tab)
    world.note("held_after_reload", list(tab.state.held))
    tab.act({"roll": True})                            # rolls the three others
    world.note("held_after_roll", list(tab.state.held))
    world.storage.items[GAME_META] = "not json"
    tab = world.reload(tab)                            # a bad meta: the game, rev 0
    tab.act({"hold": 0})
    note_storage(world)


# ------------------------------------------------------------------- links
LINK = {"players": "Ann,Ben", "seed": "77", "rules": "yahtzee"}
OTHER_LINK = {"players": "Cy", "seed": "5"}


def links(world):
    tab = world.tab("link", params=dict(LINK))         # a fresh page: starts at once
    person_step(tab)
    person_step(tab)
    world.note("link_game", stored_summary(world)["meta"])
    tab = world.reload(tab, params=dict(LINK))         # the link's own game: resumes
    tab = world.reload(tab, params=dict(OTHER_LINK))   # another link over it: asks
    tab.act({"roll": True})                            # the question waits
    tab.act({"confirm": False})                        # keeps the game, drops the link
    world.note("address_bar", tab.params)
    tab.act({"link": dict(OTHER_LINK)})                # the same link tapped again: asks
    tab.act({"confirm": True})
    play_game(world, tab)
    tab.act({"link": dict(LINK)})                      # over a finished game: at once
    tab.act({"link": {"players": ""}})                 # a bad link: said, forgotten
    tab.act({"link": {"players": "Ann", "seed": "x" * 99}})
    tab.act({"link": {"players": "Ann", "rules": "chess"}})
    tab.act({"link": {"seed": "5"}})                   # no players: not a challenge
    tab.act({"link": "players=Ann"})
    note_storage(world)


def link_on_setup_screen(world):
    """A page with no game and a setup remembered: a link starts its game at once."""
    world.storage.items["dicepoker.setup"] = json.dumps(
        {"players": ["Zed"], "seats": ["human"], "ruleset": "yahtzee"})
    tab = world.tab("fresh")
    world.note("setup_shown", tab.state.setup)
    tab = world.reload(tab, params={"players": "Ann", "seed": "1"})
    note_storage(world)


# -------------------------------------------------------------- other tabs
def two_tabs_follow(world):
    """Two tabs on one storage, with storage events: each shows the other's moves."""
    a = world.tab("A")
    a.act(setup(["Ann", "Ben"], "dice-poker", seed="tabs"))
    b = world.tab("B")
    for _ in range(3):
        play_turn(a)
        world.settle()
        play_turn(b)
        world.settle()
    note_storage(world)


def two_tabs_stale(world):
    """Without the storage event (or before it arrives), a tab's move on an older copy is
    refused by storage; the tab then shows the stored game, never writes over it."""
    world.events = False
    a = world.tab("A")
    a.act(setup(["Ann", "Ben"], "dice-poker", seed="stale"))
    a.act({"roll": True})
    b = world.tab("B")                                 # B opens the same game
    a.act({"fill": "chance"})                          # A's box is stored
    note_storage(world, "after_A")
    b.act({"fill": "pair"})                            # B's copy is older: refused, shown
    note_storage(world, "after_B_box")
    b.act({"roll": True})                              # B plays on from A's game
    b.act({"fill": "chance"})
    note_storage(world, "after_B_turn")
    a.act({"roll": True})                              # now A is the stale one
    a.act({"roll": True})
    world.events = True
    play_turn(a)
    world.settle()
    note_storage(world)


def two_tabs_late_event(world):
    """The storage event arrives after the other tab's tap."""
    a = world.tab("A")
    a.act(setup(["Ann"], "yahtzee", seed="late"))
    a.act({"roll": True})
    b = world.tab("B")
    a.act({"fill": "chance"})                          # B's event is queued, not run
    b.act({"fill": "ones"})                            # refused: A's game shown
    world.settle()                                     # the late event
    b.act({"roll": True})
    world.settle()
    note_storage(world)


def other_tab_bad_save(world):
    """Another tab stores a damaged game: kept aside, ours stays on screen and in storage."""
    tab = world.tab("ours")
    tab.act(setup(["Ann"], "yahtzee", seed="ours"))
    tab.act({"roll": True})
    tab.act({"stored": {"game": "{broken", "meta": {"rev": 99}}})
    tab.act({"stored": {"game": good_save_text(), "meta": {"rev": 1}}})  # older
    tab.act({"stored": {"game": None, "meta": None}})
    tab.act({"stored": "junk"})
    tab.act({"roll": True})
    note_storage(world)


def release_thinking(world):
    """The ``think`` answers held back come in now (late: for a position gone)."""
    held, world.held_back = world.held_back, []
    for tab, effect in held:
        tab.answer_think = True
        tab._think(effect["think"])
    world.settle()


def computer_and_other_tab(world):
    """A game is shown (a game file, another tab's save) while the computer's move is
    being thought out: the computer plays on in the game shown."""
    tab = world.tab("cpu")
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seed="think", seats=["human", "beginner"]))
    play_turn(tab)
    text = tab.state.game.to_json()
    tab.answer_think = False                           # the think effect is out, unanswered
    world.fire_next()
    tab.act({"load_game": {"text": text}})             # a game file, over a game in progress
    tab.act({"confirm": True})
    release_thinking(world)
    world.run_timers(until=lambda: not computer_turn(tab.state))
    world.note("after_load", stored_summary(world)["meta"])
    play_turn(tab)
    tab.answer_think = False
    world.fire_next()                                  # the computer's tick: think is out
    newer = load_dict(tab.state.game.to_dict(), verify=False)[0]                      # another tab, a step ahead
    newer.roll()
    rev = tab.state.meta["rev"] + 1
    world.storage.set(GAME, newer.to_json())
    world.storage.set_json(GAME_META, new_meta(rev=rev))
    world.settle()                                     # its storage event
    release_thinking(world)
    world.run_timers(until=lambda: not computer_turn(tab.state))
    note_storage(world)


def computer_offline(world):
    """The strategy cannot be fetched: the computer says so once, and plays on."""
    tab = world.tab("offline")
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seed="offline", seats=["human", "optimal"]))
    play_turn(tab)
    tab.answer_think = False
    world.fire_next()
    version = tab.state.version
    tab.act({"effect_failed": {"think": {"for": version, "level": "optimal"}}})
    tab.act({"computer_move": {"for": version, "move": None}})      # thinking is done: stale
    world.held_back = []
    tab.answer_think = True
    world.fire_next()                                  # the retry after 3 s
    tab.act({"effect_failed": {"advise": {"for": [version, []]}}})
    tab.act({"effect_failed": {"download_bad_save": True}})
    world.run_timers(until=lambda: not computer_turn(tab.state))
    tab.act({"roll": True})
    tab.advice_later = True                            # ui.advice.assistants could not be fetched:
    tab.act({"hint": True})
    world.tasks = []                                   # no answer, but
    tab.act({"effect_failed": {"advise": {"for": tab.state.hint["for"]}}})
    tab.act({"dismiss_notice": True})
    tab.act({"effect_failed": {"think": {"for": tab.state.version, "level": "optimal"}}})


def question_pauses_computer(world):
    tab = world.tab("pause")
    tab.act(setup(["Ann", "Cpu"], "dice-poker", seed="pause", seats=["human", "beginner"]))
    play_turn(tab)
    tab.act({"link": dict(OTHER_LINK)})                # asks: the computer waits
    world.advance(5000)
    tab.act({"confirm": False})                        # answered: it plays on
    world.run_timers(until=lambda: not computer_turn(tab.state))
    tab.act({"undo": True})                            # a computer's box: never
    note_storage(world)


def import_game(world):
    tab = world.tab("import")
    tab.act({"load_game": {"text": "nonsense"}})
    tab.act({"load_game": {"text": good_save_text()}})  # no game on screen: at once
    tab.act({"load_game": {"text": good_save_text()}})  # over a game in progress: asks
    tab.act({"confirm": True})
    finished = Game(["Ann"], ruleset="yahtzee", seed="done")
    while not finished.is_over:
        finished.roll()
        finished.score(sorted(finished.options())[0])
    tab.act({"load_game": {"text": finished.to_json()}})
    tab.act({"confirm": True})
    world.run_timers()                                 # a loaded finished game: not recorded
    note_storage(world)


# -------------------------------------------------------------------- fuzz
class Lcg:
    """A tiny seeded generator (MicroPython has no random.Random)."""

    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFF

    def below(self, n):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return (self.x >> 8) % n

    def choice(self, items):
        return items[self.below(len(items))]


JUNK = [None, True, False, 0, -1, 7, 2.5, "", "x", [], [1], {}, {"a": 1}, "chance"]


def one(kind, value):
    """``{kind: value}``; the draws as arguments, since MicroPython evaluates a dict
    display's value before its key."""
    return {kind: value}


def fuzz_action(rng, tab):
    """A random action the page could hand the controller, or a malformed one."""
    state = tab.state
    game = state.game
    boxes = list(game.ruleset.boxes) if game is not None else ["chance"]
    r = rng.below(40)
    if r < 8:
        return {"roll": rng.choice([True, True, None, 1])}
    if r < 13:
        return {"hold": rng.choice([0, 1, 2, 3, 4, 4, 5, -1, True, "2", None, 1.0, [1]])}
    if r < 18:
        return one(rng.choice(["fill", "fill", "score"]), rng.choice(boxes + JUNK))
    if r < 20:
        return {"undo": rng.choice(JUNK)}
    if r < 22:
        return {"confirm": rng.choice([True, False, None, "yes", 1])}
    if r == 22:
        return one(rng.choice(["back", "close"]), rng.choice(["rules", "scores", True]))
    if r == 23:
        return one(rng.choice(["open", "close"]),
                   rng.choice(["rules", "scores", "transfer", "review", "end"] + JUNK))
    if r == 24:
        return {"hint": True}
    if r == 25:
        where = state.hint["for"] if state.hint is not None else rng.choice(JUNK)
        advice = fake_advice(game) if game is not None and game.rolls_used else {"options": []}
        return {"advice": {"for": rng.choice([where, where, [0, []], None]),
                           "advice": rng.choice([advice, advice, None, 5])}}
    if r == 26:
        return one(rng.choice(["hint_list", "advice_failed", "skip", "dismiss_notice",
                               "notice_action", "forget_link", "open_setup", "back_to_game",
                               "download_bad_save"]), rng.choice(JUNK))
    if r == 27:
        return {"tick": rng.choice([state.computers.token, state.computers.token - 1,
                                    "1", None, 10 ** 6])}
    if r == 28:
        move = rng.choice([{"roll": []}, {"roll": [0, 9]}, {"score": rng.choice(boxes)},
                           {"score": "nope"}, None, "roll", {"hold": [1]}, {}])
        return {"computer_move": {"for": rng.choice([state.version, state.version - 1, None]),
                                  "move": move}}
    if r == 29:
        return {"speed": rng.choice(["slow", "normal", "fast", "warp", None, 3])}
    if r == 30:
        players = rng.choice([["Ann"], ["Ann", "Cpu"], [], ["  "], ["x" * 30], ["A"] * 9, "Ann"])
        seats = rng.choice([None, ["human"] * len(players), ["beginner"] * len(players),
                            ["robot"], "human"])
        return {"setup": {"players": players, "seats": seats,
                          "ruleset": rng.choice(RULESET_IDS + ["nope", None]),
                          "seed": rng.choice(["1", "fuzz", "x" * 99, 12])}}
    if r == 31:
        return {"link": rng.choice([{"players": "Ann,Ben", "seed": "9"}, {"players": ""},
                                    {"players": "A,B", "rules": "yahtzee", "seed": "3"},
                                    {"players": ",".join(["P"] * 9)}, {}, {"seed": "1"}, None,
                                    "players=Ann"])}
    if r == 32:
        text = tab.world.storage.get(GAME)
        return {"stored": rng.choice([tab.world.storage.stored(),
                                      {"game": text, "meta": {"rev": rng.below(200)}},
                                      {"game": "{", "meta": {"rev": 10 ** 6}},
                                      {"game": 5}, None, []])}
    if r == 33:
        return {"load_game": rng.choice([{"text": good_save_text()}, {"text": "{}"},
                                         {"text": good_save_text(), "sure": True},
                                         {"text": None}, "x", None])}
    if r == 34:
        return {"finish": rng.choice([state.version, state.version - 1, None, "1"])}
    if r == 35:
        return {"say": rng.choice(["notice.no_storage", {"key": "x", "params": {}}, 5, None])}
    if r == 36:
        return rng.choice([None, [], "roll", 5, {"roll": True, "undo": True}, {1: 2},
                           {"no_such_action": 1}, {"": None}, {"start": None}])
    if r == 37:
        return {"scores_ruleset": rng.choice(RULESET_IDS + JUNK)}
    if r == 38:
        return {"effect_failed": rng.choice([{"think": {"for": state.version, "level": "good"}},
                                             {"advise": {"for": [state.version, []]}},
                                             {"download_bad_save": True}, {"record": {}}])}
    return {"new_game": rng.choice([{"setup": {"players": ["Q"], "ruleset": "yahtzee",
                                               "seed": "q"}},
                                    {"setup": {"players": ["Q"]}}, {"setup": None}, None,
                                    {"setup": {"players": ["Q"], "ruleset": "yahtzee",
                                               "seed": "q", "seats": ["beginner"]}}])}


def fuzz(seed, steps=300):
    def scenario(world):
        rng = Lcg(seed)
        tab = world.tab("fuzz")
        tab.act(setup(["Ann", "Cpu"], rng.choice(RULESET_IDS), seed="fuzz%d" % seed,
                      seats=["human", "beginner"]))
        for step in range(steps):
            if rng.below(6) == 0:
                world.advance(rng.choice([0, 250, 750, 3000]))
            elif rng.below(25) == 0:
                tab = world.reload(tab)
            else:
                tab.act(fuzz_action(rng, tab))
                world.settle()
        world.note("fuzz_end", {"version": tab.state.version,
                                "moves": len(tab.state.game.moves) if tab.state.game else None})
    return scenario


# ------------------------------------------------------------------- index
SCENARIOS = [("solo:" + r, solo(r)) for r in RULESET_IDS] + [
    ("three_players", three_players),
    ("computer_seat", computer_seat),
    ("computers_only", computers_only),
    ("undo", undo),
    ("zero_box", zero_box),
    ("hint", hint),
    ("dialogs", dialogs),
    ("reload_records_once", reload_records_once),
    ("resume_with_holds", resume_with_holds),
    ("links", links),
    ("link_on_setup_screen", link_on_setup_screen),
    ("two_tabs_follow", two_tabs_follow),
    ("two_tabs_stale", two_tabs_stale),
    ("two_tabs_late_event", two_tabs_late_event),
    ("other_tab_bad_save", other_tab_bad_save),
    ("computer_and_other_tab", computer_and_other_tab),
    ("computer_offline", computer_offline),
    ("question_pauses_computer", question_pauses_computer),
    ("import_game", import_game),
] + [("bad_save:" + name, bad_save(name, text)) for name, text in BAD_SAVES] + [
    ("fuzz:%d" % seed, fuzz(seed)) for seed in (1, 2, 3)]


def by_name(name):
    for scenario_name, scenario in SCENARIOS:
        if scenario_name == name:
            return scenario
    raise KeyError(name)


def run(name, load_every=1):
    """Play scenario ``name`` in a fresh world: ``(world, invariants)``."""
    from fake_shell import World
    from invariants import Invariants
    world = World()
    checks = Invariants(world, load_every)
    by_name(name)(world)
    return world, checks


def trace_lines(name, load_every=1):
    """The scenario's trace as JSON lines, then its invariant problems."""
    world, checks = run(name, load_every)
    lines = [json.dumps(entry) for entry in world.trace]
    lines.append(json.dumps({"problems": checks.problems, "dispatches": checks.dispatches,
                             "moves": checks.moves}))
    return lines
