"""Phone layout (touch, 360 and 320 px wide), accessibility (axe-core), the
roll animation, and the message shown when the runtime cannot start."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from dicepoker.game import Game
import gameui
from gameui import assert_matches, choose_box, fill_box, inject_game, link, play_turn
from click_point import click
from waits import wait_for

PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}


def no_horizontal_scroll(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_phone_full_turn_by_taps(new_context, site_url, goto_ready):
    page = new_context(**PHONE).new_page()
    goto_ready(page, link(site_url, ["Ann", "Ben", "Cy", "Dee"], seed=12))
    game = Game(["Ann", "Ben", "Cy", "Dee"], seed=12)
    assert no_horizontal_scroll(page)
    for selector in ("#roll", ".die >> nth=0"):
        box = page.locator(selector).bounding_box()
        assert box["width"] >= 48 and box["height"] >= 48, selector
    roll = page.locator("#roll").bounding_box()
    assert roll["y"] + roll["height"] <= 740        # Roll is on screen, in thumb reach
    assert roll["y"] > 740 / 2
    page.tap("#roll")
    gameui.roll(game)
    page.tap('.die[data-index="0"]')
    gameui.toggle_hold(game, 0)
    page.tap("#roll")
    gameui.roll(game)
    assert_matches(page, game)
    box = choose_box(game)
    points = game.options()[box]
    page.tap('button[data-player="0"][data-box="%s"]' % box)
    if points == 0:
        page.tap("#confirm")
    game.score(box)
    assert_matches(page, game)
    assert no_horizontal_scroll(page)
    # With four players only the current column is drawn; others' totals stay on the chips.
    assert page.is_visible('[data-player="1"][data-total]')


@pytest.mark.parametrize("lang", ["en", "lt", "be", "sk"])
@pytest.mark.parametrize("width", [320, 360])
def test_no_horizontal_scroll_on_any_screen(new_context, site_url, goto_ready, width, lang):
    """In every language: the longer LT/BE titles once pushed "+" off a 360 px top bar."""
    context = new_context(**{**PHONE, "viewport": {"width": width, "height": 640}})
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s'); } catch (e) {}" % lang)
    page = context.new_page()
    goto_ready(page, site_url, state="setup")
    assert page.get_attribute("html", "lang") == lang
    click(page, "#add-player")
    assert no_horizontal_scroll(page)
    goto_ready(page, link(site_url, ["Annabelle-Marie", "Ben", "Cy"], seed=4))
    game = Game(["Annabelle-Marie", "Ben", "Cy"], seed=4)
    play_turn(page, game, check=False)
    page.tap("#roll")
    assert no_horizontal_scroll(page)
    new_game = page.locator("#new-game").bounding_box()
    assert new_game["x"] + new_game["width"] <= width, "the + button is off screen"


def test_landscape_phone_keeps_roll_on_screen(new_context, site_url, goto_ready):
    page = new_context(**{**PHONE, "viewport": {"width": 740, "height": 360}}).new_page()
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=4))
    assert no_horizontal_scroll(page)
    roll = page.locator("#roll").bounding_box()
    assert roll["y"] + roll["height"] <= 360


def test_roll_state_is_immediate_with_animations_on(page, site_url, goto_ready):
    page.emulate_media(reduced_motion="no-preference")
    goto_ready(page, link(site_url, ["Ann"], seed=99))
    game = Game(["Ann"], seed=99)
    click(page, "#roll")
    gameui.roll(game)
    values = page.evaluate("[...document.querySelectorAll('.die')].map(d => Number(d.dataset.value))")
    assert values == list(game.dice)
    assert page.evaluate("getComputedStyle(document.querySelector('.die')).animationName") \
        in ("tumble-a", "tumble-b")


def axe_violations(page):
    results = Axe().run(page)
    return [(v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"]]


def test_axe_setup_turn_and_end_screens(page, site_url, goto_ready):
    goto_ready(page, site_url, state="setup")
    assert axe_violations(page) == []
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=6))
    assert axe_violations(page) == []               # hand-over, before the first roll
    game = Game(["Ann", "Ben"], seed=6)
    click(page, "#roll")
    gameui.roll(game)
    click(page, '.die[data-index="1"]')
    assert axe_violations(page) == []               # previews, a held die
    page.emulate_media(color_scheme="dark")
    assert axe_violations(page) == []               # the dark theme's contrast too
    page.emulate_media(color_scheme="light")
    click(page, "#open-rules")
    wait_for(page, "#rules-body table")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    gameui.toggle_hold(game, 1)
    fill_box(page, game, choose_box(game))          # end the first turn
    # The end screen: the game played on by the engine up to its last turn
    # (the page plays whole games in test_whole_games), that turn in the page.
    turns_left = sum(len(game.ruleset.boxes) - len(card) for card in game.cards)
    for _ in range(turns_left - 1):
        gameui.roll(game)
        game.score(choose_box(game))
    inject_game(page, site_url, game)
    play_turn(page, game)
    assert game.is_over
    wait_for(page, "#end-dialog[open]")
    assert axe_violations(page) == []


def test_keyboard_only_turn(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann"], seed=10))
    game = Game(["Ann"], seed=10)
    page.keyboard.press("Enter")                    # roll
    gameui.roll(game)
    page.keyboard.press("2")                        # keep die 2
    gameui.toggle_hold(game, 1)
    assert_matches(page, game)
    page.focus('button[data-box="chance"]')
    page.keyboard.press("Enter")                    # fill Chance from the keyboard
    game.score("chance")
    assert_matches(page, game)


@pytest.mark.allow_console_errors(r"core\.js", r"Failed to fetch", r"net::ERR_FAILED",
                                  r"dynamically imported module")
def test_runtime_failure_shows_a_message_not_a_frozen_page(page, site_url):
    page.route("**/static/vendor/pyscript/core.js", lambda route: route.abort())
    page.goto(site_url)
    wait_for(page, "#boot-failed", state="visible", timeout=10_000)
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    assert page.is_visible("#boot-reload")


def test_end_screen_opens_at_its_top_on_a_phone(new_context, site_url):
    """The results are taller than a phone's screen (3 players: standings, luck and
    skill, best scores, the challenge): they open at their top, the winner on screen,
    with Play again focused (Enter plays again) but not scrolled to."""
    page = new_context(**dict(PHONE, viewport={"width": 360, "height": 640})).new_page()
    game = Game(["Ann", "Ben", "Cleo"], seed=11)
    while not game.is_over:
        gameui.roll(game)
        game.score(choose_box(game))
    inject_game(page, site_url, game, state="over")
    wait_for(page, "#end-dialog[open] #end-winner:not(:empty)")
    gameui.settle(page)
    dialog = page.evaluate("""() => { const d = document.getElementById('end-dialog');
        return [d.scrollHeight > d.clientHeight, d.scrollTop, document.activeElement.id]; }""")
    assert dialog == [True, 0, "play-again"]
    winner = page.locator("#end-winner").bounding_box()
    assert 0 <= winner["y"] and winner["y"] + winner["height"] <= 640
