"""The vendored runtime boots MicroPython from the page's own origin only.

The page monitor (tests/conftest.py) fails these tests on any request to a
foreign origin, console error, page error or HTTP error.
"""

import subprocess
import sys
import time
import urllib.request

import pytest

from harness import LOCAL_ORIGINS, REPO, free_port

BARE = "tests/fixtures/bare/"


def _vendor_requests(monitor):
    return [r for r in monitor.requests if "/static/vendor/" in r]


def test_bare_page_ready_at_root(page, site_url, goto_ready, page_monitor):
    goto_ready(page, site_url + BARE)
    mon = page_monitor(page)
    vendor = _vendor_requests(mon)
    assert any(r.endswith("/micropython/micropython.wasm") for r in vendor), mon.requests
    assert any(r.endswith("/pyscript/core.js") for r in vendor), mon.requests


def test_bare_page_ready_under_subpath(page, subpath_url, subpath_server, goto_ready, page_monitor):
    # The sub-path server 404s anything outside /dice-poker/, so a root-absolute
    # URL anywhere in the runtime would fail this test (HTTP 404 is an error).
    goto_ready(page, subpath_url + BARE)
    served = [p for (_, p, status) in subpath_server.log if status == 200]
    assert "/static/vendor/micropython/micropython.wasm" in served
    assert all(r.split(" ", 1)[1].startswith(subpath_url) for r in page_monitor(page).requests)


def test_plain_python_http_server_serves_the_runtime(page, goto_ready):
    """README's `python3 -m http.server` works even without /etc/mime.types."""
    port = free_port()
    # Python's built-in MIME table only (as on a machine without /etc/mime.types).
    code = (
        "import mimetypes, runpy, sys; mimetypes.knownfiles[:] = [];"
        f"sys.argv = ['http.server', '--bind', '127.0.0.1', '{port}'];"
        "runpy.run_module('http.server', run_name='__main__')"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=REPO,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    origin = f"http://127.0.0.1:{port}"
    LOCAL_ORIGINS.add(origin)
    try:
        for _ in range(100):
            try:
                with urllib.request.urlopen(origin + "/static/vendor/micropython/micropython.wasm") as r:
                    assert r.headers["Content-Type"] == "application/wasm"
                with urllib.request.urlopen(origin + "/static/vendor/micropython/micropython.mjs") as r:
                    assert "javascript" in r.headers["Content-Type"]
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("python3 -m http.server did not start")
        goto_ready(page, f"{origin}/{BARE}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        LOCAL_ORIGINS.discard(origin)


def test_axe_runs_offline_on_the_bare_page(page, site_url, goto_ready):
    # axe-playwright-python ships axe.min.js in its wheel: no network needed.
    from axe_playwright_python.sync_playwright import Axe

    goto_ready(page, site_url + BARE)
    result = Axe().run(page)
    assert result.violations_count == 0, result.generate_report()
