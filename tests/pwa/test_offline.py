"""After one visit the game works with no network at all (served from a sub-path)."""
import pytest

from pwa_support import CHANCE, dice, held, play_turn, roll
from click_point import click
from waits import wait_for

pytestmark = pytest.mark.e2e

def test_offline_reload_then_a_full_turn_from_a_sub_path(visit):
    visit.open()
    assert visit.page.url.startswith(visit.site.origin + "/dice-poker/")
    visit.wait_offline_ready()

    visit.go_offline()
    visit.page.reload()
    visit.wait_ready()
    faces, points = play_turn(visit.page)
    assert points == sum(faces)
    # Nothing could have come from the network: every request that reached
    # the server was refused (the worker's update check of sw.js, at most).
    assert all(p.endswith("/sw.js") for p in visit.site.requests_while_offline()), \
        visit.site.requests_while_offline()


def test_a_game_in_progress_survives_going_offline_and_back(visit):
    page = visit.page
    visit.open()
    visit.wait_offline_ready()
    first = roll(page)
    click(page, '.die[data-index="2"]')

    visit.go_offline()
    page.reload()
    visit.wait_ready()
    assert dice(page) == first and held(page) == [2], "reload offline must restore the turn"
    second = roll(page)
    assert second[2] == first[2]

    visit.go_online()
    page.reload()
    visit.wait_ready()
    assert dice(page) == second, "back online, the game goes on where it was"
    click(page, "button" + CHANCE)
    page.wait_for_function("s => !document.querySelector('button' + s)", arg=CHANCE)
    assert int(page.text_content(CHANCE).strip()) == sum(second)


def test_todays_game_opens_offline_after_one_visit(visit):
    """Today's game (its modules, look, words) comes from the worker's cache: a date's link
    opened with no network starts that date's game with the date's dice, over the game in
    progress once asked, as online."""
    from dicepoker.daily import daily_game
    page = visit.page
    visit.open()
    visit.wait_offline_ready()
    visit.go_offline()
    page.goto(visit.site.url + "?daily=2026-01-01")
    wait_for(page, "#confirm-dialog[open]")        # over the link's game in progress
    click(page, "#confirm")
    wait_for(page, "html[data-state=ready][data-turn-phase=start]", state="attached")
    wait_for(page, "#notice:not([hidden])")     # its words come with the catalogue
    assert page.text_content("#notice-text").startswith("Daily game of 2026-01-01")
    assert roll(page) == list(daily_game("2026-01-01", "x").roll())
    assert all(p.endswith("/sw.js") for p in visit.site.requests_while_offline()), \
        visit.site.requests_while_offline()


def test_the_first_visit_requests_nothing_that_is_not_precached(visit):
    """Every file the page loaded online is in the precache list, so the same
    visit works offline (strategy tables are cached when used instead)."""
    visit.open()
    play_turn(visit.page)
    base = visit.site.url
    listed = {e["url"] for e in visit.site.precache_list()["files"]}
    loaded = {u.split("?")[0][len(base):] for u in visit.requests if u.startswith(base)}
    loaded.discard("")  # the page itself, as "./"
    assert "index.html" in listed
    missing = sorted(p for p in loaded - listed
                     if not p.startswith("static/strategy/") and p not in ("sw.js", "static/pwa/precache.json"))
    assert missing == [], "loaded but not precached: %s" % missing
