"""Message catalogues: every catalogue has every key (same placeholders, the
right plural forms), and switching language keeps the game."""

import json
import re

import pytest

from dicepoker.game import Game
import gameui
from gameui import assert_matches, choose_box, inject_game, link, play_turn, pseudo_catalogue
from paths import STATIC
from plurals import categories
from ui.language.i18n import plural_category
from click_point import click
from waits import wait_for

I18N = STATIC / "i18n"
ENGLISH = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
OTHERS = sorted(p for p in I18N.glob("*.json") if p.stem != "en")


def placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}


def shown_keys(messages):
    return {k for k in messages if not k.startswith("_")}


def test_english_plural_messages_use_count_and_its_forms():
    for key, value in ENGLISH.items():
        if isinstance(value, dict):
            assert set(value) == set(categories("en")), key
            assert "count" in placeholders(value), key


@pytest.mark.parametrize("path", OTHERS, ids=lambda p: p.name)
def test_every_catalogue_has_every_key_with_the_same_placeholders(path):
    lang = path.stem
    messages = json.loads(path.read_text(encoding="utf-8"))
    assert shown_keys(messages) == shown_keys(ENGLISH)
    for key in shown_keys(ENGLISH):
        value = messages[key]
        assert isinstance(value, type(ENGLISH[key])), key
        assert placeholders(value) == placeholders(ENGLISH[key]), key
        if isinstance(value, dict):
            assert set(value) == set(categories(lang)), key
    rules = messages["rules.file"]
    assert (I18N / rules).is_file(), rules


@pytest.mark.parametrize("lang, numbers", [
    ("en", {1: "one", 2: "other", 0: "other", 11: "other", 21: "other"}),
    ("lt", {1: "one", 21: "one", 11: "other", 2: "few", 9: "few", 12: "other", 10: "other", 22: "few"}),
    ("be", {1: "one", 21: "one", 11: "many", 2: "few", 4: "few", 12: "many", 5: "many", 0: "many"}),
    ("sk", {1: "one", 2: "few", 4: "few", 5: "other", 0: "other", 22: "other"}),
])
def test_plural_categories(lang, numbers):
    assert {n: plural_category(lang, n) for n in numbers} == numbers


def test_language_switch_keeps_the_game_and_is_remembered(new_context, site_url, goto_ready):
    # A stand-in Lithuanian catalogue (every English text marked "[lt]"), so
    # the test does not depend on the translation's wording.  (The context has
    # no service worker, tests/conftest.py: the routes see every request.)
    page = new_context().new_page()
    page.route(re.compile(r"/static/i18n/(start/)?lt(\.setup)?\.json$"), lambda route: route.fulfill(
        status=200, content_type="application/json",
        body=pseudo_catalogue(json.dumps(ENGLISH), "lt", categories("lt"))))
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=8))
    game = Game(["Ann", "Ben"], seed=8)
    play_turn(page, game)
    gameui.tap(page, "#roll", "roll")
    gameui.roll(game)
    click(page, '.die[data-index="2"]')
    gameui.toggle_hold(game, 2)
    before = assert_matches(page, game)

    page.select_option("#lang", "lt")
    page.wait_for_function("document.documentElement.lang === 'lt'")
    assert page.text_content('tr[data-row="pair"] .box-name') == "[lt] Pair"
    assert page.text_content("#roll-text") == "[lt] Roll again"
    assert assert_matches(page, game)["dice"] == before["dice"]

    page.reload()                             # the choice is remembered, the game too
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert page.evaluate("document.documentElement.lang") == "lt"
    assert page.text_content("#roll-text") == "[lt] Roll again"
    assert_matches(page, game)


def test_the_browser_language_is_used_at_start(new_context, site_url, goto_ready):
    context = new_context(locale="sk-SK")
    page = context.new_page()
    body = pseudo_catalogue(json.dumps(ENGLISH), "sk", categories("sk"))
    page.route(re.compile(r"/static/i18n/(start/)?sk(\.setup)?\.json$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=body))
    goto_ready(page, site_url, state="setup")
    assert page.evaluate("document.documentElement.lang") == "sk"
    assert page.text_content("#start") == "[sk] Start the game"


def test_rules_page_opens_in_the_app(page, site_url, goto_ready):
    goto_ready(page, site_url, state="setup")
    click(page, "#open-rules")
    wait_for(page, "#rules-body table")
    text = page.text_content("#rules-body")
    assert "Joker" in text and "Full house" in text and "Yahtzee" in text


def split_pseudo_lt_page(new_context):
    """A Lithuanian page served a stand-in catalogue split as the site splits it.

    Returns the page and the start part's keys: the start part holds the
    pseudo messages of the committed English start part's keys, the whole
    file all of them."""
    start_keys = set(json.loads((I18N / "start" / "en.json").read_text(encoding="utf-8")))
    whole = json.loads(pseudo_catalogue(json.dumps(ENGLISH), "lt", categories("lt")))
    start = {k: v for k, v in whole.items() if k in start_keys}
    page = new_context(locale="lt-LT").new_page()
    page.route("**/static/i18n/start/lt.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(start)))
    # the start part boot.js takes for a page opened without a link: the setup form's words too
    setup_keys = set(json.loads((I18N / "start" / "en.setup.json").read_text(encoding="utf-8")))
    setup = {k: v for k, v in whole.items() if k in setup_keys}
    page.route("**/static/i18n/start/lt.setup.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(setup)))
    page.route("**/static/i18n/lt.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(whole)))
    return page, start_keys


def test_the_start_catalogue_is_completed_before_a_hint_draws(new_context, site_url, goto_ready):
    # Page start fetches only the start part (no hint texts); the first hint
    # fetches the rest first, so the hint is in the player's language.
    page, start = split_pseudo_lt_page(new_context)
    assert "hint.best_hold" not in start and "hint.best_score" not in start
    fetched = []
    page.on("request", lambda r: fetched.append(r.url.split("/static/i18n/")[-1])
            if "/static/i18n/" in r.url else None)
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    assert fetched == ["start/lt.json"]
    assert page.text_content("#roll-text") == "[lt] Roll"
    gameui.tap(page, "#roll", "roll")
    click(page, "#hint")
    wait_for(page, '#hint-panel[data-hint-state="shown"]', timeout=60_000)
    assert page.text_content("#hint-text").startswith("[lt] ")
    assert fetched == ["start/lt.json", "lt.json"]
    # the hint list's own markup texts are not in the start part either
    assert "hint.more" not in start
    assert page.text_content("#hint-more") == "[lt] All options"
    assert page.get_attribute("#hint-list", "aria-label") == "[lt] All options, best first"


def test_a_dialog_left_out_of_the_start_part_opens_translated(new_context, site_url, goto_ready):
    # The Save and load dialog's texts are not in the start part, nor its markup
    # in index.html (static/later.html, inserted on first use): it opens translated, and
    # follows the language when the player comes back to the start language.
    page, start = split_pseudo_lt_page(new_context)
    assert "transfer.open" in start and "transfer.title" not in start
    goto_ready(page, site_url, state="setup")
    assert page.get_attribute("#open-transfer", "title") == "[lt] Save and load"
    assert page.query_selector("#transfer-title") is None               # made on first use
    click(page, "#open-transfer")
    wait_for(page, "#transfer-dialog[open]")
    assert page.text_content("#transfer-title") == "[lt] Save and load"
    assert page.text_content("#export-game") == "[lt] Save the game to a file"
    page.keyboard.press("Escape")
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.text_content("#transfer-title") == "Save and load"
    page.select_option("#lang", "lt")
    page.wait_for_function("document.documentElement.lang === 'lt'")
    assert page.text_content("#transfer-title") == "[lt] Save and load"


def test_the_end_screen_waits_for_the_rest_of_the_catalogue(new_context, site_url):
    # end.* is not in the start part: a finished game's results open once the
    # whole catalogue is in, in the player's language.
    page, start = split_pseudo_lt_page(new_context)
    assert "end.title" not in start and "end.winner_solo" not in start
    game = Game(["Ann"], seed=4)
    while not game.is_over:
        game.roll([])
        game.score(choose_box(game))
    inject_game(page, site_url, game, state="over")
    wait_for(page, "#end-dialog[open]")
    assert page.text_content("#end-title") == "[lt] Game over"
    assert page.text_content("#end-winner") == "[lt] Ann scored %d points!" % game.totals()[0]
    assert page.text_content("#play-again") == "[lt] Play again"


def test_a_notice_on_screen_is_worded_again_in_the_new_language(new_context, site_url, goto_ready):
    # A notice is kept as message keys, not text: switching language words
    # it again, its translated reason included.
    page = new_context().new_page()
    whole = pseudo_catalogue(json.dumps(ENGLISH), "lt", categories("lt"))
    page.route(re.compile(r"/static/i18n/(start/)?lt(\.setup)?\.json$"), lambda route: route.fulfill(
        status=200, content_type="application/json", body=whole))
    goto_ready(page, site_url + "?players=Ann,,Ben", state="setup")
    assert page.text_content("#notice-text") == \
        "The game link could not be used: Every player needs a name."
    page.select_option("#lang", "lt")
    page.wait_for_function("document.documentElement.lang === 'lt'")
    assert page.text_content("#notice-text") == \
        "[lt] The game link could not be used: [lt] Every player needs a name."
