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
(harness.find_test_chromium says why), with one difference: their contexts are
KEPT by the tests of a process (PagePool): a page started in a new context
costs a renderer process and a cold start, 0.5 s of the machine's time against
0.3 s in a renderer that has run the game before (docs/testing.md).
`page` is a kept context's page; so is the first page of a context from
`new_context(**args)` (or `context`) when no worker is allowed and nothing is
recorded (PagePool.keeps) and the test does not ask for a new one
(new_context(kept=False)): a context made with the same arguments, given back
by an earlier test.  Each test gets it on about:blank, no history behind it,
with nothing stored for any of our origins (local and session storage,
IndexedDB, caches, cookies cleared): what it keeps is the browser's HTTP cache
(the session's servers send max-age, as GitHub Pages does) and its renderer.
What a test changes is undone after it (init scripts, routes, listeners, the
viewport, other pages; a context's close() gives it back at once: _UNDONE_PAGE);
a test that changes more (media, permissions, offline, a CDP session, ...:
_PAGE_CHANGES) still may: the context is closed after that test, as after a
failed one, and the next test gets a new one.
Every context is MONITORED, and the test FAILS if
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

import json
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
def new_context(new_context, browser, browser_context_args, request):
    """pytest-playwright's new_context, with a PageMonitor on every context, and
    a kept context where it can be (PagePool).

    Contexts have NO service worker unless a test asks for one
    (``new_context(service_workers="allow")``, as tests/pwa does): requests
    the offline worker makes (its precache, or a cached answer) are seen by
    no ``page.route``, so a test that blocks or replaces a file would
    otherwise be raced by the worker; and its 220 KB precache is background
    work no game test needs. The worker itself is tested in tests/pwa and
    tests/engines.

    A context with no worker, no storage_state and nothing recorded is a kept
    one of the same arguments when the process has one free (PagePool):
    clean, as a new one is, except for what the browser caches and a renderer
    that has run the game before.  ``new_context(kept=False, ...)`` is always
    a new one: for a test of a first visit's timing (test_first_paint)."""
    monitors = request.node.stash.setdefault(_MONITORS, [])
    lent = []

    def factory(kept=True, **kwargs):
        kwargs.setdefault("service_workers", "block")
        args = {**browser_context_args, **kwargs}
        if kept and _POOL.keeps(args):
            entry = _POOL.lend(browser, args, page_first=False)
            lent.append(entry)
            ctx = entry.context
        else:
            entry, ctx = None, new_context(**kwargs)
        monitor = PageMonitor(ctx)
        monitors.append(monitor)
        if entry is not None:
            entry.monitors.append(monitor)
        return ctx

    yield factory
    failed = request.node.stash.get(_FAILED, False)
    for entry in lent:
        _POOL.give_back(entry, failed)


# What a test may call on a kept page or its context, and what of it outlives the test.
# UNDONE after the test: an init script or a route (Playwright hands back a Disposable),
# a listener (removed), the viewport (set back), a context's first new page (the kept
# page itself: its other pages are closed), the context's close (the context is given
# back there and then, clean for the test's next new_context).  DROPPED after the test,
# the next one getting a new context: the rest.
_UNDONE_PAGE = ("add_init_script", "route", "on", "once", "set_viewport_size")
_UNDONE_CONTEXT = ("add_init_script", "route", "on", "once", "new_page", "close")
_PAGE_CHANGES = ("route_from_har", "route_web_socket", "expose_function", "expose_binding",
                 "emulate_media", "set_extra_http_headers", "set_default_timeout",
                 "set_default_navigation_timeout", "add_locator_handler", "close")
_CONTEXT_CHANGES = ("route_from_har", "route_web_socket", "expose_function", "expose_binding",
                    "grant_permissions", "clear_permissions", "set_offline", "set_geolocation",
                    "set_extra_http_headers", "add_cookies", "new_cdp_session", "set_default_timeout",
                    "set_default_navigation_timeout")
# Context arguments a kept context cannot stand for: what a new one starts with or records.
_NOT_KEPT = ("storage_state", "record_har_path", "record_video_dir", "proxy", "http_credentials",
             "client_certificates")
_FAILED = pytest.StashKey[bool]()


class KeptPage:
    """A context and its one page, kept from test to test of a process (PagePool):
    a page started again in a renderer that has run the game before starts in
    0.3 s of the machine's time against 0.5 s in a new context (docs/testing.md)."""

    def __init__(self, pool, browser, args):
        self.pool = pool
        self.key = PagePool.key(args)
        self.context = browser.new_context(**args)
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.viewport = self.page.viewport_size

    def lend(self, page_first):
        """From now on, note what the test changes (_UNDONE_*, _PAGE_CHANGES, ...)."""
        self.changed, self.undo, self.monitors = [], [], []
        self.lent = True
        self.page_handed = page_first       # new_context's kept context: new_page hands it
        self.viewport_set = False
        for obj, label, undone, dropped in ((self.page, "page", _UNDONE_PAGE, _PAGE_CHANGES),
                                            (self.context, "context", _UNDONE_CONTEXT, _CONTEXT_CHANGES)):
            for name in undone:
                setattr(obj, name, getattr(self, "_" + name)(obj, getattr(obj, name)))
            for name in dropped:
                setattr(obj, name, self._noting(getattr(obj, name), label + "." + name))

    def _noting(self, method, label):
        def changes(*args, **kwargs):
            self.changed.append(label)
            return method(*args, **kwargs)
        return changes

    def _disposable(self, obj, method):
        def add(*args, **kwargs):
            handle = method(*args, **kwargs)
            self.undo.append(handle.close)
            return handle
        return add

    _add_init_script = _route = _disposable

    def _listener(self, obj, method):
        def listen(event, handler):
            method(event, handler)
            self.undo.append(lambda: obj.remove_listener(event, handler))
        return listen

    _on = _once = _listener

    def _set_viewport_size(self, obj, method):
        def resize(viewport_size):
            self.viewport_set = True
            return method(viewport_size)
        return resize

    def _new_page(self, obj, method):
        def new_page(**kwargs):
            if not self.page_handed and not kwargs:
                self.page_handed = True
                return self.page
            page = method(**kwargs)
            self.undo.append(lambda: page.is_closed() or page.close())
            return page
        return new_page

    def _close(self, obj, method):
        def close(*args, **kwargs):
            self.pool.give_back(self, False)
        return close

    def give_back(self, failed) -> bool:
        """After a test: clean for the next one (True), or closed (False)."""
        for monitor in self.monitors:
            monitor.detach()
        for obj, names in ((self.page, _UNDONE_PAGE + _PAGE_CHANGES),
                           (self.context, _UNDONE_CONTEXT + _CONTEXT_CHANGES)):
            for name in names:
                obj.__dict__.pop(name, None)      # lend()'s wrappers: the class's methods again
        if failed or self.changed or self.page.is_closed():
            self.drop()
            return False
        try:
            url = self.page.url
            if url.startswith(("http:", "https:")):
                self.page.evaluate("() => { try { sessionStorage.clear(); } catch (e) {} }")
            for undo in reversed(self.undo):
                undo()
            if len(self.context.pages) != 1:
                self.drop()
                return False
            self.page.goto("about:blank")     # no document of ours runs on (timers, saves)
            self.cdp.send("Page.resetNavigationHistory")   # nothing to go Back to, as when new
            if self.viewport_set and self.viewport:
                self.page.set_viewport_size(self.viewport)
            origins = set(LOCAL_ORIGINS)
            if url.startswith(("http:", "https:")):
                origins.add("/".join(url.split("/")[:3]))
            elif url != "about:blank":
                self.drop()                   # file:, data:: nothing to clear by origin
                return False
            for origin in sorted(origins):
                self.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.context.clear_cookies()
        except Exception:
            self.drop()
            return False
        return True

    def drop(self):
        if self.context is not None:
            try:
                self.context.close()
            except Exception:
                pass
        self.context = self.page = self.cdp = None


class PagePool:
    """The process's kept contexts, each with its page (KeptPage): the `page`
    fixture's, and new_context's where they can stand for a new one.  Each test
    gets one clean (module docstring), made with its arguments; at most LIMIT wait
    between tests, the least recently used closed first."""

    LIMIT = 6

    def __init__(self):
        self.idle: list[KeptPage] = []

    @staticmethod
    def key(args) -> str:
        return json.dumps(args, sort_keys=True, default=repr)

    @staticmethod
    def keeps(args) -> bool:
        return args.get("service_workers") == "block" and not any(k in args for k in _NOT_KEPT)

    def lend(self, browser, args, page_first=True) -> KeptPage:
        key = self.key(args)
        for kept in reversed(self.idle):
            if kept.key == key:
                self.idle.remove(kept)
                break
        else:
            kept = KeptPage(self, browser, args)
        kept.lend(page_first)
        return kept

    def give_back(self, kept, failed):
        if not kept.lent:           # given back already (its context's close)
            return
        kept.lent = False
        if kept.give_back(failed):
            self.idle.append(kept)
            while len(self.idle) > self.LIMIT:
                self.idle.pop(0).drop()

    def drop(self):
        while self.idle:
            self.idle.pop().drop()


_POOL = PagePool()


@pytest.fixture
def page(browser, browser_context_args, request):
    """The process's kept page (module docstring), monitored like every context."""
    kept = _POOL.lend(browser, {**browser_context_args, "service_workers": "block"})
    monitor = PageMonitor(kept.context)
    kept.monitors.append(monitor)
    request.node.stash.setdefault(_MONITORS, []).append(monitor)
    yield kept.page
    _POOL.give_back(kept, request.node.stash.get(_FAILED, False))


@pytest.fixture(scope="session", autouse=True)
def _close_the_kept_pages():
    yield
    _POOL.drop()


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
