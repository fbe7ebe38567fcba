"""The play screen fits one screen (issue: "the dice tray covers the card").

For every language, with 1, 4 (one a computer seat) and 8 players, after a
roll, without and with the hint shown, at 360×640, 390×844, 844×390 and
1280×800: every open box of the current player, the five dice and Roll are
inside the viewport and are the topmost element at their centre
(elementFromPoint), and so are the player's sums and total, without
scrolling; box cells are at least 40 px high, dice and Roll at least 48 px.
At 320×568 the page only scrolls vertically, and no label spills out of its
button.  One page per language and game: the viewport is resized, not
reloaded.  A failing layout leaves a screenshot in test-artifacts/.

Also: a tap on a chip shows that player's card; the box's rule shows on
demand; the legend; the seat picker's text is whole; axe finds nothing with
the hint list open, in both themes.
"""

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe

from dicepoker.game import Game
from gameui import link
from harness import ARTIFACTS

LANGS = ["en", "lt", "be", "sk"]
FIT = {"360x640": (360, 640), "390x844": (390, 844), "844x390": (844, 390), "1280x800": (1280, 800)}
SMALL = (320, 568)
NAMES = ["Annabelle", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]
GAMES = {                                   # name -> (players, seats)
    "1 player": (1, None),
    "4 players, a computer": (4, ["human", "optimal", "human", "human"]),
    "8 players": (8, None),
}
SHOWN = '#hint-panel[data-hint-state="shown"]'

# What must be on screen and on top, with what went wrong for each.
FITS = r"""
() => {
  const W = innerWidth, H = innerHeight, p = document.documentElement.dataset.currentPlayer;
  const bad = [];
  const need = [
    ...[...document.querySelectorAll('button[data-player="' + p + '"][data-box]')].map(e => [e, 40, 0]),
    ...[...document.querySelectorAll('.die')].map(e => [e, 48, 48]),
    [document.getElementById('roll'), 48, 48],
    ...[...document.querySelectorAll('td[data-sum][data-seat="' + p + '"]')].map(e => [e, 0, 0]),
  ];
  for (const [e, minH, minW] of need) {
    const r = e.getBoundingClientRect();
    const name = e.dataset.box || e.dataset.sum || e.id || ('die ' + e.dataset.index);
    if (r.height < minH || r.width < minW) bad.push(name + ': ' + Math.round(r.width) + 'x' + Math.round(r.height));
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.top < 0 || r.left < 0 || r.bottom > H + 0.5 || r.right > W + 0.5) {
      bad.push(name + ': outside the viewport (' + Math.round(r.top) + '..' + Math.round(r.bottom) + ')');
      continue;
    }
    const top = document.elementFromPoint(x, y);
    if (!top || !(top === e || e.contains(top)))
      bad.push(name + ': covered by ' + (top ? (top.id || top.className || top.tagName) : 'nothing'));
  }
  if (scrollY !== 0) bad.push('scrolled by ' + scrollY);
  return bad;
}
"""

# The top bar's title may be hidden for room below 380 px only, and then as the h1's text
# that screen readers read (static/css/app.css: the bar's eight icon buttons take the width).
READ_ONLY = r"""
  const readOnly = (title) => innerWidth < 380 && title.textContent.trim() !== ''
    && getComputedStyle(title).position === 'absolute' && title.getBoundingClientRect().width <= 1;
"""

# Labels that spill out of their buttons, a cut title, sideways scrolling.
SPILLS = r"""
() => {
  const bad = [];""" + READ_ONLY + r"""
  if (document.documentElement.scrollWidth > innerWidth) bad.push('horizontal scroll');
  const within = (inner, outer, name) => {
    const a = inner.getBoundingClientRect(), b = outer.getBoundingClientRect();
    if (a.width && (a.left < b.left - 0.5 || a.right > b.right + 0.5 || a.top < b.top - 0.5 || a.bottom > b.bottom + 0.5))
      bad.push(name + ' spills out of its button');
  };
  for (const id of ['undo', 'hint', 'roll'])
    for (const el of document.getElementById(id).querySelectorAll('span, svg')) within(el, document.getElementById(id), id);
  for (const el of document.querySelectorAll('#undo svg, #hint svg'))
    if (Math.abs(el.getBoundingClientRect().width - el.getBoundingClientRect().height) > 1) bad.push('a squashed icon');
  const title = document.querySelector('.brand span');
  if (!readOnly(title) && (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1)) bad.push('the title is cut');
  return bad;
}
"""


def save_shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / ("test_layout__%s.png" % re.sub(r"[^\w.-]+", "_", name))))


def start(page, site_url, goto_ready, players, seats):
    names = NAMES[:players]
    if page.url.startswith("http"):          # the last game: gone (a link would ask first)
        page.evaluate("localStorage.removeItem('dicepoker.game')")
    if seats is None:
        goto_ready(page, link(site_url, names, seed=7))
    else:                                    # a computer seat: start from a saved game
        game = Game(names, seed=7, seats=seats)
        page.goto(site_url)
        page.wait_for_selector("html:not([data-state=loading])", state="attached")
        page.evaluate("text => { localStorage.removeItem('dicepoker.game');"
                      " localStorage.setItem('dicepoker.game', text); }", game.to_json())
        goto_ready(page, site_url)
    page.click("#roll")
    page.wait_for_selector('html[data-turn-phase="rolled"]', state="attached")


def check_fits(page, label, problems):
    for view, (w, h) in FIT.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        bad = page.evaluate(FITS)
        if bad:
            name = "%s %s" % (label, view)
            save_shot(page, name)
            problems.append("%s: %s" % (name, "; ".join(bad)))


@pytest.mark.parametrize("lang", LANGS)
def test_card_dice_and_roll_fit_one_screen(new_context, site_url, goto_ready, lang):
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s'); } catch (e) {}" % lang)
    page = context.new_page()
    problems = []
    for label, (players, seats) in GAMES.items():
        page.set_viewport_size({"width": 360, "height": 640})
        start(page, site_url, goto_ready, players, seats)
        label = "%s, %s" % (lang, label)
        check_fits(page, label, problems)
        page.click("#hint")
        page.wait_for_selector(SHOWN, state="visible", timeout=30_000)
        check_fits(page, label + ", hint", problems)
        # The hint's best box is one of the open boxes checked above; it is marked.
        assert page.locator('button[data-hint="best"]').count() == 1
        page.set_viewport_size({"width": SMALL[0], "height": SMALL[1]})
        spills = page.evaluate(SPILLS)
        if spills:
            save_shot(page, label + " 320x568")
            problems.append("%s 320x568: %s" % (label, "; ".join(spills)))
    assert problems == []


def test_tapping_a_chip_shows_that_players_card(new_context, site_url, goto_ready):
    page = new_context(viewport={"width": 360, "height": 640}, has_touch=True).new_page()
    goto_ready(page, link(site_url, NAMES[:4], seed=7))
    page.tap("#roll")
    shown = "() => [...document.querySelectorAll('#card-upper td')].filter(td => td.offsetWidth).map(td => td.dataset.seat)"
    assert set(page.evaluate(shown)) == {"0"}
    page.tap('.chip[data-seat="2"]')
    assert set(page.evaluate(shown)) == {"2"}
    assert page.is_visible('#card-head th[data-seat="2"]')        # whose card it is
    for p in range(4):                                             # every total stays in view
        assert page.is_visible('.chip-total[data-player="%d"]' % p)
    page.tap('.die[data-index="0"]')                               # play on: the own card again
    assert set(page.evaluate(shown)) == {"0"}
    assert page.is_visible('button[data-player="0"][data-box="chance"]')


def test_rule_of_a_box_on_demand_and_the_legend(new_context, site_url, goto_ready):
    context = new_context(viewport={"width": 1280, "height": 800})
    # a player past the first game's tips: the first roll's tip takes the legend's place
    context.add_init_script("if (location.protocol.startsWith('http'))"
                            " localStorage.setItem('dicepoker.tips',"
                            " JSON.stringify(['keep', 'again', 'card', 'bonus']))")
    page = context.new_page()
    goto_ready(page, link(site_url, ["Ann"], seed=7))
    hint = page.locator('tr[data-row="full_house"] .box-hint')
    assert hint.bounding_box()["height"] <= 1                      # not a second line in every row
    page.hover('tr[data-row="full_house"] .box-name')
    assert hint.bounding_box()["height"] > 10
    page.mouse.move(0, 0)
    assert page.is_hidden(".card-legend")                          # nothing to preview yet
    page.click("#roll")
    assert page.is_visible(".card-legend")
    assert page.text_content(".card-legend").strip()
    page.focus('button[data-player="0"][data-box="full_house"]')   # the focus on its cell
    assert hint.bounding_box()["height"] > 10
    page.evaluate("document.activeElement.blur()")
    assert hint.bounding_box()["height"] <= 1
    # A preview and a written score do not look alike.
    styles = """sel => { const s = getComputedStyle(document.querySelector(sel));
                         return [s.fontStyle, s.color].join(' '); }"""
    page.click('button[data-player="0"][data-box="chance"]')
    page.wait_for_selector('html[data-turn-phase="start"]', state="attached")
    page.wait_for_timeout(400)                                     # not a double tap
    page.click("#roll")
    page.wait_for_selector('button[data-player="0"][data-box="pair"]')
    assert page.evaluate(styles, 'span[data-player="0"][data-box="chance"]') != \
        page.evaluate(styles, 'button[data-player="0"][data-box="pair"]')


@pytest.mark.parametrize("lang", LANGS)
def test_seat_picker_text_is_whole(new_context, site_url, goto_ready, lang):
    context = new_context(viewport={"width": 320, "height": 640}, has_touch=True)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s'); } catch (e) {}" % lang)
    page = context.new_page()
    goto_ready(page, site_url, state="setup")
    page.click("#add-player")
    for level in ("optimal", "good", "beginner"):
        page.select_option(".player-seat >> nth=1", level)
        room = page.evaluate("""() => {
          const sel = document.querySelectorAll('.player-seat')[1], s = getComputedStyle(sel);
          const probe = document.createElement('span');
          probe.style.font = s.font; probe.style.whiteSpace = 'nowrap'; probe.style.position = 'absolute';
          probe.textContent = sel.options[sel.selectedIndex].text;
          document.body.appendChild(probe);
          const need = probe.getBoundingClientRect().width; probe.remove();
          return sel.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16 - need;
        }""")
        assert room >= 0, (level, room)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def axe_violations(page):
    results = Axe().run(page)
    return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in results.response["violations"]]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("size", [(390, 844), (1280, 800)])
def test_axe_with_the_hint_list_open(new_context, site_url, goto_ready, scheme, size):
    page = new_context(viewport={"width": size[0], "height": size[1]}, color_scheme=scheme).new_page()
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=7))
    page.click("#roll")
    page.click("#hint")
    page.wait_for_selector(SHOWN, state="visible", timeout=30_000)
    page.click("#hint-more")
    page.wait_for_selector("#hint-list li.best", state="visible")
    assert axe_violations(page) == []
    # The sheet leaves the best box in view.
    best = page.locator('button[data-hint="best"]').bounding_box()
    assert best["y"] >= 0 and best["y"] + best["height"] <= size[1]


# A tip shown: whole, in the viewport, the title whole and shown (not hidden for room, but
# below 380 px: READ_ONLY).
TIP_AND_TITLE = r"""
() => {""" + READ_ONLY + r"""
  const bad = [], tip = document.getElementById('tip'), r = tip.getBoundingClientRect();
  if (tip.hidden || !r.height) bad.push('no tip');
  if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) bad.push('the tip is outside the viewport');
  for (const el of tip.querySelectorAll('p, button'))
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) bad.push('the tip is cut');
  const title = document.querySelector('.brand span'), t = title.getBoundingClientRect();
  if (readOnly(title)) return bad;
  if (t.width < 20 || t.height < 10) bad.push('the title is hidden');
  if (title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1) bad.push('the title is cut');
  return bad;
}
"""


@pytest.mark.parametrize("lang", ["en", "be"])
@pytest.mark.parametrize("tip", ["keep", "bonus"])
def test_a_tip_covers_no_box_die_or_roll(new_context, site_url, goto_ready, lang, tip):
    """The first tip and the longest (the bonus), in English and Belarusian (the longest
    words), with 1 and 8 players: in the tray's message area, the card's open boxes,
    sums, dice and Roll still on screen and on top at every size, the tip whole, the
    top bar's title whole (below 380 px: screen readers' only)."""
    before = list(("keep", "again", "card", "bonus")[:("keep", "again", "card", "bonus").index(tip)])
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s');"
                            " localStorage.setItem('dicepoker.tips', '%s'); } catch (e) {}"
                            % (lang, json.dumps(before)))
    page = context.new_page()
    problems = []
    for label, (players, seats) in (("1 player", (1, None)), ("8 players", (8, None))):
        page.set_viewport_size({"width": 360, "height": 640})
        start(page, site_url, goto_ready, players, seats)
        page.click('.die[data-index="0"]')  # a die kept: the next Roll is no double tap
        page.click("#roll")                 # the second roll brings the tips (ui.feel.door)
        page.wait_for_selector('#tip[data-tip="%s"]:not([hidden])' % tip, timeout=30_000)
        label = "%s, %s, tip %s" % (lang, label, tip)
        check_fits(page, label, problems)
        for view, (w, h) in FIT.items():
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            bad = page.evaluate(TIP_AND_TITLE)
            if bad:
                save_shot(page, "%s %s" % (label, view))
                problems.append("%s %s: %s" % (label, view, "; ".join(bad)))
    assert problems == []


# The top bar: one line, every button a tap target, nothing cut or pushed out.
TOP_BAR = r"""
() => {""" + READ_ONLY + r"""
  const bad = [], bar = document.querySelector('.topbar').getBoundingClientRect();
  if (document.documentElement.scrollWidth > innerWidth) bad.push('horizontal scroll');
  if (bar.height > 50) bad.push('the bar is ' + Math.round(bar.height) + ' px high');
  for (const button of document.querySelectorAll('.topbar-actions > button:not([hidden])')) {
    const r = button.getBoundingClientRect();
    if (r.width < 36 || r.height < 36) bad.push(button.id + ': ' + Math.round(r.width) + 'x' + Math.round(r.height));
    if (r.left < 0 || r.right > innerWidth + 0.5) bad.push(button.id + ' outside the bar');
    if (Math.abs(r.top + r.height / 2 - (bar.top + bar.height / 2)) > 2) bad.push(button.id + ' on another line');
  }
  const title = document.querySelector('.brand span');
  if (!readOnly(title) && (title.getBoundingClientRect().width < 20 || title.scrollWidth > title.clientWidth + 1
      || title.scrollHeight > title.clientHeight + 1)) bad.push('the title is hidden or cut');
  return bad;
}
"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_top_bar_holds_todays_game_and_practice(new_context, site_url, goto_ready, lang):
    """Today's game's button and the practice's (issue 42) beside the others, on the game
    screen (New game shown) from 320 px to a desktop."""
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s'); } catch (e) {}" % lang)
    page = context.new_page()
    goto_ready(page, link(site_url, ["Ann"], seed=7))
    assert page.locator("#open-daily + #open-practice").count() == 1
    assert page.locator(".topbar-actions > button:not([hidden])").count() == 8
    problems = []
    for w, h in (SMALL, (360, 640), (390, 844), (412, 915), (480, 800), (600, 900), (768, 1024),
                 (844, 390), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        bad = page.evaluate(TOP_BAR)
        if bad:
            save_shot(page, "%s top bar %dx%d" % (lang, w, h))
            problems.append("%s %dx%d: %s" % (lang, w, h, "; ".join(bad)))
    assert problems == []

