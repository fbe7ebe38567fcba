"""e2e settings for the game tests.

- Contexts prefer reduced motion, so Playwright never waits for the dice
  animation to settle before a tap (the page's state is correct at once either
  way; test_mobile checks that with animations on).
"""

import pytest


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce"}
