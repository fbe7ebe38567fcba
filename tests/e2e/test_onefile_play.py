"""The game as one file (issue 43) in Chromium: dist/dice-poker.html's twin, built fresh
(tests/onefile_page.py), opened as file:// with no server at all.

The games are tests/onefile_page.py's, which WebKitGTK and Firefox ESR play too
(tests/engines/test_engines_onefile.py).  Besides the usual monitor (no console error, no
uncaught error): every request the page makes is the file itself, a data: or a blob: URL.
"""

from pathlib import Path

import pytest

import gameui
from harness import LOCAL_ORIGINS
from onefile_page import SITE, built, computer_game, open_file, solo_game, strays, wait_until
from test_remote import READ, fragment_of, link_on, open_link, play_my_turns, setup
from click_point import click
from waits import wait_for

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def onefile():
    """The built file; its file:// page counts as ours for the monitor (tests/conftest.py)."""
    LOCAL_ORIGINS.add("file://")
    yield built()
    LOCAL_ORIGINS.discard("file://")


def assert_only_the_file(page, page_monitor, path):
    urls = [r.split(" ", 1)[1] for r in page_monitor(page).requests]
    assert urls, "no request seen"
    assert strays(urls, path) == []


def test_a_whole_solo_game_with_a_reload_the_hint_and_a_language_switch(page, onefile, page_monitor):
    """And then, from the file too: the high scores, the statistics and the game saved to a
    file (a download from a blob: URL)."""
    game = solo_game(page, onefile)
    total = str(game.totals()[0])
    page.keyboard.press("Escape")
    click(page, "#open-scores")
    wait_for(page, "#scores-dialog[open] #scores-list li", state="attached")
    assert total in page.text_content("#scores-list")
    page.keyboard.press("Escape")
    click(page, "#open-stats")
    wait_for(page, "#stats-dialog[open] #stats-rows tr", state="attached")
    assert total in page.text_content("#stats-rows")
    page.keyboard.press("Escape")
    click(page, "#open-transfer")
    wait_for(page, "#transfer-dialog[open]", state="attached")
    with page.expect_download() as download:
        click(page, "#export-game")
    assert gameui.from_save(Path(download.value.path()).read_text(encoding="utf-8")).to_dict() == game.to_dict()
    assert_only_the_file(page, page_monitor, onefile)


def test_a_whole_game_against_a_computer_seat(page, onefile, page_monitor):
    computer_game(page, onefile)
    assert_only_the_file(page, page_monitor, onefile)


def test_play_by_link_the_links_lead_to_the_site_and_a_link_opens_in_the_file(
        new_context, onefile, page_monitor):
    """A game by link set up in the file: the link to send leads to the hosted site; the
    link opened in the file (its fragment, on a fresh device, then on a page that is open)
    goes on with the game."""
    ann, ben = new_context().new_page(), new_context().new_page()

    def ready(page, url, state="ready"):
        page.goto(url)
        wait_for(page, 'html[data-state="%s"]' % state, state="attached", timeout=30_000)

    setup(ann, onefile.as_uri(), ready, ["Ann", "Ben"], ["human", "remote"])
    links = [link_on(ann)]
    ben.goto(onefile.as_uri() + "#" + fragment_of(links[0]))        # Ben's phone: a fresh device
    wait_until(ben, "document.getElementById('remote-link') !== null", "Ben's panel")
    links.append(link_on(ben))
    for page, other in ((ann, ben), (ben, ann)):                    # each plays a turn
        open_link(page, links[-1], fresh=False)          # on the page that is open
        play_my_turns(page)
        links.append(link_on(page, links[-1]))
    open_link(ann, links[-1], fresh=False)
    ann.wait_for_function("() => !document.getElementById('roll').disabled", timeout=30_000)
    game = gameui.saved_game(ann)
    assert game.cards[0] and game.cards[1], "Ann's and Ben's boxes on Ann's card"
    assert ann.evaluate(READ)["notice"] is None
    assert [link for link in links if not link.startswith(SITE + "#play=")] == []
    for device in (ann, ben):
        assert_only_the_file(device, page_monitor, onefile)


def test_no_service_worker_and_nothing_said_about_it(page, onefile, page_monitor):
    """A file has no service worker: the page does not try to register one (the site's
    static/pwa/register.min.js is an empty module in the file), so nothing is logged or
    shown about it; looked at once the page is started, loaded and idle, when the site's
    registration runs."""
    page.add_init_script("""(() => { window.registrations = 0; const c = navigator.serviceWorker;
        if (c) { c.register = () => { window.registrations++; return Promise.reject(new Error('no')); }; } })()""")
    open_file(page, onefile, "?players=Ann&seed=1")
    page.wait_for_load_state("load")
    page.evaluate("new Promise((done) => requestIdleCallback(done, {timeout: 5000}))")
    gameui.settle(page)
    assert page.evaluate("window.registrations") == 0
    assert page.is_hidden("#update-banner") and page.is_hidden("#notice")
    assert not [line for line in page_monitor(page).console if line.startswith(("warning", "error"))]
