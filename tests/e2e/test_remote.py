"""Games played by link between devices (issue 16): each browser context is a device,
the links pass through the test only.

A turn is played through the page (Roll, a box: one roll a turn keeps the games
short; the hold and the box are the engine's choice on the page's own dice, read
from its save), and the link each page shows in ``#remote-link`` is opened on the
device it is addressed to (a fresh device opens the page with it; a device that
has the page open gets it as a ``hashchange``, as when the installed app opens it).
"""

import json

import pytest

import gameui
from dicepoker import bylink, link_form
from paths import REPO
from click_point import click
from waits import wait_for

pytestmark = pytest.mark.e2e

READ = """() => {
  const a = document.getElementById('remote-link');
  return {href: a && !a.hidden ? a.href : null,
          to: (document.getElementById('remote-to') || {}).textContent || null,
          notice: document.getElementById('notice').hidden ? null
                  : document.getElementById('notice-text').textContent};
}"""


def fragment_of(href):
    return href.split("#", 1)[1]


def setup(page, site_url, goto_ready, names, seats, ruleset="dice-poker"):
    goto_ready(page, site_url, state="setup")
    for _ in range(len(names) - 1):
        click(page, "#add-player")
    rows = page.locator("#setup-players li")
    for i, (name, seat) in enumerate(zip(names, seats)):
        rows.nth(i).locator(".player-seat").select_option(seat)
        rows.nth(i).locator(".player-name").fill(name)
    page.check('input[name="ruleset"][value="%s"]' % ruleset)
    click(page, "#start")


def link_on(page, previous=None):
    """The link the page shows, once it is there (another than ``previous``)."""
    page.wait_for_function(
        "(prev) => { const a = document.getElementById('remote-link');"
        " return a && !a.hidden && a.href.includes('#play=') && a.href !== prev; }",
        arg=previous, timeout=30_000)
    return page.evaluate(READ)["href"]


def open_link(page, href, fresh):
    """A link opened: ``fresh``, by a page that had no game of it (a load); else by the
    page whose game it is, as a link in the game's own tab does (its hash changes)."""
    if fresh:
        page.goto(href)
        wait_for(page, 'html[data-state="ready"], html[data-state="setup"]',
                               state="attached", timeout=30_000)
    else:
        page.evaluate("(h) => { location.hash = h.split('#')[1]; }", href)


def my_turn(page):
    """The page's own game is on a seat it plays and Roll is on."""
    return page.evaluate("() => !document.getElementById('roll').disabled"
                         " && document.getElementById('remote-panel') !== null")


def play_my_turns(page):
    """Play every turn the page offers now: one roll, the box that pays most."""
    while True:
        try:
            page.wait_for_function(
                "() => { const a = document.getElementById('remote-link');"
                " return !document.getElementById('roll').disabled || (a && !a.hidden); }",
                timeout=30_000)
        except Exception:
            raise
        if page.evaluate("() => document.getElementById('roll').disabled"):
            return
        game = gameui.saved_game(page)
        gameui.tap(page, "#roll", "roll")
        gameui.roll(game)
        gameui.fill_box(page, game, gameui.choose_box(game))
        gameui.settle(page)


def play_game(devices, first_href):
    """Pass links until the game is over: ``devices`` maps a device's seat names to its
    page; returns the last link."""
    href = first_href
    opened = set()
    while True:
        shared = link_form.from_fragment(fragment_of(href))
        to = shared.next_actor()
        if to is None:
            return href
        seat = shared.plan.seats_of(to)[0]
        page = devices[shared.names[seat]]
        open_link(page, href, fresh=id(page) not in opened)
        opened.add(id(page))
        page.wait_for_function(
            "(h) => { const a = document.getElementById('remote-link');"
            " return !document.getElementById('roll').disabled || (a && !a.hidden && a.href !== h); }",
            arg=href, timeout=30_000)
        play_my_turns(page)
        href = link_on(page, href)


def totals(page):
    return [int(t) for _, t in sorted(gameui.read(page)["totals"])]


def finish_everywhere(devices, last):
    """The last link to every device that did not make it; then every page shows the end,
    the same totals as the engine's replay of the link, and that every roll was checked."""
    final = bylink.game_of(link_form.from_fragment(fragment_of(last)))
    assert final.is_over
    for page in devices.values():
        if page.evaluate("() => document.getElementById('remote-link').href") != last:
            open_link(page, last, fresh=False)
    rolls = bylink.rolls_checked(link_form.from_fragment(fragment_of(last)))
    for page in set(devices.values()):
        wait_for(page, "#end-dialog[open] #remote-checked")
        assert totals(page) == final.totals()
        page.wait_for_function("(n) => document.getElementById('remote-checked').textContent"
                               ".includes('all ' + n + ' come from')", arg=rolls)
    return final


@pytest.mark.slow
def test_a_whole_two_player_game_by_link(new_context, site_url, goto_ready):
    ann = new_context().new_page()
    ben = new_context().new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    first = link_on(ann)
    assert "Ben" in ann.evaluate(READ)["to"]
    last = play_game({"Ann": ann, "Ben": ben}, first)
    finish_everywhere({"Ann": ann, "Ben": ben}, last)
    # high scores: each device records its own players
    scores = {name: json.loads(page.evaluate("localStorage.getItem('dicepoker.highscores')"))
              for name, page in (("Ann", ann), ("Ben", ben))}
    for name, table in scores.items():
        assert [e["name"] for e in table["dice-poker"]] == [name]
    # the kept games: listed on the setup screen, the game over
    click(ben, "#end-new-game")
    wait_for(ben, "#remote-games li[data-remote-entry]")
    assert "game over" in ben.inner_text("#remote-games")


@pytest.mark.slow
def test_three_players_one_device_holding_two_seats(new_context, site_url, goto_ready):
    host = new_context().new_page()
    cy = new_context().new_page()
    setup(host, site_url, goto_ready, ["Ann", "Ben", "Cy"], ["human", "human", "remote"],
          "dice-poker-classic")
    last = play_game({"Ann": host, "Ben": host, "Cy": cy}, link_on(host))
    finish_everywhere({"Ann": host, "Ben": host, "Cy": cy}, last)


@pytest.mark.slow
def test_three_devices(new_context, site_url, goto_ready):
    pages = {name: new_context().new_page() for name in ("Ann", "Ben", "Cy")}
    setup(pages["Ann"], site_url, goto_ready, ["Ann", "Ben", "Cy"],
          ["human", "remote", "remote"], "yahtzee")
    last = play_game(pages, link_on(pages["Ann"]))
    finish_everywhere(pages, last)


def test_the_tray_says_who_is_waiting_for_whom(new_context, site_url, goto_ready):
    """Until every phone has its part, the phone that set the game up says so (it said
    "Ann plays on their own phone." to Ann herself: the link panel's words were drawn
    over by the tray's); the friend's phone says who its player is and that its link is
    to be sent (issue 47: it said only "Ann's turn" and to send a link back);
    then Ann's turn; then, her box filled, that Ben's link is to be sent, until it is,
    after a reload too (it asked again: that the link was shared was not kept)."""
    english = json.loads((REPO / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    ann = new_context().new_page()
    ben = new_context().new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    to_ben = link_on(ann)
    gameui.settle(ann)
    assert ann.text_content("#handover-main") == english["remote.joining"]
    open_link(ben, to_ben, fresh=True)
    gameui.settle(ben)
    # the friend opening the first link: who they are and what to do (it said "Ann's turn"
    # and "Ann plays on their own phone: send them the link below", no word of Ben)
    assert ben.text_content("#handover-main") == english["remote.joined"].format(name="Ben")
    assert ben.text_content("#turn-label") == english["turn.label"].format(name="Ann")
    back = link_on(ben)
    open_link(ann, back, fresh=False)
    ann.wait_for_function("() => !document.getElementById('roll').disabled")
    assert ann.text_content("#handover-main") == english["handover.your_turn"].format(name="Ann")
    click(ann, "#roll")
    click(ann, 'button[data-player="0"][data-box="chance"]')     # never 0: no question
    link_on(ann, back)
    gameui.settle(ann)
    assert ann.text_content("#handover-main") == english["remote.waiting_send"].format(name="Ben")
    click(ann, "#remote-share")
    gameui.settle(ann)
    assert ann.text_content("#handover-main") == english["remote.waiting"].format(name="Ben")
    ann.reload()
    wait_for(ann, 'html[data-state="ready"]', state="attached")
    gameui.settle(ann)
    assert ann.text_content("#handover-main") == english["remote.waiting"].format(name="Ben")


IN_VIEW = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
  return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


def test_share_is_on_screen_with_each_new_link_and_the_game_stays_put(new_context, site_url,
                                                                     goto_ready):
    """On a phone the panel is under the tray, below the fold: when a tap makes a new
    link to send (Start, a box filled), Share (the next tap) is on the screen in the
    tray, and the page stays where it is (it was scrolled down to the panel's Share,
    taking the card's first lines out of sight); a link taken in by the page opens its
    game at its top, and so does the setup form after New game."""
    phone = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
    ann = new_context(**phone).new_page()
    ben = new_context(**phone).new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    first = link_on(ann)
    ann.wait_for_function(IN_VIEW, arg="tray-share", timeout=5_000)
    gameui.settle(ann)
    assert ann.evaluate("window.scrollY") == 0
    open_link(ben, first, fresh=True)
    back = link_on(ben)
    ann.evaluate("window.scrollTo(0, 120)")
    open_link(ann, back, fresh=False)
    ann.wait_for_function("() => !document.getElementById('roll').disabled")
    gameui.settle(ann)
    assert ann.evaluate("window.scrollY") == 0
    ann.tap("#roll")
    ann.tap('button[data-player="0"][data-box="chance"]')      # never 0: no question
    link_on(ann, back)
    ann.wait_for_function(IN_VIEW, arg="tray-share", timeout=5_000)
    gameui.settle(ann)
    assert ann.evaluate("window.scrollY") == 0
    # scrolled down by hand: the setup form opens at its top
    ann.evaluate("window.scrollTo(0, 120)")
    assert ann.evaluate("window.scrollY") > 0
    ann.tap("#new-game")
    wait_for(ann, 'html[data-state="setup"]', state="attached")
    gameui.settle(ann)
    assert ann.evaluate("window.scrollY") == 0


TRAY = """() => { const box = (id) => { const e = document.getElementById(id);
    const r = e && e.getBoundingClientRect(); return e && e.offsetParent ? [r.top, r.height] : null; };
  const tray = box("tray"), roll = box("roll");
  return { tray: tray[1], roll: roll[0] - tray[0], dice: box("dice"), share: box("tray-share") }; }"""


def test_share_stands_in_the_tray_while_it_is_the_only_move(new_context, site_url, goto_ready):
    """A friend who has just joined has one thing to do, send their part back, and the
    panel with Share is below the fold on a phone: Share then stands in the tray, in the
    dice's place and of their height (Roll and the tray do not move), until it is tapped;
    so on the setter's phone after Start (the invitation) and after a box."""
    phone = {"viewport": {"width": 360, "height": 640}, "has_touch": True, "is_mobile": True}
    english = json.loads((REPO / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))
    ann = new_context(**phone).new_page()
    ben = new_context(**phone).new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    first = link_on(ann)
    gameui.settle(ann)
    assert ann.evaluate(TRAY)["share"] is not None                      # the invitation
    open_link(ben, first, fresh=True)
    back = link_on(ben)
    gameui.settle(ben)
    sending = ben.evaluate(TRAY)
    assert sending["dice"] is None and sending["share"] is not None
    assert ben.evaluate(IN_VIEW, "tray-share")                           # on screen, no scroll
    assert ben.text_content("#tray-share") == english["remote.share"]
    assert ben.get_attribute("#remote-share", "class") == "btn secondary"  # one primary button
    ben.tap("#tray-share")
    gameui.settle(ben)
    assert ben.get_attribute("#remote-share", "class") == "btn primary"
    assert ben.text_content("#handover-main") == english["remote.waiting"].format(name="Ann")
    shared = ben.evaluate(TRAY)
    assert shared["share"] is None and shared["dice"] is not None
    assert sending["share"][1] == shared["dice"][1]                      # the dice's height
    assert (sending["tray"], sending["roll"]) == (shared["tray"], shared["roll"])   # height, Roll in it
    open_link(ann, back, fresh=False)
    ann.wait_for_function("() => !document.getElementById('roll').disabled")
    assert ann.evaluate(TRAY)["share"] is None                           # her turn: roll
    ann.tap("#roll")
    ann.tap('button[data-player="0"][data-box="chance"]')      # never 0: no question
    link_on(ann, back)
    gameui.settle(ann)
    assert ann.evaluate(TRAY)["share"] is not None
