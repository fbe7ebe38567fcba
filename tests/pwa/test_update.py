"""A new deploy gives a new cache, and the player is offered it, never forced."""
import os

import pytest

from pwa_support import dice, regenerate_precache, roll
from click_point import click
from waits import wait_for

pytestmark = pytest.mark.e2e


def deploy_change(site):
    """Change the page (as a deploy would) and regenerate the precache list."""
    path = os.path.join(site.root, "index.html")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace("<head>", '<head>\n  <meta name="build" content="second">', 1))
    return regenerate_precache(site.root)


def check_for_update(page):
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")


def test_a_new_version_is_offered_and_taken_only_when_accepted(visit):
    page, site = visit.page, visit.site
    visit.open()
    visit.wait_offline_ready()
    old = site.precache_list()["version"]
    assert visit.cache_names() == ["dice-poker-" + old, "dice-poker-" + old + "-runtime"]
    assert page.is_hidden("#update-banner"), "no offer on the first visit"
    in_progress = roll(page)

    new = deploy_change(site)
    assert new != old
    check_for_update(page)
    wait_for(page, "#update-banner", state="visible", timeout=30_000)
    # Waiting, not swapped: the old page and game are untouched, both caches exist.
    assert page.locator('meta[name="build"]').count() == 0
    assert dice(page) == in_progress
    assert "dice-poker-" + new in visit.cache_names()
    assert "dice-poker-" + old in visit.cache_names()

    # A plain reload keeps the old version and offers the update again.
    page.reload()
    visit.wait_ready()
    assert page.locator('meta[name="build"]').count() == 0
    wait_for(page, "#update-banner", state="visible", timeout=30_000)

    with page.expect_navigation():
        click(page, "#update-reload")
    visit.wait_ready()
    assert page.get_attribute('meta[name="build"]', "content") == "second"
    assert visit.cache_names() == ["dice-poker-" + new, "dice-poker-" + new + "-runtime"]
    assert dice(page) == in_progress, "the game in progress comes back after the update"
    assert page.is_hidden("#update-banner")


def test_the_new_version_works_offline_after_the_update(visit):
    page, site = visit.page, visit.site
    visit.open()
    visit.wait_offline_ready()
    deploy_change(site)
    check_for_update(page)
    wait_for(page, "#update-banner", state="visible", timeout=30_000)
    with page.expect_navigation():
        click(page, "#update-reload")
    visit.wait_ready()

    visit.go_offline()
    page.reload()
    visit.wait_ready()
    assert page.get_attribute('meta[name="build"]', "content") == "second"
    assert len(roll(page)) == 5


# The installing worker's fate after an update check: "installed" (it waits, the page
# offers it) or "redundant" (its install failed).
INSTALL_OUTCOME = """
navigator.serviceWorker.getRegistration().then((r) => new Promise((resolve) => {
  r.addEventListener('updatefound', () => {
    const worker = r.installing;
    const settle = () => { if (['installed', 'redundant'].includes(worker.state)) resolve(worker.state); };
    worker.addEventListener('statechange', settle);
    settle();
  });
  r.update();
}))
"""


def test_the_running_version_installed_again_is_not_offered(visit):
    """A worker of the version that already runs (WebKit installed one again after an
    update check it could not make) fails its install: no offer of what the player has.
    Here sw.js differs by a comment, so the browser installs it; its VERSION is the same."""
    page, site = visit.page, visit.site
    visit.open()
    visit.wait_offline_ready()
    version = site.precache_list()["version"]
    path = os.path.join(site.root, "sw.js")
    with open(path, "a", encoding="utf-8") as f:
        f.write("// the same version, other bytes\n")
    assert page.evaluate(INSTALL_OUTCOME) == "redundant"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !r.waiting)")
    page.wait_for_timeout(500)      # the page would show the offer at "installed"
    assert page.is_hidden("#update-banner")
    assert visit.cache_names() == ["dice-poker-" + version, "dice-poker-" + version + "-runtime"]
    page.reload()
    visit.wait_ready()
    assert len(roll(page)) == 5      # the running version still serves the game
