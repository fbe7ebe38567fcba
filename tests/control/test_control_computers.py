"""Computer seats: they play only through their timers (tick -> think -> computer_move)."""

import pytest

from control.state import SPEEDS, computer_turn
from fake_shell import World, play_game, play_turn
from paths import STATIC
from invariants import Invariants
from scenarios import TAPS_IN_A_COMPUTERS_TURN, setup
from tracing import all_effects, dispatches, effects, kinds, note, with_previous

TABLES = STATIC / "strategy"


def computer_steps(world):
    """The dispatches made in a computer's turn, with the one before each."""
    return [(e, b) for e, b in with_previous(world) if b is not None and b["state"]["computer"]]


def test_people_taps_do_nothing_in_a_computers_turn(played):
    world, _ = played("computer_seat")
    taps = [(e, b) for e, b in computer_steps(world)
            if e["action"] in list(TAPS_IN_A_COMPUTERS_TURN)]
    assert len(taps) > 50
    for entry, before in taps:
        assert entry["effects"] == [] and entry["state"] == before["state"], entry["action"]


def test_the_computer_moves_only_on_its_timer_and_the_shells_answer(played):
    world, _ = played("computer_seat")
    ticks = dispatches(world, kind="tick")
    assert [f[2] for f in world.fired if "tick" in f[2]] == [t["action"] for t in ticks]
    thinks = all_effects(world, "think")
    answers = dispatches(world, kind="computer_move")
    assert len(thinks) == len(answers) > 20
    assert all(t["level"] == "beginner" for t in thinks)
    for think, answer in zip(thinks, answers):
        assert answer["action"]["computer_move"]["for"] == think["for"]
    for entry in ticks:                         # a tick thinks, or plays the roll shown
        assert kinds(entry) in (["think"], ["announce", "save", "timer"],
                                ["announce", "save", "timer", "timer"],
                                ["announce", "save"], [])


def test_a_roll_is_shown_as_the_dice_it_keeps_then_played(played):
    world, _ = played("computer_seat")
    shown = [e for e in dispatches(world, kind="computer_move")
             if kinds(e) == ["save", "timer"]]
    assert shown
    for entry in shown:
        keep = entry["action"]["computer_move"]["move"]["roll"]
        assert entry["state"]["held"] == sorted(keep)
        assert effects(entry, "save")[0]["game"]["json"]["state"]["held"] == sorted(keep)
        follow = [e for e in dispatches(world, kind="tick")
                  if e["action"]["tick"] == effects(entry, "timer")[0]["action"]["tick"]]
        assert len(follow) == 1
        roll = effects(follow[0], "save")[0]["game"]["json"]["moves"][-1]
        assert roll == {"roll": sorted(keep)}


def test_the_computers_pace_follows_the_speed_and_skip(played):
    world, _ = played("computer_seat")
    speeds = {"normal": SPEEDS["normal"]}
    pace, skipping = [], False
    for entry in dispatches(world):
        kind = next(iter(entry["action"]))
        if kind == "speed":
            speeds["normal"] = SPEEDS[entry["action"]["speed"]]
        if kind == "skip":
            skipping = True
        if not entry["state"]["computer"]:
            skipping = False
        for timer in effects(entry, "timer"):
            if "tick" in timer["action"]:
                pace.append((timer["ms"], 0 if skipping else speeds["normal"]))
    assert len(pace) > 50 and all(ms == wanted for ms, wanted in pace)
    assert {ms for ms, _ in pace} == {0, 250, 750, 1400}


def test_skip_plays_on_at_once_until_a_persons_turn(played):
    world, _ = played("computer_seat")
    skip = dispatches(world, kind="skip")
    assert len(skip) == 1 and effects(skip[0], "timer")[0]["ms"] == 0
    at = skip[0]["at"]
    rest = [e for e in dispatches(world) if e["at"] == at and e is not skip[0]]
    assert any(not e["state"]["computer"] for e in rest)       # reached Ben in no time


def test_undo_of_a_persons_box_while_the_computer_waits(played):
    world, _ = played("computer_seat")
    undos = [e for e in dispatches(world, kind="undo") if e["effects"]]
    assert len(undos) == 1
    undo = undos[0]
    assert kinds(undo) == ["announce", "save"] and not undo["state"]["computer"]
    assert undo["state"]["game"]["player"] == 0
    refused = [e for e, b in computer_steps(world)
               if "undo" in e["action"] and b["state"]["game"]["rolls"] > 0]
    assert refused and all(e["effects"] == [] for e in refused)   # the computer had rolled


def test_a_computers_box_is_never_undone(played):
    world, _ = played("question_pauses_computer")
    undo = dispatches(world, kind="undo")[-1]
    assert undo["effects"] == [] and not undo["state"]["computer"]
    assert undo["state"]["game"]["player"] == 0


def test_a_question_pauses_the_computer(played):
    world, _ = played("question_pauses_computer")
    asked = dispatches(world, kind="link")[0]
    assert asked["state"]["confirm"] == "link" and asked["effects"] == []
    paused = [e for e in dispatches(world, kind="tick") if e["state"]["confirm"] == "link"]
    assert paused and all(e["effects"] == [] for e in paused)
    answered = dispatches(world, kind="confirm")[0]
    timers = effects(answered, "timer")
    assert kinds(answered) == ["forget_link", "timer"] and timers[0]["ms"] == 750
    assert not world.tabs[0].state.computers.skip
    assert world.tabs[0].state.game.current_player == 0


def test_the_computer_plays_on_in_a_game_shown_while_it_thinks(played):
    """A game file or another tab's save arrives while a ``think`` is out: the late answer
    is dropped and the computer thinks again about the game shown."""
    world, checks = played("computer_and_other_tab")
    assert checks.problems == []
    late = [e for e in dispatches(world, kind="computer_move") if e["effects"] == []]
    assert len(late) == 2
    tab = world.tabs[0]
    assert tab.state.computers.thinking is None
    assert not computer_turn(tab.state) and tab.state.game.current_player == 0
    assert note(world, "after_load")["rev"] > 8
    stored = note(world, "storage")["game"]
    assert len(stored["moves"]) == 16 and stored["state"]["player"] == 0


def test_the_computer_goes_on_without_its_table(played):
    world, _ = played("computer_offline")
    failed = dispatches(world, kind="effect_failed")
    assert failed[0]["state"]["notice"] == "computer.fallback"
    assert [t["ms"] for t in effects(failed[0], "timer")] == [3000]
    retry = dispatches(world, kind="computer_move")[0]
    assert retry["action"]["computer_move"]["move"] is None
    assert [t["ms"] for t in effects(retry, "timer")] == [3000]
    hint = dispatches(world, kind="hint")[0]
    assert hint["state"]["hint"] == "loading" and effects(hint, "advise")
    assert failed[-2]["state"]["hint"] == "failed"      # the hint says it could not be had
    # "plays at the beginner level" is said once: not again after the notice went
    assert failed[-1]["state"]["notice"] is None and world.tabs[0].state.computers.warned
    assert world.tabs[0].state.game.current_player == 0


@pytest.fixture(scope="module")
def tables():
    from dicepoker.strategy.advisor import Advisor
    from dicepoker.strategy.table import Table
    out = {}
    for path in TABLES.glob("*.dpst.gz"):
        table = Table.from_bytes(path.read_bytes())
        out[table.rules.id] = Advisor(table)
    return out


@pytest.mark.parametrize("level", ["optimal", "good"])
def test_a_game_against_a_computer_with_the_strategy_table(tables, level):
    """The think effect answered as the page answers it, with the shipped table."""
    world = World()
    checks = Invariants(world)
    tab = world.tab("table")
    tab.think_with = lambda seat_level: tables["yahtzee"]
    tab.advisor = lambda game: tables[game.ruleset.id].advise(game)
    tab.act(setup(["Ann", "Cpu"], "yahtzee", seed="table", seats=["human", level]))
    tab.act({"roll": True})
    tab.act({"hint": True})
    world.settle()
    hint = tab.state.hint
    assert hint["state"] == "shown" and hint["advice"]["options"][0]["kind"] in ("hold", "score")
    holds = [o for o in hint["advice"]["options"] if o["kind"] == "hold"]
    assert hint["keep"] == holds[0]["hold"]              # the best hold's dice are marked
    play_game(world, tab)
    assert checks.problems == []
    game = tab.state.game
    assert game.is_over and [t["level"] for t in all_effects(world, "think")] == [level] * len(
        all_effects(world, "think"))
    assert game.totals()[1] > 150                       # it played, and played well
    assert len(all_effects(world, "record")) == 1


@pytest.mark.parametrize("dialog", ["stats", "rules", "scores", "settings"])
def test_an_open_dialog_pauses_the_computer(dialog):
    """Issue 47, point 8: with Statistics (or another dialog) open over the game, the
    computer's turn waits; closed, it plays on."""
    world = World()
    checks = Invariants(world)
    tab = world.tab("dialog")
    tab.act(setup(["Ann", "Cpu"], "dice-poker", seed="dialog", seats=["human", "beginner"]))
    play_turn(tab)
    assert computer_turn(tab.state)
    tab.act({"open": dialog})
    version, moves = tab.state.version, len(tab.state.game.moves)
    world.advance(20000)                                 # time passes behind the dialog
    assert (tab.state.version, len(tab.state.game.moves)) == (version, moves)
    assert world.pending(tab) == [] and tab.state.computers.thinking is None
    tab.act({"close": dialog})
    world.run_timers(until=lambda: not computer_turn(tab.state))
    assert tab.state.game.current_player == 0 and len(tab.state.game.moves) > moves
    assert checks.problems == []
