"""The end screen as a phone player met it (issue 40): closed results stay closed after a
reload.  (Luck and skill waiting for their figures without stray punctuation:
test_win_chances.py.)"""

from dicepoker.game import Game
import gameui
from gameui import choose_box, choose_keep, play_turn


def one_box_from_the_end(names=("Ann",), rules="yahtzee", seed=7):
    """A game whose last box is the page's to fill (the engine plays the rest simply)."""
    game = Game(list(names), ruleset=rules, seed=seed)
    while not (game.round == game.rounds - 1 and game.current_player == len(names) - 1):
        game.roll()
        for _ in range(2):
            keep = choose_keep(game)
            if len(keep) == 5:
                break
            game.roll(keep)
        game.score(choose_box(game))
    return game


def test_results_closed_stay_closed_after_a_reload(page, site_url, goto_ready):
    """They opened by themselves at the end; "See the cards" closed them; a reload used
    to open them again.  Now the cards show, and Results opens them again."""
    game = one_box_from_the_end()
    gameui.inject_game(page, site_url, game, goto_ready)
    play_turn(page, game, check=False)
    page.wait_for_selector("#end-dialog[open]")
    page.click("#end-close")
    page.wait_for_selector("#end-dialog:not([open])", state="attached")
    page.wait_for_function("JSON.parse(localStorage.getItem('dicepoker.game-meta')).results_closed === true")
    goto_ready(page, site_url, state="over")
    page.wait_for_load_state("networkidle")
    gameui.settle(page)
    assert page.query_selector("#end-dialog[open]") is None
    assert page.is_visible("#card") and page.is_visible("#show-results")
    page.click("#show-results")
    page.wait_for_selector("#end-dialog[open]")
    goto_ready(page, site_url, state="over")              # left open: open again
    page.wait_for_selector("#end-dialog[open]")

