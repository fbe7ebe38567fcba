"""The score pad: a tablet's or a desktop's card shows every player's column (issue 40).

At 768x1024, 1024x768, 1280x800 and 1920x1080, with 1, 2, 4 (one a computer
seat) and 8 players, after a roll, with the hint shown and during the
computer's turn (its bar shown): every cell of every player, every sum and
total and every name in the head row, the five dice and Roll (and the
computer's bar) are inside the viewport and the topmost element at their
centre, without scrolling; box cells at least 32 px high, dice at least 64 px
from 1280 px wide.  In both themes (English) and in the four languages at
1280x800.  One page per language and theme: the viewport is resized, not
reloaded.  A failing layout leaves a screenshot in test-artifacts/.

Also: the head row (a long name cut short, whole in its tooltip and text; the
win chances; the marks of a computer's and a friend's seat), the column on
turn marked and moving on with the turn, a tap on a head changing nothing,
the winners' columns marked at the end, the phone's chips hidden, axe.
"""

import re

import pytest

from dicepoker.game import Game
import gameui
from gameui import link
from harness import ARTIFACTS
from test_layout import SHOWN, axe_violations
from click_point import click
from waits import wait_for

SIZES = [(768, 1024), (1024, 768), (1280, 800), (1920, 1080)]
NAMES = ["Annabelle", "Ben", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]
GAMES = {                                   # name -> (players, seats)
    "1 player": (1, None),
    "2 players": (2, None),
    "4 players, a computer": (4, ["human", "optimal", "human", "human"]),
    "8 players": (8, None),
}

# Everything of the table that must be on screen and on top, with what went wrong.
PAD_FITS = r"""
(players) => {
  const W = innerWidth, H = innerHeight, bad = [];
  const minDie = W >= 1280 ? 64 : 48;
  const need = [
    ...[...document.querySelectorAll('#card [data-player][data-box]')].map(e => [e, 32, 0]),
    ...[...document.querySelectorAll('#card td[data-sum]')].map(e => [e, 0, 0]),
    ...[...document.querySelectorAll('#card-head th[data-seat]')].map(e => [e, 0, 0]),
    ...[...document.querySelectorAll('.die')].map(e => [e, minDie, minDie]),
    [document.getElementById('roll'), 48, 48],
  ];
  const bar = document.getElementById('computer-bar');
  if (bar && bar.checkVisibility()) need.push([document.getElementById('computer-speed'), 0, 0],
                                              [document.getElementById('computer-skip'), 0, 0]);
  const cells = need.filter(([e]) => e.dataset.box).length;
  if (cells !== players * document.querySelectorAll('#card tr.box-row').length)
    bad.push(cells + ' cells for ' + players + ' players');
  for (const [e, minH, minW] of need) {
    const r = e.getBoundingClientRect();
    const name = (e.dataset.player ? 'player ' + e.dataset.player + ' ' : '')
      + (e.dataset.box || e.dataset.sum || e.id || (e.dataset.index ? 'die ' + e.dataset.index : 'head ' + e.dataset.seat));
    if (r.height < minH || r.width < minW) bad.push(name + ': ' + Math.round(r.width) + 'x' + Math.round(r.height));
    if (r.top < 0 || r.left < 0 || r.bottom > H + 0.5 || r.right > W + 0.5) {
      bad.push(name + ': outside the viewport (' + Math.round(r.left) + ',' + Math.round(r.top) + '..' + Math.round(r.bottom) + ')');
      continue;
    }
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!top || !(top === e || e.contains(top)))
      bad.push(name + ': covered by ' + (top ? (top.id || top.className || top.tagName) : 'nothing'));
  }
  if (scrollY !== 0 || scrollX !== 0) bad.push('scrolled by ' + scrollX + ',' + scrollY);
  if (document.documentElement.scrollWidth > W) bad.push('horizontal scroll');
  return bad;
}
"""


def save_shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / ("test_pad__%s.png" % re.sub(r"[^\w.-]+", "_", name))))


def start(page, site_url, players, seats, names=NAMES):
    """The game, its first roll made (a computer seat's game: from a saved game).  A link's
    game opens from a page of the site without a game, the last game removed there: removed
    under the last game's computer, mid-turn, it was saved again by the computer's next move,
    and the link asked whether to end it (#roll disabled under the question, once in a run)."""
    if seats is None:
        gameui.open_with_storage(page, link(site_url, names[:players], seed=7), {"dicepoker.game": None})
    else:
        gameui.inject_game(page, site_url, Game(names[:players], seed=7, seats=seats))
    gameui.tap(page, "#roll", "roll")
    wait_for(page, 'html[data-turn-phase="rolled"]', state="attached")


def check_fits(page, label, players, problems, sizes=SIZES):
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        bad = page.evaluate(PAD_FITS, players)
        if bad:
            name = "%s %dx%d" % (label, w, h)
            save_shot(page, name)
            problems.append("%s: %s" % (name, "; ".join(bad[:6])))


def play_pad(new_context, site_url, lang, scheme, sizes):
    context = new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s');"
                            " localStorage.setItem('dicepoker.computer-speed', 'slow'); } catch (e) {}"
                            % lang)
    page = context.new_page()
    problems = []
    for label, (players, seats) in GAMES.items():
        page.set_viewport_size({"width": 1280, "height": 800})
        start(page, site_url, players, seats)
        label = "%s, %s, %s" % (lang, scheme, label)
        check_fits(page, label, players, problems, sizes)
        click(page, "#hint")
        wait_for(page, SHOWN, state="visible", timeout=30_000)
        check_fits(page, label + ", hint", players, problems, sizes)
        if seats:                            # the computer's turn, its bar shown
            page.set_viewport_size({"width": 1280, "height": 800})
            gameui.tap(page, 'button[data-player="0"][data-box="chance"]', "box")
            wait_for(page, 'html[data-computer-turn]', state="attached")
            wait_for(page, 'html[data-turn-phase="rolled"]', state="attached")
            check_fits(page, label + ", computer", players, problems, sizes)
    assert problems == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_column_dice_and_roll_fit_one_screen(new_context, site_url, scheme):
    play_pad(new_context, site_url, "en", scheme, SIZES)


@pytest.mark.parametrize("lang, scheme", [("lt", "light"), ("be", "dark"), ("sk", "light")])
def test_every_column_fits_in_every_language(new_context, site_url, lang, scheme):
    play_pad(new_context, site_url, lang, scheme, [(1280, 800)])


# What the head row and the column on turn show.
HEADS = """() => [...document.querySelectorAll('#card-head th[data-seat]')].map((th) => {
  const name = th.querySelector('.head-name'), s = getComputedStyle(th);
  return {seat: th.dataset.seat, text: name.textContent, title: th.title, cut: name.scrollWidth > name.clientWidth,
          chance: th.querySelector('.head-chance').textContent, mark: (th.querySelector('.seat-mark use') || {}).outerHTML || '',
          shadow: s.boxShadow, winner: th.classList.contains('winner')};
})"""


def test_the_head_row_stands_for_the_chips(new_context, site_url):
    """Each player's name in the head row, a long one cut short with its whole form in the
    tooltip and the text (what screen readers read); the win chances there as on the
    (hidden) chips; a computer's seat marked; the column on turn framed, and the frame
    moves with the turn; a tap on a head changes nothing (every column is there)."""
    names = ["Annabelle-Marie Fitzgera", "Ben", "Cy"]          # 24 characters: the longest
    page = new_context(viewport={"width": 1024, "height": 768}).new_page()
    game = Game(names, seed=7, seats=["human", "optimal", "human"])
    page.add_init_script("localStorage.setItem('dicepoker.computer-speed', 'fast')")
    gameui.inject_game(page, site_url, game)
    assert page.is_hidden("#players")
    gameui.tap(page, "#roll", "roll")
    page.wait_for_function("document.querySelectorAll('#card-head .head-chance:not(:empty)').length === 3",
                           timeout=30_000)
    # The heads and the chips in one read: the page writes both in one task
    # (ui.table.win_chances), and the roll's chances may come between two reads (the
    # chances before it, everyone even, already stood in the head row).
    heads, chips = page.evaluate("() => [(%s)(), [...document.querySelectorAll('[data-win-chance]')]"
                                 ".map((e) => e.textContent)]" % HEADS)
    assert [h["text"] for h in heads] == names and heads[0]["title"] == names[0] and heads[0]["cut"]
    assert [h["cut"] for h in heads[1:]] == [False, False]
    assert [h["chance"] for h in heads] == chips and all(c.endswith("%") for c in chips)
    assert "#icon-computer" in heads[1]["mark"] and heads[0]["mark"] == heads[2]["mark"] == ""
    assert heads[1]["title"] == "Ben · Computer: optimal"
    framed = [h["shadow"] != "none" for h in heads]
    assert framed == [True, False, False]
    cell = 'td[data-seat="%d"]:has(> [data-box="ones"])'
    look = "(s) => getComputedStyle(document.querySelector(s)).backgroundColor"
    assert page.evaluate(look, cell % 0) != page.evaluate(look, cell % 2)
    click(page, '#card-head th[data-seat="2"]')                 # nothing new to show
    assert page.get_attribute("#card", "data-peek") is None
    assert page.evaluate("document.querySelectorAll('#card td[data-seat]:not([data-sum])').length") \
        == page.evaluate("[...document.querySelectorAll('#card td[data-seat]:not([data-sum])')]"
                         ".filter((td) => td.checkVisibility()).length") == 3 * 15
    gameui.tap(page, 'button[data-player="0"][data-box="chance"]', "box")
    wait_for(page, 'html[data-current-player="1"]', state="attached")
    assert [h["shadow"] != "none" for h in page.evaluate(HEADS)] == [False, True, False]


def test_a_friends_seat_is_marked(new_context, site_url, goto_ready):
    """A game by link: the seats played on a friend's phone are marked, with the seat's
    words in the tooltip, this phone's player's not, also while the friends have not
    joined yet (when the engine's game has every seat remote)."""
    from test_remote import setup
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    setup(page, site_url, goto_ready, ["Ann", "Ben", "Cy"], ["human", "remote", "remote"])
    wait_for(page, 'html[data-state="ready"]', state="attached")
    assert gameui.saved_game(page).seats == ["remote"] * 3      # nobody has joined yet
    heads = page.evaluate(HEADS)
    assert [("#icon-remote" in h["mark"], h["title"].endswith(" · A friend, on their own phone"))
            for h in heads] == [(False, False), (True, True), (True, True)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_winners_columns_are_marked_at_the_end(new_context, site_url, scheme):
    """Over, no column is on turn; the winner's is marked (its head and every cell),
    readable in either theme (axe)."""
    from test_end_screen import one_box_from_the_end
    page = new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme).new_page()
    game = one_box_from_the_end(("Ann", "Ben"))
    gameui.inject_game(page, site_url, game)
    gameui.play_turn(page, game, check=False)
    wait_for(page, "#end-dialog[open]")
    click(page, "#end-close")
    winner = game.winners()[0]
    heads = page.evaluate(HEADS)
    assert [h["winner"] for h in heads] == [p == winner for p in range(2)]
    assert [h["shadow"] for h in heads] == ["none", "none"]
    marked = "(p) => [...document.querySelectorAll('#card td[data-seat=\"' + p + '\"]')].every((td) => td.classList.contains('winner'))"
    assert page.evaluate(marked, winner) and not page.evaluate(marked, 1 - winner)
    assert axe_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_pad(new_context, site_url, scheme):
    """The head row's names and chances, a computer's mark and the column on turn in its
    tint: no axe violations (contrast included) in either theme."""
    page = new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme).new_page()
    game = Game(NAMES[:4], seed=7, seats=["human", "optimal", "human", "human"])
    gameui.inject_game(page, site_url, game)
    gameui.tap(page, "#roll", "roll")
    page.wait_for_function("document.querySelectorAll('#card-head .head-chance:not(:empty)').length === 4",
                           timeout=30_000)
    assert axe_violations(page) == []


@pytest.mark.parametrize("viewport, how", [((1280, 800), "link"), ((1024, 768), "saved"),
                                           ((768, 1024), "saved")])
def test_the_pads_columns_are_there_before_python(new_context, site_url, goto_ready, viewport, how):
    """The card is as wide as its players need: static/js/boot.js reads how many from the
    link (?players=) or the saved game, so Python's card, one column each, moves nothing
    of the first screen (test_first_paint has a friend's link's, from its fragment)."""
    from test_first_paint import BOXES, CARD_PARTS, open_held, take_over
    names = NAMES[:4] if how == "link" else NAMES
    query = "?" + link("", names, seed=3).split("?")[1]
    storage = None
    if how == "saved":
        ctx = new_context()
        page = ctx.new_page()
        goto_ready(page, site_url + query)
        storage = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
        ctx.close()
        query = ""
    page, held = open_held(new_context, site_url + query, viewport=viewport, storage=storage)
    assert page.evaluate("getComputedStyle(document.getElementById('card')).getPropertyValue('--players')") \
        == str(len(names))
    parts = CARD_PARTS + ["#card-head", ".tray"]
    before = page.evaluate(BOXES, parts)
    take_over(page, held, "ready")
    assert page.evaluate(BOXES, parts) == before
    assert page.evaluate("window.__shifts") == []
    assert page.locator("#card-head th[data-seat]").count() == len(names)
