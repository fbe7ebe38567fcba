"""What a new player meets in the browser: double taps, Back, links with any names and
computer seats, the setup's names, the bonus row, a computer's box, Share, file://."""

import urllib.parse

from dicepoker.game import Game
import gameui
from gameui import assert_matches, inject_game, link, read, saved_game
from click_point import click
from waits import wait_for

SHOWN = '#hint-panel[data-hint-state="shown"]'


def moves(page):
    return len(saved_game(page).moves)


# ---------------------------------------------------------------- double taps
def test_a_double_tap_on_roll_is_one_roll(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    page.dblclick("#roll")
    gameui.settle(page)
    game = saved_game(page)
    assert [m for m in game.moves] == [{"roll": []}]
    assert read(page)["rollLeft"] == "2 rolls left"


def test_two_taps_on_roll_400_ms_apart_are_two_rolls(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    click(page, "#roll")
    page.wait_for_timeout(400)                 # the time between the taps is the point
    click(page, "#roll")
    gameui.wait_for_saved_moves(page, 2)
    gameui.settle(page)
    assert moves(page) == 2


def test_roll_a_die_kept_and_roll_again_at_once_are_two_rolls(page, site_url, goto_ready):
    """Only a repeat of the same tap is a double tap: a die kept between two taps on
    Roll makes the second a roll of its own, however fast."""
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    page.evaluate("""() => { const roll = document.getElementById('roll');
        roll.click(); document.querySelector('.die[data-index="0"]').click(); roll.click(); }""")
    gameui.settle(page)
    assert saved_game(page).moves == [{"roll": []}, {"roll": [0]}]


def test_two_taps_on_boxes_within_350_ms_are_one(page, site_url, goto_ready):
    """A box, a roll by key, a box again, all at once: the second box waits for 350 ms."""
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    click(page, "#roll")
    ahead = Game(["Ann"], seed=3)                     # what the page will throw next
    ahead.roll()
    ahead.score("chance")
    ahead.roll()
    later = next(b for b, points in ahead.options().items() if points)
    page.evaluate("""(box) => {
      document.querySelector('button[data-box="chance"]').click();
      document.body.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));
      document.querySelector('button[data-box="' + box + '"]').click();
    }""", later)
    game = saved_game(page)
    assert [list(m)[0] for m in game.moves] == ["roll", "score", "roll"]
    page.wait_for_timeout(400)
    game = saved_game(page)
    box = next(b for b, points in game.options().items() if points)
    click(page, 'button[data-box="%s"]' % box)
    gameui.wait_for_saved_moves(page, 4)
    assert saved_game(page).moves[-1] == {"score": box}


def test_tapping_a_boxs_name_fills_it_like_its_cell(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=8))
    game = Game(["Ann", "Ben"], seed=8)
    click(page, "#roll")
    game.roll()
    click(page, 'tr[data-row="chance"] .box-name')
    game.score("chance")
    assert_matches(page, game)
    click(page, 'tr[data-row="sixes"] .box-name')     # Ben has not rolled: nothing
    assert_matches(page, game)


# ------------------------------------------------------------------- the hint
def test_after_undo_the_hints_box_marker_goes_with_the_hint(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=31))
    click(page, "#roll")
    click(page, "#hint")
    wait_for(page, SHOWN, state="visible", timeout=60_000)
    best = page.get_attribute('button[data-hint="best"]', "data-box")
    click(page, 'button[data-player="0"][data-box="%s"]' % best)
    if page.is_visible("#confirm-dialog[open]"):
        click(page, "#confirm")
    click(page, "#undo")
    wait_for(page, 'button[data-player="0"][data-box="%s"]' % best)
    assert page.locator("[data-hint]").count() == 0
    assert page.get_attribute("#hint-panel", "data-hint-state") != "shown"


# ------------------------------------------------------------------------ Back
def test_back_closes_an_open_dialog_then_leaves_the_game(page, site_url, goto_ready):
    # where Back finally goes: a page of ours with an icon (a JSON page would make the
    # browser ask for /favicon.ico, a 404, whenever it gets round to it)
    page.goto(site_url + "tests/bench/fixtures/plain.html")
    url = link(site_url, ["Ann"], seed=5)
    goto_ready(page, url)
    click(page, "#open-rules")
    wait_for(page, "#rules-dialog[open]")
    gameui.wait_for_back_entry(page)
    page.go_back()
    wait_for(page, "#rules-dialog[open]", state="detached")
    assert page.url == url and page.get_attribute("html", "data-state") == "ready"
    # closed by its own button: its history entry goes too, so Back leaves at once
    click(page, "#open-scores")
    wait_for(page, "#scores-dialog[open]")
    gameui.wait_for_back_entry(page)
    gameui.count_popstates(page)
    click(page, '#scores-dialog .close-dialog')
    wait_for(page, "#scores-dialog[open]", state="detached")
    gameui.wait_for_popstates(page, 1)                  # the page took its entry back
    page.go_back()
    page.wait_for_url("**/plain.html")


def test_space_on_the_focus_left_in_a_closed_question_rolls(page, site_url, goto_ready):
    """WebKit keeps the focus on #confirm for a moment after the question has closed (the
    engines suite saw a Space lost there): a key on a control of a closed dialog is the
    page's, so Space rolls as it does with the focus on the page."""
    goto_ready(page, link(site_url, ["Ann"], seed=3))
    assert not page.evaluate("document.getElementById('confirm-dialog').open")
    page.evaluate("""() => document.getElementById('confirm').dispatchEvent(
        new KeyboardEvent('keydown', {key: ' ', bubbles: true, cancelable: true}))""")
    page.wait_for_function("document.querySelector('.die').dataset.value !== '0'", timeout=5000)
    assert saved_game(page).moves == [{"roll": []}]


def test_back_cancels_the_question(page, site_url, goto_ready):
    goto_ready(page, link(site_url, ["Ann"], seed="zero"))
    click(page, "#roll")
    game = saved_game(page)
    zero = [b for b, points in game.options().items() if points == 0]
    assert zero, "this seed's first throw has a box worth 0"
    click(page, 'button[data-box="%s"]' % zero[0])
    wait_for(page, "#confirm-dialog[open]")
    gameui.wait_for_back_entry(page)
    page.go_back()
    wait_for(page, "#confirm-dialog[open]", state="detached")
    assert moves(page) == 1 and page.get_attribute("html", "data-state") == "ready"


# ----------------------------------------------------------------------- links
def test_a_link_keeps_commas_computer_seats_and_levels(page, site_url, goto_ready):
    query = urllib.parse.urlencode([("player", "Smith, J"), ("player", "Computer 2"),
                                    ("seats", "human,beginner"), ("seed", "11")])
    goto_ready(page, site_url + "?" + query)
    game = saved_game(page)
    assert game.players == ["Smith, J", "Computer 2"] and game.seats == ["human", "beginner"]
    assert game.seed == "11"
    assert page.locator("#players .chip-name").all_text_contents() == ["Smith, J", "Computer 2"]


def test_the_first_form_of_a_link_still_works(page, site_url, goto_ready):
    goto_ready(page, site_url + "?players=Ann,Ben&seed=42&rules=yahtzee")
    game = saved_game(page)
    assert game.players == ["Ann", "Ben"] and game.seed == "42" and game.ruleset.id == "yahtzee"
    assert_matches(page, Game(["Ann", "Ben"], ruleset="yahtzee", seed=42))


# ---------------------------------------------------------------------- setup
def test_computer_seats_get_computer_names_and_one_name_is_refused(page, site_url, goto_ready):
    goto_ready(page, site_url, state="setup")
    click(page, "#add-player")
    second = page.locator(".player-name").nth(1)
    seat = page.locator(".player-seat").nth(1)
    assert second.input_value() == "Player 2"
    seat.select_option("good")
    assert second.input_value() == "Computer 2"
    seat.select_option("human")
    assert second.input_value() == "Player 2"
    second.fill("player 1")                               # the first's name, spelt otherwise
    seat.select_option("beginner")
    assert second.input_value() == "player 1"             # the player's own: kept
    click(page, "#start")
    assert page.is_visible("#setup-error")
    assert "same name" in page.text_content("#setup-error")
    assert page.get_attribute("html", "data-state") == "setup"


# ------------------------------------------------------------------ bonus row
def test_the_bonus_row_says_how_far_and_missed(page, site_url):
    game = Game(["Ann", "Ben"], seed=4)
    for box in game.ruleset.upper_boxes:              # Ann scratches the upper section
        for player in range(2):
            game.roll()
            game.score(box if player == 0 else game.ruleset.lower_boxes[
                game.ruleset.upper_boxes.index(box)])
    inject_game(page, site_url, game)
    texts = page.evaluate("""() => [...document.querySelectorAll('[data-sum="upper_bonus"]')]
                              .map(td => td.textContent)""")
    parts = [game.breakdown(p) for p in range(2)]
    assert parts[0]["upper_bonus"] == 0 and texts[0] == "missed"
    assert texts[1] == "%d to go" % parts[1]["upper_bonus_missing"]
    assert all("−" not in t and "-" not in t for t in texts)


# --------------------------------------------------------- a computer's move
def test_a_computers_box_stays_readable_until_the_next_player_acts(page, site_url, goto_ready):
    query = urllib.parse.urlencode([("players", "Ann,Computer 2"), ("seats", "human,beginner"),
                                    ("seed", "6")])
    goto_ready(page, site_url + "?" + query)
    click(page, "#roll")
    click(page, 'button[data-box="chance"]')
    wait_for(page, 'html[data-current-player="0"][data-turn-phase="start"]',
                           state="attached", timeout=30_000)
    game = saved_game(page)
    box = game.moves[-1]["score"]
    said = page.text_content("#handover-sub")
    assert said.startswith("Computer 2 scored %d in " % game.cards[1][box]), said
    # Still there after the page draws again for something else than a move
    # (the rules opened and closed), and after everything already queued ran.
    click(page, "#open-rules")
    wait_for(page, "#rules-dialog[open]")
    page.keyboard.press("Escape")
    wait_for(page, "#rules-dialog[open]", state="detached")
    gameui.settle(page)
    assert page.text_content("#handover-sub") == said
    click(page, "#roll")
    assert "scored" not in page.text_content("#handover-sub")


# ---------------------------------------------------------------------- Share
def finished(page, site_url, players=("Ann", "Ben, Jr")):
    game = Game(list(players), seed=99, seats=["human", "good"][:len(players)])
    while not game.is_over:
        game.roll()
        game.score(next(b for b in game.ruleset.boxes if b in game.options()))
    inject_game(page, site_url, game, state="over")
    wait_for(page, "#end-dialog[open] #share-button", state="visible")
    return game


SHARED = """() => { window.__shared = [];
  Object.defineProperty(navigator, 'share', {configurable: true,
    value: (data) => { window.__shared.push(data.url); return Promise.resolve(); }}); }"""
NO_SHARE = """() => { window.__copied = [];
  delete Navigator.prototype.share; delete Navigator.prototype.canShare;
  Object.defineProperty(navigator, 'clipboard', {configurable: true,
    value: {writeText: (text) => { window.__copied.push(text); return Promise.resolve(); }}}); }"""


def test_share_uses_the_share_sheet(page, site_url):
    page.add_init_script("(%s)()" % SHARED)
    game = finished(page, site_url)
    click(page, "#share-button")
    page.wait_for_function("() => window.__shared.length === 1")
    url = page.evaluate("() => window.__shared[0]")
    assert url == page.get_attribute("#share-button", "title")
    query = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
    assert query == {"player": ["Ann", "Ben, Jr"], "seats": ["human,good"], "seed": ["99"]}
    assert page.text_content("#share-status") == ""
    assert game.seed == "99"


def test_share_copies_the_link_where_there_is_no_share_sheet(page, site_url):
    page.add_init_script("(%s)()" % NO_SHARE)
    finished(page, site_url, players=("Ann",))
    click(page, "#share-button")
    page.wait_for_function("() => (document.querySelector('#share-status') || {}).textContent"
                           ".includes('Link copied')")
    copied = page.evaluate("() => window.__copied")
    assert copied == [page.get_attribute("#share-button", "title")]
    assert "players=Ann" in copied[0] and "seed=99" in copied[0]
    assert page.locator("#share-link").count() == 0       # no cut-off text field


# -------------------------------------------------------------------- file://
def test_opened_as_a_file_the_page_says_to_serve_it(browser, repo):
    context = browser.new_context()        # not monitored: file:// fetches fail, as they must
    try:
        page = context.new_page()
        page.goto((repo / "index.html").as_uri())
        wait_for(page, "#boot-failed", state="visible", timeout=30_000)
        assert page.is_visible("#boot-file") and page.is_hidden("#boot-body")
        assert "opened as a file" in page.text_content("#boot-file")
        assert "connection" not in page.inner_text("#boot-failed")
    finally:
        context.close()


ACTIVE = "() => document.activeElement && document.activeElement.id"


def test_the_keyboard_focus_goes_to_roll_after_start_and_after_a_box(page, site_url, goto_ready):
    """Issue 47, point 14: after Start, and after writing a box with the keyboard, the focus
    is on Roll (it dropped to the page: the next Tab started from the top again)."""
    goto_ready(page, site_url, state="setup")
    page.focus("#start")
    page.keyboard.press("Enter")
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=30_000)
    page.wait_for_function(ACTIVE + " === 'roll'", timeout=10_000)
    page.keyboard.press("Enter")                            # rolls: the focus stays on Roll
    gameui.wait_for_saved_moves(page, 1)
    page.focus('button[data-player="0"][data-box="chance"]')
    page.keyboard.press("Enter")
    wait_for(page, 'html[data-turn-phase="start"]', state="attached")
    page.wait_for_function(ACTIVE + " === 'roll'", timeout=10_000)
