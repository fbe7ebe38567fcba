"""The browser tests' own tap and wait (tests/click_point.py, tests/waits.py) ask the page
again when its document was replaced while it answered (a navigation), and raise any
other error at once: a selector the page cannot parse fails the test where it is, not
30 s later as a timeout.  Checked on a stand-in page, with no browser."""

import types

import pytest
from playwright.sync_api import Error as PlaywrightError

from click_point import click
from waits import replaced_document, wait_for

NAVIGATED = "Execution context was destroyed, most likely because of a navigation"
BAD_SELECTOR = "SyntaxError: Failed to execute 'querySelector' on 'Document': '[[' is not a valid selector."


class StandInPage:
    """Answers ``evaluate`` from ``answers`` in turn (an exception is raised); notes the
    mouse's clicks and how often it was asked."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.asked = 0
        self.clicks = []
        self.mouse = types.SimpleNamespace(click=lambda x, y: self.clicks.append((x, y)))

    def evaluate(self, script, arg=None):
        self.asked += 1
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def wait_for_load_state(self, state):
        pass


def test_only_a_navigation_counts_as_a_replaced_document():
    assert replaced_document(PlaywrightError(NAVIGATED))
    assert replaced_document(PlaywrightError("Frame was detached during navigation"))
    assert not replaced_document(PlaywrightError(BAD_SELECTOR))
    assert not replaced_document(PlaywrightError("Target page, context or browser has been closed"))


def test_a_tap_asks_the_next_document_after_a_navigation():
    page = StandInPage([PlaywrightError(NAVIGATED), {"x": 5, "y": 6}])
    click(page, "#roll", timeout=5_000)
    assert page.clicks == [(5, 6)] and page.asked == 2


def test_a_tap_raises_any_other_error_at_once():
    page = StandInPage([PlaywrightError(BAD_SELECTOR), {"x": 5, "y": 6}])
    with pytest.raises(PlaywrightError, match="not a valid selector"):
        click(page, "[[", timeout=5_000)
    assert page.asked == 1 and page.clicks == []


def test_a_wait_asks_the_next_document_after_a_navigation():
    page = StandInPage([PlaywrightError(NAVIGATED), True])
    wait_for(page, "#roll", state="attached", timeout=5_000)
    assert page.asked == 2


def test_a_wait_raises_any_other_error_at_once():
    page = StandInPage([PlaywrightError(BAD_SELECTOR), True])
    with pytest.raises(PlaywrightError, match="not a valid selector"):
        wait_for(page, "[[", state="attached", timeout=5_000)
    assert page.asked == 1
