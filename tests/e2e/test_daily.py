"""Today's game in the page (issue 41): the date's dice everywhere, par, one counted try, a streak, Share.

- Two browser contexts on one date get the same dice after the same holds (and
  CPython's engine the same); another date other dice.
- A daily game played by doing what the hint says at every decision ends at
  exactly par, and the page's ``[data-par]`` is CPython's ``par(date, table)``;
  Share's text is the one ``ui.records.daily`` makes from CPython's games.
- One counted try: the first finished game of a date is the day's result, the
  next one practice; a streak across three days with one missed, in the
  statistics, and the history's marks (Belarusian: its plural forms).
- Bad input (``?daily=`` garbage, a later date, an edited daily save): a clear
  message in four languages, the game in progress kept.

"Today" is the page's clock, moved by an init script (``gameui.at_date``).
Offline after one visit: tests/pwa/test_offline.py.
"""

import json

import pytest

import gameui
from dicepoker.daily import daily_game, par, par_turns
from dicepoker.game import Game
from dicepoker.rules import RULESETS
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.table import Table
from paths import REPO, STATIC
from ui.records import daily as daily_results
from ui.language.i18n import Catalogue
from click_point import click
from waits import wait_for

BOXES = RULESETS["dice-poker"].boxes
LANG = "if (location.protocol !== 'about:') localStorage.setItem('dicepoker.lang', %s)"
DICE = "() => [...document.querySelectorAll('.die')].map(d => Number(d.dataset.value))"


@pytest.fixture(scope="module")
def advisor():
    return Advisor(Table.from_file(str(STATIC / "strategy" / "dice-poker.dpst.gz")))


def catalogue(lang):
    with open(REPO / "static" / "i18n" / ("%s.json" % lang), encoding="utf-8") as f:
        return Catalogue(lang, json.load(f))


def day_page(new_context, date, lang="en", **options):
    context = new_context(**options)
    gameui.at_date(context, date)
    context.add_init_script(LANG % json.dumps(lang))
    return context.new_page()


def roll_and_read(page, keep=()):
    """Keep the dice at ``keep`` (positions) and roll; the dice shown then."""
    for i in keep:
        if page.get_attribute('.die[data-index="%d"]' % i, "aria-pressed") != "true":
            click(page, '.die[data-index="%d"]' % i)
    gameui.tap(page, "#roll", "roll")
    gameui.settle(page)
    return tuple(page.evaluate(DICE))


def test_the_same_date_gives_the_same_dice_in_two_contexts_another_date_others(
        new_context, site_url, goto_ready):
    holds = [(), (0, 2), (0, 2, 3)]
    expected = daily_game("2026-12-04", "x")
    wanted = [expected.roll(), expected.roll([0, 2]), expected.roll([0, 2, 3])]
    seen = []
    for name in ("Ann", "Ben"):
        page = day_page(new_context, "2026-12-04")
        goto_ready(page, site_url, state="setup")
        click(page, "#open-daily")                  # the top bar's Today's game
        wait_for(page, 'html[data-state="ready"]', state="attached")
        assert gameui.notice_text(page).startswith("Daily game of 2026-12-04")
        assert page.text_content(".chip-name") == "You"   # no setup was made: the catalogue's
        seen.append([roll_and_read(page, keep) for keep in holds])
        if name == "Ben":                           # another date, by its link, over this game
            page.goto(site_url + "?daily=2026-12-03")
            wait_for(page, "#confirm-dialog[open]")
            click(page, "#confirm")
            wait_for(page, 'html[data-state="ready"][data-turn-phase="start"]',
                                   state="attached")
            other = roll_and_read(page)
            assert other == daily_game("2026-12-03", "x").roll() != wanted[0]
            assert page.url.endswith("?daily=2026-12-03")
    assert seen[0] == seen[1] == wanted


CLIPBOARD = """
    window.__shared = [];
    delete Navigator.prototype.share;       // no share sheet: the clipboard is used
    Object.defineProperty(navigator, 'clipboard', {configurable: true, value: {
        writeText: (text) => { window.__shared.push(text); return Promise.resolve(); }}});
"""
PLAYED = ("if (location.protocol !== 'about:' && !sessionStorage.getItem('kept')) {"
          " sessionStorage.setItem('kept', '1'); localStorage.setItem('dicepoker.daily', %s); }")


def test_following_the_hint_ends_at_par_and_share_sends_the_result(
        new_context, site_url, goto_ready, advisor):
    """A practice try (the counted one has no Hint: issue 47, point 4): the date has a
    result already, kept on this device."""
    date = "2026-12-02"
    page = day_page(new_context, date)
    page.context.add_init_script(CLIPBOARD)
    kept = {"results": {date: {"score": 101, "id": "0badf00d", "on_day": True}}, "pars": {}}
    page.context.add_init_script(PLAYED % json.dumps(json.dumps(kept)))
    goto_ready(page, site_url + "?daily=" + date)
    assert gameui.notice_text(page) == catalogue("en").t("daily.started_practice", date=date)
    gameui.follow_the_hint(page)
    wait_for(page, "#daily-end:not([hidden]) #daily-par[data-par]", timeout=60_000)
    expected = par(date, advisor)
    shown = page.get_attribute("#daily-par", "data-par")
    assert int(shown) == int(page.text_content("#daily-par")) == expected
    game = gameui.saved_game(page)
    assert game.is_over and game.totals()[0] == expected
    assert page.text_content("#daily-against") == "exactly par"
    assert page.text_content("#daily-counted") == catalogue("en").t("daily.practice", score=101)
    assert page.is_hidden("#share"), "today's game has its own Share, not the challenge link"
    click(page, "#daily-share")
    page.wait_for_function("window.__shared.length === 1")
    par_game = None
    for par_game in par_turns(date, advisor):
        pass
    pictured = daily_results.picture(game.cards[0], [par_game.cards[0][b] for b in BOXES],
                                     BOXES, game.breakdown(0)["upper_bonus"])
    assert page.evaluate("window.__shared[0]") == daily_results.share_text(
        catalogue("en"), date, expected, expected, pictured, site_url + "?daily=" + date)
    assert page.text_content("#daily-share-status") == "Result copied"


def near_finished(date, name, last_box, worst=False):
    """The game of ``date`` with every box written but ``last_box`` (the first roll's best
    box, or ``worst``: its least), one turn to go."""
    game = daily_game(date, name)
    while game.round < len(BOXES) - 1:
        game.roll()
        options = {b: p for b, p in game.options().items() if b != last_box}
        game.score((min if worst else max)(options, key=options.get))
    return game


def resume(page, site_url, game, daily):
    """The page reopened with ``game`` saved as today's game ``daily`` (its meta)."""
    page.evaluate("""([game, meta]) => { localStorage.setItem('dicepoker.game', game);
                                          localStorage.setItem('dicepoker.game-meta', meta); }""",
                  [game.to_json(), json.dumps({"link": None, "recorded": False, "rev": 40,
                                               "first": "dice-poker start", "daily": daily})])
    page.goto(site_url)
    wait_for(page, 'html[data-state="ready"]', state="attached")


def finish_last_turn(page, game, last_box):
    gameui.tap(page, "#roll", "roll")
    game.roll()
    gameui.fill_box(page, game, last_box)
    wait_for(page, "#daily-end:not([hidden]) #daily-par[data-par]", timeout=60_000)
    return game


def test_one_counted_try_then_practice_and_a_streak_across_three_days_with_one_missed(
        new_context, site_url, goto_ready, advisor):
    cat = catalogue("be")
    context = new_context()
    context.add_init_script(LANG % '"be"')
    page = context.new_page()
    goto_ready(page, site_url, state="setup")
    scores = {}
    for date in ("2026-11-29", "2026-11-30", "2026-12-02"):       # 12-01 missed
        gameui.at_date(context, date)
        game = finish_last_turn(page, resume_game(page, site_url, date), "chance")
        scores[date] = game.totals()[0]
        expected = par(date, advisor)
        assert int(page.get_attribute("#daily-par", "data-par")) == expected
        assert page.text_content("#daily-against") == daily_results.against_par(
            cat, scores[date], expected)
        assert page.text_content("#daily-counted").startswith(cat.t("daily.counted"))
    assert cat.t("daily.streak", count=1) in page.text_content("#daily-counted")
    # a second game of 12-02, played otherwise: practice, the day's result unchanged
    click(page, "#play-again")
    wait_for(page, 'html[data-state="ready"][data-turn-phase="start"]', state="attached")
    assert gameui.notice_text(page) == cat.t("daily.started_practice", date="2026-12-02")
    other = near_finished("2026-12-02", "Вы", "chance", worst=True)
    resume(page, site_url, other, {"date": "2026-12-02", "started": "2026-12-02",
                                   "practice": True})
    finish_last_turn(page, other, "chance")
    assert other.totals()[0] != scores["2026-12-02"]
    assert page.text_content("#daily-counted") == cat.t("daily.practice",
                                                        score=scores["2026-12-02"])
    assert page.get_attribute("#daily-end", "data-practice") == ""
    # the statistics: days, streaks, the average against par, the chart and the history
    click(page, "#end-close")
    click(page, "#open-stats")
    wait_for(page, "#history[data-filled]", state="attached")
    stat = lambda name: page.text_content('[data-stat="daily-%s"]' % name)     # noqa: E731
    assert (stat("days"), stat("streak"), stat("best-streak")) == ("3", "1", "2")
    diffs = [scores[d] - par(d, advisor) for d in sorted(scores)]
    average = sum(diffs) / 3.0
    assert stat("average") == ("+" if average > 0 else "\u2212" if average < 0 else "") + (
        "%.1f" % abs(average)).replace(".", cat.t("number.decimal"))
    assert page.locator("#chart-daily rect").count() == 3
    marked = page.eval_on_selector_all("#history [data-daily]", "els => els.map(e => e.dataset.daily)")
    assert sorted(marked) == ["2026-11-29", "2026-11-30", "2026-12-02", "2026-12-02"]


def resume_game(page, site_url, date):
    game = near_finished(date, "Вы", "chance")
    resume(page, site_url, game, {"date": date, "started": date, "practice": False})
    return game


def test_todays_game_once_played_opens_the_days_result_first(new_context, site_url, goto_ready,
                                                              advisor):
    """Issue 47, point 4: after the counted try the calendar button opens the day's result
    (score, par, streak, Share), whatever is on screen, with Play again for practice."""
    date, cat = "2026-12-04", catalogue("en")
    page = day_page(new_context, date)
    page.context.add_init_script(CLIPBOARD)
    goto_ready(page, site_url, state="setup")
    game = finish_last_turn(page, resume_game(page, site_url, date), "chance")
    score, expected = game.totals()[0], par(date, advisor)
    click(page, "#end-close")
    click(page, "#open-daily")
    wait_for(page, "#daily-dialog[open] #daily-today-par[data-par]")
    assert page.text_content("#daily-title") == cat.t("daily.end_title", date=date)
    assert page.text_content("#daily-score") == str(score)
    assert int(page.get_attribute("#daily-today-par", "data-par")) == expected
    assert page.text_content("#daily-today-against") == daily_results.against_par(
        cat, score, expected)
    assert page.text_content("#daily-streak") == cat.t("daily.streak", count=1)
    assert gameui.saved_game(page).moves == game.moves, "no game was started"
    click(page, "#daily-today-share")
    page.wait_for_function("window.__shared.length === 1")
    par_game = None
    for par_game in par_turns(date, advisor):
        pass
    pictured = daily_results.picture(game.cards[0], [par_game.cards[0][b] for b in BOXES],
                                     BOXES, game.breakdown(0)["upper_bonus"])
    assert page.evaluate("window.__shared[0]") == daily_results.share_text(
        cat, date, score, expected, pictured, site_url + "?daily=" + date)
    click(page, "#daily-practice")
    wait_for(page, '#daily-dialog:not([open])', state="attached")
    wait_for(page, 'html[data-state="ready"][data-turn-phase="start"]', state="attached")
    assert gameui.notice_text(page) == cat.t("daily.started_practice", date=date)
    assert json.loads(page.evaluate("localStorage.getItem('dicepoker.game-meta')"))[
        "daily"]["practice"] is True


def test_a_practice_replay_that_ties_the_counted_score_is_practice(new_context, site_url,
                                                                    goto_ready):
    """Issue 47, point 4: a practice try played move for move as the counted one (the same
    score, the same game by its id) is not "your result of the day"."""
    date, cat = "2026-12-04", catalogue("en")
    page = day_page(new_context, date)
    goto_ready(page, site_url, state="setup")
    counted = finish_last_turn(page, resume_game(page, site_url, date), "chance")
    assert page.text_content("#daily-counted").startswith(cat.t("daily.counted"))
    replay = near_finished(date, "Вы", "chance")
    resume(page, site_url, replay, {"date": date, "started": date, "practice": True})
    finish_last_turn(page, replay, "chance")
    assert replay.to_dict() == counted.to_dict()
    assert page.text_content("#daily-counted") == cat.t("daily.practice",
                                                        score=counted.totals()[0])
    assert page.get_attribute("#daily-end", "data-practice") == ""


def test_the_counted_try_has_no_hint_and_a_practice_try_has_it(new_context, site_url, goto_ready):
    """Issue 47, point 4: following Hint scores exactly par, so the counted try is played
    without it: no Hint button, Roll taking its room (no gap); a practice try has Hint."""
    date, cat = "2026-12-04", catalogue("en")
    page = day_page(new_context, date)
    goto_ready(page, site_url, state="setup")
    click(page, "#open-daily")
    wait_for(page, 'html[data-state="ready"][data-turn-phase="start"]', state="attached")
    assert gameui.notice_text(page) == cat.t("daily.started", date=date)
    roll_and_read(page)
    wait_for(page, "#tray[data-no-hint]", state="attached")
    assert page.is_hidden("#hint")
    tray = page.eval_on_selector(".tray-actions", "e => e.getBoundingClientRect().right")
    roll = page.eval_on_selector("#roll", "e => e.getBoundingClientRect().right")
    assert abs(tray - roll) < 2, "Roll takes the Hint's room"
    practice = near_finished(date, "Вы", "chance")
    resume(page, site_url, practice, {"date": date, "started": date, "practice": True})
    roll_and_read(page)
    wait_for(page, "#tray:not([data-no-hint]) #hint:not([disabled])")
    assert page.is_visible("#hint")


@pytest.mark.parametrize("lang", ["en", "lt", "be", "sk"])
def test_bad_daily_input_is_said_in_words_and_the_game_kept(new_context, site_url, goto_ready,
                                                            lang):
    cat = catalogue(lang)
    page = day_page(new_context, "2026-12-04", lang)
    goto_ready(page, gameui.link(site_url, ["Ann"], seed=5))
    first = roll_and_read(page)
    for query, code, params in (("garbage", "bad_date", {}),
                                ("2026-12-05", "date_later", {"date": "2026-12-05"})):
        goto_ready(page, site_url + "?daily=" + query)
        reason = cat.t("error." + code, **params)
        assert gameui.notice_text(page) == cat.t("daily.bad_link", reason=reason)
        assert tuple(page.evaluate(DICE)) == first, "the game in progress is kept"
        assert "daily" not in page.url, "the refused link is dropped"
    if lang == "sk":                # an edited save: today's game's meta on another game
        game = Game(["Ann"], seed=5)
        game.roll()
        resume(page, site_url, game, {"date": "2026-12-04", "started": "2026-12-04",
                                      "practice": False})
        wait_for(page, "#notice:not([hidden])")
        assert gameui.notice_text(page) == cat.t("daily.bad_save")
        assert tuple(page.evaluate(DICE)) == game.dice
        assert "daily" not in json.loads(page.evaluate("localStorage.getItem('dicepoker.game-meta')"))


def test_back_on_leave_this_game_keeps_the_game_and_forgets_the_link(new_context, site_url, goto_ready):
    """Issue 47, point 5: today's game's link over a game in progress asks "Leave this
    game?"; the browser's Back answers it as Keep playing does: the game stays, and the
    address forgets ?daily=, so a reload does not ask again."""
    page = day_page(new_context, "2026-12-04")
    goto_ready(page, gameui.link(site_url, ["Ann"], seed=5))
    first = roll_and_read(page)
    goto_ready(page, site_url + "?daily=2026-12-04")
    wait_for(page, "#confirm-dialog[open]")
    gameui.wait_for_back_entry(page)
    page.go_back()
    wait_for(page, "#confirm-dialog:not([open])", state="attached")
    gameui.settle(page)
    assert "daily" not in page.url and tuple(page.evaluate(DICE)) == first
    goto_ready(page, page.url)
    gameui.settle(page)
    assert page.locator("#confirm-dialog[open]").count() == 0
    assert tuple(page.evaluate(DICE)) == first
