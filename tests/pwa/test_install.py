"""The app is installable: Chromium finds no fault with the manifest and worker.

Playwright's ordinary contexts are incognito, which Chromium itself reports as
an installability error ("in-incognito"), so this test uses a persistent
profile: the browser then judges the app as a player's browser would.
"""
import pytest

from harness import PageMonitor
from waits import wait_for

pytestmark = pytest.mark.e2e


@pytest.fixture
def profile_context(playwright, browser_type_launch_args, tmp_path):
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), service_workers="allow", **browser_type_launch_args)
    monitor = PageMonitor(context)
    yield context
    problems = monitor.problems(None)
    context.close()
    assert problems == [], problems


def test_chromium_reports_no_installability_errors(profile_context, site):
    page = profile_context.pages[0] if profile_context.pages else profile_context.new_page()
    page.goto(site.url)
    wait_for(page, "html:not([data-state=loading])", state="attached", timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => Boolean(r.active))")
    cdp = profile_context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == site.url + "manifest.webmanifest"
    assert manifest.get("errors", []) == []


def test_the_manifest_is_linked_with_a_relative_url(visit):
    visit.open()
    href = visit.page.get_attribute('link[rel="manifest"]', "href")
    assert href and not href.startswith("/") and "//" not in href
