"""The offline copy does not compete with the first turn: the worker is registered only
once the game has started, the page has loaded and the browser is idle
(static/pwa/register.js); without requestIdleCallback (Safari) a timer stands in."""
import time

import pytest
from click_point import click

pytestmark = pytest.mark.e2e

# Holds requestIdleCallback's callbacks until the test lets them run.
HOLD_IDLE = """
window.__idle = [];
window.requestIdleCallback = (callback, options) => { window.__idle.push([callback, options]); return 1; };
"""


def registered(page):
    return page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r))")


def test_the_worker_waits_until_the_page_is_idle(visit):
    visit.context.add_init_script(HOLD_IDLE)
    visit.open()
    page = visit.page
    page.wait_for_function("window.__idle.length > 0 && document.readyState === 'complete'")
    # ready, loaded, first roll played: still no worker while the browser is busy
    click(page, "#roll")
    page.wait_for_function("document.querySelector('.die').dataset.value !== '0'")
    assert registered(page) is False
    assert not any(url.endswith("/sw.js") for url in visit.requests)
    assert page.evaluate("window.__idle[0][1].timeout") > 0     # it runs anyway in the end
    page.evaluate("window.__idle.splice(0).forEach(([callback]) => callback())")
    visit.wait_offline_ready()
    assert registered(page) is True


def test_a_browser_without_idle_callbacks_still_gets_the_worker(visit):
    visit.context.add_init_script("delete window.requestIdleCallback;")
    visit.open()
    start = time.monotonic()
    visit.wait_offline_ready()
    assert time.monotonic() - start < 60
