"""A tap's work follows what it changed, not the size of the table (issue 20).

With eight players on one device, a tap on Roll, a die or a box must not
redraw the columns of the players who are not concerned: a MutationObserver
records every node the tap's handlers touched, and the test checks which
players' cells are among them.
"""

import json

import gameui
from gameui import link
from click_point import click
from waits import wait_for

RECORD = """() => {
  window.__touched = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const cell = node && node.closest('td[data-seat], th[data-seat]');
      if (cell) window.__touched.push(Number(cell.dataset.seat));
    }
  }).observe(document.getElementById('card'), {subtree: true, childList: true, attributes: true,
                                               characterData: true});
}"""


def touched(page):
    gameui.settle(page)                # the observer's records of the tap are in
    seats = sorted(set(page.evaluate("window.__touched")))
    page.evaluate("window.__touched = []")
    return seats


def test_with_eight_players_a_tap_touches_only_the_columns_it_changes(page, site_url, goto_ready):
    """On a desktop's score pad, where all eight columns are drawn.  (The win chances,
    written into every player's head cell in a task of their own after a tap, are off:
    what is counted is the tap's own writes.)"""
    page.add_init_script("localStorage.setItem('dicepoker.win-chances', 'off')")
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
    goto_ready(page, link(site_url, names, seed=4))
    assert shown_columns(page) == list(range(8))
    page.evaluate(RECORD)
    click(page, "#roll")                                     # Ann's previews appear
    assert touched(page) == [0]
    click(page, '.die[data-index="0"]')                      # a die kept: the card stays
    assert touched(page) == []
    click(page, 'button[data-player="0"][data-box="chance"]')
    # Ann's box is written and her previews go; Ben's column is not touched: which
    # column shows follows <html data-current-player> (app.css), written anyway
    assert touched(page) == [0]
    click(page, "#roll")
    assert touched(page) == [1]


SHOWN = """() => [...new Set([...document.querySelectorAll('#card [data-seat]')]
  .filter((cell) => getComputedStyle(cell).display !== 'none').map((cell) => Number(cell.dataset.seat)))]"""


def shown_columns(page):
    return sorted(page.evaluate(SHOWN))


def test_the_card_shows_the_column_on_turn_or_of_the_chip_tapped(new_context, site_url, goto_ready):
    """A phone: one column at a time (a desktop's score pad shows them all: test_pad)."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    goto_ready(page, link(site_url, ["Ann", "Ben", "Cleo"], seed=4))
    assert shown_columns(page) == [0]
    click(page, "#roll")
    click(page, 'button[data-player="0"][data-box="chance"]')
    wait_for(page, 'html[data-current-player="1"]')
    assert shown_columns(page) == [1]
    page.focus('.chip[data-seat="2"]')                     # a chip tapped: Cleo's card
    assert shown_columns(page) == [2]
    page.focus("#roll")
    assert shown_columns(page) == [1]


# Every record of the page's DOM, by where it was written: a card column ("col3"), a
# chip ("chip3") or anywhere else ("page": the tray, the status line, <html>).
COUNT = """() => {
  window.__where = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const seat = node && node.closest('#card [data-seat], #players [data-seat]');
      window.__where.push(!seat ? 'page' : (seat.closest('#players') ? 'chip' : 'col') + seat.dataset.seat);
    }
  }).observe(document.documentElement, {subtree: true, childList: true, attributes: true,
                                        characterData: true});
}"""


def written(page):
    gameui.settle(page)                # the observer's records of the tap are in
    where = page.evaluate("window.__where")
    page.evaluate("window.__where = []")
    counts = {}
    for place in where:
        counts[place] = counts.get(place, 0) + 1
    return counts


def first_turn(new_context, site_url, goto_ready, names):
    """The DOM records of each tap of the same first turn (seed 4), at a table of ``names``
    (a phone's screen, where only the column on turn is shown)."""
    page = new_context(viewport={"width": 390, "height": 844}).new_page()
    # the tap's own writes: not the win chances nor a first visit's tips, drawn in tasks
    # of their own after it (whichever tap they follow)
    page.add_init_script("localStorage.setItem('dicepoker.win-chances', 'off');"
                         "localStorage.setItem('dicepoker.tips', JSON.stringify(%s))"
                         % json.dumps(["keep", "again", "card", "bonus"]))
    goto_ready(page, link(site_url, names, seed=4))
    # the later views' markup and words in first, and the game feel's view (the settings
    # opened and closed), so neither the chances' view fetched after the first roll at a
    # table nor the feel's, made after the second roll, adds writes of its own
    click(page, "#open-settings")
    wait_for(page, "#settings-dialog[open]")
    page.keyboard.press("Escape")
    wait_for(page, "#settings-dialog:not([open])", state="attached")
    gameui.settle(page)
    page.evaluate(COUNT)
    taps = {}
    click(page, "#roll")
    taps["roll"] = written(page)
    click(page, '.die[data-index="0"]')
    taps["hold"] = written(page)
    page.wait_for_timeout(400)                                # not a double tap
    click(page, "#roll")
    taps["roll again"] = written(page)
    click(page, 'button[data-player="0"][data-box="chance"]')
    taps["fill"] = written(page)
    rows = page.evaluate("document.querySelectorAll('#card td[data-seat=\"0\"]').length")
    return taps, rows


def test_a_tap_writes_as_much_at_a_table_of_eight_as_alone(new_context, site_url, goto_ready):
    """What a tap writes is what it changed: the same at a table of eight as alone, but
    for the turn passing on (the column shown and the two chips)."""
    alone, rows = first_turn(new_context, site_url, goto_ready, ["Ann"])
    eight, _ = first_turn(new_context, site_url, goto_ready,
                          ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"])
    for kind in ("roll", "hold", "roll again"):
        # the same column, and the tray and status but for the words of who is on turn
        assert eight[kind].get("col0") == alone[kind].get("col0"), (kind, alone, eight)
        assert set(eight[kind]) == set(alone[kind]), (kind, alone, eight)
        assert eight[kind]["page"] <= alone[kind]["page"] + 2, (kind, alone, eight)
    fill_alone, fill_eight = alone["fill"], eight["fill"]
    # Ann's column: her box written and her previews gone, as alone; Ben's column is not
    # written at all (the column shown follows <html data-current-player>)
    assert set(fill_eight) <= {"page", "col0", "chip0", "chip1"}, fill_eight
    assert fill_eight["col0"] <= fill_alone["col0"], (fill_alone, fill_eight)
    assert fill_eight["page"] <= fill_alone["page"] + 4, (fill_alone, fill_eight)
    assert rows == 20                   # every box and sum of Ann's column was counted


def test_a_box_tapped_does_not_take_the_focus(page, site_url, goto_ready):
    """A tapped box is taken out of the page by the tap; had it the focus, Chromium would
    bring the whole page's style up to date in the middle of drawing the move (5 of a
    fill's 9 ms).  Keys still reach a box: Tab to it, Enter fills it; the focus then goes
    to Roll, after the move is drawn."""
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=4))
    click(page, "#roll")
    page.evaluate("""() => { window.__focused = [];
      document.addEventListener('focusin', (e) => window.__focused.push(e.target.className)); }""")
    click(page, 'button[data-player="0"][data-box="chance"]')
    wait_for(page, 'span[data-player="0"][data-box="chance"]', state="attached")
    assert "cell-btn" not in page.evaluate("window.__focused")
    page.wait_for_timeout(400)
    click(page, "#roll")
    page.focus('button[data-player="1"][data-box="chance"]')
    page.keyboard.press("Enter")
    wait_for(page, 'span[data-player="1"][data-box="chance"]', state="attached")
    # once the move is drawn, the focus is on Roll, not dropped to the page (issue 47)
    page.wait_for_function("document.activeElement.id === 'roll'")


def restyled_by(page, tap):
    """The elements Chromium restyled for ``tap`` and its frame: the largest count of its
    style recalculations (the trace's UpdateLayoutTree events)."""
    browser = page.context.browser
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    try:
        tap()
        gameui.settle(page)
        page.evaluate("document.body.offsetTop")        # style and layout brought up to date
    finally:
        trace = json.loads(browser.stop_tracing())
    return max([e["args"]["elementCount"] for e in trace["traceEvents"]
                if e.get("name") == "UpdateLayoutTree" and "elementCount" in e.get("args", {})]
               or [0])


def test_a_roll_restyles_what_it_changed_not_the_whole_page(page, site_url, goto_ready):
    """Rolling writes a column's previews, the dice and a line of the tray: the browser
    restyles those, not every element of the page.  (A :has() rule did that: Chromium
    checks it again at any text written under its element; app.css.)"""
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
    goto_ready(page, link(site_url, names, seed=4))
    click(page, "#roll")
    page.wait_for_timeout(400)                                # not a double tap
    gameui.settle(page)
    elements = page.evaluate("document.querySelectorAll('body *').length")
    assert elements > 300
    assert restyled_by(page, lambda: click(page, "#roll")) < elements / 5
    assert restyled_by(page, lambda: click(page, '.die[data-index="2"]')) < elements / 5
