"""The statistics screen in the page: history, figures, charts, deletion, import.

Few and quick (most checks are in ``tests/control/test_control_history.py``,
without a browser):

- a whole game played through the page (taps), then the statistics screen:
  its row's games, average and best are the engine's totals, its history
  entry opens the review of that game;
- games made by the engine and stored: every figure of the table is the one
  ``dicepoker.stats`` gives on CPython (the same records), the three charts
  are drawn with their text alternatives, which hold the chart's figures;
  a game deleted (asked first) leaves the history and the figures;
- axe finds no violation on the screen, light and dark;
- a damaged history file is refused in Save and load, and nothing changes.
"""

import json
import os

import pytest
from axe_playwright_python.sync_playwright import Axe

from dicepoker import stats as figures
from dicepoker.game import Game
from dicepoker.optimal_means import OPTIMAL
from dicepoker.rules import RULESETS
import gameui
from history_games import engine_games, history_items, play, records
from paths import STATIC
from ui.records import game_record, history_file
from click_point import click
from waits import wait_for

ENGLISH = json.loads((STATIC / "i18n" / "en.json").read_text(encoding="utf-8"))
SHOTS = os.environ.get("STATS_SHOTS")      # a folder: screenshots of the screen are saved there


def one_decimal(value):
    return "%.1f" % value


def store(page, site_url, items, query="?players=Ann&seed=5"):
    gameui.open_with_storage(page, site_url + query, items, clear=True)


def open_stats(page):
    click(page, "#open-stats")
    wait_for(page, "#stats-dialog[open] #stats")
    wait_for(page, "#history[data-filled]", state="attached")


def table_of(page):
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        '#stats-rows [data-stats-player]')].map(tr => [tr.dataset.statsPlayer + '|' + tr.dataset.statsSeat,
        Object.fromEntries([...tr.querySelectorAll('[data-stat]')].map(td => [td.dataset.stat, td.textContent]))]))""")


def test_a_game_played_in_the_page_is_in_the_statistics_and_its_review(page, site_url, goto_ready):
    goto_ready(page, site_url + "?players=Ann&seed=stats-1&rules=yahtzee")
    game = Game(["Ann"], ruleset="yahtzee", seed="stats-1")
    while not game.is_over:
        gameui.play_turn(page, game, check=False)
    wait_for(page, "#end-dialog[open]")
    assert gameui.saved_game(page).totals() == game.totals()
    click(page, "#end-close")
    open_stats(page)
    row = table_of(page)["Ann|human"]
    total = game.totals()[0]
    assert row["games"] == "1" and row["best"] == str(total) and row["average"] == one_decimal(total)
    entries = page.locator("#history [data-history-game]")
    assert entries.count() == 1
    assert entries.first.get_attribute("data-history-game") == game_record.game_id(game)
    entries.first.locator("[data-review]").click()
    wait_for(page, "#review-dialog[open] [data-review-total]", timeout=30_000)
    assert page.locator("#stats-dialog[open]").count() == 1        # the review is over it
    click(page, "#review-dialog .close-dialog")
    wait_for(page, "#review-dialog:not([open])", state="attached")
    # the points given away, from the review, are now in the record and the table
    page.wait_for_function("() => localStorage.getItem('dicepoker.history-given')")
    given = json.loads(page.evaluate("() => localStorage.getItem('dicepoker.history-given')"))
    assert set(given[game_record.game_id(game)]) == {"0"}


def test_the_screen_is_made_ahead_once_a_box_is_written_not_in_the_first_turn(
        page, site_url):
    """The screen's files come after the first box of the visit (ui.stats.warm), so its first
    opening does not wait for them; until then, nothing of it is fetched."""
    store(page, site_url, history_items(engine_games(20, seed=3)))
    screen_files = []
    page.on("request", lambda r: screen_files.append(r.url) if "/ui/stats/screen." in r.url else None)
    gameui.tap(page, "#roll", "roll")
    page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
    gameui.settle(page)
    assert not screen_files and page.locator("#stats[data-fill]").count() == 0
    click(page, "button[data-player='0'][data-box='chance']")
    wait_for(page, "#stats[data-fill]", state="attached", timeout=30_000)
    assert len(screen_files) == 1 and not page.evaluate("document.getElementById('stats-dialog').open")
    open_stats(page)
    assert int(table_of(page)["Ann|human"]["games"]) > 0    # the figures: the tests below
    assert len(screen_files) == 1                           # made once, not fetched again


@pytest.mark.parametrize("lang", ["en"])
def test_stored_games_give_the_figures_and_charts_of_cpython(page, site_url, lang):
    games = engine_games(60, seed=3)
    store(page, site_url, history_items(games))
    open_stats(page)
    kept = records(games)
    for rules_id in ("dice-poker", "yahtzee"):
        page.select_option("#stats-ruleset", rules_id)
        shown = table_of(page)
        expected = figures.player_stats(kept, rules_id)
        assert sorted(shown) == sorted(r["name"] + "|" + r["seat"] for r in expected)
        for row in expected:
            cells = shown[row["name"] + "|" + row["seat"]]
            assert cells["games"] == str(row["games"])
            assert cells["average"] == one_decimal(row["average"])
            assert cells["best"] == str(row["best"]) and cells["worst"] == str(row["worst"])
            assert cells["stdev"] == one_decimal(row["stdev"])
            assert cells["bonus"] == "%d %%" % round(row["bonus_rate"] * 100)
            assert cells["wins"] == ("%d of %d games" % (row["wins"], row["multi"])
                                     if row["multi"] > 1 else
                                     "%d of 1 game" % row["wins"] if row["multi"] else "–")
    # the charts of the first row (Ann) and their text alternatives
    page.select_option("#stats-ruleset", "dice-poker")
    first = figures.player_stats(kept, "dice-poker")[0]
    drawn = page.evaluate("""() => ({
        bars: document.querySelectorAll('#chart-scores svg .bar').length,
        scores: [...document.querySelectorAll('[data-chart-table=scores] tbody tr')].map(
            tr => [...tr.children].map(c => c.textContent)),
        points: document.querySelector('#chart-time .line-scores').getAttribute('points').split(' ').length,
        time: [...document.querySelectorAll('[data-chart-table=time] tbody tr')].map(
            tr => [...tr.children].map(c => c.textContent)),
        boxes: [...document.querySelectorAll('[data-chart-table=boxes] tbody tr')].map(
            tr => [...tr.children].map(c => c.textContent)),
        boxBars: document.querySelectorAll('#chart-boxes svg rect').length,
        hidden: [...document.querySelectorAll('.chart-svg')].map(s => s.getAttribute('aria-hidden')),
    })""")
    bars = figures.distribution(first["scores"])
    assert drawn["bars"] == len(bars)
    assert drawn["scores"] == [["%d-%d" % (low, high), str(count)] for low, high, count in bars]
    assert drawn["points"] == first["games"]
    assert drawn["time"] == [[str(a) if a == b else "%d-%d" % (a, b), one_decimal(avg),
                              one_decimal(move)] for a, b, avg, move in
                             figures.time_table(first["scores"])]
    rules = RULESETS["dice-poker"]
    assert drawn["boxes"] == [[ENGLISH["box." + box], one_decimal(mine),
                               one_decimal(OPTIMAL["dice-poker"]["boxes"][box])]
                              for box, mine in zip(rules.boxes, first["boxes"])]
    assert drawn["boxBars"] == 2 * len(rules.boxes)
    assert drawn["hidden"] == ["true"] * 3
    assert page.locator("#history [data-history-game]").count() == len(games)
    # delete the newest game: asked first, then gone from the history and the figures
    newest = kept[-1]
    page.locator("#history [data-history-game]").first.locator("[data-delete]").click()
    wait_for(page, "#confirm-dialog[open]")
    click(page, "#confirm")
    page.wait_for_function("n => document.querySelector('#history').dataset.filled == n",
                           arg=str(len(games) - 1))
    assert page.locator('[data-history-game="%s"]' % newest["id"]).count() == 0
    page.select_option("#stats-ruleset", newest["rules"])
    shown = table_of(page)
    for row in figures.player_stats(kept[:-1], newest["rules"]):
        assert shown[row["name"] + "|" + row["seat"]]["games"] == str(row["games"])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_statistics_screen_has_no_axe_violations(page, site_url, scheme):
    page.emulate_media(color_scheme=scheme)
    store(page, site_url, history_items(engine_games(12, seed=5)))
    open_stats(page)
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, "stats-%s.png" % scheme), full_page=True)
    results = Axe().run(page, context="#stats-dialog")
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"]] == []


def test_a_damaged_history_file_is_refused_and_changes_nothing(page, site_url, tmp_path):
    games = engine_games(5, seed=9)[:3]
    items = history_items(games)
    store(page, site_url, items)
    data = json.loads(history_file.export_history(
        [(r, g.to_json()) for r, g in zip(records(games), games)]))
    data["games"][1]["game"]["moves"][3] = {"score": "no_such_box"}     # tampered
    bad = tmp_path / "history.json"
    bad.write_text(json.dumps(data))
    click(page, "#open-transfer")
    wait_for(page, "#transfer-dialog[open] #import-history", state="attached")
    before = page.evaluate("() => localStorage.getItem('dicepoker.history')")
    page.set_input_files("#import-history", str(bad))
    wait_for(page, "#transfer-status.error")
    assert "game 2" in page.text_content("#transfer-status")
    assert page.evaluate("() => localStorage.getItem('dicepoker.history')") == before
    # a good file: its new games are added (those already kept are not added twice)
    more = engine_games(5, seed=9)
    good = tmp_path / "good.json"
    good.write_text(history_file.export_history(
        [(r, g.to_json()) for r, g in zip(records(more), more)]))
    page.set_input_files("#import-history", str(good))
    page.wait_for_function("document.getElementById('transfer-status').textContent.includes('2 games')")
    kept = [json.loads(line) for line in page.evaluate(
        "() => localStorage.getItem('dicepoker.history')").split("\n")]
    assert sorted(r["id"] for r in kept) == sorted(r["id"] for r in records(more))


def test_storage_refusing_the_history_is_said_once_and_the_game_goes_on(page, site_url):
    finished = next(g for g in engine_games(10, seed=11) if set(g.seats) == {"human"})
    game = finished.replay_from_start()
    for move in finished.moves[:-1]:                 # the last box is still to fill
        game.apply(move)
    gameui.inject_game(page, site_url, game)
    page.evaluate("""() => { const store = window.dicePokerStorage, set = store.set;
        store.set = (key, value) => key.startsWith('dicepoker.history') ? false : set(key, value); }""")
    gameui.fill_box(page, game, finished.moves[-1]["score"])
    wait_for(page, "#end-dialog[open]")
    page.wait_for_function("document.getElementById('notice-text').textContent.includes('History')")
    assert page.text_content("#notice-text") == ENGLISH["notice.history_off"]
    assert page.evaluate("() => localStorage.getItem('dicepoker.history')") is None
    assert gameui.saved_game(page).totals() == finished.totals()     # the game itself is kept


def test_names_are_text_never_markup(page, site_url):
    from history_games import play
    name = '<img src=x onerror="x">'
    games = [play([name, "Ben"], ["human", "human"], "dice-poker", "markup")]
    store(page, site_url, history_items(games))
    open_stats(page)
    assert page.locator("#stats-dialog img").count() == 0
    assert page.locator("#stats-rows th").first.text_content() == name
    assert name in page.text_content("#history [data-history-game] .history-players")


PLAYER_TABLE = """() => {
  const dialog = document.querySelector('#stats-dialog').getBoundingClientRect();
  const pick = document.querySelector('.stats-pick').getBoundingClientRect();
  const name = document.querySelector('#stats-rows th[scope=row]').getBoundingClientRect();
  const cut = [...document.querySelectorAll('#stats-rows [data-stat]')].filter(td => {
    const box = td.getBoundingClientRect();
    return box.left < dialog.left || box.right > dialog.right - 8 || box.width < 1;
  }).map(td => td.dataset.stat);
  return {gap: name.top - pick.bottom, cut};
}"""


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (768, 1024)])
def test_the_per_player_table_is_whole_and_close_under_the_choices(new_context, site_url, size):
    """Issue 47, point 8: on a phone or an upright tablet every figure of each player is
    in view (no column cut at the side), and the table starts right under the choices
    (no blank band left by the headings of columns out of view)."""
    page = new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    games = [play(["Ann", "Ben", "Cy"], ["human", "human", "beginner"], "dice-poker", "wide")]
    store(page, site_url, history_items(games))
    open_stats(page)
    shown = page.evaluate(PLAYER_TABLE)
    assert shown["cut"] == [], shown
    assert shown["gap"] < 40, shown
