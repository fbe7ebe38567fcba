"""What the statistics screen writes (``ui.stats.words``), without a browser: the table's
cells in the language's own number format, a computer's row named with its level, and
history rows whose every text is escaped (names are the players' own)."""
import json
import xml.etree.ElementTree as ET

from dicepoker import stats as figures

from history_games import play, records
from paths import REPO
from ui.stats import words as stats_words
from ui.language.i18n import Catalogue


def catalogue(lang):
    with open(REPO / "static" / "i18n" / ("%s.json" % lang), encoding="utf-8") as f:
        return Catalogue(lang, json.load(f))


def test_cells_follow_the_languages_number_format():
    games = [play(["Ann", "Ben"], ["human", "human"], "dice-poker", "words-%d" % n) for n in range(4)]
    row = figures.player_stats(records(games), "dice-poker")[0]
    en, lt = catalogue("en"), catalogue("lt")
    assert stats_words.cell(en, row, "average") == "%.1f" % row["average"]
    assert stats_words.cell(lt, row, "average") == ("%.1f" % row["average"]).replace(".", ",")
    assert stats_words.cell(en, row, "pokers") == "%.2f" % row["pokers"]
    assert stats_words.cell(en, row, "games") == "4"
    assert stats_words.cell(en, row, "bonus") == "%d %%" % round(row["bonus_rate"] * 100)
    assert stats_words.cell(en, row, "wins") == en.t("stats.wins_of", wins=row["wins"], count=4)
    assert stats_words.cell(en, dict(row, multi=0), "wins") == "–"
    assert stats_words.cell(en, dict(row, given=None), "given") == "–"


def test_a_computer_row_is_named_with_its_level():
    en = catalogue("en")
    assert stats_words.label(en, {"name": "Ann", "seat": "human"}) == "Ann"
    named = stats_words.label(en, {"name": "Cpu", "seat": "optimal"})
    assert "Cpu" in named and en.t("seat.optimal") in named


def test_a_history_row_escapes_every_name_and_says_the_winner():
    game = play(["<b>Ann</b>", 'Ben "&" Co'], ["human", "human"], "yahtzee", "words")
    record = records([game])[0]
    markup = stats_words.history_row(catalogue("en"), record)
    item = ET.fromstring(markup)            # well formed: nothing a name held became markup
    assert item.get("data-history-game") == record["id"]
    assert item.find(".//b") is None
    text = "".join(item.itertext())
    assert "<b>Ann</b> %d" % record["players"][0]["total"] in text
    assert 'Ben "&" Co %d' % record["players"][1]["total"] in text
    winner = item.find("span[@class='history-winner']")
    assert winner is not None and winner.text
    buttons = item.findall(".//button")
    assert [b.get("data-review") for b in buttons][0] == record["id"]
    assert buttons[1].get("data-delete") == record["id"]
