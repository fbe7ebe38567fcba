"""The checks can fail: each invariant catches a controller that breaks it, and the fake
shell plays the page's part (storage refuses a stale save, effects it does not know fail)."""

import json

import pytest

import control.controller
import control.games
import control.incoming
from control.saves import new_meta
from fake_shell import GAME, GAME_META, Storage, World, play_game
from invariants import Invariants
from scenarios import by_name, setup


def spoil(tab, change):
    """Make ``tab``'s controller return ``change(effects)`` instead of its effects."""
    dispatch = tab.controller.dispatch
    tab.controller.dispatch = lambda action: change(dispatch(action))


def solo_world():
    world = World()
    checks = Invariants(world)
    tab = world.tab("t")
    return world, checks, tab


def test_a_second_save_of_one_move_is_caught():
    world, checks, tab = solo_world()
    spoil(tab, lambda fx: fx + [e for e in fx if "save" in e])
    tab.act(setup(["Ann"], "yahtzee"))
    assert checks.problems == ["t after %r: 2 saves for a new game" % (setup(["Ann"], "yahtzee"),)]
    tab.act({"roll": True})
    assert checks.problems[-1] == "t after {'roll': True}: 2 saves for one move"


def test_a_move_not_saved_or_not_announced_is_caught():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann"], "yahtzee"))
    spoil(tab, lambda fx: [e for e in fx if "save" not in e and "announce" not in e])
    tab.act({"roll": True})
    assert checks.problems == ["t after {'roll': True}: 0 saves for one move",
                               "t after {'roll': True}: 0 announcements for one move"]


def test_a_save_without_a_move_is_caught():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann"], "yahtzee"))
    extra = [{"save": {"game": tab.state.game.to_json(), "meta": dict(tab.state.meta),
                       "base": tab.state.meta["rev"] - 1}}]
    spoil(tab, lambda fx: fx + [extra.pop()] if extra else fx)      # once
    tab.act({"open": "rules"})
    assert checks.problems == ["t after {'open': 'rules'}: 1 saves without a move"]


def test_a_save_of_another_position_is_caught():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann"], "yahtzee"))
    old = tab.state.game.to_json()

    def earlier(fx):
        return [{"save": dict(e["save"], game=old)} if "save" in e else e for e in fx]
    spoil(tab, earlier)
    tab.act({"roll": True})
    assert checks.problems == ["t after {'roll': True}: the save is not the game on screen"]


def test_results_recorded_twice_are_caught():
    world, checks, tab = solo_world()
    spoil(tab, lambda fx: fx + [e for e in fx if "record" in e])
    tab.act(setup(["Ann"], "yahtzee", seed="twice"))
    play_game(world, tab)
    assert checks.problems[-1] == "t after {'finish': %d}: results of yahtzee|Ann|human|twice " \
        "recorded 2 times" % tab.state.version


def test_a_tap_in_a_computers_turn_that_does_something_is_caught():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seats=["human", "beginner"]))
    tab.act({"roll": True})
    tab.act({"fill": "chance"})
    spoil(tab, lambda fx: fx + [{"announce": {"key": "x", "params": {}}}])
    tab.act({"roll": True})
    assert checks.problems and "a tap in a computer's turn" in checks.problems[0]


def test_a_computers_turn_without_a_timer_is_caught():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seats=["human", "beginner"]))
    tab.act({"roll": True})
    spoil(tab, lambda fx: [e for e in fx if "timer" not in e])
    tab.act({"fill": "chance"})
    assert checks.problems == ["t after {'fill': 'chance'}: a computer's turn with no timer"]


def test_the_stale_tab_rule_is_caught_when_broken(monkeypatch):
    """With ``stored`` ignoring a copy of the same revision (the rule before the fix), the
    stale tab writes over the stored game, and the checks say so."""
    original = control.controller.handler_of("stored")

    def ignore_same_rev(state, arg, fx, ctl):
        if isinstance(arg, dict) and control.incoming.clean_meta(arg.get("meta"))["rev"] \
                == state.meta["rev"]:
            return
        original(state, arg, fx, ctl)
    monkeypatch.setitem(control.controller.HANDLERS, "stored", ignore_same_rev)
    world = World()
    checks = Invariants(world)
    by_name("two_tabs_stale")(world)
    assert any("wrote 3 moves over the stored 2" in p for p in checks.problems), checks.problems


def test_a_computer_left_thinking_is_caught_when_broken(monkeypatch):
    """With a game shown keeping the old ``thinking`` (before the fix), the computer stalls."""
    show = control.games.show

    def keep_thinking(state, *args, **kwargs):
        thinking = state.computers.thinking
        show(state, *args, **kwargs)
        state.computers.thinking = thinking
    monkeypatch.setattr(control.incoming, "show", keep_thinking)
    world = World()
    checks = Invariants(world)
    by_name("computer_and_other_tab")(world)
    assert any("thinking about position" in p for p in checks.problems), checks.problems
    assert world.tabs[0].state.game.current_player == 1          # stuck in its turn


def test_storage_refuses_a_save_based_on_an_older_revision():
    storage = Storage({GAME: "newer", GAME_META: json.dumps(new_meta(rev=5))})
    assert not storage.save_game({"game": "older", "meta": new_meta(rev=5), "base": 4})
    assert storage.items[GAME] == "newer" and storage.writes == 0
    assert storage.save_game({"game": "next", "meta": new_meta(rev=6), "base": 5})
    assert storage.items[GAME] == "next" and json.loads(storage.items[GAME_META])["rev"] == 6


def test_the_fake_shell_knows_every_effect_and_fails_on_others():
    world, checks, tab = solo_world()
    with pytest.raises(AssertionError, match="unknown effect"):
        tab.run([{"teleport": True}])


def test_saves_are_written_after_the_action_and_its_queued_answers():
    """As ui.effects: the save runs once the action (and what it queued) is handled."""
    world, checks, tab = solo_world()
    tab.act(setup(["Ann"], "yahtzee"))
    written = []
    world.write_observers.append(lambda t, stored, save: written.append(t._queue))
    tab.act({"roll": True})
    assert written == [None]


def test_a_stale_timer_does_nothing():
    world, checks, tab = solo_world()
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seats=["human", "beginner"]))
    tab.act({"roll": True})
    tab.act({"fill": "chance"})
    token = tab.state.computers.token
    assert tab.act({"tick": token - 1}) == []
    assert tab.act({"tick": token + 1}) == []
    assert [next(iter(e)) for e in tab.act({"tick": token})] == ["think"]
    assert checks.problems == []
