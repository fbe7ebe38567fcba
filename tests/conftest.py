"""Project-wide test harness: static servers, Chromium, and page monitoring.

Fixtures (any test under tests/):
  repo                      session: the repository root (pathlib.Path); helper
                            modules import it instead: ``from paths import REPO``.
  site_server / site_url    session: the repo root over HTTP at
                            http://127.0.0.1:PORT/ (threaded, quiet, HTTP/1.1,
                            right MIME types for .mjs .wasm .webmanifest .toml).
  subpath_server / subpath_url
                            session: a SECOND server (own port) serving the repo
                            root ONLY under /dice-poker/ and answering 404 to
                            anything else, so a root-absolute URL ("/static/...")
                            in the site shows up as an error.
                            Both servers have .log: [(method, path, status)].
  local_origins             session: the set of origins that count as "ours";
                            the servers above add themselves. A test that starts
                            its own server adds its origin (harness.LOCAL_ORIGINS).
  goto_ready                goto_ready(page, url, state="ready", timeout=30_000):
                            page.goto(url), then wait for <html data-state=STATE>.
  page_monitor              page_monitor(page_or_context) -> PageMonitor with
                            .requests .console .errors .foreign (lists of str).

pytest-playwright's `page`, `context` and `new_context` fixtures work as usual
(but with service workers blocked unless a test passes
service_workers="allow"), on Chromium found via $CHROMIUM_PATH, else /usr/bin/chromium, else Playwright's
own build. Every context they make is MONITORED, and the test FAILS if
  - any request went to an origin not in local_origins (CDN, fonts, ...), or
  - any console message of type "error", uncaught page error, or HTTP response
    >= 400 happened, unless the test is marked
        @pytest.mark.allow_console_errors                 (all allowed), or
        @pytest.mark.allow_console_errors(r"regex", ...)  (only matching ones;
    re.search against "console.error: <text> (<url>:<line>)",
    "pageerror: <message>" or "HTTP 404 GET <url>").
Pages from `browser.new_page()` / `browser.new_context()` are NOT monitored:
use the fixtures. Browser tests get the `e2e` marker automatically
(`pytest -m "not e2e"` skips them).

On failure (setup or call), every open page of the test's monitored contexts
is saved as test-artifacts/<module>__<test>.png and .html, plus a .log with
requests and console output. test-artifacts/ is gitignored.
"""

from __future__ import annotations

import shutil

import pytest

import paths

from harness import (
    ARTIFACTS,
    CHROMIUM_ARGS,
    LOCAL_ORIGINS,
    REPO,
    SUBPATH,
    PageMonitor,
    PageProblems,
    StaticServer,
    allowed_console_errors,
    artifact_stem,
    find_chromium,
    register_origin,
    save_artifacts,
)

# --------------------------------------------------------------------------
# Browser
# --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def repo():
    return paths.REPO


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, browser_name):
    """pytest-playwright's launch args + our Chromium and its flags."""
    args = dict(browser_type_launch_args)
    if browser_name in (None, "chromium") and not args.get("channel"):
        exe = find_chromium()
        if exe:
            args.setdefault("executable_path", exe)
        args["args"] = [*CHROMIUM_ARGS, *args.get("args", [])]
    return args


# --------------------------------------------------------------------------
# Servers
# --------------------------------------------------------------------------


@pytest.fixture(scope="session")
def local_origins() -> set[str]:
    return LOCAL_ORIGINS


@pytest.fixture(scope="session")
def site_server():
    server = StaticServer(REPO, "/").start()
    register_origin(server)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    """http://127.0.0.1:PORT/ : the repo root."""
    return site_server.url


@pytest.fixture(scope="session")
def subpath_server():
    server = StaticServer(REPO, SUBPATH).start()
    register_origin(server)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def subpath_url(subpath_server) -> str:
    """http://127.0.0.1:PORT2/dice-poker/ : the repo root under a sub-path."""
    return subpath_server.url


# --------------------------------------------------------------------------
# Page monitoring
# --------------------------------------------------------------------------

_MONITORS = pytest.StashKey[list]()


@pytest.fixture
def new_context(new_context, request):
    """pytest-playwright's new_context, with a PageMonitor on every context.

    Contexts have NO service worker unless a test asks for one
    (``new_context(service_workers="allow")``, as tests/pwa does): requests
    the offline worker makes (its precache, or a cached answer) are seen by
    no ``page.route``, so a test that blocks or replaces a file would
    otherwise be raced by the worker; and its 220 KB precache is background
    work no game test needs. The worker itself is tested in tests/pwa and
    tests/engines."""
    monitors = request.node.stash.setdefault(_MONITORS, [])

    def factory(**kwargs):
        kwargs.setdefault("service_workers", "block")
        ctx = new_context(**kwargs)
        monitors.append(PageMonitor(ctx))
        return ctx

    return factory


@pytest.fixture
def page_monitor(request):
    """page_monitor(page_or_context) -> its PageMonitor."""

    def get(obj):
        ctx = getattr(obj, "context", obj)
        for m in request.node.stash.get(_MONITORS, []):
            if m.context is ctx:
                return m
        raise LookupError("not a monitored page/context: use the page/context/new_context fixtures")

    return get


@pytest.fixture
def goto_ready():
    """goto_ready(page, url, state="ready", timeout=30_000) -> page."""

    def go(page, url, state="ready", timeout=30_000):
        page.goto(url)
        page.wait_for_selector(f'html[data-state="{state}"]', state="attached", timeout=timeout)
        return page

    return go


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield  # re-raises if the test itself failed
    monitors = item.stash.get(_MONITORS, [])
    if monitors:
        allowed = allowed_console_errors(item)
        problems = [p for m in monitors for p in m.problems(allowed)]
        if problems:
            raise PageProblems(
                "the page did something it must not:\n  "
                + "\n  ".join(problems)
                + "\n(foreign requests are never allowed; for expected errors use"
                " @pytest.mark.allow_console_errors(r'regex'))"
            )
    return result


# --------------------------------------------------------------------------
# Artifacts on failure
# --------------------------------------------------------------------------


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when in ("setup", "call") and rep.failed:
        monitors = item.stash.get(_MONITORS, [])
        if monitors:
            try:
                save_artifacts(item, monitors)
            except Exception as e:  # never hide the real failure
                rep.sections.append(("test-artifacts", f"could not save artifacts: {e!r}"))
            else:
                rep.sections.append(("test-artifacts", f"saved {ARTIFACTS / artifact_stem(item)}.*"))
            for i, m in enumerate(monitors):
                rep.sections.append((f"page monitor {i}", m.report()[-8000:]))
    return rep


# --------------------------------------------------------------------------
# Markers and header
# --------------------------------------------------------------------------

_BROWSER_FIXTURES = {"page", "context", "new_context", "browser", "goto_ready"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)


def pytest_report_header(config):
    try:
        exe = find_chromium() or "Playwright's bundled Chromium"
    except FileNotFoundError as e:
        exe = str(e)
    return [f"chromium: {exe}", f"node: {shutil.which('node') or 'not found'}"]


# --------------------------------------------------------------------------
# Time per part of the suite (docs/testing.md, "Run everything" quotes these figures)
# --------------------------------------------------------------------------

_PART_SECONDS: dict[str, list] = {}


def _part(nodeid: str) -> str:
    """tests/e2e/test_x.py::t -> "tests/e2e"; tests/test_x.py::t -> "tests"."""
    folders = nodeid.split("::")[0].split("/")[:-1]
    return "/".join(folders[:2]) or "."


def pytest_runtest_logreport(report):
    entry = _PART_SECONDS.setdefault(_part(report.nodeid), [0, 0.0])
    entry[1] += report.duration          # setup, call and teardown alike
    if report.when == "call":
        entry[0] += 1


def pytest_terminal_summary(terminalreporter):
    if len(_PART_SECONDS) > 1:
        terminalreporter.section("time per part")
        for part, (tests, seconds) in sorted(_PART_SECONDS.items(), key=lambda kv: -kv[1][1]):
            terminalreporter.write_line("%-18s %4d tests %7.1f s" % (part, tests, seconds))
