"""The settings dialog, sounds, vibration, celebrations and the first game's tips (issue 19).

Sound is counted through a stubbed ``AudioContext`` (an init script: every
context made and every tone started), vibration through a stubbed
``navigator.vibrate``; both before any page script runs.  The contexts use
reduced motion (tests/e2e/conftest.py) unless a test asks for motion.
"""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

import gameui
from click_point import click
from waits import wait_for

LINK = "?players=Ann&seed=7"
STUBS = """
window.__feel = {contexts: 0, tones: 0, buzz: 0};
class FakeParam { setValueAtTime() {} exponentialRampToValueAtTime() {} set value(v) {} }
class FakeNode { constructor() { this.frequency = new FakeParam(); this.gain = new FakeParam(); }
  connect() {} start() { window.__feel.tones++; } stop() {} }
window.AudioContext = class { constructor() { window.__feel.contexts++; this.state = "running";
    this.currentTime = 0; this.destination = {}; }
  createOscillator() { return new FakeNode(); } createGain() { return new FakeNode(); } resume() {} };
navigator.vibrate = function () { window.__feel.buzz++; return true; };
"""
FEEL = "() => window.__feel"
FEEL_IN = "() => !!document.getElementById('celebration')"     # ui.feel.door made its view


def _page(new_context, **options):
    context = new_context(**options)
    context.add_init_script(STUBS)
    return context.new_page()


def _open(page, url):
    page.goto(url)
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)


def _roll(page):
    before = page.evaluate("() => window.__rolls = (window.__rolls || 0)")
    gameui.tap(page, "#roll", "roll")
    gameui.settle(page)
    return before


def _bring_feel(page):
    """Two rolls (a die kept between: no double tap): the second brings ui.feel.door."""
    _roll(page)
    click(page, ".die[data-index='0']")
    _roll(page)
    page.wait_for_function(FEEL_IN, timeout=30_000)


def _open_settings(page):
    click(page, "#open-settings")
    wait_for(page, "#settings-dialog[open] #settings [name=sound]")


def _close_settings(page):
    click(page, "#settings-close")
    page.wait_for_function("() => !document.querySelector('#settings-dialog[open]')")


def _stored(page):
    return page.evaluate("() => JSON.parse(localStorage.getItem('dicepoker.settings'))")


def test_every_setting_has_its_named_control_and_persists_across_reload(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    _open_settings(page)
    for name in ("sound", "vibration", "animations", "previews", "confirm_zero", "hints",
                 "theme", "computer_speed", "language"):
        assert page.locator("#settings [name=%s]" % name).count() == 1, name
    assert page.is_checked("[name=sound]") and page.is_checked("[name=confirm_zero]")
    assert page.input_value("[name=theme]") == "system"
    page.uncheck("[name=sound]")
    page.uncheck("[name=hints]")
    page.select_option("[name=theme]", "dark")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('dicepoker.settings') || '{}').theme === 'dark'")
    assert _stored(page)["sound"] is False and _stored(page)["hints"] is False
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    # boot.js put the looks on <html> before Python ran
    assert page.get_attribute("html", "data-look") == "dark nohints"
    _open_settings(page)
    assert not page.is_checked("[name=sound]") and not page.is_checked("[name=hints]")
    assert page.is_checked("[name=vibration]")
    assert page.input_value("[name=theme]") == "dark"


def test_theme_applies_at_once_and_after_a_reload(new_context, site_url):
    page = _page(new_context, color_scheme="light")
    _open(page, site_url + LINK)
    background = "() => getComputedStyle(document.body).backgroundColor"
    light = page.evaluate(background)
    _open_settings(page)
    page.select_option("[name=theme]", "dark")
    page.wait_for_function("(light) => getComputedStyle(document.body).backgroundColor !== light", arg=light)
    dark = page.evaluate(background)
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    assert page.evaluate(background) == dark
    _open_settings(page)
    page.select_option("[name=theme]", "system")
    page.wait_for_function("(light) => getComputedStyle(document.body).backgroundColor === light", arg=light)
    page.select_option("[name=theme]", "light")
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    assert page.evaluate(background) == light
    # a dark system, the light theme chosen: light
    page2 = _page(new_context, color_scheme="dark")
    page2.goto(site_url + LINK)
    page2.evaluate("() => localStorage.setItem('dicepoker.look', 'light')")
    page2.reload()
    wait_for(page2, 'html[data-state="ready"]', state="attached", timeout=60_000)
    assert page2.evaluate(background) == light


@pytest.mark.parametrize("stored", ['{"sound": "loud", "theme": 7, "hints": null}', "not json", "[1, 2]", "5"])
def test_damaged_settings_are_the_defaults(new_context, site_url, stored):
    page = _page(new_context)
    page.goto(site_url + LINK)
    page.evaluate("(text) => localStorage.setItem('dicepoker.settings', text)", stored)
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    _open_settings(page)
    for name in ("sound", "vibration", "animations", "previews", "confirm_zero", "hints"):
        assert page.is_checked("[name=%s]" % name), name
    assert page.input_value("[name=theme]") == "system"
    assert page.is_visible("#hint")


def test_sound_and_vibration_on_when_on_never_when_off(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    assert page.evaluate(FEEL)["contexts"] == 0         # nothing before a gesture
    _bring_feel(page)                                    # the first two rolls are silent
    before = page.evaluate(FEEL)
    click(page, ".die[data-index='1']")
    _roll(page)
    page.wait_for_function("(n) => window.__feel.buzz > n", arg=before["buzz"])
    after = page.evaluate(FEEL)
    assert after["contexts"] == 1 and after["tones"] > before["tones"]
    # both off: the next moves are silent and still
    _open_settings(page)
    page.uncheck("[name=sound]")
    page.uncheck("[name=vibration]")
    _close_settings(page)
    quiet = page.evaluate(FEEL)
    page.locator("button[data-box]").first.click()
    gameui.settle(page)
    _roll(page)
    page.evaluate("() => new Promise(r => setTimeout(r, 50))")    # the feel's own timer ran
    assert page.evaluate(FEEL) == quiet


def test_no_audio_before_a_gesture_even_when_a_computer_plays(new_context, site_url):
    page = _page(new_context)
    # the pace does not matter here, only that nobody tapped: the fastest one
    page.context.add_init_script("localStorage.setItem('dicepoker.computer-speed', 'fast')")
    _open(page, site_url + "?players=Bot,Ann&seats=good,human&seed=3")
    page.wait_for_function(FEEL_IN, timeout=60_000)          # the computer's roll brought it
    page.wait_for_function("() => document.documentElement.dataset.currentPlayer === '1'",
                           timeout=60_000)
    assert page.evaluate(FEEL)["contexts"] == 0


def _rolled_with_a_zero_box(new_context, site_url):
    """A page after its first roll, and a box that roll would score 0 in."""
    page = _page(new_context)
    _open(page, site_url + LINK)
    _roll(page)
    zero = page.locator("td.zero button[data-box]")
    if not zero.count():
        pytest.skip("seed 7's first throw has no box worth 0")
    return page, zero.first.get_attribute("data-box")


def test_confirm_zero_off_writes_a_zero_without_asking(new_context, site_url):
    page, box = _rolled_with_a_zero_box(new_context, site_url)
    _open_settings(page)
    page.uncheck("[name=confirm_zero]")
    _close_settings(page)
    gameui.tap(page, "td.zero button[data-box='%s']" % box, "box")
    gameui.settle(page)
    assert not page.evaluate("() => document.getElementById('confirm-dialog').open")
    assert page.text_content("span[data-player='0'][data-box='%s']" % box).strip() == "0"


def test_confirm_zero_on_asks(new_context, site_url):
    page, box = _rolled_with_a_zero_box(new_context, site_url)
    gameui.tap(page, "td.zero button[data-box='%s']" % box, "box")
    wait_for(page, "#confirm-dialog[open]")


def test_hints_and_previews_off_apply_at_once(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    _roll(page)
    assert page.is_visible("#hint")
    colour = "() => getComputedStyle(document.querySelector('td .cell-btn')).color"
    shown = page.evaluate(colour)
    _open_settings(page)
    page.uncheck("[name=hints]")
    page.uncheck("[name=previews]")
    _close_settings(page)
    assert not page.is_visible("#hint")
    assert page.evaluate(colour) == "rgba(0, 0, 0, 0)" != shown
    # the boxes still take a tap, the points are still the page's (tests read them)
    assert page.locator("button[data-box]").first.text_content().strip() != ""


def test_computer_speed_setting_is_the_computer_bars(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + "?players=Ann,Bot&seats=human,good&seed=3")
    _open_settings(page)
    assert page.input_value("[name=computer_speed]") == "normal"
    page.select_option("[name=computer_speed]", "fast")
    page.wait_for_function("() => localStorage.getItem('dicepoker.computer-speed') === 'fast'")
    _close_settings(page)
    assert page.input_value("#computer-speed") == "fast"


def test_language_setting_switches_like_the_picker(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    _open_settings(page)
    page.select_option("[name=language]", "be")
    page.wait_for_function("() => document.documentElement.lang === 'be'")
    page.wait_for_function("() => document.getElementById('settings-title').textContent === 'Налады'")
    assert page.input_value("#lang") == "be"
    assert page.evaluate("() => localStorage.getItem('dicepoker.lang')") == "be"


def test_animations_off_and_reduced_motion_stop_the_tumble(new_context, site_url):
    page = _page(new_context)
    page.emulate_media(reduced_motion="no-preference")
    _open(page, site_url + LINK)
    _roll(page)
    name = "() => getComputedStyle(document.querySelector('.die')).animationName"
    assert page.evaluate(name).startswith("tumble")
    # the value is final at once: the tumble is only a look
    assert page.get_attribute(".die", "data-value") != "0"
    _open_settings(page)
    page.uncheck("[name=animations]")
    _close_settings(page)
    assert page.evaluate(name) == "none"
    reduced = _page(new_context)         # reduced motion (the suite's default)
    _open(reduced, site_url + LINK)
    _roll(reduced)
    assert reduced.evaluate(name) == "none"


def test_poker_is_celebrated_in_words_and_skipped_with_reduced_motion(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    _bring_feel(page)
    # every die the same: the feel view sees a Poker thrown (as the shell would draw it)
    page.evaluate("""() => { for (const d of document.querySelectorAll('.die')) d.dataset.value = '6'; }""")
    live = page.evaluate("() => document.getElementById('live').textContent")
    assert "Poker!" not in live


def test_tips_shown_once_and_never_after_dismissing(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    _bring_feel(page)
    wait_for(page, "#tip:not([hidden])", timeout=30_000)
    seen = []
    for _ in range(4):
        tip = page.get_attribute("#tip", "data-tip")
        seen.append(tip)
        click(page, "#tip-close")
        page.wait_for_function("(t) => document.getElementById('tip').hidden || "
                               "document.getElementById('tip').dataset.tip !== t", arg=tip)
    assert seen == ["keep", "again", "card", "bonus"]
    assert page.is_hidden("#tip")
    assert json.loads(page.evaluate("() => localStorage.getItem('dicepoker.tips')")) == seen
    page.reload()
    wait_for(page, 'html[data-state="ready"]', state="attached", timeout=60_000)
    _open_settings(page)                # brings ui.feel.door (the game's rolls are used)
    _close_settings(page)
    gameui.settle(page)
    assert page.locator("#tip:not([hidden])").count() == 0
    # the rules page brings them back
    click(page, "#open-rules")
    wait_for(page, "#tips-again", timeout=30_000)
    click(page, "#tips-again")
    page.wait_for_function("() => !document.querySelector('#rules-dialog[open]')")
    click(page, ".die[data-index='1']")
    wait_for(page, "#tip:not([hidden])")
    assert page.get_attribute("#tip", "data-tip") == "keep"


def test_the_keep_tip_comes_with_the_first_roll_not_after_the_second(new_context, site_url):
    """Issue 47, point 14: "Tap the dice you want to keep..." shows right after the first
    roll of a first game, before any die is kept (it came after the second roll), in the
    tray's message area, styled; the rest of the feel (sounds...) still waits."""
    page = _page(new_context)
    _open(page, site_url + LINK)
    _roll(page)
    wait_for(page, "#tip:not([hidden])", timeout=30_000)
    assert page.get_attribute("#tip", "data-tip") == "keep"
    assert page.text_content("#tip-text").startswith("Tap the dice you want to keep")
    assert page.evaluate("() => getComputedStyle(document.getElementById('tip')).display") == "flex"
    assert page.evaluate("() => document.querySelectorAll('.die[aria-pressed=true]').length") == 0
    assert not page.evaluate(FEEL_IN)                   # the first roll is silent
    click(page, "#tip-close")
    page.wait_for_function("() => document.getElementById('tip').dataset.tip !== 'keep'"
                           " || document.getElementById('tip').hidden")


def test_rules_show_the_boxes_with_dice_in_every_language(new_context, site_url):
    page = _page(new_context)
    _open(page, site_url + LINK)
    for lang in ("en", "lt", "be", "sk"):
        if lang != "en":
            page.select_option("#lang", lang)
            page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        click(page, "#open-rules")
        page.wait_for_function("(l) => document.querySelector('#rules-body .rules') && "
                               "document.querySelector('#rules-body .rules').lang === l", arg=lang)
        pictures = page.locator("#rules-body .rules-dice[role=img]")
        assert pictures.count() == 10, lang
        assert page.locator("#tips-again").count() == 1
        click(page, "#rules-dialog .close-dialog")
        page.wait_for_function("() => !document.querySelector('#rules-dialog[open]')")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_on_the_settings_and_the_tips(new_context, site_url, scheme):
    page = _page(new_context, color_scheme=scheme)
    _open(page, site_url + LINK)
    _bring_feel(page)
    wait_for(page, "#tip:not([hidden])", timeout=30_000)
    axe = Axe()
    results = axe.run(page, context="#tip")
    assert results.violations_count == 0, results.generate_report()
    _open_settings(page)
    results = axe.run(page, context="#settings-dialog")
    assert results.violations_count == 0, results.generate_report()


def test_previews_off_give_nothing_away_and_hint_off_leaves_no_gap(new_context, site_url):
    """Issue 47, point 6: with "Show what each box would score" off, an open box that would
    score looks exactly like one that would score 0 (no green, no brown); with Hint off the
    tray has no hole where Hint was: Roll and Undo share its width."""
    page = _page(new_context)
    _open(page, site_url + LINK)
    _open_settings(page)
    page.uncheck("[name=previews]")
    page.uncheck("[name=hints]")
    _close_settings(page)
    assert page.get_attribute("html", "data-look").split() == ["nopreviews", "nohints"]
    click(page, "#roll")
    page.wait_for_function("[...document.querySelectorAll('.die')].every(d => d.dataset.value !== '0')")
    looks = page.evaluate("""() => {
        const look = (b) => { const s = getComputedStyle(b), m = getComputedStyle(b, '::before');
            return [s.color, s.fontWeight, m.borderTopColor, m.backgroundColor].join('|'); };
        const cells = [...document.querySelectorAll('td .cell-btn')].filter(b => b.offsetParent);
        return {zero: [...new Set(cells.filter(b => b.closest('td.zero')).map(look))],
                scoring: [...new Set(cells.filter(b => !b.closest('td.zero')).map(look))]};
    }""")
    assert looks["zero"] and looks["scoring"], looks          # both kinds are on the card
    assert looks["zero"] == looks["scoring"] and len(looks["zero"]) == 1, looks
    tray = page.evaluate("""() => {
        const r = (id) => document.getElementById(id).getBoundingClientRect();
        const row = document.querySelector('.tray-actions').getBoundingClientRect();
        return {hint: getComputedStyle(document.getElementById('hint')).display,
                gap: row.right - Math.max(r('roll').right, r('undo').right)};
    }""")
    assert tray["hint"] == "none" and tray["gap"] < 2, tray
