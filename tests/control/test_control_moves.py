"""Single moves: what is refused, undo, the zero-box question, the hint, dialogs and setup."""

import pytest

from dicepoker.savefile import load
from fake_shell import World
from scenarios import setup
from tracing import dispatches, effects, kinds, message_keys, note


def fresh(ruleset="yahtzee", players=("Ann", "Ben"), seed="moves", seats=None):
    world = World()
    tab = world.tab("t")
    tab.act(setup(players, ruleset, seed=seed, seats=seats))
    return world, tab


def assert_refused(tab, action):
    """``action`` changes nothing at all: no effect, the same game, dice kept and screen."""
    state = tab.state
    before = (state.game.to_dict(state.held), state.version, dict(state.meta), state.screen,
              list(state.dialogs), state.confirm, state.hint)
    assert tab.act(action) == [], action
    after = (state.game.to_dict(state.held), state.version, dict(state.meta), state.screen,
             list(state.dialogs), state.confirm, state.hint)
    assert after == before, action


def test_a_hold_before_the_first_roll_is_refused():
    world, tab = fresh()
    for action in ({"hold": 0}, {"hold": 4}, {"fill": "chance"}, {"undo": True}):
        assert_refused(tab, action)


def test_a_roll_with_no_rolls_left_is_refused():
    world, tab = fresh()
    for _ in range(3):
        assert kinds_of(tab.act({"roll": True})) == ["announce", "save"]
    assert tab.state.game.rolls_used == 3
    assert_refused(tab, {"roll": True})
    assert_refused(tab, {"hold": 2})                  # nothing to keep for


def kinds_of(effects_list):
    return [k for e in effects_list for k in e]


def test_holds_of_bad_positions_are_refused():
    world, tab = fresh()
    tab.act({"roll": True})
    for index in (-1, 5, 1.0, True, "1", None, [1], {"i": 1}):
        assert_refused(tab, {"hold": index})


def test_filling_a_filled_box_or_no_box_is_refused():
    world, tab = fresh(players=("Ann",))
    tab.act({"roll": True})
    tab.act({"fill": "chance"})
    tab.act({"roll": True})
    for box in ("chance", "no_such_box", "", None, 3, ["ones"]):
        assert_refused(tab, {"fill": box})


def test_malformed_and_unknown_actions_are_refused():
    world, tab = fresh()
    tab.act({"roll": True})
    for action in (None, "roll", ["roll"], 5, {}, {"roll": True, "hold": 1}, {1: True},
                   {"nonsense": True}, {"": None}, {"ROLL": True}):
        assert_refused(tab, action)


def test_moves_wait_while_a_question_is_open():
    world, tab = fresh(players=("Ann",), seed="zero")
    tab.act({"roll": True})
    tab.act({"fill": "ones"})                         # 0 points: asks
    assert tab.state.confirm["kind"] == "zero"
    for action in ({"roll": True}, {"hold": 0}, {"fill": "chance"}, {"score": "chance"},
                   {"undo": True}, {"hint": True}):
        assert_refused(tab, action)


def test_each_accepted_move_is_saved_once_and_the_save_is_the_game():
    world, tab = fresh()
    for action in ({"roll": True}, {"hold": 1}, {"hold": 3}, {"roll": True}, {"hold": 1},
                   {"fill": "chance"}, {"undo": True}, {"fill": "chance"}):
        fx = tab.act(action)
        saves = [e["save"] for e in fx if "save" in e]
        assert len(saves) == 1, action
        game, held = load(saves[0]["game"])
        assert game.to_dict(held) == tab.state.game.to_dict(tab.state.held)
        assert saves[0]["meta"] == tab.state.meta
        assert len([e for e in fx if "announce" in e]) == (0 if "hold" in action else 1)


def test_undo_restores_the_position_and_the_dice_kept(played):
    world, _ = played("undo")
    before, after = note(world, "before"), note(world, "after")
    assert after == before
    assert before["held"] == [1, 2, 3]
    assert before["game"]["state"]["held"] == [1, 2, 3]
    undos = dispatches(world, kind="undo")
    assert [kinds(u) for u in undos] == [[], ["announce", "save"], [], []]
    said = effects(undos[1], "announce")[0]
    assert said["key"] == "announce.undone" and said["params"]["name"] == "Ann"
    assert said["params"]["box"] == {"key": "box.chance", "params": {}}
    saved = effects(undos[1], "save")[0]["game"]["json"]
    assert saved["moves"] == before["game"]["moves"] and saved["state"]["held"] == [1, 2, 3]


def test_undo_is_refused_once_the_next_player_rolled(played):
    world, _ = played("undo")
    stored = note(world, "storage")["game"]
    assert stored["moves"] == [{"roll": []}, {"roll": [1, 3]}, {"score": "chance"}, {"roll": []}]
    assert stored["state"]["player"] == 1


def test_a_box_worth_nothing_asks_first(played):
    world, _ = played("zero_box")
    zero = note(world, "zero_box")
    assert zero == "ones"
    fills = dispatches(world, kind="fill")
    assert [f["effects"] for f in fills] == [[], [], []]
    assert [f["state"]["confirm"] for f in fills] == ["zero", "zero", "zero"]
    confirms = dispatches(world, kind="confirm")
    # the box written: the focus goes to Roll (issue 47, point 14)
    assert [kinds(c) for c in confirms] == [[], [], ["announce", "save", "focus"], []]
    assert [c["state"]["confirm"] for c in confirms] == [None, None, None, None]
    game = effects(confirms[2], "save")[0]["game"]["json"]
    assert game["state"]["cards"] == [{"ones": 0}] and game["moves"][-1] == {"score": "ones"}
    said = effects(confirms[2], "announce")[0]
    assert said[0]["key"] == "announce.scored" and said[0]["params"]["points"] == 0


def test_the_zero_question_names_the_box_and_the_round():
    world, tab = fresh(players=("Ann",), seed="zero")
    tab.act({"roll": True})
    tab.act({"fill": "ones"})
    question = tab.state.confirm
    assert question["ok"] == {"score": "ones"} and question["cancel"] is None
    assert question["params"]["box"] == {"key": "box.ones", "params": {}}
    assert question["params"]["round"] == 1 and question["params"]["rounds"] == 13


def test_the_hint(played):
    world, _ = played("hint")
    hints = dispatches(world, kind="hint")
    assert [h["state"]["hint"] for h in hints] == ["roll", "loading", "loading", "loading"]
    assert kinds(hints[0]) == []                      # before the first roll: "roll first"
    # the position: the game's version (moves) and the dice kept
    # (a solo game: the hint is on points, "win" is False)
    assert [effects(h, "advise") for h in hints[1:]] == [
        [{"for": [2, []], "win": False}], [{"for": [2, [0]], "win": False}],
        [{"for": [2, []], "win": False}]]
    answers = dispatches(world, kind="advice")
    assert [a["state"]["hint"] for a in answers] == ["shown", "shown", None, "failed"]
    tab = world.tabs[0]
    assert tab.state.hint is None                     # the box filled: a hint of nothing
    lists = dispatches(world, kind="hint_list")
    assert [e["effects"] for e in lists] == [[], []]
    failed = dispatches(world, kind="advice_failed")
    assert [f["state"]["hint"] for f in failed] == ["loading", "failed"]


def test_a_hint_marks_the_advised_dice_and_box():
    world, tab = fresh(players=("Ann",), seed="hint", ruleset="dice-poker")
    tab.act({"roll": True})
    tab.act({"hint": True})
    world.settle()
    hint = tab.state.hint
    best_hold = [o for o in hint["advice"]["options"] if o["kind"] == "hold"][0]
    best_box = [o for o in hint["advice"]["options"] if o["kind"] == "score"][0]
    assert hint["state"] == "shown" and hint["expanded"] is False
    assert hint["keep"] == best_hold["hold"] and hint["box"] == best_box["box"]
    tab.act({"hint_list": True})
    assert tab.state.hint["expanded"] is True


def test_a_hint_weighs_the_chance_to_win_only_with_opponents():
    """Issue 49, point 3: the ``advise`` effect asks for the chance to win in a game with
    opponents (the shell then uses the end-of-game tables where they hold the position);
    a solo game stays on points."""
    for players, win in ((("Ann",), False), (("Ann", "Bob"), True)):
        world, tab = fresh(players=players, seed="hint", ruleset="dice-poker")
        tab.act({"roll": True})
        fx = tab.act({"hint": True})
        asked = [e["advise"] for e in fx if "advise" in e]
        assert [a["win"] for a in asked] == [win], (players, fx)


def test_a_hint_is_not_given_in_a_computers_turn_or_over_a_question():
    world, tab = fresh(seats=("human", "beginner"), seed="hint")
    tab.act({"roll": True})
    tab.act({"fill": "chance"})
    assert_refused(tab, {"hint": True})               # the computer's turn
    world.run_timers(until=lambda: tab.state.game.current_player == 0)
    tab.act({"roll": True})
    tab.act({"link": {"players": "Cy"}})              # a question
    assert_refused(tab, {"hint": True})


def test_dialogs_and_the_setup(played):
    world, _ = played("dialogs")
    steps = [(e["action"], e["state"]["dialogs"], e["state"]["screen"], e["state"]["confirm"])
             for e in dispatches(world)]
    opened = [s for s in steps if "open" in s[0]]
    assert [s[1] for s in opened] == [[], ["rules"], ["rules", "scores"], ["rules", "scores"],
                                      ["rules", "scores"], ["rules", "scores"],
                                      ["rules", "transfer"]]
    closed = [s[1] for s in steps if "close" in s[0]]
    assert closed == [["rules"], ["rules"], ["rules"], ["transfer"], []]
    screens = [s[2] for s in steps if "open_setup" in s[0] or "back_to_game" in s[0]]
    assert screens == ["setup", "game", "setup"]
    refused = [e for e in dispatches(world, kind="setup")][1:4]
    assert [e["state"]["setup_error"] for e in refused] == [True, True, True]
    assert [e["effects"] for e in refused] == [[], [], []]
    leave = dispatches(world, kind="setup")[4:]
    assert [e["state"]["confirm"] for e in leave] == ["leave", "leave"]
    assert [e["effects"] for e in leave] == [[], []]
    confirms = dispatches(world, kind="confirm")
    assert kinds(confirms[0]) == []                   # Cancel: the game stays
    assert confirms[0]["state"]["game"]["players"] == ["Ann"]
    assert kinds(confirms[1]) == ["forget_link", "remember", "save", "announce", "focus"]
    assert confirms[1]["state"]["game"]["players"] == ["Bo"]
    assert confirms[1]["state"]["screen"] == "game"
    notices = [e["state"]["notice"] for e in dispatches(world)[-4:]]
    assert notices == ["load.failed", None, "notice.no_storage", "notice.no_storage"]


def test_a_new_game_remembers_its_setup_and_is_announced():
    world, tab = fresh(players=("Ann", "Cpu"), seats=("human", "good"), ruleset="dice-poker")
    start = dispatches(world, kind="setup")[0]
    assert effects(start, "remember") == [{"name": "setup", "value": {
        "players": ["Ann", "Cpu"], "seats": ["human", "good"], "ruleset": "dice-poker"}}]
    assert [message_keys(t) for t in effects(start, "announce")] == [["announce.next"]]
    assert world.storage.get_json("dicepoker.setup")["seats"] == ["human", "good"]
    world.reload(tab)
    assert world.tabs[-1].state.setup["players"] == ["Ann", "Cpu"]


@pytest.mark.parametrize("speed", ["slow", "fast"])
def test_the_computers_speed_is_remembered(speed):
    world, tab = fresh(seats=("human", "beginner"))
    fx = tab.act({"speed": speed})
    assert fx == [{"remember": {"name": "computer-speed", "value": speed}}]
    assert world.storage.get("dicepoker.computer-speed") == speed
    tab = world.reload(tab)
    tab.act({"roll": True})
    fx = tab.act({"fill": "chance"})
    assert [e["timer"]["ms"] for e in fx if "timer" in e] == [{"slow": 1400, "fast": 250}[speed]]
    assert tab.act({"speed": "warp"}) == []


def test_the_focus_goes_to_roll_after_start_and_a_box_when_a_person_plays_next():
    """Issue 47, point 14: Start, and a box written, move the keyboard focus to Roll (the
    button that had it is gone); not when a computer plays next (Roll is off)."""
    from control.controller import Controller
    ctl = Controller()
    ctl.dispatch({"start": {"saved": None, "meta": None, "params": {}, "last_setup": None,
                            "speed": None, "settings": None}})
    effects = ctl.dispatch({"setup": {"players": ["Ann", "Cpu", "Ben"], "ruleset": "yahtzee",
                                      "seats": ["human", "beginner", "human"], "seed": 4}})
    assert {"focus": "roll"} in effects
    ctl.dispatch({"roll": True})
    box = sorted(b for b, p in ctl.state.game.options().items() if p)[0]
    effects = ctl.dispatch({"fill": box})                # the computer plays next
    assert ctl.state.game.current_player == 1 and not any("focus" in e for e in effects)
