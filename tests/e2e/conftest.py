"""e2e settings for the game tests.

- Contexts prefer reduced motion, so Playwright never waits for the dice
  animation to settle before a tap (the page's state is correct at once either
  way; test_mobile checks that with animations on).
"""

import pytest


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce"}


@pytest.fixture(scope="session", autouse=True)
def generated_files_are_current():
    """The page imports static/mpy/, not py/, loads the .min copies of
    static/css/app.css, static/js/boot.js and static/pwa/register.js, and the
    start parts of the catalogues: refuse to test stale generated files.

    Otherwise a browser test would run the code as it was at the last
    compile or minify, and an edit to py/ or to a source would seem to have
    no effect."""
    from harness import stale_generated_files
    problems = stale_generated_files()
    if problems:
        pytest.fail("generated site files are stale (%s): run `python3 .ci/refresh_site.py`"
                    % ", ".join(problems[:5]), pytrace=False)
