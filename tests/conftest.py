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
                            Both servers have .log: [(method, path, status)],
                            and send Cache-Control: max-age=600 as GitHub
                            Pages does (harness.StaticServer: a page started
                            again in the same context asks for nothing).
  local_origins             session: the set of origins that count as "ours";
                            the servers above add themselves. A test that starts
                            its own server adds its origin (harness.LOCAL_ORIGINS).
  goto_ready                goto_ready(page, url, state="ready", timeout=30_000):
                            page.goto(url), then wait for <html data-state=STATE>.
  page_monitor              page_monitor(page_or_context) -> PageMonitor with
                            .requests .console .errors .foreign (lists of str).

pytest-playwright's `page`, `context` and `new_context` fixtures work as usual
(but with service workers blocked unless a test passes
service_workers="allow"), on Chromium found via $CHROMIUM_PATH, else Debian's
chromium-headless-shell, else /usr/bin/chromium, else Playwright's own build
(harness.find_test_chromium says why), with one difference: `page` is REUSED by
the tests of a process (a cold page costs a browser process and a cold cache: a
second or more each time).
Each test gets it on about:blank with nothing stored for any of our origins
(local and session storage, IndexedDB, caches, cookies cleared), in a context
made with the test's `browser_context_args`.  A test that changes the page or its
context beyond that (an init script, a route, a listener, a viewport, media,
permissions, offline, another page, closing it: see _PAGE_CHANGES) still may:
the context is closed after that test, as after a failed one, and the next test
gets a new one.  A test that needs a context of its own asks for `context` or
`new_context`. Every context they make is MONITORED, and the test FAILS if
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

import os
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
    auto_workers,
    find_test_chromium,
    register_origin,
    save_artifacts,
)
from waits import wait_for

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
        exe = find_test_chromium()
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


PAGES_MAX_AGE = 600   # seconds: GitHub Pages' Cache-Control for every file


@pytest.fixture(scope="session")
def site_server():
    server = StaticServer(REPO, "/", max_age=PAGES_MAX_AGE).start()
    register_origin(server)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def site_url(site_server) -> str:
    """http://127.0.0.1:PORT/ : the repo root."""
    return site_server.url


@pytest.fixture(scope="session")
def subpath_server():
    server = StaticServer(REPO, SUBPATH, max_age=PAGES_MAX_AGE).start()
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


# What a test may call on the reused page or its context that outlives the test's own
# clean-up; the context is then dropped after the test (not an error: a new one next).
_PAGE_CHANGES = ("add_init_script", "route", "route_from_har", "route_web_socket", "unroute",
                 "unroute_all", "expose_function", "expose_binding", "emulate_media",
                 "set_extra_http_headers", "set_viewport_size", "set_default_timeout",
                 "set_default_navigation_timeout", "on", "once", "add_locator_handler", "close")
_CONTEXT_CHANGES = ("add_init_script", "route", "route_from_har", "route_web_socket", "unroute",
                    "unroute_all", "expose_function", "expose_binding", "grant_permissions",
                    "clear_permissions", "set_offline", "set_geolocation", "set_extra_http_headers",
                    "add_cookies", "new_page", "new_cdp_session", "set_default_timeout",
                    "set_default_navigation_timeout", "on", "once", "close")
_FAILED = pytest.StashKey[bool]()


class ReusedPage:
    """The process's reused page (the `page` fixture) and its context."""

    def __init__(self):
        self.context = self.page = self.cdp = self.args = None
        self.tests = 0          # tests served by the current context

    def take(self, browser, args):
        if self.context is not None and self.args != args:
            self.drop()
        if self.context is None:
            self.args = dict(args)
            self.context = browser.new_context(**args, service_workers="block")
            self.page = self.context.new_page()
            self.cdp = self.context.new_cdp_session(self.page)
            self.tests = 0
        self.tests += 1
        return self.page

    def watch(self):
        """From now on, note what the test changes for good (_PAGE_CHANGES)."""
        self.changed = []
        for obj, names, label in ((self.page, _PAGE_CHANGES, "page"),
                                  (self.context, _CONTEXT_CHANGES, "context")):
            for name in names:
                setattr(obj, name, self._noting(getattr(obj, name), label + "." + name))

    def _noting(self, method, label):
        def changes(*args, **kwargs):
            self.changed.append(label)
            return method(*args, **kwargs)
        return changes

    def give_back(self, failed):
        """After a test: clean for the next one, or dropped."""
        for obj, names in ((self.page, _PAGE_CHANGES), (self.context, _CONTEXT_CHANGES)):
            for name in names:
                obj.__dict__.pop(name, None)
        if failed or self.changed or self.page.is_closed() or len(self.context.pages) != 1:
            self.drop()
            return
        try:
            url = self.page.url
            if url.startswith(("http:", "https:")):
                self.page.evaluate("() => { try { sessionStorage.clear(); } catch (e) {} }")
            self.page.goto("about:blank")     # no document of ours runs on (timers, saves)
            origins = set(LOCAL_ORIGINS)
            if url.startswith(("http:", "https:")):
                origins.add("/".join(url.split("/")[:3]))
            elif url != "about:blank":
                self.drop()                   # file:, data:: nothing to clear by origin
                return
            for origin in sorted(origins):
                self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.context.clear_cookies()
        except Exception:
            self.drop()

    def drop(self):
        if self.context is not None:
            try:
                self.context.close()
            except Exception:
                pass
        self.context = self.page = self.cdp = None


_REUSED = ReusedPage()


@pytest.fixture
def page(browser, browser_context_args, request):
    """The process's reused page (module docstring), monitored like every context."""
    page = _REUSED.take(browser, browser_context_args)
    monitor = PageMonitor(page.context)
    request.node.stash.setdefault(_MONITORS, []).append(monitor)
    _REUSED.watch()
    yield page
    monitor.detach()
    _REUSED.give_back(request.node.stash.get(_FAILED, False))


@pytest.fixture(scope="session", autouse=True)
def _close_the_reused_page():
    yield
    _REUSED.drop()


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
        wait_for(page, f'html[data-state="{state}"]', state="attached", timeout=timeout)
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
    if rep.failed:
        item.stash[_FAILED] = True
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


# --------------------------------------------------------------------------
# A process per core, ending together (pyproject.toml: -n auto --dist loadgroup)
# --------------------------------------------------------------------------

def pytest_xdist_auto_num_workers(config):
    """How many processes ``-n auto`` starts: harness.auto_workers for this machine's
    cores and memory, unless PYTEST_XDIST_AUTO_NUM_WORKERS says (xdist's own rule)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        memory = None
    return auto_workers(cores, memory)


# xdist hands out tests one by one, so all processes stay busy to the end; tests that
# share a fixture made once per file (scope "module" or "class") go together, as one
# unit, to one process (an xdist_group named after their file), and so does the whole
# engines suite, one group per engine (each browser is made once: tests/engines/conftest.py).
# The units run longest first (the engines suite, tests marked slow, the groups of
# a file, then the other browser tests), the quick ones last, where they fill the gaps.

def _shares_a_fixture_per_file(item):
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(d.scope in ("module", "class", "package")
               for defs in info.name2fixturedefs.values() for d in defs)


@pytest.hookimpl(tryfirst=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_groups(config, items):
    """Before xdist's own hook reads the groups."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None and _shares_a_fixture_per_file(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


def pytest_xdist_node_collection_finished(node, ids):
    """Stop a run in which xdist cannot take the groups.  pytest-xdist 3.8 marks a group by
    appending "@group" to the node id, which pytest 9.2's structured node ids ignore
    (pytest-dev/pytest-xdist#1386): every group was then spread over both processes,
    silently, each making the per-file fixtures and the engines' browsers again
    (tests/requirements.txt pins pytest 9.1.1 until xdist follows).  The engines suite is
    always a group (tests/engines/conftest.py)."""
    if node.config.getvalue("dist") != "loadgroup":
        return
    engines = [i for i in ids if i.startswith("tests/engines/")]
    if engines and not any("@" in i for i in engines):
        import xdist
        raise pytest.UsageError(
            "pytest-xdist %s on pytest %s ignores xdist_group (%s has no @group): see"
            " tests/requirements.txt" % (xdist.__version__, pytest.__version__, engines[0]))


def _order(item):
    """0: the engines suite; 1: tests marked slow and the groups of a file; 2: other
    browser tests; 3: the rest (quick: they fill the gaps at the end)."""
    if "engine" in getattr(item, "fixturenames", ()):
        return 0
    if item.get_closest_marker("slow") is not None or item.get_closest_marker("xdist_group"):
        return 1
    if _BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
        return 2
    return 3


@pytest.hookimpl(trylast=True, specname="pytest_collection_modifyitems")
def pytest_collection_modifyitems_order(config, items):
    """After pytest's own ordering (by parametrized fixtures), kept within each part."""
    items.sort(key=_order)


def pytest_report_header(config):
    try:
        exe = find_test_chromium() or "Playwright's bundled Chromium"
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
