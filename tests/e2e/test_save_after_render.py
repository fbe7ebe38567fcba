"""Taps draw first and save right after (py/ui/effects.py: a save in a microtask),
yet a move is never lost: the save runs before any later task, so a timer,
another tap or a reload started right after a tap already finds it saved."""

from dicepoker.game import Game
import gameui
from gameui import assert_matches, choose_box, fill_box, link, saved_game
from click_point import click
from waits import wait_for

# Click by script, then wait one task (a timer): the save must be there by then.
CLICK_THEN_NEXT_TASK = """async (selector) => {
  document.querySelector(selector).click();
  await new Promise((resolve) => setTimeout(resolve, 0));
}"""


def test_every_move_is_saved_before_the_next_task(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann"], seed=21))
    game = Game(["Ann"], seed=21)
    for _ in range(2):
        page.wait_for_timeout(400)          # a second Roll within 350 ms is a double tap
        page.evaluate(CLICK_THEN_NEXT_TASK, "#roll")
        gameui.roll(game)
        assert saved_game(page).to_dict() == game.to_dict()
    box = choose_box(game)
    if game.options()[box]:
        page.evaluate(CLICK_THEN_NEXT_TASK, 'button[data-player="0"][data-box="%s"]' % box)
    else:
        click(page, 'button[data-player="0"][data-box="%s"]' % box)
        page.evaluate(CLICK_THEN_NEXT_TASK, "#confirm")
    game.score(box)
    assert saved_game(page).to_dict() == game.to_dict()


def test_a_reload_right_after_a_tap_keeps_the_move(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=8))
    game = Game(["Ann", "Ben"], seed=8)
    click(page, "#roll")
    gameui.roll(game)
    box = choose_box(game)
    fill_box(page, game, box)
    click(page, "#roll")            # Ben's first roll, and at once:
    gameui.roll(game)
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert_matches(page, game)
    assert saved_game(page).to_dict() == game.to_dict()
