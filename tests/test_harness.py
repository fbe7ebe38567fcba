"""The page monitor really fails tests: runs a small inner pytest session with
tests/conftest.py and checks each case's outcome (one subprocess, ~10 s)."""

import os

import pytest

from harness import ARTIFACTS, REPO, auto_workers

pytest_plugins = ["pytester"]

INNER = r'''
import re
import time
import pytest

BARE = "tests/fixtures/bare/"


def until_seen(page_monitor, page, timeout=30):
    """Wait until the monitor has seen a problem: the test then fails for it
    (a condition with a deadline, so a busy machine does not let it pass)."""
    monitor = page_monitor(page)
    deadline = time.monotonic() + timeout
    while not (monitor.errors or monitor.foreign) and time.monotonic() < deadline:
        page.wait_for_timeout(50)


def test_clean(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)


def test_foreign_request(page, site_url, goto_ready, page_monitor):
    goto_ready(page, site_url + BARE)
    # Another origin on loopback (nothing listens there): never a real host.
    page.evaluate("fetch('http://127.0.0.1:9/from-cdn.js').catch(() => 0)")
    until_seen(page_monitor, page)


def test_console_error(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)
    page.evaluate("console.error('boom from console')")


@pytest.mark.allow_console_errors
def test_console_error_allowed(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)
    page.evaluate("console.error('boom from console')")


@pytest.mark.allow_console_errors(r"boom from")
def test_console_error_allowed_by_pattern(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)
    page.evaluate("console.error('boom from console')")


@pytest.mark.allow_console_errors(r"something else")
def test_console_error_pattern_mismatch(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)
    page.evaluate("console.error('boom from console')")


def test_python_raises_at_start(page, site_url, goto_ready, page_monitor):
    goto_ready(page, site_url + BARE + "raise.html")
    until_seen(page_monitor, page)


def test_python_raises_in_handler(page, site_url, goto_ready, page_monitor):
    goto_ready(page, site_url + BARE + "raise.html?handler")
    page.click("#boom")
    until_seen(page_monitor, page)


def test_http_404(page, site_url):
    page.goto(site_url + "no/such/page.html")


def test_root_absolute_url_under_subpath(page, subpath_url, goto_ready, page_monitor):
    goto_ready(page, subpath_url + BARE)
    page.evaluate("fetch('/static/vendor/VERSIONS.txt')")
    until_seen(page_monitor, page)


def test_plain_failure_saves_artifacts(page, site_url, goto_ready):
    goto_ready(page, site_url + BARE)
    assert False, "failing on purpose"
'''


@pytest.fixture
def inner_result(pytester, monkeypatch):
    pytester.makeconftest((REPO / "tests" / "conftest.py").read_text())
    pytester.makepyfile(test_inner_harness_case=INNER)
    pytester.makeini(
        "[pytest]\nmarkers =\n    allow_console_errors: see tests/conftest.py\n    e2e: browser\n"
    )
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join([str(REPO / "tests"), str(REPO / "py"), os.environ.get("PYTHONPATH", "")])
    )
    stem = "test_inner_harness_case__test_plain_failure_saves_artifacts-chromium"
    for f in ARTIFACTS.glob("test_inner_harness_case__*"):
        f.unlink()
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "-rA", timeout=240)
    yield result, stem
    if os.environ.get("KEEP_HARNESS_ARTIFACTS"):
        return
    for f in ARTIFACTS.glob("test_inner_harness_case__*"):
        f.unlink()


@pytest.mark.slow
def test_page_monitor_outcomes(inner_result):
    result, stem = inner_result
    text = result.stdout.str()

    def outcome(name):
        for line in result.stdout.lines:
            for word in ("PASSED", "FAILED", "ERROR"):
                if line.startswith(word + " ") and f"::{name}[" in line:
                    return word
        raise AssertionError(f"no outcome for {name}\n{text}")

    assert outcome("test_clean") == "PASSED"
    assert outcome("test_console_error_allowed") == "PASSED"
    assert outcome("test_console_error_allowed_by_pattern") == "PASSED"
    for name in (
        "test_foreign_request",
        "test_console_error",
        "test_console_error_pattern_mismatch",
        "test_python_raises_at_start",
        "test_python_raises_in_handler",
        "test_http_404",
        "test_root_absolute_url_under_subpath",
        "test_plain_failure_saves_artifacts",
    ):
        assert outcome(name) == "FAILED", (name, text)

    assert "request to a foreign origin: GET http://127.0.0.1:9/from-cdn.js" in text
    assert "ValueError: raised on purpose by raise.html" in text
    assert "ValueError: raised on purpose by a click handler" in text
    assert "HTTP 404 GET" in text
    png = ARTIFACTS / f"{stem}.png"
    assert png.exists() and png.stat().st_size > 1000, text
    assert (ARTIFACTS / f"{stem}.html").read_text().find('data-state="ready"') > 0
    assert "core.js" in (ARTIFACTS / f"{stem}.log").read_text()


GB = 2 ** 30


@pytest.mark.parametrize("cores, memory, workers", [
    (2, 24 * GB, 2),        # this project's CI machine: the two processes of its figures
    (1, 4 * GB, 2),         # one core: still two (one waits for its browser, one works)
    (None, None, 2),        # nothing known: two
    (4, 16 * GB, 4),        # GitHub's runners: a process per core
    (16, 64 * GB, 8),       # a large machine: at most eight
    (16, 7 * GB, 4),        # but no more than one per 1.5 GB of memory
    (3, 2 * GB, 2),         # and never fewer than two
])
def test_auto_workers_are_a_process_per_core_within_bounds(cores, memory, workers):
    assert auto_workers(cores, memory) == workers
