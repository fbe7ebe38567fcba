"""Hostile input and broken environments on the real page (issue 7).

Every test drives the page as a player would and checks what the player sees
and what is stored; the shared page monitor (tests/conftest.py) fails any test
whose page logs a console error, throws, or requests another origin.
"""

import json

import pytest

from dicepoker.game import Game
from dicepoker.savefile import load
import gameui
from gameui import (assert_matches, inject_game, link, open_with_saved_text, play_turn,
                    saved_game)
from click_point import click
from paths import REPO
from waits import wait_for

XSS = "<img src=x onerror=alert(1)>"
SHORT_XSS = "<svg onload=alert(1)>"       # fits the 24-character name limit

KEPT_ASIDE = """() => Object.keys(localStorage)
    .filter(k => k.startsWith('dicepoker.bad-save.')).map(k => localStorage.getItem(k))"""


def open_transfer(page):
    click(page, "#open-transfer")
    wait_for(page, "#transfer-dialog[open]")


def started_game():
    game = Game(["Ann", "Ben"], seed=7)
    gameui.roll(game)
    game.roll(hold=[0, 1])
    game.score("chance")
    gameui.roll(game)
    return game


def tampered(change):
    data = started_game().to_dict()
    change(data)
    return json.dumps(data)


def _extra_roll(data):
    data["moves"].insert(1, {"roll": []})
    data["moves"].insert(1, {"roll": []})


def _box_twice_save():
    game = Game(["Ann", "Ben"], seed=7)
    for box in ("chance", "ones"):          # Ann: Chance, Ben: Ones, Ann rolls again
        gameui.roll(game)
        game.score(box)
    gameui.roll(game)
    data = game.to_dict()
    data["moves"].append({"score": "chance"})     # ...and fills Chance a second time
    return json.dumps(data)


BAD_SAVES = {
    "bad JSON": ('{"format": "dice-poker/game", "version": 1, ', "not valid data"),
    "unknown version": (tampered(lambda d: d.update(version=7)), "newer version"),
    "impossible value": (tampered(lambda d: d["state"].update(dice=[9, 1, 1, 1, 1])),
                         "impossible value"),
    "an extra roll": (tampered(_extra_roll), "more than three rolls"),
    "a box filled twice": (_box_twice_save(), "filled twice"),
    "wrong types": (tampered(lambda d: d.update(players="Ann")), "damaged"),
}


@pytest.mark.parametrize("kind", sorted(BAD_SAVES))
def test_a_tampered_save_is_explained_kept_and_downloadable(page, site_url, kind):
    document, reason = BAD_SAVES[kind]
    open_with_saved_text(page, site_url, document, state="setup")
    notice = gameui.notice_text(page)
    assert "could not be restored" in notice and reason in notice, notice
    assert page.evaluate(KEPT_ASIDE) == [document]            # kept aside, byte for byte
    assert page.evaluate("localStorage.getItem('dicepoker.game')") is None
    with page.expect_download() as download:
        click(page, "#notice-action")                        # "Download the damaged game"
    assert download.value.suggested_filename.startswith("dice-poker-damaged-save-")
    with open(download.value.path(), encoding="utf-8") as f:
        assert f.read() == document
    click(page, "#start")                                    # a new game is offered and works
    wait_for(page, 'html[data-state="ready"]', state="attached")
    open_transfer(page)                             # still listed, still exportable
    assert page.locator("#bad-saves button").count() == 1


@pytest.mark.parametrize("how", ["blocked", "full"])
def test_broken_storage_plays_and_says_so_once(page, site_url, goto_ready, how):
    if how == "blocked":   # private mode: touching localStorage throws
        page.add_init_script("""Object.defineProperty(window, 'localStorage',
            {get() { throw new DOMException('blocked', 'SecurityError'); }});""")
    else:                  # quota: reads work, every write throws
        page.add_init_script("""Storage.prototype.setItem = function () {
            throw new DOMException('full', 'QuotaExceededError'); };""")
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    game = Game(["Ann"], seed=3)
    text = page.text_content("#notice-text")
    assert "will not be kept" in text
    click(page, "#notice-close")
    for _ in range(2):
        play_turn(page, game)
    assert page.is_hidden("#notice")                         # said once, not on every save
    open_transfer(page)                             # exporting still works
    with page.expect_download() as download:
        click(page, "#export-game")
    with open(download.value.path(), encoding="utf-8") as f:
        assert load(f.read())[0].to_dict() == game.to_dict()


def test_save_tapped_while_the_download_script_loads_waits_for_it(page, site_url, goto_ready):
    """The dialog adds static/js/files.js (the downloads) when it is made; a tap on Save
    before it has run is not told the file could not be saved (once in a whole-suite run,
    the one-file game's test tapped that early): the file comes once the script is in."""
    held = []
    page.route("**/static/js/files.js", lambda route: held.append(route))   # answered later
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    game = Game(["Ann"], seed=3)
    play_turn(page, game)
    open_transfer(page)
    while not held:
        page.wait_for_timeout(20)
    click(page, "#export-game")
    gameui.settle(page)
    assert page.text_content("#transfer-status") == ""    # no word yet, and no failure
    with page.expect_download() as download:
        held[0].continue_()
    with open(download.value.path(), encoding="utf-8") as f:
        assert load(f.read())[0].to_dict() == game.to_dict()
    wait_for(page, "#transfer-status:not(:empty)", state="attached")
    english = json.loads((REPO / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    assert page.text_content("#transfer-status") == english["transfer.game_saved"]
    assert "error" not in page.get_attribute("#transfer-status", "class")


def _follows(page, game, timeout=5.0):
    """Wait until ``page`` shows ``game`` (it follows another tab's save)."""
    import time
    deadline = time.time() + timeout
    while True:
        try:
            return assert_matches(page, game)
        except AssertionError:
            if time.time() > deadline:
                raise
            page.wait_for_timeout(50)


def test_two_tabs_never_corrupt_the_save_and_follow_each_other(context, site_url, goto_ready):
    one, two = context.new_page(), context.new_page()
    goto_ready(one, link(site_url, ["Ann", "Ben"], seed=11))
    goto_ready(two, site_url)
    game = Game(["Ann", "Ben"], seed=11)
    assert_matches(two, game)
    click(one, "#roll")                                      # tab one moves on...
    gameui.roll(game)
    _follows(two, game)                                      # ...tab two follows (storage event)
    assert "another tab" in two.text_content("#notice-text")
    click(two, '.die[data-index="2"]')                       # and the other way round
    click(two, "#roll")
    game.roll(hold=[2])
    _follows(one, game)
    assert saved_game(one).to_dict() == game.to_dict()       # one whole, valid, newest save


def test_a_stale_tab_refuses_its_write_and_shows_the_newer_game(context, site_url, goto_ready):
    """The write guard itself: tab two never hears the storage event (it is
    swallowed), so only the revision check stands between it and the save."""
    one, two = context.new_page(), context.new_page()
    two.add_init_script("window.addEventListener('storage', e => e.stopImmediatePropagation(), true)")
    goto_ready(one, link(site_url, ["Ann"], seed=12))
    goto_ready(two, site_url)
    game = Game(["Ann"], seed=12)
    click(one, "#roll")
    gameui.roll(game)
    assert two.evaluate("document.querySelector('.die').dataset.value") == "0"   # not told
    click(two, "#roll")                      # would be a different first roll: refused
    assert saved_game(one).to_dict() == game.to_dict()
    assert_matches(two, game)


def test_user_text_is_shown_as_text_never_markup(page, site_url, goto_ready):
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    goto_ready(page, site_url, state="setup")
    page.fill("#player-name-1", SHORT_XSS)
    click(page, ".challenge summary")
    page.fill("#seed", XSS)
    click(page, "#start")
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert page.text_content('[data-seat="0"] .chip-name') == SHORT_XSS
    assert saved_game(page).seed == XSS
    # Finish the game fast: replay a finished copy, minus its last box, then fill it.
    game = Game([SHORT_XSS], ruleset="dice-poker", seed=XSS)
    while len(game.cards[0]) < len(game.ruleset.boxes) - 1:
        gameui.roll(game)
        game.score(sorted(game.options())[0])
    inject_game(page, site_url, game)
    gameui.tap(page, "#roll", "roll")
    gameui.roll(game)
    box = list(game.options())[0]
    click(page, 'button[data-player="0"][data-box="%s"]' % box)
    if game.options()[box] == 0:
        click(page, "#confirm")
    wait_for(page, "#end-dialog[open]")
    assert SHORT_XSS in page.text_content("#standings")
    assert SHORT_XSS in page.text_content("#end-scores")
    assert "seed=%3Cimg" in page.get_attribute("#share-button", "title")

    # An imported high-score file with markup in a name: shown as text too.
    click(page, "#end-close")
    open_transfer(page)
    table = {"format": "dice-poker/highscores", "version": 1,
             "tables": {"yahtzee": [{"name": "<b onclick=x>hi</b>", "score": 250,
                                     "date": "2024-05-01", "players": 1}]}}
    page.set_input_files("#import-scores", files=[{
        "name": "scores.json", "mimeType": "application/json",
        "buffer": json.dumps(table).encode()}])
    page.wait_for_function("document.getElementById('transfer-status').textContent.includes('1 result')")
    page.keyboard.press("Escape")
    click(page, "#open-scores")
    page.select_option("#scores-ruleset", "yahtzee")
    assert page.text_content("#scores-list .hs-name") == "<b onclick=x>hi</b>"
    assert page.locator("img[src=x], svg[onload], b[onclick]").count() == 0
    assert dialogs == []


CSP_WATCH = """
  window.__violations = [];
  document.addEventListener('securitypolicyviolation',
    e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.mark.allow_console_errors(r"Content Security Policy", r"status of 404.*/x:", r"HTTP 404 GET \S*/x$")
def test_the_csp_allows_the_game_and_blocks_inline_script(page, site_url, goto_ready):
    page.add_init_script(CSP_WATCH)
    goto_ready(page, link(site_url, ["Ann"], seed=21))
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    directives = dict((d.split()[0], d.split()[1:]) for d in policy.split(";") if d.strip())
    assert directives["default-src"] == ["'self'"]
    assert "'unsafe-inline'" not in policy
    assert directives["connect-src"] == ["'self'"]
    game = Game(["Ann"], seed=21)
    play_turn(page, game)                                    # a full turn, rules, language
    click(page, "#open-rules")
    wait_for(page, "#rules-body table")
    page.keyboard.press("Escape")
    page.select_option("#lang", "sk")
    page.wait_for_function("document.documentElement.lang === 'sk'")
    assert page.evaluate("window.__violations") == []
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__injected = true';
        document.body.appendChild(s);
        const d = document.createElement('div');
        d.innerHTML = '<img src="x" onerror="window.__handler = true">';
        document.body.appendChild(d);
    }""")
    page.wait_for_function("window.__violations.length > 0")
    assert page.evaluate("window.__injected === undefined && window.__handler === undefined")
    assert any(v.startswith("script-src") for v in page.evaluate("window.__violations"))
