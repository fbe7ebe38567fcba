"""Page start stays lean: until the first roll, the page fetches only what the first turn needs.

Not the strategy (tables, advisor modules), not hints or computer seats, not
the post-game review, not the save and load dialog, not the statistics and
the history, not the rules text, not the catalogues of languages the player is not using. Each of
those costs bytes and start-up time on a phone and is loaded on demand later.
Since MicroPython can import only what the page fetched into its virtual file
system, "not fetched" also means "not imported".

The page's own requests are recorded (Playwright's page events: the service
worker's background precache for offline play is not the page's start-up and
is measured by the benchmark, tests/bench/). Recording runs from navigation
until ready and through the first roll.
"""

import collections
import json
import re

import pytest

import gameui
from mpyrun import REPO
from click_point import click
from waits import wait_for

# Loaded on demand, never for the first turn, whatever the language.
LATER = [
    re.compile(r"/static/strategy/"),                 # strategy tables
    re.compile(r"/dicepoker/strategy/"),              # advisor, players, review, ... (any form)
    re.compile(r"/ui/(records|dialogs)/transfer\."),     # save and load dialog, its files
    re.compile(r"/ui/platform/scripts\.|/static/js/files\.js$"),  # ... and its downloads' script
    re.compile(r"/ui/advice/"),                      # hints and computer seats
    # PyScript plugins the game does not use (pyscript.toml `plugins`)
    re.compile(r"/(py-editor|py-terminal|py-game|donkey|deprecations-manager)-[^/]*\.js$"),
    re.compile(r"review", re.I),                      # post-game review (any file)
    re.compile(r"/static/i18n/rules\.[^/]*$"),        # rules text, any language
    re.compile(r"/static/i18n/[a-z]+\.json$"),        # whole catalogues: the start part is enough
    re.compile(r"/static/css/later\."),               # the look of dialogs and views fetched on first use
    re.compile(r"/static/later\.html$"),              # ... and their markup
    re.compile(r"/ui/setup/form\.|/static/css/setup\."),  # the setup screen: a link starts a game
    re.compile(r"/dicepoker/save(file|_reader)\."),   # reading a save: a fresh visit has none
    # the statistics screen, the history and its figures, the charts (issue 17)
    re.compile(r"/ui/stats/|/ui/records/(history|game_record)\.|/dicepoker/(stats|optimal_means)\."),
    # settings, sounds, celebrations and tips (issue 19)
    re.compile(r"/ui/feel/|/control/settings\."),
    re.compile(r"/ui/stats/warm\."),                        # which makes that screen once a box is written
    # games played by link (issue 16): fetched when a link is opened or a remote seat chosen
    re.compile(r"/ui/remote/|/control/remote(_game)?\.|/dicepoker/(fair|bylink|keyed_dice)\."),
    # the practice screen (issue 42): its engine, progress, controller and views
    re.compile(r"/dicepoker/practice|/control/practice\.|/ui/practice/|/ui/(records|stats)/practice\."),
    # today's game (issue 41): fetched when it is asked for, or a daily game is on screen
    re.compile(r"/ui/daily/|/ui/(records|stats)/daily\.|/ui/platform/share\.|/control/daily\.|/dicepoker/daily\."),
]


def _first_turn_requests(page, url):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(url)
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    click(page, "#roll")
    page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.value !== '0')")
    gameui.settle(page)                 # anything the roll queued has run
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


def test_later_stylesheet_comes_with_the_first_later_view(new_context, site_url):
    """later.min.css (and static/later.html, the later views' markup) is not fetched at start,
    and the first view that needs it is drawn with it.

    The rules dialog's head is a flex row only by later.css (.dialog-head); its
    rules' body is filled by ui/dialogs/rules.py, which is made after the sheet is in."""
    page = new_context().new_page()
    requested = _first_turn_requests(page, site_url + "?players=Ann&seed=7")
    assert not [u for u in requested if "/static/css/later." in u or "/static/later." in u]
    head = "getComputedStyle(document.querySelector('#rules-dialog .dialog-head')).display"
    click(page, "#open-rules")
    page.wait_for_function("document.querySelector('#rules-dialog')?.open")
    page.wait_for_function("document.querySelector('#rules-body [data-i18n=\"rules.loading\"]') === null",
                           timeout=20_000)
    assert page.evaluate(head) == "flex"
    assert [u for u in requested if u.split("?")[0].endswith("/static/css/later.min.css")]
    assert [u for u in requested if u.split("?")[0].endswith("/static/later.html")]   # its markup


def _styled_setup(page):
    """The setup screen is up, its form drawn and setup.css applied (.setup's max-width)."""
    wait_for(page, 'html[data-state="setup"]', state="attached", timeout=60_000)
    assert page.locator("#setup-players li").count() >= 1
    assert page.evaluate("getComputedStyle(document.getElementById('setup')).maxWidth") != "none"


def test_without_a_link_the_setup_form_comes_with_the_start_files_once(new_context, site_url):
    """Opened without a query the page starts on the setup screen: boot.js brings the form's
    module with the bundle, and lazy.load does not fetch it again; its look is inlined in
    the page (no stylesheet is fetched for it)."""
    page = new_context().new_page()
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    page.goto(site_url)
    _styled_setup(page)
    for name in ("/static/mpy/ui/setup/form.mpy", "/static/i18n/start/en.setup.json"):
        assert sum(u.endswith(name) for u in requested) == 1, (name, requested)
    assert not [u for u in requested if "/static/css/" in u], requested
    # the form's words came in that start part: no other catalogue was needed
    assert not [u for u in requested if re.search(r"/static/i18n/(start/)?en\.json$", u)]
    _setup_words_are(page, "en")
    page.fill("#setup-players li .player-name", "Zoe")
    click(page, "#start")
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert page.inner_text("#turn-label").startswith("Zoe")


def _setup_words_are(page, lang):
    """The setup form speaks ``lang``: its markup, its rows' labels, the chances switch."""
    words = json.loads((REPO / "static" / "i18n" / (lang + ".json")).read_text(encoding="utf-8"))
    assert page.text_content("#setup-title") == words["setup.title"]
    assert page.text_content("#start") == words["setup.start"]
    assert page.text_content("#setup-players .seat-label") == words["setup.seat_label"].replace(
        "{number}", "1")
    assert page.text_content("label:has([name=win_chances]) span") == words["setup.win_chances"]
    assert page.text_content(".player-seat option[value=to_win]") == words["seat.to_win"]


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("lt-LT", "lt")])
def test_new_game_after_a_link_fetches_the_setup_form_then(new_context, site_url, locale, lang):
    """A link's game has no setup form at start (nor its words in the start part); New game
    fetches it, styled, in the player's language, and it works."""
    page = new_context(locale=locale).new_page()
    requested = _first_turn_requests(page, site_url + "?players=Ann&seed=7")
    assert not [u for u in requested if "setup_form" in u or "/css/setup." in u]
    assert not [u for u in requested if u.split("?")[0].endswith(".setup.json")]
    click(page, "#new-game")
    _styled_setup(page)
    _setup_words_are(page, lang)
    assert [u for u in requested if u.split("?")[0].endswith("/ui/setup/form.mpy")]
    page.fill("#setup-players li .player-name", "Bea")
    click(page, "#add-player")
    assert page.locator("#setup-players li").count() == 2
    click(page, "#start")
    wait_for(page, "#confirm-dialog[open]")     # leave Ann's game in progress?
    click(page, "#confirm")
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert "Bea" in page.inner_text("#turn-label")


def test_a_saved_game_is_read_with_the_save_reader_fetched_at_start(new_context, site_url):
    """Reading a save is no start module: a reload with a save fetches it, then resumes."""
    page = new_context().new_page()
    _first_turn_requests(page, site_url + "?players=Ann&seed=7")
    dice = page.evaluate("[...document.querySelectorAll('.die')].map(d => d.dataset.value)")
    requested = []
    page.on("request", lambda request: requested.append(request.url.split("?")[0]))
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    for module in ("savefile", "save_reader"):
        assert [u for u in requested if u.endswith("/static/mpy/dicepoker/%s.mpy" % module)]
    assert page.evaluate("[...document.querySelectorAll('.die')].map(d => d.dataset.value)") == dice


def when_installed(record, watch):
    """An init script: ``record`` (JavaScript) runs at once, ``watch`` (JavaScript with the
    runtime's file system as ``FS``) when that file system is handed to boot.js's
    dicePokerBoot.install, before the first import of ours."""
    return r"""(() => {
  let boot;
  %s
  Object.defineProperty(window, 'dicePokerBoot', {configurable: true,
    get() { return boot; },
    set(value) {
      boot = value;
      const install = value.install;
      value.install = function (FS) {
        %s
        return install.call(this, FS);
      };
    }});
})();""" % (record, watch)


# Every file look-up of MicroPython's imports, as the page's file system answers it.
RECORD_LOOKUPS = when_installed("window.__lookups = {found: 0, missing: []};", r"""
        const stat = FS.stat;
        FS.stat = function (path, ...rest) {
          try { const answer = stat.call(this, path, ...rest); window.__lookups.found++; return answer; }
          catch (e) { window.__lookups.missing.push(String(path)); throw e; }
        };""")
BUILT_INS = ("json", "random")


def test_no_import_looks_for_a_built_in_in_the_file_system(new_context, site_url):
    """``import json`` or ``import random`` finds MicroPython's own at once (py/main.py keeps
    them in sys.modules): without that, each module importing one looked for a json.py in
    every place of sys.path first, six failed look-ups an import (a JavaScript exception
    each in emscripten's file system, 119 at start instead of 83), through the start, a
    first Hint and a box."""
    context = new_context()
    context.add_init_script(RECORD_LOOKUPS)
    page = context.new_page()
    _first_turn_requests(page, site_url + "?players=Ann&seed=7")
    click(page, "#hint")
    wait_for(page, '#hint-panel[data-hint-state="shown"]', state="visible", timeout=30_000)
    page.keyboard.press("Escape")
    gameui.tap(page, 'button[data-player="0"][data-box="chance"]', "box")
    gameui.wait_for_saved_moves(page, 2)
    gameui.settle(page)
    lookups = page.evaluate("window.__lookups")
    # The record saw our imports: modules found, and the look-ups MicroPython makes for
    # any module of a package before it takes its .mpy (a folder of that name, a .py).
    assert lookups["found"] > 20, lookups
    assert "ui/platform/memory.py" in lookups["missing"], lookups["missing"][:20]
    for_built_ins = [p for p in lookups["missing"]
                     if p.rsplit("/", 1)[-1].split(".")[0] in BUILT_INS]
    assert for_built_ins == [], for_built_ins


# Every folder the runtime's file system is asked to make, and those it refused (it throws
# for a folder that is there already).
RECORD_FOLDERS = when_installed("window.__folders = {made: [], refused: []};", r"""
        const mkdir = FS.mkdir, here = FS.cwd().replace(/\/?$/, '/');
        const name = (path) => {    // Python's os.mkdir comes with a whole path ("//ui/advice")
          const whole = String(path).replace(/\/+/g, '/');
          return whole.startsWith(here) ? whole.slice(here.length) : whole;
        };
        FS.mkdir = function (path, ...rest) {
          try { const answer = mkdir.call(this, path, ...rest); window.__folders.made.push(name(path)); return answer; }
          catch (e) { window.__folders.refused.push(name(path)); throw e; }
        };""")


def _first_chances_and_hint(context, site_url, record):
    """A two-player game in a page of ``context`` with ``record`` (an init script) on: the
    first roll, its win chances drawn, then a Hint shown (the strategy's files fetched by
    two loads side by side, then the hint's own)."""
    context.add_init_script(record)
    page = context.new_page()
    _first_turn_requests(page, site_url + "?players=Ann,Bob&seed=7")
    page.wait_for_function("[...document.querySelectorAll('[data-win-chance]')]"
                           ".some(span => span.hasAttribute('data-value'))", timeout=30_000)
    click(page, "#hint")
    wait_for(page, '#hint-panel[data-hint-state="shown"]', state="visible", timeout=30_000)
    return page


def test_no_folder_is_made_twice(new_context, site_url):
    """The start modules' install (static/js/boot.js) and the modules fetched later
    (ui/platform/lazy.py) make each folder once: asked for a folder that is there, the
    runtime's file system throws an exception it builds with its message (57 at start
    and 39 more by a game's first win chances, when each file made its folders)."""
    page = _first_chances_and_hint(new_context(), site_url, RECORD_FOLDERS)
    folders = page.evaluate("window.__folders")
    # The record saw both: the start modules' folders and the strategy's, made on first use.
    assert {"ui", "ui/platform", "dicepoker", "dicepoker/strategy", "ui/advice"} <= set(folders["made"]), folders
    assert folders["refused"] == [], folders


def test_a_file_fetched_later_is_looked_for_once(new_context, site_url):
    """ui/platform/lazy.py looks in the file system once for each file a first use needs:
    those it finds are remembered, and those it fetches are remembered as written.  It
    looked again for each missing file before writing it (one failed look-up, a
    JavaScript exception each, for every file fetched: 24 by a two-player game's first
    win chances and hint), and a load that began while another fetched the same file
    looked for it too."""
    page = _first_chances_and_hint(new_context(), site_url, RECORD_LOOKUPS)
    missing = page.evaluate("window.__lookups.missing")
    # An import of a module that is not there (the controller tries one before it asks
    # for its load) looks for a folder, a .py and then the .mpy: that look-up is the
    # import's, the others are lazy.py's.
    by_lazy = collections.Counter(
        p for i, p in enumerate(missing)
        if p.endswith(".mpy") and not (i and missing[i - 1] == p[:-len(".mpy")] + ".py"))
    # The record saw the strategy's files looked for before they were fetched.
    assert by_lazy.get("dicepoker/strategy/advisor.mpy") == 1, by_lazy
    twice = sorted(p for p, n in by_lazy.items() if n > 1)
    assert twice == [], twice
