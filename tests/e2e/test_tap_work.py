"""A tap's work follows what it changed, not the size of the table (issue 20).

With eight players on one device, a tap on Roll, a die or a box must not
redraw the columns of the players who are not concerned: a MutationObserver
records every node the tap's handlers touched, and the test checks which
players' cells are among them.
"""

import gameui
from gameui import link

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
    names = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana"]
    goto_ready(page, link(site_url, names, seed=4))
    page.evaluate(RECORD)
    page.click("#roll")                                      # Ann's previews appear
    assert touched(page) == [0]
    page.click('.die[data-index="0"]')                       # a die kept: the card stays
    assert touched(page) == []
    page.click('button[data-player="0"][data-box="chance"]')
    # Ann's box is written and her previews go; Ben's column is marked as on turn
    assert touched(page) == [0, 1]
    page.click("#roll")
    assert touched(page) == [1]
