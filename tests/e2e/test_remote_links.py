"""Bad links in a game played by link (issue 16): edited at every position of the
fragment, cut short, replayed, forked, from another game, a swapped secret; each is
refused with a clear message and the game the device holds is kept; and the rest:
undo until the link is sent, a reload mid-turn, the kept games listed."""

import pytest

import gameui
from dicepoker import bylink, link_form
from test_remote import READ, fragment_of, link_on, open_link, play_my_turns, setup
from click_point import click
from waits import wait_for

pytestmark = pytest.mark.e2e

# every fragment through the page's own entry point (hashchange), one after the other:
# the page drops the fragment once it has taken it (or refused it)
FEED = """async (fragments) => {
  const out = [];
  for (const f of fragments) {
    document.getElementById('notice-close').click();
    location.hash = f;
    const t0 = performance.now();
    while (location.hash !== '' && performance.now() - t0 < 10000) {
      await new Promise(r => setTimeout(r, 2));
    }
    await new Promise(r => setTimeout(r, 0));
    const notice = document.getElementById('notice');
    out.push([notice.hidden ? null : document.getElementById('notice-text').textContent,
              localStorage.getItem('dicepoker.game')]);
  }
  return out;
}"""


def kept(page):
    return page.evaluate("localStorage.getItem('dicepoker.game')")


def start_two(new_context, site_url, goto_ready, deliver=True):
    """Ann (this device) and Ben: the invite, Ben's start, Ann's turn, Ben's turn; Ann is
    on turn again (unless not ``deliver``: Ben's last link not opened yet).  Returns the
    pages and the links."""
    ann, ben = new_context().new_page(), new_context().new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    links = [link_on(ann)]
    open_link(ben, links[0], fresh=True)
    links.append(link_on(ben))
    open_link(ann, links[1], fresh=False)
    play_my_turns(ann)
    links.append(link_on(ann, links[1]))
    open_link(ben, links[2], fresh=False)
    play_my_turns(ben)
    links.append(link_on(ben, links[2]))
    if not deliver:
        return ann, ben, links
    open_link(ann, links[3], fresh=False)
    ann.wait_for_function("() => !document.getElementById('roll').disabled")
    return ann, ben, links


def forged(href, change):
    shared = link_form.from_fragment(fragment_of(href))
    change(shared)
    return shared.fragment()


def test_bad_links_are_refused_and_the_game_is_kept(new_context, site_url, goto_ready):
    ann, ben, links = start_two(new_context, site_url, goto_ready, deliver=False)
    before = kept(ann)

    def swapped(shared):
        """Ben's device swapped its secret before its turn: its own value and the one it
        reveals for Ann are off the chain it committed to."""
        count, _ = shared.revealed[1]
        shared.revealed[1] = (count, bytes(range(16)))

    (notice, game), = ann.evaluate(FEED, [forged(links[3], swapped)])
    assert "the dice of Ben in round 1 do not come from the commitment of the device of Ben" in notice
    assert game == before
    (notice, game), = ann.evaluate(FEED, [fragment_of(links[3])])       # the real one
    assert notice is None and game != before
    before = kept(ann)
    frag = fragment_of(links[3])
    edited = [frag[:i] + ("B" if frag[i] == "A" else "A") + frag[i + 1:] for i in range(len(frag))]
    cut = [frag[:n] for n in range(1, len(frag), 7)]
    results = ann.evaluate(FEED, edited + cut)
    for fragment, (notice, game) in zip(edited + cut, results):
        assert notice and "damaged or incomplete" in notice, (fragment, notice)
        assert game == before, fragment
    # replayed: an older link changes nothing
    (notice, game), = ann.evaluate(FEED, [fragment_of(links[1])])
    assert "older" in notice and game == before
    # the same link again: nothing to say, nothing changed
    (notice, game), = ann.evaluate(FEED, [frag])
    assert notice is None and game == before

    def other_box(shared):
        holds, box = shared.turns[-1]
        shared.turns[-1] = (holds, (box + 1) % 15 if (box + 1) % 15 not in
                            [b for _, b in shared.turns[::2]] else (box + 2) % 15)

    def other_value(shared):        # the same turns, another value than the one taken
        count, _ = shared.revealed[1]
        shared.revealed[1] = (count, b"\x42" * 16)

    def renamed(shared):
        shared.names[1] = "Bob"

    cases = [(forged(links[3], other_box), "differently"),
             (forged(links[3], other_value), "do not come from the commitment of the device of Ben"),
             (forged(links[3], renamed), "another game")]
    for (fragment, words), (notice, game) in zip(cases, ann.evaluate(FEED, [c[0] for c in cases])):
        assert notice and words in notice, (words, notice)
        assert game == before
    # and the game goes on: Ann plays her turn, the link goes to Ben
    play_my_turns(ann)
    assert "Ben" in ann.evaluate(READ)["to"]


def test_a_swapped_secret_cannot_roll(new_context, site_url, goto_ready):
    ann, ben, links = start_two(new_context, site_url, goto_ready)
    play_my_turns(ann)
    link = link_on(ann, links[3])
    game_id = link_form.from_fragment(fragment_of(link)).id
    ben.evaluate("""(id) => { const k = 'dicepoker.remote.' + id;
        const r = JSON.parse(localStorage.getItem(k)); r.secret = '00'.repeat(16);
        localStorage.setItem(k, JSON.stringify(r)); }""", game_id)
    before = kept(ben)
    (notice, game), = ben.evaluate(FEED, [fragment_of(link)])
    assert "no longer holds the secret" in notice and game == before


def test_undo_until_the_link_is_sent_and_a_reload_mid_turn(new_context, site_url, goto_ready):
    ann, ben, links = start_two(new_context, site_url, goto_ready)
    game = gameui.saved_game(ann)
    gameui.tap(ann, "#roll", "roll")
    gameui.roll(game)
    ann.reload()
    wait_for(ann, 'html[data-state="ready"]', state="attached")
    ann.wait_for_function("() => document.querySelector('.die').dataset.value !== '0'")
    assert gameui.saved_game(ann).dice == game.dice          # the same dice after a reload
    box = gameui.choose_box(game)
    gameui.fill_box(ann, game, box)
    first = link_on(ann, links[3])
    click(ann, "#undo")                                     # not sent yet: undo is allowed
    ann.wait_for_function("() => document.getElementById('remote-link').hidden")
    game.undo()
    gameui.fill_box(ann, game, next(b for b in game.options() if b != box))
    second = link_on(ann, links[3])
    assert second != first
    ann.evaluate("() => { document.getElementById('remote-link').addEventListener("
                 "'click', e => e.preventDefault(), {once: true}); }")
    click(ann, "#remote-link")                              # sent: undo stops there
    gameui.settle(ann)
    assert ann.evaluate("() => document.getElementById('undo').disabled")
    # the kept games on the setup screen: whose turn it is
    click(ann, "#new-game")
    wait_for(ann, "#remote-games li[data-remote-entry]")
    assert "Ben to play" in ann.inner_text("#remote-games")
    click(ann, "#remote-games [data-remote-game]")
    wait_for(ann, "#game:not([hidden])")
    assert ann.evaluate(READ)["href"] == second


def test_the_panel_the_list_and_a_finished_game_have_no_axe_violations(new_context, site_url,
                                                                        goto_ready):
    from fair_sim import play_game as sim_game
    from test_mobile_a11y import axe_violations
    ann = new_context().new_page()
    setup(ann, site_url, goto_ready, ["Ann", "Ben"], ["human", "remote"])
    link_on(ann)
    for scheme in ("light", "dark"):
        ann.emulate_media(color_scheme=scheme)
        assert axe_violations(ann) == [], scheme           # the panel with the link
    click(ann, "#new-game")
    wait_for(ann, "#remote-games li[data-remote-entry]")
    for scheme in ("light", "dark"):
        ann.emulate_media(color_scheme=scheme)
        assert axe_violations(ann) == [], scheme           # the kept games' list
    # a finished game opened on a device that never played it: checked from the link alone
    devices, links = sim_game("yahtzee", ["Ann", "Ben"], ["human", "remote"])
    final = bylink.game_of(link_form.from_fragment(links[-1]))
    watcher = new_context().new_page()
    watcher.goto(site_url + "#" + links[-1])
    wait_for(watcher, "#end-dialog[open] #remote-checked")
    assert [int(t) for _, t in sorted(gameui.read(watcher)["totals"])] == final.totals()
    rolls = bylink.rolls_checked(link_form.from_fragment(links[-1]))
    assert "all %d come from" % rolls in watcher.inner_text("#remote-checked")
    for scheme in ("light", "dark"):
        watcher.emulate_media(color_scheme=scheme)
        assert axe_violations(watcher) == [], scheme
