"""After one visit the game works with no network at all (served from a sub-path)."""
import pytest

pytestmark = pytest.mark.e2e

CHANCE = '[data-player="0"][data-box="chance"]'


def dice(page):
    return [int(v) for v in page.eval_on_selector_all(
        ".die", "els => els.sort((a, b) => a.dataset.index - b.dataset.index)"
                ".map(e => e.dataset.value)")]


def held(page):
    return [i for i, p in enumerate(page.eval_on_selector_all(
        ".die", "els => els.sort((a, b) => a.dataset.index - b.dataset.index)"
                ".map(e => e.getAttribute('aria-pressed'))")) if p == "true"]


def roll(page):
    before = page.eval_on_selector("#roll", "b => b.textContent")
    page.click("#roll")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.die')].every(d => /^[1-6]$/.test(d.dataset.value))")
    return dice(page)


def play_turn(page):
    """Roll, hold two dice, roll again, fill Chance; return (dice, points)."""
    first = roll(page)
    page.click('.die[data-index="0"]')
    page.click('.die[data-index="1"]')
    assert held(page) == [0, 1]
    second = roll(page)
    assert second[:2] == first[:2], "held dice must not change"
    page.click("button" + CHANCE)
    page.wait_for_function("s => !document.querySelector('button' + s) && "
                           "document.querySelector(s).textContent.trim() !== ''", arg=CHANCE)
    return second, int(page.text_content(CHANCE).strip())


def test_offline_reload_then_a_full_turn_from_a_sub_path(visit):
    visit.open()
    assert visit.page.url.endswith("/dice-poker/")
    visit.wait_offline_ready()

    visit.go_offline()
    visit.page.reload()
    visit.wait_ready()
    faces, points = play_turn(visit.page)
    assert points == sum(faces)
    # Nothing could have come from the network: every request that reached
    # the server was refused (the worker's update check of sw.js, at most).
    assert all(p.endswith("/sw.js") for p in visit.site.requests_while_offline()), \
        visit.site.requests_while_offline()
