"""Whole games through actions alone: solo in every rule set, three players, computers.

The games are the scenarios of ``scenarios.py`` (the same run on MicroPython,
``test_control_micropython.py``); the page's part is ``fake_shell``, and
``invariants`` checks every dispatch as they are played.
"""

import json

import pytest

from dicepoker.savefile import load
from dicepoker.rules import RULESETS
from dicepoker.seats import is_computer
from fake_shell import TIME
from ui.records import history
from invariants import expected_total, rolls_per_turn
from scenarios import RULESET_IDS, SCENARIOS
from tracing import all_effects, dispatches, effects, kinds, message_keys, with_previous

PEOPLE_TAPS = ("roll", "hold", "fill", "score", "undo", "confirm")


@pytest.mark.parametrize("name", [name for name, _ in SCENARIOS])
def test_every_dispatch_of_every_scenario_keeps_the_invariants(played, name):
    world, checks = played(name)
    assert checks.problems == []
    assert checks.dispatches == len(dispatches(world)) > 0


def check_kept(world, game):
    """The finished ``game`` is the history's last record, with the engine's own figures, and
    its kept text loads to the same game."""
    kept = world.storage.history()[-1]
    assert kept["rules"] == game.ruleset.id and kept["date"] == TIME
    assert kept["players"] == [
        {"name": name, "seat": game.seats[p], "total": game.totals()[p],
         "boxes": [game.cards[p][b] for b in game.ruleset.boxes],
         "bonus": game.breakdown(p)["upper_bonus"], "poker": game.poker_bonuses[p]}
        for p, name in enumerate(game.players)]
    assert sum(kept["players"][0]["boxes"]) + kept["players"][0]["bonus"] \
        + kept["players"][0]["poker"] == game.totals()[0]
    assert load(world.storage.get(history.GAME + kept["id"]))[0].to_dict() == game.to_dict()


def check_finished(world, tab):
    """The game on ``tab`` is over, recorded once, saved as it is; its results in the table."""
    game = tab.state.game
    assert game.is_over and game.round == game.rounds == len(game.ruleset.boxes)
    for player in range(len(game.players)):
        assert sorted(game.cards[player]) == sorted(game.ruleset.boxes)
        assert game.totals()[player] == expected_total(game, player)
    assert max(rolls_per_turn(game.moves)) <= 3
    assert tab.state.dialogs == ["end"] and tab.state.meta["recorded"] is True
    records = all_effects(world, "record")
    people = [[game.players[p], game.totals()[p]] for p in range(len(game.players))
              if not is_computer(game.seats[p])]
    assert records == [{"ruleset": game.ruleset.id, "results": people,
                        "players": len(game.players), "game": {"json": game.to_dict()}}]
    check_kept(world, game)
    stored, held = load(world.storage.get("dicepoker.game"))
    assert stored.to_dict() == game.to_dict() and held == ()
    assert json.loads(world.storage.get("dicepoker.game-meta"))["recorded"] is True
    table = world.storage.highscores()[game.ruleset.id]
    assert sorted([e["name"], e["score"]] for e in table) == sorted(people)
    return game


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_solo_game_in_every_rule_set(played, ruleset):
    world, checks = played("solo:" + ruleset)
    tab = world.tabs[0]
    game = check_finished(world, tab)
    assert game.ruleset is RULESETS[ruleset] and game.players == ["Ann"]
    entries = dispatches(world)
    # one save per move, per change of the dice kept, for the new game and the results
    changed = 0
    for entry, before in with_previous(world):
        if before is None or "game" not in before["state"]:
            continue
        was, now = before["state"], entry["state"]
        if was["game"]["moves"] != now["game"]["moves"] or was["held"] != now["held"]:
            changed += 1
    assert len(all_effects(world, "save")) == changed + 2
    assert world.storage.writes == changed + 2
    # one announcement per move, and one for the new game; a move the engine refuses
    # (a direct ``score`` before the roll) is announced as its reason, and changes nothing
    said = all_effects(world, "announce")
    errors = [t for t in said if "error" in t]
    assert len(said) - len(errors) == len(game.moves) + 1 == checks.moves + 1
    assert errors and all(t["error"] == "score_before_roll" for t in errors)
    for entry in dispatches(world):
        if any("error" in t for t in effects(entry, "announce")):
            assert next(iter(entry["action"])) == "score" and kinds(entry) == ["announce"]
    # the refused taps (several at every tap) did nothing at all
    idle = [e for e, before in with_previous(world)
            if before is not None and e["effects"] == [] and e["state"] == before["state"]]
    assert len(idle) > 5 * len(game.moves)
    last = entries[-1]
    assert last["action"] == {"roll": True} and last["effects"] == []   # after the end


def test_a_game_of_three_players_takes_turns(played):
    world, _ = played("three_players")
    tab = world.tabs[0]
    game = check_finished(world, tab)
    assert game.players == ["Ann", "Ben", "Cy"] and game.ruleset.id == "dice-poker-classic"
    # every turn is announced as the next player's, in seat order
    names = []
    for text in all_effects(world, "announce"):
        keys = message_keys(text)
        if "announce.next" in keys:
            names.append(text[-1]["params"]["name"] if isinstance(text, list)
                         else text["params"]["name"])
    assert names[:7] == ["Ann", "Ben", "Cy", "Ann", "Ben", "Cy", "Ann"]
    assert len(names) == 3 * game.rounds          # the new game's, then one per box but the last
    # each player kept to their own taste in boxes (scenarios.three_players)
    scored = [m["score"] for m in game.moves if "score" in m]
    assert scored[1] == "chance" and scored[2] == "sixes"
    table = world.storage.highscores()["dice-poker-classic"]
    assert [e["score"] for e in table] == sorted(game.totals(), reverse=True)
    assert all(e["players"] == 3 for e in table)


def test_a_game_with_a_computer_seat(played):
    world, _ = played("computer_seat")
    tab = world.tabs[0]
    game = check_finished(world, tab)
    assert game.seats == ["human", "beginner", "human"]
    record = all_effects(world, "record")[0]
    assert [r[0] for r in record["results"]] == ["Ann", "Ben"] and record["players"] == 3
    # the high scores count the computer's seat: not a game of two
    assert all(e["players"] == 3 for e in world.storage.highscores()["yahtzee"])
    for entry, before in with_previous(world):
        if before is None or "game" not in before["state"]:
            continue
        grew = entry["state"]["game"]["moves"] > before["state"]["game"]["moves"]
        if grew and before["state"]["game"]["player"] == 1:      # the computer's move
            assert next(iter(entry["action"])) in ("tick", "computer_move")
        elif grew:
            assert next(iter(entry["action"])) in PEOPLE_TAPS


def test_computers_alone_play_a_whole_game_on_their_timers(played):
    world, _ = played("computers_only")
    tab = world.tabs[0]
    game = tab.state.game
    assert game.is_over and tab.state.dialogs == ["end"]
    actions = [next(iter(e["action"])) for e in dispatches(world)]
    assert actions[:2] == ["start", "setup"]
    assert set(actions[2:]) == {"tick", "computer_move", "finish"}
    assert actions.count("finish") == 1
    assert all_effects(world, "record") == [{"ruleset": "dice-poker", "results": [],
                                             "players": 2, "game": {"json": game.to_dict()}}]
    check_kept(world, game)
    assert world.storage.highscores().get("dice-poker", []) == []
    ticks = [f for f in world.fired if "tick" in f[2]]
    assert len(ticks) == actions.count("tick")    # every tick came from a timer
    assert all(ms == 750 for _, ms, action in world.fired if "tick" in action)


def test_a_move_saves_the_game_as_it_is_then(played):
    """Each save's JSON is the game at that move: it loads, and replays to the next save."""
    world, _ = played("solo:yahtzee")
    games = [s["game"]["json"] for s in all_effects(world, "save")]
    for earlier, later in zip(games, games[1:]):
        a, b = earlier["moves"], later["moves"]
        assert b == a or b[:-1] == a
    for entry in dispatches(world):
        for save in effects(entry, "save"):
            assert save["meta"]["rev"] == save["base"] + 1 == entry["state"]["meta"]["rev"]
    revs = [s["meta"]["rev"] for s in all_effects(world, "save")]
    assert revs == list(range(1, len(revs) + 1))


def test_people_never_wait_for_a_timer(played):
    """Between people nothing is timed but the finish (results in a task of their own)."""
    world, _ = played("three_players")
    timers = all_effects(world, "timer")
    assert timers == [{"ms": 0, "action": {"finish": timers[0]["action"]["finish"]}}]
    assert not any("think" in e or "advise" in e for e in
                   [e for d in dispatches(world) for e in d["effects"]])


def test_every_announcement_is_a_message(played):
    """What is announced is a message for the page's catalogue: ``announce.*`` or an
    engine error; it comes from a move (a tap, a computer's step) or a new game."""
    world, _ = played("computer_seat")
    keys = []
    for entry in dispatches(world):
        for text in effects(entry, "announce"):
            for message in (text if isinstance(text, list) else [text]):
                if "error" in message:
                    assert message["prefix"] == "error" and isinstance(message["error"], str)
                else:
                    assert message["key"].startswith("announce."), message
                    assert isinstance(message["params"], dict)
                keys.append(message.get("key"))
            assert next(iter(entry["action"])) in PEOPLE_TAPS + ("setup", "tick", "computer_move")
    assert {"announce.roll", "announce.roll_last", "announce.scored", "announce.next",
            "announce.over", "announce.undone"} <= set(keys)
    assert keys.count("announce.over") == 1
