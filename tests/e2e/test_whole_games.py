"""Whole games through the UI, checked step by step against the engine.

Every roll, hold and filled box is made by tapping the page (or by keys) and
replayed on a CPython ``Game`` with the same seed; after each step the whole
page (dice, holds, every preview and score, every total) must equal the engine.

The solo games are played whole through the page, in every rule set.  The
three-player games come in as the saved game of their last two rounds (their
first rounds played by the same player on the engine: the seed fixes every
face, so the end is the one a whole game through the page reaches), and play
those rounds through the page, checked after every step: what they are for is
the end of a game of three, its standings, high scores and challenge link.  A
game of three taking turns from the first box is the controller's
(tests/control/test_control_games.py::test_a_game_of_three_players_takes_turns).
"""

import pytest

from dicepoker.game import Game
import gameui
from gameui import assert_matches, choose_box, choose_keep, inject_game, link, play_turn, read, saved_game
from click_point import click
from waits import wait_for

ROUNDS_IN_THE_PAGE = 2


def played_on_the_engine(game, rounds):
    """``game`` after ``rounds`` whole rounds of play_turn's player, on the engine only."""
    while game.round < rounds:
        for roll_no in range(3):
            if roll_no:
                keep = choose_keep(game)
                if len(keep) == 5:
                    break
                gameui.set_held(game, keep)
            gameui.roll(game)
        game.score(choose_box(game))
    return game

RULESETS = ["dice-poker", "dice-poker-classic", "yahtzee"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_solo_game_to_the_end(page, site_url, goto_ready, ruleset):
    goto_ready(page, link(site_url, ["Ann"], seed=2024, rules=ruleset))
    game = Game(["Ann"], ruleset=ruleset, seed=2024)
    assert_matches(page, game)
    while not game.is_over:
        play_turn(page, game, use_keys=game.round % 2 == 1)
    assert read(page)["state"] == "over"
    wait_for(page, "#end-dialog[open]")       # a task after the last box
    assert page.text_content("#end-winner").strip() == "Ann scored %d points!" % game.totals()[0]
    # The saved game is the finished game, move for move.
    assert saved_game(page).to_dict() == game.to_dict()


@pytest.mark.parametrize("ruleset", ["dice-poker", "yahtzee"])
def test_three_players_to_the_end_with_standings_and_high_scores(page, site_url, ruleset):
    players = ["Ann", "Ben", "Cy"]
    game = Game(players, ruleset=ruleset, seed=77)
    played_on_the_engine(game, game.rounds - ROUNDS_IN_THE_PAGE)
    inject_game(page, site_url, game)
    assert_matches(page, game)
    while not game.is_over:
        play_turn(page, game)
    wait_for(page, "#end-dialog[open]")
    totals = game.totals()
    standings = page.locator("#standings li").all_text_contents()
    order = sorted(range(3), key=lambda p: (-totals[p], p))
    assert [players[p] in s and str(totals[p]) in s for p, s in zip(order, standings)] == [True] * 3
    winners = [players[p] for p in game.winners()]
    winner_text = page.text_content("#end-winner")
    assert all(name in winner_text for name in winners)
    # The card shows the winner's column, not the seat the turn would pass to: the
    # desktop's score pad shows every column, the winners' marked; a phone the winner's.
    first = game.winners()[0]
    assert page.get_attribute("#card", "data-peek") == str(first)
    marked = "(p) => document.querySelector('#card-head th[data-seat=\"' + p + '\"]').classList.contains('winner')"
    for p in range(3):
        assert page.locator('[data-player="%d"][data-box="chance"]' % p).is_visible(), p
        assert page.evaluate(marked, p) == (p in game.winners()), p
    page.set_viewport_size({"width": 390, "height": 844})
    for p in range(3):
        cell = page.locator('[data-player="%d"][data-box="chance"]' % p)
        assert cell.is_visible() == (p == first), p
    # The challenge link replays the same dice for the same players.
    share = page.get_attribute("#share-button", "title")     # the link the Share button offers
    assert share.startswith(site_url) and "players=Ann%2CBen%2CCy" in share and "seed=77" in share
    assert ("rules=yahtzee" in share) == (ruleset == "yahtzee")
    # The local high-score table holds the three results, best first.
    scores = page.locator("#end-scores li .hs-score").all_text_contents()
    assert scores == [str(t) for t in sorted(totals, reverse=True)]
    # ... and keeps them across visits, in the High scores dialog.
    page.reload()
    wait_for(page, 'html[data-state="over"]', state="attached")
    click(page, "#end-close")
    click(page, "#open-scores")
    wait_for(page, "#scores-dialog[open]")     # its view may still be on its way
    assert page.locator("#scores-list li .hs-score").all_text_contents() == scores
