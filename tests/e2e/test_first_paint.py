"""The first screen is painted before Python runs, and Python takes it over without a jump.

static/js/boot.js (a classic script in <head>) sets ``<html data-first>``:
"setup" (no query, no saved game) or "game" (a link or a saved game);
app.css and setup.css show that screen as Python will draw it, with ``#app``
inert until py/ui/screens.py takes over. These tests hold PyScript's core.js
(the request is never answered), look at the page without Python, then let
it go and compare: the same boxes in the same places, no layout shift.
"""

import json

import pytest

from gameui import settle, tap
from click_point import click
from waits import wait_for

CORE = "**/static/vendor/pyscript/core.js"

# Records every layout shift (as CLS counts it) from the first paint on.
SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (!e.hadRecentInput) window.__shifts.push({ value: e.value,
      sources: e.sources.map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?') });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""

# Where the first screen's parts are: what must not move when Python takes over.
BOXES = """
(sels) => Object.fromEntries(sels.map((s) => {
  const el = document.querySelector(s);
  if (!el || !el.getClientRects().length) return [s, null];
  const r = el.getBoundingClientRect();
  return [s, [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]];
}))
"""
SETUP_PARTS = ["#setup-title", "#setup-form fieldset:nth-of-type(2)", ".challenge", "#start",
               ".brand", "#open-rules", "#lang-code", "#open-transfer"]
GAME_PARTS = [".brand", "#open-rules", "#open-stats", "#open-transfer", "#new-game",
              "#players", "#card-upper", "#card-lower", "#dice", "#undo", "#roll", "#hint"]


def assert_game_skeleton(page):
    """The game's first screen before Python: the default card's boxes named, no points,
    five blank dice (index.html holds one: boot.js copies it before the first paint)."""
    assert page.is_visible("#game") and page.is_visible("#card-lower")
    assert page.inner_text("#card-upper tr:first-child") == "Ones"
    assert page.inner_text("#card-lower tr:nth-child(2)") == "Two pairs"
    assert page.evaluate("[...document.querySelectorAll('.die')].map((d) => [d.dataset.index, d.dataset.value])") \
        == [[str(i), "0"] for i in range(5)]
    assert page.is_disabled("#roll")


class HeldRuntime:
    """Holds every request for PyScript's core.js until ``release()``."""

    def __init__(self, page):
        self.routes = []
        self.page = page
        page.route(CORE, self._hold)

    def _hold(self, route):
        self.routes.append(route)

    def release(self, timeout_ms=30_000):
        """Lets core.js through once it is asked for (boot.js asks after the first screen
        is shown, a few tasks later: on a busy machine after the test has looked)."""
        waited = 0
        while not self.routes and waited < timeout_ms:
            self.page.wait_for_timeout(50)
            waited += 50
        assert self.routes, "core.js was never requested"
        for route in self.routes:
            route.continue_()
        self.page.unroute(CORE)


def open_held(new_context, url, viewport=(390, 844), locale="en-US", scheme="light", storage=None,
              observers=(SHIFTS,), slowdown=None):
    # a new context, as a first visit has: a kept one's renderer has run the game before,
    # and Python's first draw then comes sooner against the first screen's (conftest.py)
    ctx = new_context(kept=False, viewport={"width": viewport[0], "height": viewport[1]},
                      locale=locale, color_scheme=scheme)
    for script in observers:
        ctx.add_init_script(script)
    if storage:
        ctx.add_init_script("if (location.protocol.startsWith('http'))"
                            " Object.entries(%s).forEach(([k, v]) => localStorage.setItem(k, v));"
                            % json.dumps(storage))
    page = ctx.new_page()
    held = HeldRuntime(page)
    if slowdown:        # a phone's CPU (Chromium's CDP)
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    page.goto(url, wait_until="commit")
    wait_for(page, "html[data-first]", state="attached")
    page.wait_for_function("document.readyState !== 'loading'")
    return page, held


def take_over(page, held, state):
    held.release()
    wait_for(page, "html[data-state=%s]" % state, state="attached", timeout=60_000)
    settle(page)


def test_setup_screen_before_python(new_context, site_url):
    page, held = open_held(new_context, site_url)
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    assert page.evaluate("document.documentElement.dataset.first") == "setup"
    assert page.is_visible("#setup") and page.is_visible("#start")
    assert page.is_hidden("#game") and page.is_hidden("#boot") and page.is_hidden("#new-game")
    assert page.inner_text("#setup-title") == "New game"
    assert page.inner_text("#start") == "Start the game"
    assert page.is_checked("input[name=ruleset][value=dice-poker]")
    # the setup sheet is in before the first paint: a styled panel, the row held
    assert page.evaluate("getComputedStyle(document.querySelector('.panel')).borderTopStyle") == "solid"
    held_row = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#setup-players'),"
                             " '::before').minHeight)")
    assert held_row > 90          # a phone: the name and the seat, one under the other
    before = page.evaluate(BOXES, SETUP_PARTS)
    assert all(before.values()), before
    take_over(page, held, "setup")
    assert page.evaluate("document.documentElement.hasAttribute('data-first')") is False
    assert page.evaluate("document.getElementById('app').inert") is False
    assert page.input_value("#player-name-1") == "Player 1"
    assert page.evaluate(BOXES, SETUP_PARTS) == before
    assert page.evaluate("window.__shifts") == []


def test_taps_before_python_do_nothing(new_context, site_url):
    """#app is inert until Python is there: a tap on Start, a rule set or Add a player
    is not taken (no form sent, nothing changed), and the page then starts as it would."""
    page, held = open_held(new_context, site_url)
    assert page.evaluate("document.getElementById('app').inert") is True
    for selector in ("input[name=ruleset][value=yahtzee]", "#add-player", "#start"):
        box = page.locator(selector).bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("Enter")
    assert page.evaluate("location.search") == ""
    assert page.is_checked("input[name=ruleset][value=dice-poker]")
    take_over(page, held, "setup")
    assert page.evaluate("location.search") == ""
    assert page.locator("#setup-players > li").count() == 1
    assert page.is_checked("input[name=ruleset][value=dice-poker]")
    click(page, "#start")
    wait_for(page, "html[data-state=ready]", state="attached")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_setup_screen_in_belarusian_before_python(new_context, site_url, scheme):
    page, held = open_held(new_context, site_url, viewport=(360, 640), locale="be-BY", scheme=scheme)
    assert page.evaluate("document.documentElement.lang") == "be"
    assert page.inner_text("#setup-title") == "Новая гульня"
    assert page.inner_text("#lang-code") == "BE"
    assert page.get_attribute("#open-rules", "title") == "Правілы"
    before = page.evaluate(BOXES, SETUP_PARTS)
    take_over(page, held, "setup")
    assert page.input_value("#player-name-1") == "Гулец 1"
    assert page.evaluate(BOXES, SETUP_PARTS) == before
    assert page.evaluate("window.__shifts") == []


def test_link_shows_the_game_bar_before_python(new_context, site_url):
    page, held = open_held(new_context, site_url + "?players=Ann,Ben&seed=3")
    assert page.evaluate("document.documentElement.dataset.first") == "game"
    assert page.is_hidden("#setup")
    assert page.is_visible("#new-game")
    assert_game_skeleton(page)
    before = page.evaluate(BOXES, GAME_PARTS)
    take_over(page, held, "ready")
    assert page.evaluate(BOXES, GAME_PARTS) == before
    assert page.evaluate("window.__shifts") == []


@pytest.mark.parametrize("viewport, query", [((390, 844), "?players=Ann&seed=5"),
                                             ((1280, 800), "?players=Ann&seed=5"),
                                             ((390, 844), "?players=Zed&seed=9&rules=yahtzee")])
def test_link_opened_again_over_a_game_left_after_a_roll_moves_nothing(new_context, site_url,
                                                                       goto_ready, viewport, query):
    """A link's page keeps its query: reloaded mid-turn, Python shows the saved game (its
    own), and opened with another link over it, the saved game too, under the question
    whether to leave it (py/control/games.py on_link); so boot.js paints the save's first
    screen on a link's page too, unless the saved game is over."""
    saved = saved_game(new_context, site_url, goto_ready, "?players=Ann&seed=5", True)
    page, held = open_held(new_context, site_url + query, viewport=viewport, storage=saved)
    assert page.evaluate("[document.documentElement.dataset.rules, document.documentElement.dataset.turnPhase]") \
        == ["dice-poker", "rolled"]
    before, words = page.evaluate(BOXES, GAME_PARTS + ["#handover"]), page.evaluate(TRAY_WORDS)
    take_over(page, held, "ready")
    assert page.evaluate(TRAY_WORDS) == words
    assert page.evaluate(BOXES, GAME_PARTS + ["#handover"]) == before
    assert page.evaluate("window.__shifts") == []
    asked = page.evaluate("!!document.querySelector('#confirm-dialog[open]')")
    assert asked == ("Zed" in query)


@pytest.mark.parametrize("viewport, locale", [((844, 390), "sk-SK"), ((390, 844), "lt-LT")])
def test_link_in_another_language_has_rolls_words_before_python(new_context, site_url, viewport,
                                                               locale):
    """In another language the first screen waits for the catalogue, which also words
    Roll's two lines (hidden until Python: Roll, 3 rolls left) as the tray will: in
    Slovak in landscape "Zostávajú 3 hody" takes two lines, and the tray's buttons
    are as tall before Python as after."""
    page, held = open_held(new_context, site_url + "?players=Ann,Ben&seed=3", viewport=viewport,
                           locale=locale)
    words = page.evaluate(TRAY_WORDS)
    assert words[2].count("3") == 1
    before = page.evaluate(BOXES, GAME_PARTS)
    take_over(page, held, "ready")
    assert page.evaluate(TRAY_WORDS)[1:] == words[1:]
    assert page.evaluate(BOXES, GAME_PARTS) == before
    assert page.evaluate("window.__shifts") == []


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)])
def test_saved_game_shows_the_game_bar_before_python(new_context, site_url, goto_ready, viewport):
    """A saved game (no query) comes back on the game screen, never the setup form first;
    left at a turn's start (a box just written), it comes back without a shift."""
    ctx = new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = ctx.new_page()
    goto_ready(page, site_url + "?players=Ann&seed=5")
    click(page, "#roll")
    page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
    click(page, 'button[data-player="0"][data-box="chance"]')
    wait_for(page, "html[data-turn-phase=start]", state="attached")
    saved = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    ctx.close()
    page, held = open_held(new_context, site_url, viewport=viewport, storage=saved)
    assert page.evaluate("document.documentElement.dataset.first") == "game"
    assert page.is_hidden("#setup") and page.is_visible("#new-game")
    assert_game_skeleton(page)
    before = page.evaluate(BOXES, GAME_PARTS)
    take_over(page, held, "ready")
    assert page.evaluate(BOXES, GAME_PARTS) == before
    assert page.evaluate("window.__shifts") == []


# Saves already played, by (site, query, mid_turn, rolls): a seeded game played the same
# way leaves the same save, so each is played once per test process, not once per test.
_SAVES = {}


def saved_game(new_context, site_url, goto_ready, query, mid_turn, lang="en", rolls=1):
    """localStorage of a game played from ``query`` to its first roll (``rolls`` rolls),
    then (unless ``mid_turn``) to Chance: a box written, the next turn's start; the
    language ``lang`` chosen."""
    played = (site_url, query, mid_turn, rolls)
    if played not in _SAVES:
        _SAVES[played] = play_to_save(new_context, site_url, goto_ready, query, mid_turn, rolls)
    return dict(_SAVES[played], **{"dicepoker.lang": lang})


def play_to_save(new_context, site_url, goto_ready, query, mid_turn, rolls):
    """The localStorage :func:`saved_game` describes, played in a new context."""
    ctx = new_context()
    page = ctx.new_page()
    goto_ready(page, site_url + query)
    for left in range(2, 2 - rolls, -1):
        tap(page, "#roll", "roll")
        page.wait_for_function("document.querySelector('html').dataset.turnPhase === 'rolled'"
                               " && document.getElementById('roll-left').textContent"
                               " === %s" % json.dumps("%d roll%s left" % (left, "" if left == 1 else "s")
                                                      if left else ""))
    if not mid_turn:
        click(page, 'button[data-player="0"][data-box="chance"]')
        wait_for(page, "html[data-turn-phase=start]", state="attached")
    saved = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    ctx.close()
    return saved


CARD_PARTS = GAME_PARTS + ["#card", "#card-upper-sums", "#card-totals"]


@pytest.mark.parametrize("viewport, lang", [((390, 844), "en"), ((360, 640), "en"), ((844, 390), "en"),
                                            ((1280, 800), "en"), ((360, 640), "be")])
def test_saved_game_of_other_rules_comes_back_without_a_shift(new_context, site_url, goto_ready,
                                                              viewport, lang):
    """The first screen shows the saved game's rules (boot.js reads them from the save's
    meta: ``data-rules``): a Yahtzee card has two rows fewer than the default one, and
    its sums are its taller column.  Python's card has the same size and rows, and
    ``data-rules`` goes when it takes over (a new game of other rules has all its rows)."""
    saved = saved_game(new_context, site_url, goto_ready, "?players=Ann&seed=5&rules=yahtzee", False, lang)
    page, held = open_held(new_context, site_url, viewport=viewport, storage=saved)
    assert page.evaluate("[document.documentElement.dataset.rules, document.documentElement.dataset.turnPhase]") \
        == ["yahtzee", "start"]
    before = page.evaluate(BOXES, CARD_PARTS)
    take_over(page, held, "ready")
    assert page.evaluate(BOXES, CARD_PARTS) == before
    assert page.evaluate("window.__shifts") == []
    assert page.evaluate("document.documentElement.dataset.rules") is None   # the board's rows now


@pytest.mark.parametrize("viewport, locale", [((390, 844), "en-US"), ((360, 640), "be-BY"),
                                              ((844, 390), "en-US"), ((1280, 800), "lt-LT")])
def test_link_of_other_rules_has_its_rows_before_python(new_context, site_url, viewport, locale):
    """A link names its rules (``?rules=yahtzee``): boot.js puts them on ``data-rules``,
    so the first screen has a Yahtzee card's rows and room, and Python's card moves nothing
    (the default card's two more rows used to go when Python drew: the rows below them,
    and on a phone the tray, moved up)."""
    page, held = open_held(new_context, site_url + "?players=Ann,Ben&seed=3&rules=yahtzee",
                           viewport=viewport, locale=locale)
    assert page.evaluate("document.documentElement.dataset.rules") == "yahtzee"
    shown = page.evaluate("""[...document.querySelectorAll('#card-lower > tr')]
        .filter((tr) => tr.getClientRects().length).map((tr) => tr.firstElementChild.dataset.i18n)""")
    assert shown[:2] == ["box.three_kind", "box.four_kind"]
    before = page.evaluate(BOXES, CARD_PARTS)
    take_over(page, held, "ready")
    assert page.evaluate(BOXES, CARD_PARTS) == before
    assert page.evaluate("window.__shifts") == []
    assert page.evaluate("document.documentElement.dataset.rules") is None


@pytest.mark.parametrize("ruleset, viewport, locale", [("yahtzee", (390, 844), "en-US"),
                                                       ("yahtzee", (1280, 800), "lt-LT"),
                                                       ("dice-poker-classic", (360, 640), "sk-SK")])
def test_friends_link_comes_in_without_a_shift(new_context, site_url, goto_ready, ruleset,
                                               viewport, locale):
    """A friend's link (``#play=...``, issue 16) opened on a fresh phone: boot.js reads its
    rules from the fragment, so the first card has their rows, and Python draws the game
    it brings without a shift.  (Its files come after the start's: until then the page
    drew the setup form above the game, which jumped down and back, CLS 1.9; and a
    Yahtzee card lost the default card's two rows.)  The friend's one move then, sending
    their part back, is Share, which Python puts in the dice's place."""
    from test_remote import link_on, setup
    ann = new_context().new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"], ruleset)
    href = link_on(ann)
    page, held = open_held(new_context, href, viewport=viewport, locale=locale)
    assert page.evaluate("document.documentElement.dataset.rules") == ruleset
    before = page.evaluate(BOXES, GAME_PARTS)      # (the sums come with Python, below the rows)
    take_over(page, held, "ready")
    assert page.evaluate("window.__shifts") == []
    after = page.evaluate(BOXES, GAME_PARTS + ["#tray-share"])
    assert after.pop("#tray-share") == before["#dice"] and after["#dice"] is None
    assert after == dict(before, **{"#dice": None})


TRAY_WORDS = "['handover-main', 'roll-text', 'roll-left'].map((id) => document.getElementById(id).textContent)"


@pytest.mark.parametrize("viewport, lang, rolls", [
    ((390, 844), "en", 1), ((360, 640), "en", 1), ((390, 844), "be", 1), ((1280, 800), "en", 2),
    ((844, 390), "lt", 1), ((1280, 800), "sk", 3), ((390, 844), "lt", 3)])
def test_saved_game_left_mid_turn_comes_back_without_a_shift(new_context, site_url, goto_ready,
                                                             viewport, lang, rolls):
    """Left after a roll, a game's first screen has a rolled turn's tray: the legend line,
    the message (none on a short phone) and Roll's two lines, worded as the tray will
    word them (the save's meta says the rolls left: boot.js words them from the
    catalogue, English too), so their lines are as many: a message of two lines in some
    languages and on a desktop's tray, Roll of three in landscape."""
    saved = saved_game(new_context, site_url, goto_ready, "?players=Ann&seed=5", True, lang, rolls)
    page, held = open_held(new_context, site_url, viewport=viewport, storage=saved)
    assert page.evaluate("[document.documentElement.dataset.rules, document.documentElement.dataset.turnPhase]") \
        == ["dice-poker", "rolled"]
    assert page.is_visible(".card-legend")
    # (the card as a whole on a phone held upright: elsewhere its sums come with Python,
    # below the rows, where they move nothing)
    parts = GAME_PARTS + ["#handover"] + (["#card"] if viewport[0] < viewport[1] else [])
    before, words = page.evaluate(BOXES, parts), page.evaluate(TRAY_WORDS)
    take_over(page, held, "ready")
    assert page.evaluate(TRAY_WORDS) == words and words[0]
    assert page.evaluate(BOXES, parts) == before
    assert page.evaluate("window.__shifts") == []


def test_first_card_has_the_saved_rules_rows(new_context, site_url):
    """index.html's rows are the default rules'; app.css hides what other rules lack.
    For every rule set, the rows shown before Python are its boxes, in order."""
    from dicepoker.rules import RULESETS
    for ruleset in sorted(RULESETS):
        meta = json.dumps({"first": ruleset + " start"})
        page, _ = open_held(new_context, site_url, storage={"dicepoker.game": "{}", "dicepoker.game-meta": meta})
        shown = page.evaluate("""[...document.querySelectorAll('#card-upper > tr, #card-lower > tr')]
            .filter((tr) => tr.getClientRects().length).map((tr) => tr.firstElementChild.dataset.i18n)""")
        assert shown == ["box." + box for box in RULESETS[ruleset].boxes], ruleset
        page.context.close()


@pytest.mark.parametrize("meta", ["not json", "null", "5", "[]", '{"first": 3}',
                                  '{"first": "yahtzee"}', '{"first": "Yahtzee rolled2"}'])
def test_a_meta_not_ours_gives_the_default_first_screen(new_context, site_url, page_monitor,
                                                         meta):
    """boot.js reads the save's meta without trusting it: anything else than its
    "rules phase[rolls]" words paints the default card, with no error on the page."""
    page, held = open_held(new_context, site_url,
                           storage={"dicepoker.game": "{}", "dicepoker.game-meta": meta})
    assert page.evaluate("""[document.documentElement.dataset.first, document.documentElement.dataset.rules,
        document.documentElement.dataset.turnPhase]""") == ["game", None, None]
    assert page.is_visible("#card") and page.is_visible("#roll")
    assert page_monitor(page).errors == []
    page.context.close()


# Every largest-contentful-paint entry, and when Python's first draw came.
LCP = """
window.__lcp = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__lcp.push({ t: e.startTime, id: e.element && e.element.id });
}).observe({ type: 'largest-contentful-paint', buffered: true });
new MutationObserver(() => {
  const html = document.documentElement;
  if (html && html.dataset.state && html.dataset.state !== 'loading' && !window.__drawn) window.__drawn = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
"""


@pytest.mark.parametrize("players, locale, loading, first_line", [
    ("Ann", "en-US", "Loading the game…", "Roll the dice to start your turn."),
    # the game's first turn: nobody has passed the device yet (issue 47, point 9)
    ("Ann,Ben", "en-US", "Loading the game…", "Your turn, Ann"),
    ("Ann,Ben", "lt-LT", "Žaidimas įkeliamas…", "Jūsų eilė, Ann"),
])
def test_turn_message_says_loading_then_the_turn_in_its_place(new_context, site_url, players, locale,
                                                             loading, first_line):
    """Before Python the tray's message line says the game is loading (in the player's
    language), where and as large as a turn's first line; the tray then writes the turn
    over it in the same element: no shift, and the largest paint is the first screen's,
    not a new one when Python has drawn (the line is not replaced, only its words)."""
    page, held = open_held(new_context, site_url + "?players=%s&seed=3" % players, viewport=(412, 823),
                           locale=locale, observers=(SHIFTS, LCP))
    page.wait_for_function("document.getElementById('handover-main').textContent === %s" % json.dumps(loading))
    assert page.is_visible("#handover-main")
    before = page.evaluate(BOXES, ["#handover-main"])
    take_over(page, held, "ready")
    assert page.inner_text("#handover-main") == first_line
    assert page.evaluate(BOXES, ["#handover-main"])["#handover-main"][:2] == before["#handover-main"][:2]
    assert page.evaluate("window.__shifts") == []
    entries, drawn = page.evaluate("[window.__lcp, window.__drawn]")
    assert entries and drawn
    assert entries[-1]["id"] == "handover-main"
    assert entries[-1]["t"] < drawn, (entries, drawn)


# Every size and weight of type that text laid out on the first screen uses,
# hidden words and the held lines' no-break spaces included (they are laid out too).
TYPES = """
() => {
  const types = {};
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.data.replace(/[ \\t\\n\\r]/g, '') || !n.parentElement.getClientRects().length) continue;
    const s = getComputedStyle(n.parentElement);
    (types[[s.fontSize, s.fontWeight, s.fontStyle].join(' ')] ||= []).push(n.data.trim().slice(0, 20));
  }
  return types;
}
"""


@pytest.mark.parametrize("query", ["", "?players=Ann,Ben&seed=3"])
@pytest.mark.parametrize("viewport", [(412, 823), (390, 844), (360, 640)])
def test_first_screen_uses_few_types(new_context, site_url, query, viewport):
    """A first layout looks up each size and weight of type it meets, hidden or not (on
    Linux one synchronous call to the browser's font service each): 11 of them took
    about a third of a phone's first layout (docs/performance.md, "What was tried").  The first screens
    keep to a few: hidden words take the page's own type, and the rest share a small
    scale (the status lines the chips' size, the tray's labels one size)."""
    page, held = open_held(new_context, site_url + query, viewport=viewport)
    types = page.evaluate(TYPES)
    assert len(types) <= 7, types
    held.release()


# When the first screen was shown, and when the first of the runtime's files was asked for.
RUNTIME_ASKED = """
() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const asked = performance.getEntriesByType('resource')
    .filter((e) => /\\/static\\/(vendor|mpy)\\/|\\/py\\/main\\.py$/.test(new URL(e.name).pathname))
    .map((e) => e.startTime);
  return { painted: paint ? paint.startTime : null, asked: asked.length ? Math.min(...asked) : null };
}
"""


@pytest.mark.parametrize("query", ["", "?players=Ann,Ben&seed=3"])
def test_the_runtime_is_asked_for_once_the_first_screen_is_shown(new_context, site_url, query):
    """boot.js starts the runtime at the first-contentful-paint entry, which comes once
    the frame is on the screen; it used to start in the frame's animation callback, so
    its requests went out while that frame was still being laid out and shown (on a slow
    phone they competed with it, and Lighthouse counted those that ended before the paint
    as the paint's: docs/performance.md, "What was tried").  At a phone's CPU (/ 4), where that frame takes
    longest to show."""
    page, held = open_held(new_context, site_url + query, slowdown=4)
    page.wait_for_function("performance.getEntriesByType('resource')"
                           ".some((e) => e.name.includes('/static/vendor/'))")
    times = page.evaluate(RUNTIME_ASKED)
    assert times["painted"] is not None and times["asked"] is not None, times
    assert times["asked"] >= times["painted"], times
    held.release()
