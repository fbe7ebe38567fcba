"""The practice screen in the page (issue 42), checked against a solver of the tests' own.

- In every rule set, positions with 0, 1 and 2 rolls left, with a Poker scored
  and scratched, and Joker throws: the page's ``#practice[data-position]`` is
  the position ``dicepoker.practice.positions`` gives on CPython for that seed
  and place (one seed, one sequence, on both); after an answer (dice kept and
  "keep these and throw the rest", or a box), ``[data-practice-result]``'s
  ``data-loss`` is the answer's loss to one decimal ("0.0" for the best), every
  ranked option's loss is the one our solver (``practice_solver``: an Advisor
  of the shipped table, given the JSON alone) computes, to 0.05, and the best
  is marked on the dice or the card;
- the progress survives a reload (the figures are kept, the statistics show
  them per level, and the screen goes on with the position where it stood); a
  damaged record is set aside whole, with a message, on the screen and in the
  statistics;
- keyboard only: the top bar's button, the dice (keys 1-5), Roll, a box, Next
  (where the focus goes after an answer) and Esc;
- in the four languages, on a phone (light) and a desktop (dark): nothing wider
  than the screen, no box name cut, no axe violation, answer shown;
- nothing of it before the first roll of a game is tests/e2e/test_lean_start.py's.
"""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe

import gameui
from dicepoker.practice import position_json, positions
from practice_solver import advisor, losses, move_text
from click_point import click
from waits import wait_for

SHOWN = "#practice[data-status=shown]"
RESULT = "[data-practice-result]:not([hidden])"
ENGLISH_BAD_RECORD = "Your practice progress could not be read"

# Seeds whose first positions hold what each rule set must show (the Joker throws are found
# there by tests/strategy/test_practice_positions.py too): rolls left, the Poker box, the Joker.
PLANS = {
    "dice-poker": [("42", 4), ("j164", 4)],         # 0, 1, 0, 2 rolls left; a Poker, its Joker
    "dice-poker-classic": [("j104", 5)],            # 1, 2, a Joker on a scratched Poker, 1, 0
    "yahtzee": [("j195", 3), ("j376", 5)],          # 0, 2, Joker (scratched); ..., Joker (50), 1
}


def cpython_positions(seed, rules, count):
    found = []
    for position in positions(seed, rules, advisor(rules)):
        found.append(position)
        if len(found) == count:
            return found


def open_link(page, site_url, seed, rules):
    page.goto(site_url + "?practice=%s&rules=%s" % (seed, rules))
    wait_for(page, SHOWN, timeout=60_000)


def shown_position(page):
    return json.loads(page.get_attribute("#practice", "data-position"))


def play(page, option):
    """Answer with ``option``: its dice kept (taps), then Roll; or its box."""
    if option["kind"] == "score":
        click(page, '#practice [data-box="%s"]' % option["box"])
    else:
        for i in option["move"]["roll"]:
            click(page, '#practice .die[data-index="%d"]' % i)
        pressed = page.eval_on_selector_all(
            '#practice .die[aria-pressed="true"]', "ds => ds.map(d => Number(d.dataset.index))")
        assert pressed == option["move"]["roll"]
        click(page, "#practice-roll")
    wait_for(page, RESULT)
    wait_for(page, "#practice-options[data-filled]", state="attached")


def page_answer(page):
    return page.evaluate("""() => ({
      loss: document.querySelector('[data-practice-result]').dataset.loss,
      rows: [...document.querySelectorAll('#practice-options li')].map(
        li => [li.dataset.move, Number(li.dataset.loss), li.hasAttribute('data-chosen')]),
      keep: [...document.querySelectorAll('#practice .die[data-best="keep"]')].map(
        d => Number(d.dataset.index)),
      box: [...document.querySelectorAll('#practice [data-box][data-best]')].map(b => b.dataset.box),
    })""")


def next_position(page):
    click(page, "#practice-next")
    wait_for(page, SHOWN)


@pytest.mark.parametrize("rules", sorted(PLANS))
def test_every_loss_is_the_solvers_and_the_positions_are_cpythons(page, site_url, rules):
    seen = set()
    for seed, count in PLANS[rules]:
        open_link(page, site_url, seed, rules)
        for k, expected in enumerate(cpython_positions(seed, rules, count)):
            data = shown_position(page)
            assert page.get_attribute("#practice", "data-position") == position_json(expected), \
                "position %d of seed %s differs from CPython's" % (k, seed)
            solved = losses(data)
            best = expected["options"][0]
            # the best, or an option that gives something away (a hold when rolls are left)
            if k % 2 == 0:
                option = best
            else:
                kinds = [o for o in expected["options"][1:] if o["kind"] == (
                    "hold" if data["rolls_left"] else "score")]
                option = kinds[len(kinds) // 3]
            play(page, option)
            shown = page_answer(page)
            assert shown["loss"] == "%.1f" % solved[move_text(option)]
            if option is best:
                assert shown["loss"] == "0.0"
            else:
                assert float(shown["loss"]) >= 0.5
            assert len(shown["rows"]) == len(solved) == int(
                page.get_attribute("#practice-options", "data-filled"))
            for move, loss, chosen in shown["rows"]:
                assert loss == pytest.approx(solved[move], abs=0.05), move
                assert chosen == (move == move_text(option))
            assert [r[0] for r in shown["rows"]][0] == move_text(best)
            if best["kind"] == "hold":
                assert shown["keep"] == best["move"]["roll"] and shown["box"] == []
            else:
                assert shown["box"] == [best["box"]] and shown["keep"] == []
            seen.add(("left", data["rolls_left"]))
            seen.add(("poker", data["poker"]))
            seen.add(("joker", expected["joker"]))
            if k < count - 1:
                next_position(page)
    assert {("left", 0), ("left", 1), ("left", 2), ("joker", True), ("poker", None)} <= seen
    assert ("poker", 50) in seen or ("poker", 0) in seen


def progress_figures(page, selector="#practice-progress"):
    return page.evaluate("""(s) => { const p = document.querySelector(s);
      return [p.dataset.answered, p.dataset.best, p.dataset.streak, p.dataset.longest]; }""",
                         selector)


def test_progress_survives_a_reload_and_shows_in_the_statistics(page, site_url):
    rules = "yahtzee"
    expected = cpython_positions("42", rules, 4)
    open_link(page, site_url, "42", rules)
    for k in range(3):
        play(page, expected[k]["options"][0 if k else 1])      # a miss, then two best answers
        next_position(page)
    before = progress_figures(page)
    assert before == ["3", "2", "2", "2"]
    assert page.get_attribute("#practice", "data-position") == position_json(expected[3])
    stored = json.loads(page.evaluate("localStorage.getItem('dicepoker.practice-progress')"))
    page.reload()
    wait_for(page, "html[data-state]:not([data-state=loading])", state="attached")
    assert "practice" not in page.url                 # the link was taken in
    click(page, "#open-stats")
    wait_for(page, "#history[data-filled]", state="attached")     # the screen is filled
    page.select_option("#stats-ruleset", rules)
    row = page.locator('#stats-practice [data-practice-level="all"]')
    assert row.locator('[data-stat="answered"]').text_content() == "3"
    assert row.locator('[data-stat="best"]').text_content() == "67%"
    given = sum(v[2] for v in stored["tally"][rules].values())
    assert row.locator('[data-stat="average"]').text_content() == "%.1f" % (given / 3)
    assert page.get_attribute("#stats-practice-streak", "data-streak") == "2"
    for level in "123":
        cell = page.locator('#stats-practice [data-practice-level="%s"] [data-stat="answered"]'
                            % level).text_content()
        assert cell == str(sum(str(p["level"]) == level for p in expected[:3])), level
    # the same link gives the same sequence every time, and the progress is the one kept (no
    # Esc first: the closed dialog's history entry is taken back by a history.go, which
    # would race this navigation)
    open_link(page, site_url, "42", rules)
    assert page.get_attribute("#practice", "data-position") == position_json(expected[0])
    assert progress_figures(page) == before


DAMAGED = '{"version": 1, "tally": {"yahtzee": {"1": [3, 9, 0.0]}}'


def test_a_damaged_record_is_set_aside_with_a_message(page, site_url):
    page.goto(site_url)
    wait_for(page, "html[data-state]:not([data-state=loading])", state="attached")
    page.evaluate("(t) => localStorage.setItem('dicepoker.practice-progress', t)", DAMAGED)
    open_link(page, site_url, "7", "dice-poker")
    assert page.is_visible("#practice-note")
    assert page.text_content("#practice-note").startswith(ENGLISH_BAD_RECORD)
    assert gameui.notice_text(page).startswith(ENGLISH_BAD_RECORD)
    aside = page.evaluate("""() => Object.keys(localStorage).filter(
      k => k.startsWith('dicepoker.bad-save.practice-')).map(k => localStorage.getItem(k))""")
    assert aside == [DAMAGED]
    stored = json.loads(page.evaluate("localStorage.getItem('dicepoker.practice-progress')"))
    assert stored["tally"] == {} and stored["version"] == 1
    # found by the statistics first: the same
    page.keyboard.press("Escape")
    page.evaluate("(t) => localStorage.setItem('dicepoker.practice-progress', t)", "not json")
    click(page, "#open-stats")
    wait_for(page, "#stats-practice-note:not([hidden])")
    assert page.text_content("#stats-practice-note").startswith(ENGLISH_BAD_RECORD)
    aside = page.evaluate("""() => Object.keys(localStorage).filter(
      k => k.startsWith('dicepoker.bad-save.practice-')).map(k => localStorage.getItem(k))""")
    assert sorted(aside) == sorted([DAMAGED, "not json"])


def focus_on(page, selector, limit=60):
    """Press Tab until the focus is on ``selector``."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError("Tab never reached %s" % selector)


def test_keyboard_only_and_a_reload_goes_on_where_it_stood(page, site_url):
    expected = cpython_positions("42", "dice-poker", 3)
    assert expected[0]["rolls_left"] == 0 and expected[1]["rolls_left"] == 1
    open_link(page, site_url, "42", "dice-poker")
    page.keyboard.press("Escape")                       # closed, then opened from the top bar
    wait_for(page, "#practice-dialog:not([open])", state="attached")
    focus_on(page, "#open-practice")
    page.keyboard.press("Enter")
    wait_for(page, "#practice-dialog[open] " + SHOWN)
    assert page.get_attribute("#practice", "data-position") == position_json(expected[0])
    box = expected[0]["options"][0]["box"]
    focus_on(page, '#practice [data-box="%s"]' % box)
    page.keyboard.press("Enter")
    wait_for(page, RESULT)
    assert page.get_attribute("[data-practice-result]", "data-loss") == "0.0"
    assert page.evaluate("document.activeElement.id") == "practice-next"
    page.keyboard.press("Enter")
    wait_for(page, SHOWN)
    assert page.get_attribute("#practice", "data-position") == position_json(expected[1])
    assert page.evaluate("document.activeElement.id") == "practice-task"    # read out
    hold = next(o for o in expected[1]["options"] if o["kind"] == "hold")
    for i in hold["move"]["roll"]:
        page.keyboard.press(str(i + 1))
    pressed = page.eval_on_selector_all('#practice .die[aria-pressed="true"]',
                                        "ds => ds.map(d => Number(d.dataset.index))")
    assert pressed == hold["move"]["roll"]
    focus_on(page, "#practice-roll")
    page.keyboard.press("Enter")
    wait_for(page, RESULT)
    assert page.get_attribute("[data-practice-result]", "data-loss") == "%.1f" % hold["loss"]
    page.keyboard.press("Enter")                        # Next, where the focus went
    wait_for(page, SHOWN)
    assert page.get_attribute("#practice", "data-position") == position_json(expected[2])
    page.reload()                                       # the sequence goes on where it stood
    wait_for(page, "html[data-state]:not([data-state=loading])", state="attached")
    focus_on(page, "#open-practice")
    page.keyboard.press("Enter")
    wait_for(page, "#practice-dialog[open] " + SHOWN, timeout=60_000)
    assert page.get_attribute("#practice", "data-position") == position_json(expected[2])
    assert page.text_content("#practice-task").startswith("Position 3 ")
    page.keyboard.press("Escape")
    wait_for(page, "#practice-dialog:not([open])", state="attached")


FITS = """() => {
  const dialog = document.getElementById('practice-dialog'), box = dialog.getBoundingClientRect();
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5; };
  const parts = [...document.querySelectorAll('#practice [data-box], #practice .die, #practice-roll,'
                 + ' #practice-next, #practice-options li')];
  return {wide: dialog.scrollWidth - dialog.clientWidth, page: document.documentElement.scrollWidth - innerWidth,
          outside: parts.filter(el => el.offsetParent && !inside(el)).map(el => el.id || el.dataset.box
            || el.dataset.index || el.dataset.move),
          texts: [...document.querySelectorAll('#practice [data-box] .practice-box-name')].filter(
            el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent)};
}"""


@pytest.mark.parametrize("lang, locale", [("en", "en-US"), ("lt", "lt-LT"), ("be", "be-BY"),
                                          ("sk", "sk-SK")])
@pytest.mark.parametrize("width, height, scheme", [(360, 640, "light"), (1280, 800, "dark")])
def test_the_screen_fits_and_has_no_axe_violations(new_context, site_url, lang, locale, width,
                                                   height, scheme):
    page = new_context(locale=locale, viewport={"width": width, "height": height},
                       color_scheme=scheme).new_page()
    open_link(page, site_url, "42", "dice-poker")
    assert page.get_attribute("html", "lang") == lang
    expected = cpython_positions("42", "dice-poker", 2)
    play(page, expected[0]["options"][0])
    next_position(page)
    hold = next(o for o in expected[1]["options"] if o["kind"] == "hold" and o["loss"])
    play(page, hold)                               # the answer, marks and list on screen
    seen = page.evaluate(FITS)
    assert seen == {"wide": 0, "page": 0, "outside": [], "texts": []}, seen
    results = Axe().run(page, context="#practice-dialog")
    assert [(v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"]] == []


def test_a_practice_link_opens_practice_and_never_the_games_loading_screen(page, site_url):
    """?practice=SEED is a route of its own (py/ui/platform/manifest.py): before Python runs,
    boot.js paints what the page shows without a query (the setup form, no game kept), not
    a game's card with "Loading the game…"; the setup form's files come with the start
    modules; then practice opens over it."""
    first = []
    page.on("request", lambda r: first.append(r.url))
    # What boot.js painted, seen by the page itself when its markup is in (py/ui/screens.py
    # takes data-first away once Python runs: a look from the test, a round trip later,
    # came after that once, on a busy machine).
    page.add_init_script("""document.addEventListener('DOMContentLoaded', () => {
      window.__painted = {first: document.documentElement.dataset.first || null,
        loading: getComputedStyle(document.querySelector('.loading-note')).display !== 'none'
                 && !!document.querySelector('#game:not([hidden])')};
    });""")
    page.goto(site_url + "?practice=1", wait_until="domcontentloaded")
    painted = page.evaluate("window.__painted")
    assert painted == {"first": "setup", "loading": False}
    wait_for(page, SHOWN, timeout=60_000)
    assert any("/static/mpy/ui/setup/form.mpy" in url for url in first)
    assert page.evaluate("document.getElementById('practice-dialog').open")
