"""Fixtures for the offline-app tests: a staged copy of the site served from a
sub-path by a server that can be switched off, and a Chromium with service
workers.

Why a copy: tests change files (to make a new version) and regenerate the
precache list; the copy is made by .ci/stage_site.py, so it holds exactly what
GitHub Pages publishes.

Why the server has its own "offline" switch: Playwright's
`context.set_offline(True)` does not reliably cut a service worker's own
fetches in Chromium, so a test that only used it could pass while the worker
quietly fetched from the network. While `server.offline` is set, every request
that reaches the server is recorded and answered with a dropped connection,
so the page can only work from the worker's caches.
"""
import json
import os
import shutil
import sys
import time

import pytest

import harness
import paths
from waits import wait_for

REPO = str(paths.REPO)
FIXTURE_PAGE = os.path.join(REPO, "tests", "pwa", "fixtures", "game")
SUB_PATH = harness.SUBPATH  # "/dice-poker/", like GitHub Pages' /<repo>/

# The tests play the real game page (started by a shared link, so a game is
# in progress at once). Before that page existed they ran against the
# stand-in page in fixtures/game, which has the same hooks: set True to test
# the service worker apart from the game again.
USE_FIXTURE_PAGE = False
GAME_LINK = "?players=Ann&seed=7"  # a solo game, started at once

sys.path.insert(0, os.path.join(REPO, ".ci"))
import stage_site  # noqa: E402

from pwa_support import regenerate_precache  # noqa: E402


class OfflineSwitchServer(harness.StaticServer):
    """Serves the folder `root` at http://127.0.0.1:PORT/dice-poker/, started
    and counted as ours at once; ``offline`` is the harness's switch."""

    def __init__(self, root):
        super().__init__(root, SUB_PATH)
        self.start()
        harness.register_origin(self)

    def requests_while_offline(self):
        return list(self.offline_requests)

    def precache_list(self):
        with open(os.path.join(self.root, "static", "pwa", "precache.json"), encoding="utf-8") as f:
            return json.load(f)

    def close(self):
        self.stop()


@pytest.fixture
def site(tmp_path):
    """A fresh copy of the site at <server>/dice-poker/, precache regenerated."""
    root = str(tmp_path / "site")
    stage_site.stage(root)
    if USE_FIXTURE_PAGE:
        for name in ("index.html", "pyscript.toml", "fixture_main.py"):
            shutil.copy(os.path.join(FIXTURE_PAGE, name), os.path.join(root, name))
    regenerate_precache(root)
    server = OfflineSwitchServer(root)
    yield server
    server.close()


class Visit:
    """One browser context on the site, with the page's errors collected."""

    def __init__(self, new_context, site):
        self.site = site
        self.context = new_context(service_workers="allow")
        self.page = self.context.new_page()
        self.requests = []  # URLs the page asked for (served by the worker or not)
        self.page.on("request", lambda r: self.requests.append(r.url))

    def open(self):
        self.page.goto(self.site.url + GAME_LINK)
        self.wait_ready()

    def wait_ready(self):
        wait_for(self.page, "html[data-state=ready]", state="attached", timeout=60_000)

    def wait_offline_ready(self, timeout=60):
        """Wait until a worker is active, controls the page and has its cache.

        Polled from Python: page.wait_for_function() would take the promise
        of an async predicate as a truthy answer and return at once."""
        deadline = time.monotonic() + timeout
        while not self.page.evaluate(
            """async () => {
                const reg = await navigator.serviceWorker.getRegistration();
                if (!reg || !reg.active || reg.active.state !== 'activated') return false;
                if (!navigator.serviceWorker.controller) return false;
                const names = await caches.keys();
                return names.some((n) => /^dice-poker-[0-9a-f]{16}$/.test(n));
            }"""
        ):
            assert time.monotonic() < deadline, "the service worker never took control"
            time.sleep(0.1)

    def cache_names(self):
        return sorted(self.page.evaluate("caches.keys()"))

    def go_offline(self):
        self.context.set_offline(True)
        self.site.offline = True

    def go_online(self):
        self.site.offline = False
        self.context.set_offline(False)


@pytest.fixture
def visit(new_context, site):
    """A monitored browser context (tests/conftest.py) on the `site` copy."""
    return Visit(new_context, site)
