"""Saves, reloads, links, other tabs, bad saves, game files: the game is never lost or doubled."""

import json

import pytest

from control.links import link_key, setup_from_params
from dicepoker.savefile import load
from fake_shell import BAD_SAVE, GAME, GAME_META, World
from scenarios import BAD_SAVES, LINK, OTHER_LINK, good_save_text, setup
from tracing import all_effects, dispatches, effects, kinds, note


# ------------------------------------------------------------ high scores
def test_results_are_recorded_once_across_reloads(played):
    world, checks = played("reload_records_once")
    assert checks.problems == []
    records = all_effects(world, "record")
    assert len(records) == 1
    assert [r[0] for r in records[0]["results"]] == ["Ann", "Ben"]
    table = world.storage.highscores()["dice-poker"]
    assert sorted(e["name"] for e in table) == ["Ann", "Ben"]
    assert sorted([e["name"], e["score"]] for e in table) == sorted(records[0]["results"])
    # the page closed after the last box, before the finish: nothing recorded, the game saved
    closed = note(world, "closed_before_finish")
    assert closed["meta"]["recorded"] is False and closed["highscores"] == {}
    game, _ = load(json.dumps(closed["game"]))
    assert game.is_over
    # the next start records them: a timer, then the finish, with its save
    starts = dispatches(world, kind="start")
    assert [kinds(s) for s in starts] == [[], [], ["timer"], []]
    assert effects(starts[2], "timer")[0]["ms"] == 0
    finishes = dispatches(world, kind="finish")
    assert [kinds(f) for f in finishes] == [["record", "save"], []]
    after = note(world, "recorded_on_start")
    assert after["meta"]["recorded"] is True and after["highscores"] == world.storage.highscores()
    assert starts[3]["state"]["dialogs"] == ["end"]      # a finished game opens on its end
    assert kinds(dispatches(world, kind="undo")[-1]) == []


def test_a_reload_in_the_middle_resumes_the_same_game(played):
    world, _ = played("reload_records_once")
    mid = note(world, "mid_game")
    resumed = dispatches(world, kind="start")[1]
    assert resumed["effects"] == [] and resumed["state"]["meta"] == mid
    assert resumed["state"]["screen"] == "game" and resumed["state"]["confirm"] is None


def test_a_finished_game_is_recorded_once_with_two_tabs_open():
    world = World()
    a = world.tab("A")
    a.act(setup(["Ann"], "yahtzee", seed="both"))
    b = world.tab("B")
    game = a.state.game
    from fake_shell import person_step
    while not game.is_over:
        person_step(a)
        world.settle()
    world.run_timers()
    assert b.state.game.is_over and b.state.meta["recorded"] is True
    assert len(a.records) + len(b.records) == 1
    assert len(world.storage.highscores()["yahtzee"]) == 1
    world.reload(b)
    world.run_timers()
    assert len(world.storage.highscores()["yahtzee"]) == 1


def test_results_the_player_closed_stay_closed_after_a_reload():
    """The end screen opens by itself once; closed, it stays closed after a reload (the
    card shows), and Results opens it again (issue 40): the meta remembers it."""
    world = World()
    tab = world.tab("A")
    tab.act(setup(["Ann"], "yahtzee", seed="both"))
    from fake_shell import person_step
    while not tab.state.game.is_over:
        person_step(tab)
        world.settle()
    world.run_timers()
    assert tab.state.dialogs == ["end"]
    tab.act({"close": "end"})
    assert tab.state.dialogs == [] and tab.state.meta["results_closed"] is True
    assert world.storage.get_json(GAME_META)["results_closed"] is True
    tab = world.reload(tab)
    world.run_timers()
    assert tab.state.game.is_over and tab.state.screen == "game" and tab.state.dialogs == []
    tab.act({"open": "end"})                        # Results
    assert tab.state.dialogs == ["end"] and "results_closed" not in tab.state.meta
    tab = world.reload(tab)
    world.run_timers()
    assert tab.state.dialogs == ["end"]             # left open: open again


# ------------------------------------------------------------- held dice
def test_a_reload_keeps_the_dice_kept(played):
    world, _ = played("resume_with_holds")
    assert note(world, "held_after_reload") == [1, 4]
    assert note(world, "held_after_roll") == [1, 4]       # the roll kept them
    rolls = dispatches(world, kind="roll")
    assert effects(rolls[-1], "save")[0]["game"]["json"]["moves"][-1] == {"roll": [1, 4]}
    stored = note(world, "storage")
    assert stored["game"]["state"]["held"] == [0, 1, 4]
    assert stored["meta"] == {"link": None, "recorded": False, "rev": 1,   # a bad meta: rev 0
                              "first": "dice-poker rolled1"}


# ------------------------------------------------------------------ links
def test_a_link_on_a_fresh_page_starts_its_game_at_once(played):
    world, _ = played("links")
    first = dispatches(world, kind="start")[0]
    assert first["state"]["confirm"] is None and first["state"]["screen"] == "game"
    assert kinds(first) == ["remember", "save", "announce"]       # the link stays
    game = effects(first, "save")[0]["game"]["json"]
    assert game["players"] == ["Ann", "Ben"] and game["ruleset"] == "yahtzee"
    assert game["dice_source"]["seed"] == "77"
    assert first["state"]["meta"]["link"] == link_key(setup_from_params(LINK))


def test_a_reload_of_the_links_own_game_resumes_it(played):
    world, _ = played("links")
    reload = dispatches(world, kind="start")[1]
    assert reload["effects"] == [] and reload["state"]["confirm"] is None
    assert reload["state"]["meta"] == note(world, "link_game")
    assert reload["state"]["game"]["moves"] == 1 and reload["state"]["held"] == [1]


def test_another_link_over_a_game_in_progress_asks_first(played):
    world, _ = played("links")
    other = dispatches(world, kind="start")[2]
    assert other["state"]["confirm"] == "link" and other["effects"] == []
    assert other["state"]["game"]["players"] == ["Ann", "Ben"]
    tab_roll = dispatches(world, kind="roll")[1]
    assert tab_roll["effects"] == []                              # the question waits
    cancel = dispatches(world, kind="confirm")[0]
    assert kinds(cancel) == ["forget_link"] and cancel["state"]["game"]["moves"] == 1
    assert note(world, "address_bar") is None
    tapped = dispatches(world, kind="link")[0]
    assert tapped["state"]["confirm"] == "link" and tapped["effects"] == []
    ok = dispatches(world, kind="confirm")[1]
    assert kinds(ok) == ["remember", "save", "announce", "focus"]     # the focus on Roll
    assert ok["state"]["game"]["players"] == ["Cy"]
    assert ok["state"]["meta"]["link"] == link_key(setup_from_params(OTHER_LINK))


def test_a_link_over_a_finished_game_starts_at_once(played):
    world, _ = played("links")
    over = dispatches(world, kind="link")[1]
    assert over["action"] == {"link": LINK}
    assert over["state"]["confirm"] is None and kinds(over) == ["remember", "save", "announce"]
    assert over["state"]["game"]["players"] == ["Ann", "Ben"]
    assert over["state"]["game"]["moves"] == 0 and over["state"]["dialogs"] == []


def test_a_bad_link_is_explained_and_forgotten(played):
    world, _ = played("links")
    bad = dispatches(world, kind="link")[2:5]
    for entry in bad:
        assert kinds(entry) == ["forget_link"] and entry["state"]["notice"] == "notice.bad_link"
        assert entry["state"]["game"]["moves"] == 0
    for entry in dispatches(world, kind="link")[5:]:              # no players: no challenge
        assert entry["effects"] == []


def test_a_link_on_the_setup_screen_starts_its_game(played):
    world, _ = played("link_on_setup_screen")
    assert note(world, "setup_shown") == {"players": ["Zed"], "seats": ["human"],
                                          "ruleset": "yahtzee"}
    start = dispatches(world, kind="start")[1]
    assert start["state"]["confirm"] is None and start["state"]["screen"] == "game"
    assert note(world, "storage")["game"]["players"] == ["Ann"]


# -------------------------------------------------------------- other tabs
def test_two_tabs_follow_each_others_moves(played):
    world, _ = played("two_tabs_follow")
    a, b = world.tabs
    assert a.state.game.to_dict() == b.state.game.to_dict()
    stored, _ = load(world.storage.get(GAME))
    assert stored.to_dict() == a.state.game.to_dict()
    assert a.state.meta == b.state.meta == json.loads(world.storage.get(GAME_META))
    followed = dispatches(world, kind="stored")
    assert len(followed) == len(all_effects(world, "save")) - 1    # every save but the first
    assert all(f["state"]["notice"] == "notice.other_tab" and f["effects"] == []
               for f in followed)
    assert world.refused == 0


def test_a_stale_tab_never_writes_over_the_stored_game(played):
    world, checks = played("two_tabs_stale")
    assert checks.problems == []
    after_a = note(world, "after_A")["game"]
    assert after_a["moves"] == [{"roll": []}, {"score": "chance"}]
    # B's box on its older copy: refused by storage, and B shows the stored game
    assert note(world, "after_B_box")["game"] == after_a
    shown = dispatches(world, tab="B", kind="stored")[0]
    assert shown["state"]["notice"] == "notice.other_tab"
    assert shown["state"]["game"]["moves"] == 2 and shown["state"]["game"]["player"] == 1
    # B plays on from A's game: its turn is stored after A's box
    after_b = note(world, "after_B_turn")["game"]
    assert after_b["moves"][:2] == after_a["moves"] and len(after_b["moves"]) == 4
    assert after_b["state"]["cards"][0] == after_a["state"]["cards"][0]
    # then A was the stale one
    final = note(world, "storage")["game"]
    assert final["moves"][:4] == after_b["moves"]
    assert world.refused == 2
    a, b = world.tabs
    stored, _ = load(world.storage.get(GAME))
    assert a.state.game.to_dict() == b.state.game.to_dict() == stored.to_dict()


def test_a_late_storage_event_does_not_lose_the_stored_game(played):
    world, checks = played("two_tabs_late_event")
    assert checks.problems == []
    stored = note(world, "storage")["game"]
    assert stored["moves"] == [{"roll": []}, {"score": "chance"}, {"roll": []}]
    a, b = world.tabs
    assert a.state.game.to_dict() == b.state.game.to_dict()


def test_a_refused_save_of_the_same_revision_shows_the_stored_game():
    """The edge of the rule: both tabs at rev n; one stores n+1; the other's save of n+1
    (based on n) is refused, and that tab must then show the stored n+1, not keep its own."""
    world = World(events=False)
    a = world.tab("A")
    a.act(setup(["Ann"], "yahtzee", seed="edge"))
    a.act({"roll": True})
    b = world.tab("B")
    a.act({"fill": "chance"})
    b.act({"score": "ones"})                       # (no question, whatever it scores)
    assert world.refused == 1
    assert b.state.game.cards == [{"chance": a.state.game.cards[0]["chance"]}]
    assert b.state.meta == a.state.meta
    b.act({"roll": True})
    stored, _ = load(world.storage.get(GAME))
    assert stored.cards[0] == {"chance": a.state.game.cards[0]["chance"]}


def test_another_tabs_damaged_save_is_kept_aside_and_ours_stays(played):
    world, _ = played("other_tab_bad_save")
    broken = dispatches(world, kind="stored")[0]
    assert effects(broken, "keep_aside") == ["{broken"]
    assert broken["state"]["notice"] == "notice.bad_save"
    assert broken["state"]["game"]["moves"] == 1 and broken["state"]["screen"] == "game"
    for entry in dispatches(world, kind="stored")[1:]:
        assert entry["effects"] == [] and entry["state"]["game"]["ruleset"] == "yahtzee"
    stored = note(world, "storage")
    assert stored["bad_saves"] == ["{broken"]
    assert stored["game"]["moves"] == [{"roll": []}, {"roll": []}]   # ours, in its place


# -------------------------------------------------------------- bad saves
@pytest.mark.parametrize("name,text", BAD_SAVES, ids=[n for n, _ in BAD_SAVES])
def test_a_bad_save_is_kept_aside_and_explained(played, name, text):
    world, checks = played("bad_save:" + name)
    assert checks.problems == []
    start = dispatches(world, kind="start")[0]
    assert start["effects"] == [{"keep_aside": text}] or (
        text.startswith("{") and kinds(start) == ["keep_aside"]
        and effects(start, "keep_aside")[0] == {"json": json.loads(text)})
    tab = world.tabs[0]
    assert tab.kept_aside == [text]                    # the exact text, as stored
    assert start["state"]["screen"] == "setup" and "game" not in start["state"]
    notice = tab.state.notice
    assert notice["text"]["key"] == "notice.bad_save"
    assert notice["button"] == {"key": "notice.bad_save_download", "params": {}}
    assert notice["action"] == {"download_bad_save": True}
    reason = notice["text"]["params"]["reason"]
    assert reason["prefix"] == "save_error" and isinstance(reason["error"], str)
    after = note(world, "after_start")
    assert after["game"] is None and after["meta"] is None
    keys = world.storage.bad_saves()
    assert len(keys) == 1 and world.storage.get(keys[0]) == text
    assert keys[0].startswith(BAD_SAVE)
    download = dispatches(world, kind="notice_action")[0]
    assert download["effects"] == [{"download_bad_save": True}]
    # a new game is stored in its place; the bad one stays aside
    stored = note(world, "storage")
    assert stored["game"]["dice_source"]["seed"] == "fresh" and stored["game"]["moves"] == [
        {"roll": []}]


def test_each_bad_save_fails_for_its_own_reason(played):
    reasons = {}
    for name, _ in BAD_SAVES:
        world, _ = played("bad_save:" + name)
        reasons[name] = world.tabs[0].state.notice["text"]["params"]["reason"]["error"]
    assert reasons["bad_json"] == "not_json"
    assert reasons["wrong_version"] == "future_version"
    assert reasons["tampered_moves"] == "state_mismatch"
    assert reasons["tampered_card"] == "state_mismatch"
    assert reasons["not_a_game"] == "malformed"
    assert reasons["deep"] in ("not_json", "malformed")


def test_a_bad_save_with_a_link_starts_the_links_game():
    world = World()
    world.storage.items[GAME] = "garbage"
    tab = world.tab("t", params={"players": "Ann", "seed": "1"})
    assert tab.kept_aside == ["garbage"]
    assert tab.state.screen == "game" and tab.state.game.players == ["Ann"]
    assert load(world.storage.get(GAME))[0].seed == "1"


# ---------------------------------------------------------------- imports
def test_a_game_file_is_loaded_asking_first_over_a_game_in_progress(played):
    world, _ = played("import_game")
    loads = dispatches(world, kind="load_game")
    assert loads[0]["effects"] == [] and loads[0]["state"]["notice"] == "transfer.import_failed"
    assert kinds(loads[1]) == ["save"] and loads[1]["state"]["screen"] == "game"
    assert loads[1]["state"]["notice"] == "transfer.game_loaded"
    assert loads[2]["effects"] == [] and loads[2]["state"]["confirm"] == "import"
    confirms = dispatches(world, kind="confirm")
    assert kinds(confirms[0]) == ["save"]
    game = effects(confirms[0], "save")[0]["game"]["json"]
    assert game == json.loads(good_save_text())
    # a finished game from a file is not recorded again
    assert kinds(confirms[1]) == ["save"] and confirms[1]["state"]["meta"]["recorded"] is True
    assert confirms[1]["state"]["dialogs"] == ["end"]
    assert all_effects(world, "record") == [] and note(world, "storage")["highscores"] == {}


# ------------------------------------------------------------ the first screen of a save
@pytest.mark.parametrize("ruleset", ["dice-poker", "yahtzee"])
def test_a_save_says_its_rules_and_where_its_turn_stands(ruleset):
    """boot.js paints a saved game's first screen from these words (data-rules and
    data-turn-phase): the rows of its rules, and a rolled turn's tray, with the rolls
    left, from which it words the tray's message and Roll."""
    world = World()
    tab = world.tab("A")
    tab.act(setup(["Ann", "Ben"], ruleset))
    assert world.storage.get_json(GAME_META, None)["first"] == ruleset + " start"
    [save] = effects({"effects": tab.act({"roll": True})}, "save")
    assert save["meta"]["first"] == ruleset + " rolled2"
    assert world.storage.get_json(GAME_META, None)["first"] == ruleset + " rolled2"
    tab.act({"roll": True})
    assert world.storage.get_json(GAME_META, None)["first"] == ruleset + " rolled1"
    tab.act({"roll": True})
    assert world.storage.get_json(GAME_META, None)["first"] == ruleset + " rolled0"
    tab.act({"fill": "chance"})
    assert world.storage.get_json(GAME_META, None)["first"] == ruleset + " start"
    reloaded = world.tab("B")
    assert reloaded.state.game.ruleset.id == ruleset


def test_a_computers_rolled_turn_is_saved_without_its_rolls_left():
    """The tray words a computer's turn otherwise ("Cpu is playing"): boot.js is given no
    rolls left to word it as a person's."""
    world = World()
    tab = world.tab("A")
    tab.act(setup(["Cpu", "Ann"], seats=["beginner", "human"]))
    while not tab.state.game.rolls_used:
        assert world.fire_next(), "the computer never rolled"
    assert tab.state.game.current_player == 0
    assert world.storage.get_json(GAME_META, None)["first"] == "dice-poker rolled"
