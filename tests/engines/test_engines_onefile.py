"""The game as one file (issue 43) in WebKitGTK and Firefox ESR, opened as file:// with no
server: the games Chromium plays from it (tests/onefile_page.py, tests/e2e/test_onefile_play.py),
each step replayed on CPython's engine.  The monitor (conftest.py) fails a test on a
console error, an uncaught error or a refused request; and every request the page makes
is the file itself, a data: or a blob: URL (Firefox: every request of the tab, from
WebDriver BiDi; both: the page's resource timing)."""

from onefile_page import computer_game, solo_game, strays


def assert_only_the_file(page):
    urls = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    urls += getattr(page, "observed_requests", lambda: [])()
    assert strays(urls, page.file) == []


def test_a_whole_solo_game_with_a_reload_the_hint_and_a_language_switch(file_epage):
    solo_game(file_epage, file_epage.file)
    assert_only_the_file(file_epage)


def test_a_game_against_a_computer_seat(file_epage):
    computer_game(file_epage, file_epage.file, rounds=4)
    assert_only_the_file(file_epage)
