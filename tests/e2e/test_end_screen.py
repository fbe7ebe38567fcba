"""The end screen as a phone player met it (issue 40): closed results stay closed after a
reload.  (Luck and skill waiting for their figures without stray punctuation:
test_win_chances.py.)"""

from dicepoker.game import Game
import gameui
from gameui import choose_box, choose_keep, play_turn
from click_point import click
from waits import wait_for


def one_box_from_the_end(names=("Ann",), rules="yahtzee", seed=7, box=choose_box):
    """A game whose last box is the page's to fill (the engine plays the rest simply, each
    turn's box chosen by ``box(game)``)."""
    game = Game(list(names), ruleset=rules, seed=seed)
    while not (game.round == game.rounds - 1 and game.current_player == len(names) - 1):
        game.roll()
        for _ in range(2):
            keep = choose_keep(game)
            if len(keep) == 5:
                break
            game.roll(keep)
        game.score(box(game))
    return game


def test_results_closed_stay_closed_after_a_reload(page, site_url, goto_ready):
    """They opened by themselves at the end; "See the cards" closed them; a reload used
    to open them again.  Now the cards show, and Results opens them again."""
    game = one_box_from_the_end()
    gameui.inject_game(page, site_url, game)
    play_turn(page, game, check=False)
    wait_for(page, "#end-dialog[open]")
    click(page, "#end-close")
    wait_for(page, "#end-dialog:not([open])", state="attached")
    page.wait_for_function("JSON.parse(localStorage.getItem('dicepoker.game-meta')).results_closed === true")
    goto_ready(page, site_url, state="over")
    page.wait_for_load_state("networkidle")
    gameui.settle(page)
    assert page.query_selector("#end-dialog[open]") is None
    assert page.is_visible("#card") and page.is_visible("#show-results")
    click(page, "#show-results")
    wait_for(page, "#end-dialog[open]")
    goto_ready(page, site_url, state="over")              # left open: open again
    wait_for(page, "#end-dialog[open]")



def zero_in_the_last_box(seed):
    """A one-player yahtzee game at its last turn with only Yahtzee ("poker") open, whose first roll
    of that turn (the engine's dice, the page's too) scores 0 in it; None if it would not."""
    def not_poker(game):
        options, boxes = game.options(), game.ruleset.boxes
        return max((b for b in options if b != "poker"), key=lambda b: (options[b], -boxes.index(b)))

    game = one_box_from_the_end(seed=seed, box=not_poker)
    probe = Game.from_json(game.to_json())
    probe.roll()
    return game if probe.options() == {"poker": 0} else None


def test_closing_the_end_screen_after_a_zero_question_stays_in_the_game(page, site_url):
    """The last box written through "Score 0?": answering closes the question and opens
    the end screen a moment later.  From the second finished game of a visit (the end's
    code already in) the question's history entry used to be taken back over the end
    screen's, so closing the end screen went back one page too many: out of the game;
    and its Best scores, drawn before the results were written, left the game out.
    Two games end this way here, the second brought in by another tab."""
    games = [g for g in (zero_in_the_last_box(seed) for seed in range(1, 40)) if g][:2]
    assert len(games) == 2
    page.goto("about:blank")
    gameui.inject_game(page, site_url, games[0])
    for n, game in enumerate(games):
        if n:       # another tab saves the second game: this page shows it, in the same visit
            rev = page.evaluate("JSON.parse(localStorage.getItem('dicepoker.game-meta')).rev")
            other = page.context.new_page()
            other.route("**/favicon.ico", lambda route: route.fulfill(status=204))
            other.goto(site_url + "static/icons/icon.svg")
            other.evaluate("([text, rev]) => { localStorage.setItem('dicepoker.game', text);"
                           " localStorage.setItem('dicepoker.game-meta', JSON.stringify({rev: rev}));}",
                           [game.to_json(), rev + 10])
            other.close()
            wait_for(page, "html[data-state=ready]", state="attached")
            page.wait_for_function("document.querySelector('#end-dialog') === null"
                                   " || !document.querySelector('#end-dialog').open")
        gameui.tap(page, "#roll", "roll")
        gameui.roll(game)
        gameui.fill_box(page, game, "poker")            # through the question
        wait_for(page, "#end-dialog[open]")
        gameui.settle(page)
        # its Best scores list the game just finished too (the second game's used not to)
        listed = page.eval_on_selector_all("#end-scores .hs-score", "els => els.map(e => e.textContent)")
        assert len(listed) == n + 1 and str(game.totals()[0]) in listed, (n, listed)
        click(page, "#end-close")                       # See the cards
        wait_for(page, "#end-dialog:not([open])", state="attached")
        gameui.settle(page)
        assert page.url.startswith(site_url), "closing the end screen left the game (game %d)" % (n + 1)
        assert page.is_visible("#card")
    page.go_back()                                      # and Back leaves only now
    page.wait_for_url("about:blank")


def test_back_after_new_game_returns_to_the_game(page, site_url):
    """New game over a game in progress opens the setup screen; the browser's Back goes back
    to the game, as "Back to the game" does, instead of leaving the site."""
    game = one_box_from_the_end(names=("Ann", "Ben"), rules="dice-poker", seed=3)
    page.goto("about:blank")
    gameui.inject_game(page, site_url, game)
    click(page, "#new-game")
    wait_for(page, "#setup:not([hidden])")
    gameui.wait_for_back_entry(page)
    page.go_back()
    wait_for(page, "#setup[hidden]", state="attached")
    assert page.url.startswith(site_url) and page.is_visible("#card")
    click(page, "#new-game")                            # again, then the button
    wait_for(page, "#setup:not([hidden])")
    click(page, "#back-to-game")
    wait_for(page, "#setup[hidden]", state="attached")
    gameui.settle(page)
    page.go_back()                                      # nothing open: Back leaves the page
    page.wait_for_url("about:blank")
