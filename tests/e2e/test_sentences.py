"""Whole sentences about players, as the page shows them (issue 47, points 4 and 9).

What the controller chooses is tested in tests/control/test_control_sentences.py;
here what only the page draws, in all four languages (a 390x844 phone):

- a computer's turn: one sentence with its level in the tray ("Robo is playing" above
  "Computer: good" before), Roll not saying "Pick a box" while the computer has no
  rolls left, the card's legend addressing nobody;
- today's game without a name: "Your turn" ("You's turn", "Ходзіць Вы", "Žaidžia
  Jūs", "Na ťahu: Vy" before), the chip in the language's word, the saved player the
  one identity ``dicepoker.seats.YOU`` in every language;
- Yahtzee's card calls its box and bonus Yahtzee;
- two people on one phone: the review names whose decision each row is and says
  "You" to neither.
"""

import json

import pytest

import gameui
from dicepoker.game import Game
from dicepoker.seats import YOU
from paths import REPO
from ui.language.i18n import Catalogue
from click_point import click
from waits import wait_for

LANGS = ("en", "lt", "be", "sk")
PHONE = {"viewport": {"width": 390, "height": 844}}
LANG = "if (location.protocol !== 'about:') localStorage.setItem('dicepoker.lang', %s)"


def catalogue(lang):
    with open(REPO / "static" / "i18n" / ("%s.json" % lang), encoding="utf-8") as f:
        return Catalogue(lang, json.load(f))


def phone(new_context, lang, date=None):
    context = new_context(**PHONE)
    if date is not None:
        gameui.at_date(context, date)
    context.add_init_script(LANG % json.dumps(lang))
    return context.new_page()


def open_saved(page, site_url, game, speed="slow"):
    """The page with ``game`` saved, its computers at ``speed``."""
    gameui.open_with_storage(page, site_url, {"dicepoker.game": game.to_json(),
                                              "dicepoker.computer-speed": speed}, state=None)


# Every change of the tray, recorded as it happens (the computer's pace could beat a
# look afterwards on a busy machine): what it said during a computer's turn.
WATCH_TRAY = """
window.trays = [];
new MutationObserver(() => {
  const main = document.getElementById('handover-main');
  const computer = document.documentElement.getAttribute('data-computer-turn');
  if (!main || !computer) return;
  const shot = {computer, main: main.textContent,
    sub: document.getElementById('handover-sub').textContent,
    roll: document.getElementById('roll-text').textContent,
    left: document.getElementById('roll-left').textContent,
    legend: (document.querySelector('[data-i18n="card.legend_open"]') || {}).textContent};
  const last = window.trays[window.trays.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(shot)) window.trays.push(shot);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_computers_turn_is_one_sentence_and_asks_nothing_of_the_player(
        new_context, site_url, lang):
    cat = catalogue(lang)
    game = Game(["Ann", "Robo"], seed=7, seats=["human", "good"])
    game.roll([])
    game.score("chance")
    for _ in range(3):                  # the computer has rolled all it may: its box next
        game.roll([])
    page = phone(new_context, lang)
    page.add_init_script(WATCH_TRAY)
    open_saved(page, site_url, game)
    want = cat.t("computer.turn_good", name="Robo")
    page.wait_for_function("(want) => window.trays && window.trays.some(t => t.main === want"
                           " && t.legend === %s)" % json.dumps(cat.t("card.legend_open")),
                           arg=want, timeout=60_000)
    trays = [t for t in page.evaluate("window.trays") if t["main"] == want]
    for shown in trays:
        assert shown["computer"] == "good"
        assert cat.messages["seat.good"] not in shown["main"] + shown["sub"]   # "Computer: good"
        assert shown["roll"] == cat.t("roll.button") != cat.t("roll.none_left")
        assert shown["left"] == ""


@pytest.mark.parametrize("lang", LANGS)
def test_todays_game_without_a_name_says_your_turn(new_context, site_url, goto_ready, lang):
    cat = catalogue(lang)
    page = phone(new_context, lang, date="2026-12-04")
    goto_ready(page, site_url + "?daily=2026-12-04")
    page.wait_for_function("(want) => document.getElementById('turn-label').textContent"
                           " === want", arg=cat.t("turn.label_you"), timeout=30_000)
    assert page.text_content("#turn-label") != cat.t("turn.label", name=cat.t("daily.player"))
    assert page.text_content("#players .chip-name") == cat.t("daily.player")
    gameui.tap(page, "#roll", "roll")
    gameui.settle(page)
    # one identity whatever the language: high scores and statistics keep one person
    assert gameui.saved_game(page).players == [YOU]


def test_yahtzee_calls_its_box_and_bonus_yahtzee(new_context, site_url):
    game = Game(["Ann"], ruleset="yahtzee", seed=3)
    page = phone(new_context, "en")
    gameui.inject_game(page, site_url, game)
    assert page.text_content('tr[data-row="poker"] .box-name') == "Yahtzee"
    assert page.text_content('tr[data-row="poker_bonus"] th') == "Yahtzee bonus"


def test_the_review_of_two_people_on_one_phone_names_each(new_context, site_url):
    cat = catalogue("en")
    game = Game(["Ann", "Ben"], seed=11)
    while not game.is_over:
        game.roll([])
        game.score(gameui.choose_box(game))
    page = phone(new_context, "en")
    gameui.inject_game(page, site_url, game, state="over")
    wait_for(page, "#end-dialog[open]")
    click(page, "#open-review")
    wait_for(page, ".review-total", timeout=60_000)
    rows = page.evaluate("""() => [...document.querySelectorAll('.review-row')].map(r => ({
        player: Number(r.dataset.player),
        where: r.querySelector('.review-where').textContent,
        chosen: r.querySelector('.review-chosen').textContent}))""")
    assert rows
    for row in rows:
        name = game.players[row["player"]]
        assert row["where"].startswith(name + " · ") and row["chosen"].startswith("Chosen: ")
        assert "You" not in row["chosen"]
    assert page.text_content("#review-title") == cat.t("review.title")
    assert "Your" not in cat.t("review.title")
