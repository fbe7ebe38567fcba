"""Today's game through actions alone (issue 41): started, resumed, refused, counted once, a streak.

The page's part is ``fake_shell`` (its ``daily`` effect is stamped with the
world's date, as ``ui.daily.door`` stamps it with the shell's clock), so whole daily
games are played here without a browser: the dice are the date's, the first
finished game of a date is its result and a later one practice, a link of an
earlier date counts for that date but not for the streak, and bad requests and
edited saves are refused with a notice, the game in progress kept.
"""

import json

from control.saves import new_meta
from dicepoker.daily import daily_game, daily_seed
from dicepoker.game import Game
from fake_shell import World
from tracing import all_effects, message_keys
from ui.records import daily as daily_results, game_record
from ui.records.storage import GAME, GAME_META, SETUP


def finish(tab, worst=False):
    """Play the game on ``tab`` to its end: each turn one roll, then the box scoring most
    (``worst``: least)."""
    game = tab.state.game
    while not game.is_over:
        tab.act({"roll": True})
        options = game.options()
        pick = min if worst else max
        tab.act({"score": pick([b for b in game.ruleset.boxes if b in options],
                               key=lambda b: options[b])})
        tab.world.settle()
        game = tab.state.game
    while tab.world.fire_next():        # the results are recorded in a task of their own
        pass
    return game


def results(world):
    return daily_results.load(world.storage, "now")[0]["results"]


def notice_key(tab):
    notice = tab.state.notice
    return notice["text"]["key"] if notice is not None else None


def test_todays_game_is_the_dates_solo_game_named_after_the_last_setup():
    world = World()
    world.storage.set_json(SETUP, {"players": ["Ann", "Ben"], "seats": ["human", "human"],
                                   "ruleset": "yahtzee"})
    tab = world.tab()
    assert tab.state.screen == "setup"
    tab.act({"daily": True})
    game = tab.state.game
    assert tab.state.screen == "game" and game.players == ["Ann"] and game.seats == ["human"]
    assert game.ruleset.id == "dice-poker" and game.seed == daily_seed("2026-12-04")
    assert tab.state.meta["daily"] == {"date": "2026-12-04", "started": "2026-12-04",
                                       "practice": False}
    assert notice_key(tab) == "daily.started"
    tab.act({"roll": True})
    assert game.dice == daily_game("2026-12-04", "whoever").roll()
    saved = json.loads(world.storage.get(GAME_META))
    assert saved["daily"]["date"] == "2026-12-04"      # a reload finds it a daily game


def test_the_first_finished_game_of_a_date_counts_and_the_next_is_practice():
    world = World()
    tab = world.tab()
    tab.act({"daily": True})
    first = finish(tab)
    assert tab.daily_counted == [True]
    assert results(world)["2026-12-04"]["score"] == first.totals()[0]
    assert results(world)["2026-12-04"]["on_day"] is True
    [record] = [e for e in all_effects(world, "record")]
    assert record["daily"] == "2026-12-04"
    assert world.storage.history()[-1]["daily"] == "2026-12-04"
    # Play again on its end screen: the same date again, practice
    tab.act({"play_again": True})
    world.settle()
    again = tab.state.game
    assert again is not first and again.seed == first.seed and not again.moves
    assert tab.state.meta["daily"]["practice"] is True
    assert notice_key(tab) == "daily.started_practice"
    # a practice game (played otherwise) changes neither the result nor the history's mark
    assert finish(tab, worst=True).totals() != first.totals()
    assert tab.daily_counted == [True, False]
    assert results(world)["2026-12-04"]["score"] == first.totals()[0]
    assert [r.get("daily") for r in world.storage.history()] == ["2026-12-04", "2026-12-04"]


def test_a_reload_resumes_the_daily_game_with_its_link_and_without():
    world = World()
    tab = world.tab(params={"daily": "2026-12-02"})
    game = tab.state.game
    assert game.seed == daily_seed("2026-12-02")
    assert tab.state.meta["daily"]["started"] == "2026-12-04"     # not on its day
    tab.act({"roll": True})
    tab.act({"hold": 1})
    moves = list(game.moves)
    again = world.reload(tab, params={"daily": "2026-12-02"})
    assert again.state.game.moves == moves and again.state.held == (1,)
    assert again.state.meta["daily"]["date"] == "2026-12-02" and again.state.notice is None
    plain = world.reload(again)
    assert plain.state.game.moves == moves and plain.state.meta["daily"]["date"] == "2026-12-02"
    plain.act({"daily": True})      # Today's game over an unfinished game of another date
    assert plain.state.confirm["kind"] == "leave"
    plain.act({"confirm": False})
    assert plain.state.game.moves == moves
    plain.act({"daily": True})
    plain.act({"confirm": True})
    assert plain.state.game.seed == daily_seed("2026-12-04")
    finish(plain)
    assert results(world)["2026-12-04"]["on_day"] is True
    again = world.reload(plain, params={"daily": "2026-12-04"})
    assert again.state.game.is_over and again.state.dialogs == ["end"]   # its end, again
    assert again.state.game.seed == daily_seed("2026-12-04")


def test_a_finished_game_of_an_earlier_date_by_its_link_counts_but_not_for_the_streak():
    world = World()
    tab = world.tab(params={"daily": "2026-12-01"})
    finish(tab)
    assert results(world)["2026-12-01"]["on_day"] is False
    summary = daily_results.summary(daily_results.load(world.storage, "now")[0], "2026-12-04")
    assert summary["days"] == 1 and summary["streak"] == summary["best_streak"] == 0


def test_a_streak_across_three_days_with_one_missed():
    world = World()
    tab = world.tab()
    for day in ("2026-12-01", "2026-12-02", "2026-12-04"):     # the 3rd is missed
        world.today = day
        tab.act({"daily": True})
        if tab.state.confirm is not None:
            tab.act({"confirm": True})
        assert tab.state.game.seed == daily_seed(day)
        finish(tab)
    doc = daily_results.load(world.storage, "now")[0]
    assert sorted(doc["results"]) == ["2026-12-01", "2026-12-02", "2026-12-04"]
    summary = daily_results.summary(doc, "2026-12-04")
    assert (summary["days"], summary["streak"], summary["best_streak"]) == (3, 1, 2)
    # the next morning, before playing: the streak still stands; a day later it is gone
    assert daily_results.summary(doc, "2026-12-05")["streak"] == 1
    assert daily_results.summary(doc, "2026-12-06")["streak"] == 0
    assert daily_results.summary(doc, "2026-12-06")["best_streak"] == 2


def test_bad_requests_are_refused_with_a_notice_and_the_game_in_progress_is_kept():
    for date, code in (("12/04/2026", "bad_date"), ("2026-02-30", "bad_date"),
                       ("2025-12-31", "date_too_early"), ("2026-12-05", "date_later"),
                       ("", None)):
        world = World()
        world.storage.set(GAME, Game(["Ann"], seed=7).to_json())
        world.storage.set_json(GAME_META, new_meta(rev=3))
        tab = world.tab(params={"daily": date})
        game = tab.state.game
        if code is None:            # ?daily= with nothing: today's game, asked over Ann's
            assert tab.state.confirm["kind"] == "leave"
            continue
        assert game.players == ["Ann"] and game.seed == "7" and tab.state.screen == "game"
        notice = tab.state.notice["text"]
        assert notice["key"] == "daily.bad_link"
        assert notice["params"]["reason"]["error"] == code, date
        assert tab.params is None, "the refused link is dropped from the address bar"
        assert "daily" not in tab.state.meta


def test_an_edited_daily_save_goes_on_as_an_ordinary_game_with_a_notice():
    ordinary = Game(["Ann"], seed=7)
    ordinary.roll()
    tomorrow = daily_game("2026-12-05", "Ann")
    two = Game(["Ann", "Ben"], seed=daily_seed("2026-12-04"))
    for game, daily in ((ordinary, {"date": "2026-12-04", "started": "2026-12-04",
                                    "practice": False}),
                        (tomorrow, {"date": "2026-12-05", "started": "2026-12-05",
                                    "practice": False}),
                        (two, {"date": "2026-12-04", "started": "2026-12-04", "practice": False}),
                        (daily_game("2026-12-04", "Ann"), {"date": "2026-12-04"}),
                        (daily_game("2026-12-04", "Ann"), "2026-12-04")):
        world = World()
        world.storage.set(GAME, game.to_json())
        meta = new_meta(rev=2)
        meta["daily"] = daily
        world.storage.set_json(GAME_META, meta)
        tab = world.tab()
        assert tab.state.game.to_dict() == game.to_dict(), "the game is kept as it is"
        assert "daily" not in tab.state.meta
        if isinstance(daily, dict):
            assert notice_key(tab) == "daily.bad_save"
            assert "daily" not in json.loads(world.storage.get(GAME_META))
        finish(tab)
        assert results(world) == {} and tab.daily_counted == []


def test_a_genuine_daily_save_passes_its_check():
    world = World()
    tab = world.tab()
    tab.act({"daily": True})
    tab.act({"roll": True})
    again = world.reload(tab)
    assert again.state.meta["daily"]["date"] == "2026-12-04" and again.state.notice is None
    assert "daily.bad_save" not in [k for e in all_effects(world, "announce")
                                    for k in message_keys(e)]


def test_a_practice_replay_of_the_same_moves_never_counts():
    """Issue 47, point 4: a practice try played move for move as the counted one (a tie, the
    same game by its id) is practice: it is not the day's result, whatever its score."""
    world = World()
    tab = world.tab()
    tab.act({"daily": True})
    first = finish(tab)
    tab.act({"play_again": True})
    world.settle()
    assert tab.state.meta["daily"]["practice"] is True
    again = finish(tab)                     # the same holds and boxes: the same game
    assert again.to_dict()["moves"] == first.to_dict()["moves"]
    assert game_record.game_id(again) == game_record.game_id(first)
    assert tab.daily_counted == [True, False]
    doc = daily_results.load(world.storage, "now")[0]
    assert not daily_results.counts(doc, "2026-12-04", game_record.game_id(again), True)
    assert daily_results.counts(doc, "2026-12-04", game_record.game_id(first), False)


def test_todays_game_once_played_opens_its_result_first_then_practice_on_request():
    """Issue 47, point 4: after the counted try, Today's game opens the day's result (the
    ``daily`` dialog), over any game, with nothing started or asked; its Play again for
    practice starts the practice try (asking first over a game in progress)."""
    world = World()
    tab = world.tab()
    tab.act({"daily": True})
    first = finish(tab)
    tab.act({"close": "end"})
    tab.act({"daily": True})
    world.settle()
    assert tab.state.game is first and tab.state.dialogs == ["daily"]
    assert tab.state.daily_day == "2026-12-04"
    assert notice_key(tab) != "daily.started_practice"
    kept = results(world)["2026-12-04"]
    assert kept["boxes"] == [first.cards[0].get(b, 0) for b in first.ruleset.boxes]
    tab.act({"close": "daily"})
    assert tab.state.dialogs == []
    # over an ordinary game in progress: the result, the game kept, no question
    tab.act({"new_game": {"setup": {"players": ["Ann"], "seats": ["human"],
                                     "ruleset": "dice-poker"}}})
    ordinary = tab.state.game
    assert ordinary is not first and "daily" not in tab.state.meta
    tab.act({"roll": True})
    tab.act({"daily": True})
    world.settle()
    assert tab.state.game is ordinary and tab.state.confirm is None
    assert tab.state.dialogs == ["daily"]
    tab.act({"daily": {"practice": True}})
    world.settle()
    assert tab.state.confirm["kind"] == "leave"
    tab.act({"confirm": True})
    world.settle()
    game = tab.state.game
    assert game.seed == daily_seed("2026-12-04") and not game.moves
    assert tab.state.meta["daily"]["practice"] is True and tab.state.dialogs == []
    assert notice_key(tab) == "daily.started_practice"


def test_hint_is_off_in_the_counted_try_and_on_in_practice():
    """Issue 47, point 4: following Hint scores exactly par, so the counted try is played
    without it (the rules page says so); a practice try has it."""
    world = World()
    tab = world.tab()
    tab.act({"daily": True})
    tab.act({"roll": True})
    tab.act({"hint": True})
    assert tab.state.hint is None and all_effects(world, "advise") == []
    finish(tab)
    tab.act({"play_again": True})
    world.settle()
    tab.act({"roll": True})
    tab.act({"hint": True})
    assert tab.state.hint is not None and len(all_effects(world, "advise")) == 1
