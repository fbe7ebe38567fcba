"""The hint to win (issue 49, point 3): in a game with opponents, where the end-of-game
tables hold the position, the hint names the move with the best chance to win and that
chance, and the best move for points with its chance where that is another move.

``#hint-panel[data-hint-win]`` is the best option's chance and each row of the list has
``data-win``: both must equal CPython's ``win_advice`` on the same position (the shipped
tables).  A solo game keeps the hint on points (no ``data-hint-win``), and the end-of-game
tables are fetched only by the first such hint, never before the first roll.
"""

import re

from dicepoker.game import Game
from dicepoker.strategy.table import Table
from dicepoker.strategy.to_win import win_advice
import gameui
from gameui import choose_box, choose_keep
from paths import STATIC
from click_point import click
from waits import wait_for

SHOWN = '#hint-panel[data-hint-state="shown"]'
_TABLES = {}
WIN_FILE = re.compile(r"/static/strategy/[^/]*\.win\.gz$")


def table_for(rules):
    if rules not in _TABLES:      # from its file: the win tables are found beside it
        _TABLES[rules] = Table.from_file(str(STATIC / "strategy" / ("%s.dpst.gz" % rules)))
    return _TABLES[rules]


def near_the_end(names, seed, turns_left, rules="dice-poker"):
    """A game of ``names`` where the last seat is to play with ``turns_left`` boxes open
    (the engine plays up to there simply); with one left, everyone else has finished."""
    game = Game(list(names), ruleset=rules, seed=seed)
    while not (game.round == game.rounds - turns_left and game.current_player == len(names) - 1):
        game.roll()
        for _ in range(2):
            keep = choose_keep(game)
            if len(keep) == 5:
                break
            game.roll(keep)
        game.score(choose_box(game))
    return game


def rolled_hint(page, site_url, game):
    """Open ``game`` saved, roll (in the engine too) and open the hint with its list."""
    gameui.inject_game(page, site_url, game)
    click(page, "#roll")
    gameui.roll(game)
    page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.value !== '0')")
    click(page, "#hint")
    wait_for(page, SHOWN, timeout=120_000)
    click(page, "#hint-more")
    wait_for(page, "#hint-list li", state="visible")
    return page.evaluate("""() => ({
      win: document.getElementById('hint-panel').dataset.hintWin,
      text: document.getElementById('hint-text').textContent,
      rows: [...document.querySelectorAll('#hint-list li')].map(li => [li.dataset.move, li.dataset.win,
                                                                      li.querySelector('.hint-loss').textContent])})""")


def move_attr(option):
    move = option["move"]
    return "score:" + move["score"] if "score" in move else "roll:" + ",".join(map(str, move["roll"]))


def percent(chance):
    if 0.0 < chance < 0.005:
        return "<1"
    if 0.995 < chance < 1.0:
        return ">99"
    return str(int(chance * 100 + 0.5))


def check_against_cpython(shown, advice):
    assert shown["win"] is not None and len(shown["win"].split(".")[1]) >= 3, shown["win"]
    assert abs(float(shown["win"]) - advice["best"]["win"]) < 0.001, (shown["win"], advice["best"])
    assert [r[0] for r in shown["rows"]] == [move_attr(o) for o in advice["options"]]
    for (move, win, words), option in zip(shown["rows"], advice["options"]):
        assert abs(float(win) - option["win"]) < 0.001, (move, win, option["win"])
        assert words == percent(option["win"]) + "%", (move, words)


def test_last_turn_against_a_finished_opponent_shows_the_exact_chance(page, site_url):
    game = near_the_end(("Bob", "Ann"), seed=14, turns_left=1)   # Bob has finished
    shown = rolled_hint(page, site_url, game)
    advice = win_advice(game, table_for("dice-poker"))
    assert advice["method"] == "tables" and advice["exact"]
    check_against_cpython(shown, advice)
    best = advice["best"]
    assert best["move"] == advice["points_best"]["move"]        # one move: one sentence
    words = "%s%% chance to win." % percent(best["win"])
    assert shown["text"].endswith(words) and "Best for points" not in shown["text"], shown["text"]


def test_where_points_and_winning_differ_the_hint_names_both(page, site_url):
    """Four boxes open, the opponent three (inside the tables): keeping a 3 wins more often
    than keeping 6 6, the best for points; the hint says both, each with its chance."""
    game = near_the_end(("Bob", "Ann"), seed=8, turns_left=4)
    shown = rolled_hint(page, site_url, game)
    advice = win_advice(game, table_for("dice-poker"))
    assert advice["method"] == "tables"
    check_against_cpython(shown, advice)
    best, points = advice["best"], advice["points_best"]
    assert best["move"] != points["move"] and best["kind"] == points["kind"] == "hold"
    keep = " ".join(map(str, best["keep"]))
    assert shown["text"] == ("Keep %s and roll again: %s%% chance to win. Best for points: Keep %s,"
                             " %s%% chance to win." % (keep, percent(best["win"]),
                                                       " ".join(map(str, points["keep"])),
                                                       percent(points["win"]))), shown["text"]
    # the marks follow the move for winning
    marked = page.evaluate("[...document.querySelectorAll('.die[data-hint=\"keep\"]')]"
                           ".map(d => Number(d.dataset.index))")
    assert sorted(marked) == sorted(best["hold"])


def test_a_solo_game_stays_on_points_and_fetches_no_win_tables(page, site_url):
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    game = near_the_end(("Ann",), seed=14, turns_left=1)
    shown = rolled_hint(page, site_url, game)
    assert shown["win"] is None and all(r[1] is None for r in shown["rows"])
    assert "expected final score" in shown["text"]
    assert not [u for u in requested if WIN_FILE.search(u)], requested


def test_the_win_tables_come_with_the_first_hint_not_before(page, site_url, goto_ready):
    """At a last-turn position with opponents nothing of the end-of-game tables comes
    with the page or the first roll; the hint fetches them."""
    game = near_the_end(("Bob", "Ann"), seed=14, turns_left=1)
    gameui.inject_game(page, site_url, game)
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    goto_ready(page, site_url)
    click(page, "#roll")
    page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.value !== '0')")
    gameui.settle(page)
    assert not [u for u in requested if WIN_FILE.search(u)], requested
    click(page, "#hint")
    wait_for(page, SHOWN, timeout=120_000)
    assert page.get_attribute("#hint-panel", "data-hint-win") is not None
    assert [u for u in requested if WIN_FILE.search(u)], requested
