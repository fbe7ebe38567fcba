"""Robustness and security tests (issue 7): hostile saves, broken storage,
two tabs, user text as text, the Content-Security-Policy, export/import,
random play, and the fairness of the dice.

The browser tests reuse the e2e helpers (``tests/e2e/gameui.py``) and, like
the e2e suite, prefer reduced motion so a tap never waits for the dice
animation.
"""

import sys

import pytest

import paths

E2E = str(paths.REPO / "tests" / "e2e")
if E2E not in sys.path:
    sys.path.insert(0, E2E)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce"}


def pytest_addoption(parser):
    parser.addoption("--monkey-steps", dest="monkey_steps", type=int, default=None,
                     help="steps of random play in test_robust_monkey (default: its DEFAULT_STEPS; "
                          "or set MONKEY_STEPS)")
