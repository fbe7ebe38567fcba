"""Page start stays lean: until the first roll, the page fetches only what the first turn needs.

Not the strategy (tables, advisor modules), not hints or computer seats, not
the post-game review, not the save and load dialog, not the rules text, not the catalogues of languages the player is not using. Each of
those costs bytes and start-up time on a phone and is loaded on demand later.
Since MicroPython can import only what the page fetched into its virtual file
system, "not fetched" also means "not imported".

The page's own requests are recorded (Playwright's page events: the service
worker's background precache for offline play is not the page's start-up and
is measured by the benchmark, tests/bench/). Recording runs from navigation
until ready and through the first roll.
"""

import re

import pytest

# Loaded on demand, never for the first turn, whatever the language.
LATER = [
    re.compile(r"/static/strategy/"),                 # strategy tables
    re.compile(r"/dicepoker/strategy/"),              # advisor, players, review, ... (any form)
    re.compile(r"/ui/transfer"),                      # save and load dialog
    re.compile(r"/ui/(coach|computer)\."),            # hints and computer seats
    # PyScript plugins the game does not use (pyscript.toml `plugins`)
    re.compile(r"/(py-editor|py-terminal|py-game|donkey|deprecations-manager)-[^/]*\.js$"),
    re.compile(r"review", re.I),                      # post-game review (any file)
    re.compile(r"/static/i18n/rules\.[^/]*$"),        # rules text, any language
    re.compile(r"/static/i18n/[a-z]+\.json$"),        # whole catalogues: the start part is enough
]


def _first_turn_requests(page, url):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    page.wait_for_selector('html[data-state="ready"]', state="attached", timeout=60_000)
    page.click("#roll")
    page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.value !== '0')")
    page.wait_for_timeout(300)          # anything the roll triggers asynchronously
    return requested


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("lt-LT", "lt")])
def test_first_turn_fetches_nothing_it_does_not_need(new_context, site_url, locale, lang):
    page = new_context(locale=locale).new_page()
    requested = _first_turn_requests(page, site_url + "?players=Ann&seed=7")

    catalogues = {m.group(1) for m in (re.search(r"/static/i18n/start/([a-z]+)\.json$", u.split("?")[0])
                                       for u in requested) if m}
    assert lang in catalogues, "the start language's catalogue was not fetched: %s" % requested
    other_languages = sorted(catalogues - {lang})   # not even English: every catalogue is complete
    assert not other_languages, "catalogues of languages not in use fetched at start: %s" % other_languages

    needless = [u for u in requested if any(p.search(u.split("?")[0]) for p in LATER)]
    assert not needless, "fetched before the first roll but not needed by it:\n  " + "\n  ".join(needless)
    # The recording really covered start-up: the runtime and our Python came through it.
    assert any(u.endswith("/micropython.wasm") for u in requested), requested
    assert any(u.endswith("/py/main.py") for u in requested), requested
    # The start modules came in one request, the bundle, not file by file.
    assert any(u.endswith("/static/mpy/start.bundle") for u in requested), requested
    singles = [u for u in requested if u.split("?")[0].endswith(".mpy")]
    assert not singles, "start modules fetched one by one: %s" % singles
