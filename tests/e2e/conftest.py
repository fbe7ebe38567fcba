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
def compiled_modules_are_current():
    """The page imports static/mpy/, not py/: refuse to test stale bytecode.

    Otherwise a browser test would run the code as it was at the last
    compile, and an edit to py/ would seem to have no effect."""
    import runpy

    from mpyrun import REPO
    problems = runpy.run_path(str(REPO / ".ci" / "compile_mpy.py"))["differences"](str(REPO))
    if problems:
        pytest.fail("static/mpy/ is stale (%s): run `python3 .ci/refresh_site.py`"
                    % ", ".join(problems[:5]), pytrace=False)
