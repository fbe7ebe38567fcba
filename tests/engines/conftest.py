"""The engines suite: the game in WebKitGTK and Firefox ESR (issue 14).

Fixtures:
  engine_site   session: a staged copy of the site (.ci/stage_site.py, what
                GitHub Pages publishes) whose index.html loads the in-page
                monitor (monitor.js, as static/js/engines-monitor.js) first, with
                its precache list regenerated (so the service worker caches
                the monitored page and the monitor too). Served at
                http://127.0.0.1:PORT/dice-poker/ by a threaded server with an
                offline switch (``engine_site.offline = True``: every request
                is recorded and its connection dropped, a network error).
  engine        session, parametrized ["webkit", "firefox"]: the running
                browser (see browsers.py for the drivers and why). Each
                engine's tests go to one test process as a whole (an
                xdist group per engine), so each browser starts once and
                the two engines may run side by side.
  epage         a fresh page in that engine (WebKit: a new MiniBrowser
                session, ephemeral; Firefox: a tab in a new user context),
                with the Playwright-like API of browsers.EnginePage, so
                tests/e2e/gameui.py drives it unchanged.
  file_epage    the same, for the game as one file (issue 43): no server; its
                ``file`` is the built file with the monitor as its first
                script (tests/onefile_page.py), to open as file://.

The monitor. A test FAILS, as in the Chromium suite (tests/conftest.py), on
a console error, an uncaught error, an HTTP status >= 400 or a request to
another origin, unless marked ``@pytest.mark.allow_console_errors(r"regex")``
(matched against the problem's text; foreign requests are never allowed).
What each engine lets us observe:

- both: the test server's log: the status of every request that reaches
  it, the service worker's fetches included (not what a cache answered);
  the in-page monitor: console.error, uncaught errors and unhandled
  rejections of the page, resources that failed to load, CSP violations
  (the page's CSP refuses other origins, and reports each refusal), and
  any resource loaded from another origin (resource timing). It cannot see
  what the service worker logs, nor errors before its own script runs (it
  is the first script of <head>).
- WebKitGTK: nothing more. Its WebKitWebDriver has no BiDi and no log
  endpoint, and MiniBrowser does not apply
  --enable-write-console-messages-to-stdout to automation views.
- Firefox ESR (WebDriver BiDi): also every console message and JavaScript
  error of the page as the engine reports it (log.entryAdded, from before
  any script), and every request of the tab with its status, whether the
  network, the HTTP cache or the service worker answered
  (network.beforeRequestSent / responseCompleted). Not the service worker's
  own console.

Engines missing (no webkit2gtk-driver, no firefox-esr): the tests skip,
unless ENGINES_REQUIRED=1 (set by .ci/run and by the Pages workflow), where
they fail.

ENGINES_DRIVER=playwright (GitHub's runners, .github/workflows/pages.yml,
where Debian's packages are not): the same tests on Playwright's own WebKit
and Firefox builds (browsers.PlaywrightEngine), each page in its own context;
Playwright reports the page's console, uncaught errors and every request with
its status, as BiDi does for Firefox ESR, and the in-page monitor and the
server's log are read as here.  The default, ENGINES_DRIVER=debian, is
WebKitGTK + Firefox ESR as above.

On failure: test-artifacts/engines__<test>.png, .html and .log.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pytest

import harness
from harness import ARTIFACTS, LOCAL_ORIGINS, artifact_stem, is_local_url, register_origin
from paths import REPO

import browsers

HERE = os.path.dirname(os.path.abspath(__file__))
MONITOR_PATH = "static/js/engines-monitor.js"
MONITOR_TAG = '<script src="./%s"></script>' % MONITOR_PATH
ENGINE_NAMES = ["webkit", "firefox"]
_PAGE = pytest.StashKey[object]()
_LOG_START = pytest.StashKey[int]()


def pytest_configure(config):
    config.addinivalue_line("markers", "engines: WebKitGTK / Firefox ESR test (tests/engines)")


_PAGES = {"epage", "file_epage"}


@pytest.hookimpl(tryfirst=True)        # before xdist reads the group
def pytest_collection_modifyitems(config, items):
    for item in items:
        if _PAGES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.engines)
            # one process runs each engine's tests: each browser is started once, and
            # the two engines run side by side
            spec = getattr(item, "callspec", None)
            name = spec.params.get("engine", "") if spec is not None else ""
            item.add_marker(pytest.mark.xdist_group("engines-" + name if name else "engines"))


# --------------------------------------------------------------------------
# The site
# --------------------------------------------------------------------------


class EngineSite(harness.StaticServer):
    """The monitored copy of the site, served under /dice-poker/ (``offline``
    is the harness's switch)."""

    def __init__(self, root):
        super().__init__(root, harness.SUBPATH)
        self.root = root

    def link(self, query):
        return self.url + query

    def new_version(self):
        """Deploy a new version of the site: a changed file, a new precache list and
        sw.js VERSION. Returns the new VERSION."""
        self.versions = getattr(self, "versions", 0) + 1
        with open(os.path.join(self.root, "static", "css", "later.min.css"), "a", encoding="utf-8") as f:
            f.write("\n/* engines suite: version %d */\n" % self.versions)
        subprocess.run([sys.executable, str(REPO / ".ci" / "precache.py"), "--root", self.root],
                       check=True, capture_output=True, text=True)
        with open(os.path.join(self.root, "static", "pwa", "precache.json"), encoding="utf-8") as f:
            return __import__("json").load(f)["version"]


def stage_monitored_site(dest):
    sys.path.insert(0, str(REPO / ".ci"))
    try:
        import stage_site
    finally:
        sys.path.pop(0)
    stage_site.stage(dest)
    shutil.copy(os.path.join(HERE, "monitor.js"), os.path.join(dest, MONITOR_PATH))
    index = os.path.join(dest, "index.html")
    with open(index, encoding="utf-8") as f:
        html = f.read()
    assert html.count("<head>") == 1
    with open(index, "w", encoding="utf-8") as f:
        f.write(html.replace("<head>", "<head>\n  " + MONITOR_TAG, 1))
    subprocess.run([sys.executable, str(REPO / ".ci" / "precache.py"), "--root", dest],
                   check=True, capture_output=True, text=True)


@pytest.fixture(scope="session")
def generated_files_are_current():
    """As tests/e2e/conftest.py: refuse to test stale static/mpy/ or .min files."""
    problems = harness.stale_generated_files()
    if problems:
        pytest.fail("generated site files are stale (%s): run `python3 .ci/refresh_site.py`"
                    % ", ".join(problems[:5]), pytrace=False)


@pytest.fixture(scope="session")
def engine_site(generated_files_are_current):
    root = tempfile.mkdtemp(prefix="engines-site-")
    stage_monitored_site(root)
    site = EngineSite(root).start()
    register_origin(site)
    yield site
    site.stop()
    shutil.rmtree(root, ignore_errors=True)


# --------------------------------------------------------------------------
# The engines
# --------------------------------------------------------------------------


def _missing(name):
    if name == "webkit":
        needed = [browsers.WEBKITWEBDRIVER, "Xvfb"]
        if not os.path.exists(browsers.MINIBROWSER):
            return browsers.MINIBROWSER
    else:
        needed = [browsers.FIREFOX]
    for exe in needed:
        if not shutil.which(exe):
            return exe
    for module in ("selenium", "websocket"):
        try:
            __import__(module)
        except ImportError:
            return "python module %s (tests/requirements.txt)" % module
    return None


def _playwright_missing(name, playwright):
    exe = getattr(playwright, name).executable_path
    if not os.path.exists(exe):
        return "Playwright's %s (%s)" % (name, exe)
    return None


@pytest.fixture(scope="session", params=ENGINE_NAMES)
def engine(request):
    name = request.param
    driver = os.environ.get("ENGINES_DRIVER", "debian")
    if driver not in ("debian", "playwright"):
        pytest.fail("ENGINES_DRIVER=%s: debian (the default) or playwright" % driver, pytrace=False)
    if driver == "playwright":      # GitHub's runners (.github/workflows/pages.yml)
        playwright = request.getfixturevalue("playwright")
        missing = _playwright_missing(name, playwright)
        how = "python -m playwright install --with-deps %s" % name
    else:
        missing = _missing(name)
        how = "Debian: bash .ci/run installs it"
    if missing:
        message = "%s: %s is not installed (%s)" % (name, missing, how)
        if os.environ.get("ENGINES_REQUIRED") == "1":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    started = time.monotonic()
    if driver == "playwright":
        eng = browsers.PlaywrightEngine(name, playwright)
    else:
        eng = browsers.ENGINES[name]()
    eng.startup_s = time.monotonic() - started
    label = {"webkit": "WebKitGTK", "firefox": "Firefox"}[name]
    if driver == "playwright":
        label = {"webkit": "WebKit", "firefox": "Firefox"}[name]
    _VERSIONS[name] = "%s %s" % (label, eng.version)
    _TIMES.setdefault(name, [0, 0.0])[1] += eng.startup_s
    yield eng
    eng.close()


@pytest.fixture
def epage(engine, engine_site, request):
    page = engine.new_page()
    request.node.stash[_PAGE] = page
    request.node.stash[_LOG_START] = len(engine_site.log)
    request.node.engine_site = engine_site
    yield page
    engine_site.offline = False
    page.close()


@pytest.fixture
def file_epage(engine, request, generated_files_are_current):
    import onefile_page
    with open(os.path.join(HERE, "monitor.js"), encoding="utf-8") as f:
        path = onefile_page.monitored(f.read())
    LOCAL_ORIGINS.add("file://")        # the file's own page; the test checks it is the only one
    page = engine.new_page()
    page.file = path
    request.node.stash[_PAGE] = page
    yield page
    page.close()
    LOCAL_ORIGINS.discard("file://")


@pytest.fixture
def page_problems_now(request, engine_site):
    """page_problems_now(forget=False) -> what the monitor would fail the test for, so
    far; with forget=True, then forgets it (for the monitor's own test)."""

    def get(forget=False):
        found = page_problems(request.node)
        if forget:
            request.node.stash[_PAGE].forget()
            request.node.stash[_LOG_START] = len(engine_site.log)
        return found

    return get


# --------------------------------------------------------------------------
# Problems and artifacts
# --------------------------------------------------------------------------


def page_problems(item) -> list[str]:
    page = item.stash.get(_PAGE, None)
    if page is None:
        return []
    site = getattr(item, "engine_site", None)       # none for the game as one file
    foreign, errors = [], []
    entries = []
    for tab in [page] + page.tabs:
        try:
            entries += tab.monitor_entries()
        except Exception as e:
            errors.append("could not read the in-page monitor: %r" % e)
        for request in getattr(tab, "observed_requests", lambda: [])():
            if not is_local_url(request):
                foreign.append(request)
        errors += tab.observed()
    for kind, text, url in entries:
        if kind == "foreign":
            foreign.append(text)
        elif kind == "csp":
            (foreign if re.search(r"refused https?://", text) and not is_local_url(text.rsplit(" ", 1)[-1])
             else errors).append("csp: " + text)
        elif kind in ("console.error", "pageerror", "load error"):
            errors.append("%s: %s" % (kind, text))
    for method, path, status in site.log[item.stash.get(_LOG_START, 0):] if site else ():
        if status >= 400:
            errors.append("HTTP %d %s %s (server log)" % (status, method, path))
    allowed = harness.allowed_console_errors(item)
    out = ["request to a foreign origin: %s" % r for r in dict.fromkeys(foreign)]
    if allowed is None:
        out += errors
    elif allowed:
        out += [e for e in errors if not any(p.search(e) for p in allowed)]
    return out


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    problems = page_problems(item)
    if problems:
        engine = item.stash[_PAGE].engine
        raise AssertionError("%s: the page did something it must not:\n  %s" % (engine, "\n  ".join(problems)))
    return result


def _save_artifacts(item, page):
    ARTIFACTS.mkdir(exist_ok=True)
    stem = "engines__" + artifact_stem(item)
    log = []
    shot = []   # a screenshot can hang (WebKit, a busy page): wait 15 s at most
    worker = threading.Thread(target=lambda: shot.append(page.screenshot_png()), daemon=True)
    worker.start()
    worker.join(15)
    if shot:
        (ARTIFACTS / (stem + ".png")).write_bytes(shot[0])
    else:
        log.append("no screenshot (took more than 15 s or failed)")
    try:
        (ARTIFACTS / (stem + ".html")).write_text(page.content(), encoding="utf-8")
    except Exception as e:
        log.append("no HTML: %r" % e)
    try:
        log += ["== in-page monitor =="] + ["%s: %s (%s)" % tuple(e) for e in page.monitor_entries()]
    except Exception as e:
        log.append("no monitor: %r" % e)
    log += [""] + page.driver_log()
    site = getattr(item, "engine_site", None)
    if site is not None:
        log += ["", "== server log =="] + ["%s %s %s" % e for e in site.log[item.stash.get(_LOG_START, 0):]]
    (ARTIFACTS / (stem + ".log")).write_text("\n".join(log), encoding="utf-8")
    return ARTIFACTS / stem


_TIMES: dict[str, list] = {}     # engine -> [tests, seconds]
_VERSIONS: dict[str, str] = {}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    callspec = getattr(item, "callspec", None)
    name = callspec.params.get("engine") if callspec else None
    if name in ENGINE_NAMES and _PAGES & set(item.fixturenames):
        spent = _TIMES.setdefault(name, [0, 0.0])
        spent[0] += rep.when == "call"
        spent[1] += rep.duration
    page = item.stash.get(_PAGE, None)
    if page is not None and rep.when == "call" and rep.failed:
        try:
            where = _save_artifacts(item, page)
        except Exception as e:
            rep.sections.append(("test-artifacts", "could not save artifacts: %r" % e))
        else:
            rep.sections.append(("test-artifacts", "saved %s.*" % where))
    return rep


def pytest_terminal_summary(terminalreporter):
    if _TIMES:
        terminalreporter.section("engines")
        for name, (tests, seconds) in _TIMES.items():
            terminalreporter.write_line("%s: %d tests in %.1f s (with the browser's start)"
                                        % (_VERSIONS.get(name, name), tests, seconds))
