"""Today's game's results on a device (``ui.records.daily``), its chart and its history mark,
without a browser: one counted try per date, streaks, the average against par, a damaged
record set aside (never lost silently), the words "3 points under par" in four languages
and the text Share sends."""
import json
import xml.etree.ElementTree as ET

import pytest

from dicepoker.daily import daily_game
from dicepoker.rules import RULESETS
from fake_shell import Storage
from paths import REPO
from ui.stats import charts, words as stats_words
from ui.records import daily as daily_results, game_record
from ui.language.i18n import Catalogue

BOXES = RULESETS["dice-poker"].boxes


def catalogue(lang):
    with open(REPO / "static" / "i18n" / ("%s.json" % lang), encoding="utf-8") as f:
        return Catalogue(lang, json.load(f))


def test_the_first_finished_game_of_a_date_is_its_result():
    storage = Storage()
    assert daily_results.add_result(storage, "2026-12-04", 231, "aaaa", True, "t1") is True
    assert daily_results.add_result(storage, "2026-12-04", 290, "bbbb", True, "t2") is False
    assert daily_results.add_result(storage, "2026-12-04", 231, "aaaa", True, "t3") is True
    assert daily_results.add_result(storage, "2026-12-03", 200, "cccc", False, "t4") is True
    doc, damaged = daily_results.load(storage, "t5")
    assert not damaged
    assert doc["results"] == {"2026-12-04": {"score": 231, "id": "aaaa", "on_day": True},
                              "2026-12-03": {"score": 200, "id": "cccc", "on_day": False}}
    full = Storage(quota=10)
    assert daily_results.add_result(full, "2026-12-04", 231, "aaaa", True, "t") is None


def test_a_practice_try_never_becomes_the_result_and_a_result_keeps_its_boxes():
    """Issue 47, point 4: a game begun as practice is never kept, even on a date without a
    result; the result keeps its boxes and upper bonus (Share's picture from Today's game's
    result dialog); a damaged boxes entry is set aside like any damaged entry."""
    storage = Storage()
    boxes = list(range(15))
    assert daily_results.add_result(storage, "2026-12-04", 231, "aaaa", True, "t1",
                                    practice=True, card=(boxes, 35)) is False
    assert daily_results.load(storage, "t2")[0]["results"] == {}
    assert daily_results.add_result(storage, "2026-12-04", 231, "aaaa", True, "t3",
                                    card=(boxes, 35)) is True
    doc, damaged = daily_results.load(storage, "t4")
    assert not damaged and doc["results"]["2026-12-04"] == {
        "score": 231, "id": "aaaa", "on_day": True, "boxes": boxes, "bonus": True}
    assert daily_results.counts(doc, "2026-12-04", "aaaa", False)
    assert not daily_results.counts(doc, "2026-12-04", "aaaa", True)    # a tie replay
    assert not daily_results.counts(doc, "2026-12-04", "bbbb", False)
    bad = json.loads(storage.get("dicepoker.daily"))
    bad["results"]["2026-12-04"]["boxes"] = boxes[:3]
    storage.set("dicepoker.daily", json.dumps(bad))
    doc, damaged = daily_results.load(storage, "t5")
    assert damaged and doc["results"] == {}


def test_share_text_without_a_picture_has_no_empty_line():
    cat = catalogue("en")
    text = daily_results.share_text(cat, "2026-12-04", 231, 240, None, "https://x/?daily=2026-12-04")
    assert text.split("\n") == [cat.t("daily.share_title", date="2026-12-04"),
                                cat.t("daily.share_score", score=231, par=240,
                                      against=daily_results.against_par(cat, 231, 240)),
                                "https://x/?daily=2026-12-04"]


def test_summary_counts_days_streaks_and_the_average_against_par():
    storage = Storage()
    for date, score, on_day in (("2026-11-28", 250, True), ("2026-11-29", 260, True),
                                ("2026-11-30", 270, True), ("2026-12-01", 230, False),
                                ("2026-12-02", 240, True), ("2026-12-03", 300, True)):
        daily_results.add_result(storage, date, score, date, on_day, "t")
    for date, par in (("2026-11-28", 255), ("2026-11-30", 270), ("2026-12-03", 290)):
        daily_results.add_par(storage, date, par, [0] * len(BOXES), "t")
    doc = daily_results.load(storage, "t")[0]
    summary = daily_results.summary(doc, "2026-12-03")
    assert summary["days"] == 6
    assert (summary["streak"], summary["best_streak"]) == (2, 3)    # 12-01 was a late game
    assert summary["rows"] == [("2026-11-28", 250, 255, -5), ("2026-11-30", 270, 270, 0),
                               ("2026-12-03", 300, 290, 10)]
    assert summary["average"] == pytest.approx(5 / 3.0)
    assert daily_results.summary({"results": {}, "pars": {}}, "2026-12-03") == {
        "days": 0, "streak": 0, "best_streak": 0, "average": None, "rows": []}


def test_streaks_run_across_months_and_years():
    assert daily_results.streaks(["2026-12-30", "2026-12-31", "2027-01-01"], "2027-01-01") == (3, 3)
    assert daily_results.streaks(["2027-02-28", "2027-03-01"], "2027-03-02") == (2, 2)
    assert daily_results.streaks(["2027-02-28", "2027-03-01"], "2027-03-03") == (0, 2)
    assert daily_results.streaks([], "2027-03-03") == (0, 0)


@pytest.mark.parametrize("stored", [
    "not json",
    json.dumps({"results": {"2026-12-04": {"score": "231", "id": "a", "on_day": True},
                            "2026-12-03": {"score": 200, "id": "b", "on_day": True}},
                "pars": {}}),
    json.dumps({"results": {"2026-13-01": {"score": 1, "id": "a", "on_day": True}}, "pars": []}),
    json.dumps({"results": {}, "pars": {"2026-12-04": {"par": 240, "boxes": [1, 2]}}}),
    json.dumps([1, 2, 3]),
])
def test_a_damaged_record_is_set_aside_whole_and_its_good_entries_kept(stored):
    storage = Storage({daily_results.KEY: stored})
    doc, damaged = daily_results.load(storage, "2026-12-04T10:00:00Z")
    assert damaged
    assert storage.items["dicepoker.bad-save.daily-2026-12-04T10:00:00Z"] == stored
    kept = json.loads(storage.items[daily_results.KEY])
    assert kept == doc and daily_results.load(storage, "later") == (doc, False)
    if "2026-12-03" in stored:
        assert doc["results"] == {"2026-12-03": {"score": 200, "id": "b", "on_day": True}}


@pytest.mark.parametrize("lang, under, over, level", [
    ("en", "3 points under par", "1 point over par", "exactly par"),
    ("lt", "3 taškai mažiau už parą", "1 taškas daugiau už parą", "lygiai tiek, kiek paras"),
    ("be", "на 3 ачкі ніжэй за пар", "на 1 ачко вышэй за пар", "роўна пар"),
    ("sk", "3 body pod par", "1 bod nad par", "presne par"),
])
def test_the_score_against_par_in_words(lang, under, over, level):
    cat = catalogue(lang)
    assert daily_results.against_par(cat, 237, 240) == under
    assert daily_results.against_par(cat, 241, 240) == over
    assert daily_results.against_par(cat, 240, 240) == level
    assert str(25) in daily_results.against_par(cat, 215, 240)


def test_share_text_has_the_date_score_par_picture_and_link_and_no_names():
    game = daily_game("2026-12-04", "Annabelle")
    while not game.is_over:
        game.roll()
        game.score(max((b for b in BOXES if b in game.options()), key=game.options().get))
    card = game.cards[0]
    par_boxes = [card.get(b, 0) for b in BOXES]
    par_boxes[0] += 1                       # par's game did better in Ones
    pictured = daily_results.picture(card, par_boxes, BOXES, game.breakdown(0)["upper_bonus"])
    upper, lower = pictured.split("\n")
    marks = upper.split(" ")[0] + lower
    assert len(marks) == 15 and set(marks) <= {daily_results.BETTER, daily_results.FEWER,
                                               daily_results.ZERO}
    for i, box in enumerate(BOXES):
        expected = daily_results.ZERO if card[box] == 0 else (
            daily_results.FEWER if i == 0 else daily_results.BETTER)
        assert marks[i] == expected, box
    text = daily_results.share_text(catalogue("en"), "2026-12-04", game.totals()[0], 250,
                                    pictured, "https://example.org/dp/?daily=2026-12-04")
    lines = text.split("\n")
    assert lines[0] == "Dice Poker · daily game 2026-12-04"
    assert lines[1] == "%d points · par 250: %s" % (game.totals()[0], daily_results.against_par(
        catalogue("en"), game.totals()[0], 250))
    assert lines[2:4] == [upper, lower] and lines[4] == "https://example.org/dp/?daily=2026-12-04"
    assert "Annabelle" not in text


def test_the_chart_of_score_against_par_has_a_bar_a_day_up_or_down():
    svg = charts.against_par_svg(["2026-12-01", "2026-12-02", "2026-12-04"], [12, -7, 0])
    root = ET.fromstring(svg)
    bars = [e for e in root if e.tag == "rect"]
    assert [b.get("class") for b in bars] == ["bar", "bar-under", "bar"]
    zero = [e for e in root if e.tag == "line" and "zero" in e.get("class")]
    assert len(zero) == 1
    y0 = float(zero[0].get("y1"))
    assert float(bars[0].get("y")) + float(bars[0].get("height")) == pytest.approx(y0)
    assert float(bars[1].get("y")) == pytest.approx(y0)
    assert float(bars[0].get("height")) > float(bars[1].get("height")) > 0
    assert [t.text for t in root if t.tag == "text"][-2:] == ["12-01", "12-04"]


def test_the_history_marks_a_daily_game_with_its_date():
    game = daily_game("2026-12-04", "Ann <b>")
    while not game.is_over:
        game.roll()
        game.score(next(b for b in BOXES if b in game.options()))
    record = game_record.summarize(game, "2026-12-04T09:30")
    record["daily"] = "2026-12-04"
    assert game_record.clean_record(record)["daily"] == "2026-12-04"
    assert game_record.clean_record(dict(record, daily="tomorrow")) is None
    row = stats_words.history_row(catalogue("en"), game_record.clean_record(record))
    item = ET.fromstring(row)
    assert item.get("data-daily") == "2026-12-04"
    assert "Daily game 2026-12-04" in item.find("span").text
    plain = dict(record)
    del plain["daily"]
    assert ET.fromstring(stats_words.history_row(catalogue("en"), plain)).get("data-daily") is None
