"""WebKitGTK and Firefox ESR for the engines suite, behind one small page API.

Drivers, and why:

- **WebKitGTK**: Debian's ``WebKitWebDriver`` (package ``webkit2gtk-driver``)
  drives the ``MiniBrowser`` of ``libwebkit2gtk-4.1-0`` (``--automation``)
  under Xvfb, through Selenium's W3C client (``selenium`` from PyPI, pinned).
  This WebKitWebDriver (2.50) speaks classic WebDriver only: it refuses
  ``webSocketUrl`` (no BiDi), has no log endpoint, and MiniBrowser's
  ``--enable-write-console-messages-to-stdout`` is not applied to the views
  it makes for automation. So what the page logs is seen through the in-page
  monitor (``monitor.js``) only.
- **Firefox ESR**: Firefox itself speaks WebDriver BiDi
  (``--remote-debugging-port``), so no driver is needed: this module is a
  BiDi client of ~150 lines over ``websocket-client`` (a dependency of
  Selenium, pinned too). Not puppeteer-core: it would need Node, a pinned npm
  tree and a bridge between Python and Node for every step, where the game's
  checks (the engine replay, ``tests/e2e/gameui.py``) are Python. Not
  Selenium's Firefox driver: it needs geckodriver, which Debian does not
  ship. BiDi gives console messages and uncaught errors of the page
  (``log.entryAdded``) and every request of the page's browsing context,
  service-worker answers included (``network.beforeRequestSent``,
  ``network.responseCompleted``).

``EnginePage`` offers the part of Playwright's ``Page`` that
``tests/e2e/gameui.py`` uses (``evaluate``, ``click``, ``keyboard.press``), so
the Chromium suite's helpers drive both engines unchanged, plus waits on
conditions with deadlines. A click is a real pointer click at the element's
centre, made only once the element is attached, visible, enabled, scrolled
into view, topmost at that point and at the same point on two polls in a row: these drivers would click whatever lies
on top (a fixed bar, a dialog's backdrop), where Playwright would refuse.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import websocket  # websocket-client

from click_point import CLICK_POINT_STABLE
from harness import free_port
from waits import VISIBLE_ELEMENT

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKITWEBDRIVER = "WebKitWebDriver"
FIREFOX = "firefox-esr"
VIEWPORT = (390, 844)
COMMAND_TIMEOUT = 90     # s: no driver command may hang a test longer   # a phone held upright (the game is phone-first)


class EngineTimeout(AssertionError):
    pass


# ---------------------------------------------------------------------------
# In-page helpers (JavaScript function sources)
# ---------------------------------------------------------------------------


VISIBLE = """(sel) => { const el = document.querySelector(sel);
  return !!el && (%s)(el); }""" % VISIBLE_ELEMENT


def _call(src, arg):
    """A JS expression: `src` (an expression, or a function called with `arg`), awaited."""
    return ("(async () => { const __v = (%s); return JSON.stringify("
            "typeof __v === 'function' ? await __v(%s) : await __v); })()" % (src, json.dumps(arg)))


class Keyboard:
    def __init__(self, page):
        self._page = page

    def press(self, key):
        self._page.press(key)


KEYS = {"Space": " ", "Enter": "\ue007", "Escape": "\ue00c", "Tab": "\ue004",
        "Backspace": "\ue003", "ArrowLeft": "\ue012", "ArrowRight": "\ue014"}


class EnginePage:
    """One fresh browsing context (empty storage, no service worker) in one engine."""

    engine = "?"
    default_timeout = 30.0
    reports_console = False     # observed() has the page's console errors as the engine reports them

    def __init__(self):
        self.keyboard = Keyboard(self)
        self.url = None
        self.tabs: list[EnginePage] = []     # more tabs opened by new_tab(), same storage

    def new_tab(self) -> "EnginePage":
        """Another tab of the same browser profile (storage, service worker)."""
        raise NotImplementedError

    # -- the engine-specific part --------------------------------------
    def _eval(self, expression):        # -> the JSON text the expression resolves to
        raise NotImplementedError

    def _navigate(self, url):
        raise NotImplementedError

    def _reload(self):
        raise NotImplementedError

    def _click_at(self, x, y):
        raise NotImplementedError

    def _press(self, key):
        raise NotImplementedError

    def screenshot_png(self) -> bytes:
        raise NotImplementedError

    def set_viewport(self, width, height):
        """The viewport's size, as close as the engine allows; returns what it is now."""
        raise NotImplementedError

    def close(self):
        raise NotImplementedError

    def observed(self) -> list[str]:
        """What the driver itself saw (console errors, page errors, requests), as problems."""
        return []

    def driver_log(self) -> list[str]:
        return []

    # -- Playwright-like API ------------------------------------------------
    def evaluate(self, src, arg=None):
        text = self._eval(_call(src, arg))
        return None if text is None else json.loads(text)

    def goto(self, url):
        self.url = url
        self._navigate(url)

    def reload(self):
        self._reload()

    def wait_for(self, src, arg=None, timeout=None, message=None, interval=0.05):
        """Poll `src` (an expression or function) until it is truthy; return its value."""
        deadline = time.monotonic() + (timeout or self.default_timeout)
        while True:
            try:
                value = self.evaluate(src, arg)
            except EngineTimeout:
                raise
            except Exception as e:        # navigating: the document is being replaced
                value, error = None, e
            else:
                error = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise EngineTimeout("%s: timed out waiting for %s%s" % (
                    self.engine, message or src, " (last error %r)" % error if error else ""))
            time.sleep(interval)

    def wait_for_selector(self, selector, state="attached", timeout=None):
        if state == "visible":
            return self.wait_for(VISIBLE, selector, timeout, "%s visible" % selector)
        if state == "hidden":
            return self.wait_for("(s) => !(%s)(s)" % VISIBLE, selector, timeout, "%s hidden" % selector)
        if state == "detached":
            return self.wait_for("(s) => !document.querySelector(s)", selector, timeout,
                                 "%s detached" % selector)
        if state != "attached":
            raise ValueError("state: attached, detached, visible or hidden, not %r" % state)
        return self.wait_for("(s) => !!document.querySelector(s)", selector, timeout, selector)

    def wait_ready(self, state="ready", timeout=None):
        return self.wait_for_selector('html[data-state="%s"]' % state, timeout=timeout)

    def click(self, selector, timeout=30.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                where = self.evaluate(CLICK_POINT_STABLE, selector)
            except EngineTimeout:
                raise
            except Exception as e:   # the answer was lost, not refused: ask again, as wait_for
                # does (a document being replaced; WebKitWebDriver's "Could not parse script
                # result" on a busy machine, seen once in a whole-suite run)
                where = {"wait": "no answer (%r)" % e}
            if "x" in where:
                break                       # clickable, and still in place (like Playwright's)
            if time.monotonic() > deadline:
                raise EngineTimeout("%s: cannot click: %s" % (self.engine, where["wait"]))
            time.sleep(0.05)
        self._click_at(where["x"], where["y"])

    def press(self, key):
        self._press(KEYS.get(key, key))

    def fill(self, selector, text):
        """Click a text field, empty it, and type ``text`` key by key (real key events)."""
        self.click(selector)
        self.evaluate("(s) => { const e = document.querySelector(s); e.select(); }", selector)
        self.press("Backspace")
        for ch in text:
            self._press(ch)


    def text_content(self, selector):
        return self.evaluate("(s) => { const e = document.querySelector(s); return e && e.textContent; }",
                             selector)

    def is_visible(self, selector):
        return self.evaluate(VISIBLE, selector)

    def is_hidden(self, selector):
        return not self.is_visible(selector)

    def is_disabled(self, selector):
        return self.evaluate("(s) => document.querySelector(s).disabled", selector)

    def is_enabled(self, selector):
        return not self.is_disabled(selector)

    def content(self):
        return self.evaluate("document.documentElement.outerHTML")

    def forget(self):
        """Drop what was observed so far (the monitor's own test only)."""
        self.evaluate("sessionStorage.removeItem('engines-monitor')")

    def monitor_entries(self):
        """What the in-page monitor recorded in this tab (monitor.js)."""
        text = self.evaluate("sessionStorage.getItem('engines-monitor')")
        return json.loads(text) if text else []


# ---------------------------------------------------------------------------
# WebKitGTK: WebKitWebDriver + MiniBrowser, through Selenium
# ---------------------------------------------------------------------------


def start_xvfb():
    """A private X display: (Popen, ":N"). Xvfb picks a free number (-displayfd)."""
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x1024x24",
                             "-nolisten", "tcp", "-noreset"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        raise RuntimeError("Xvfb did not start")
    return proc, ":" + number


def _stop(proc, timeout=10):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class WebKitEngine:
    """One WebKitWebDriver for the session; each page is its own WebDriver session
    (a new MiniBrowser: empty, ephemeral storage)."""

    name = "webkit"

    def __init__(self):
        self._home = tempfile.mkdtemp(prefix="engines-webkit-")
        # prefers-reduced-motion: WebKitGTK follows GTK's gtk-enable-animations
        gtk = Path(self._home, "config", "gtk-3.0")
        gtk.mkdir(parents=True)
        (gtk / "settings.ini").write_text("[Settings]\ngtk-enable-animations=0\n")
        self._xvfb, display = start_xvfb()
        env = dict(os.environ, DISPLAY=display, XDG_CONFIG_HOME=str(gtk.parent),
                   XDG_CACHE_HOME=os.path.join(self._home, "cache"),
                   XDG_DATA_HOME=os.path.join(self._home, "data"),
                   GDK_BACKEND="x11",
                   # Pages painted directly, not composited through GL: under Xvfb that GL
                   # is Mesa's software one, which cost the WebKit tests a fifth to a third
                   # of their machine time (111 and 135 s against 88 and 79 s, the 13 tests
                   # in one process, alternating).  Layout, scripts, storage, service worker
                   # and events are WebKit's own either way; no test reads pixels.
                   WEBKIT_DISABLE_COMPOSITING_MODE="1")
        env.pop("WAYLAND_DISPLAY", None)
        self.port = free_port()
        self.toolbar = [0]         # MiniBrowser's toolbar height, learnt by the first page
        self._log = open(os.path.join(self._home, "driver.log"), "wb")
        # its own process group: MiniBrowser and WebKit's processes are in it too
        self._driver = subprocess.Popen([WEBKITWEBDRIVER, "--port=%d" % self.port],
                                        stdout=self._log, stderr=subprocess.STDOUT, env=env,
                                        start_new_session=True)
        self.version = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "libwebkit2gtk-4.1-0"],
                                      capture_output=True, text=True).stdout or "?"

    def new_page(self):
        return WebKitPage(self)

    def close(self):
        _stop(self._driver)
        try:                       # a browser still shutting down would write to _home again
            os.killpg(self._driver.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _stop(self._xvfb)
        self._log.close()
        shutil.rmtree(self._home, ignore_errors=True)


class WebKitPage(EnginePage):
    engine = "webkit"

    def __init__(self, engine: WebKitEngine, share=None):
        super().__init__()
        if share is not None:             # another window of the same session
            self.driver, self.version, self._owner = share.driver, share.version, share
            self._focus, self._toolbar = share._focus, share._toolbar
            self.driver.switch_to.new_window("window")
            self.handle = self._focus[0] = self.driver.current_window_handle
            self.set_viewport(*VIEWPORT)
            return
        self._owner = None
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options

        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        deadline = time.monotonic() + 30
        while True:   # the driver may still be starting
            try:
                address = "http://127.0.0.1:%d" % engine.port
                connection = RemoteConnection(client_config=ClientConfig(
                    remote_server_addr=address, timeout=COMMAND_TIMEOUT))
                self.driver = webdriver.Remote(connection, options=options)
                break
            except Exception:
                if time.monotonic() > deadline or engine._driver.poll() is not None:
                    raise
                time.sleep(0.1)
        self.driver.set_script_timeout(60)
        # The window holds MiniBrowser's toolbar too, and is never narrower than
        # it (447 px): the viewport is 447 x 844 here, 390 x 844 in Firefox.
        self.handle = self.driver.current_window_handle
        self._focus = [self.handle]       # the session's current window, shared with its tabs
        self._toolbar = engine.toolbar    # MiniBrowser's toolbar height, once known
        self.set_viewport(*VIEWPORT)
        self.version = self.driver.capabilities.get("browserVersion")

    def _use(self):
        """Commands go to the session's current window: make it this page's."""
        if self._focus[0] != self.handle:
            self.driver.switch_to.window(self.handle)
            self._focus[0] = self.handle

    def new_tab(self):
        tab = WebKitPage(None, share=self)
        self.tabs.append(tab)
        return tab

    def _eval(self, expression):
        self._use()
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "(%s).then(done, (e) => done(JSON.stringify({__error: String(e && e.stack || e)})));" % expression)

    def evaluate(self, src, arg=None):
        value = super().evaluate(src, arg)
        if isinstance(value, dict) and "__error" in value:
            raise RuntimeError("webkit: script failed: " + value["__error"])
        return value

    def _navigate(self, url):
        self._use()
        self.driver.get(url)

    def _reload(self):
        self._use()
        self.driver.refresh()

    def _click_at(self, x, y):
        self._use()
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver, duration=0)   # Selenium's default: a 250 ms move
        actions.pointer_action.move_to_location(x, y).pointer_down().pointer_up()
        actions.perform()

    def _press(self, key):
        self._use()
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        actions = ActionBuilder(self.driver, duration=0)
        actions.key_action.key_down(key).key_up(key)
        actions.perform()

    def screenshot_png(self):
        self._use()
        return self.driver.get_screenshot_as_png()

    def set_viewport(self, width, height):
        """The window made tall enough for a viewport ``height`` high below MiniBrowser's
        toolbar, whose height the first page learns and the others keep (one resize a
        call, not two); the inner size reached."""
        self._use()
        self.driver.set_window_rect(0, 0, width, height + self._toolbar[0])
        inner = self._settled_inner()
        if inner[1] != height:     # the toolbar's height, learnt (or changed): again
            self._toolbar[0] = max(0, self._toolbar[0] + height - inner[1])
            self.driver.set_window_rect(0, 0, width, height + self._toolbar[0])
            inner = self._settled_inner()
        return tuple(inner)

    def _settled_inner(self):
        """The page's inner size once two reads agree: read at once, it was once still the
        old one (WebKit), and a toolbar's height made of it was negative."""
        last = None
        for _ in range(20):
            now = self.driver.execute_script("return [innerWidth, innerHeight]")
            if now == last:
                break
            last = now
            time.sleep(0.05)
        return last

    def close(self):
        try:
            if self._owner is not None:
                self._use()
                self.driver.close()
                self._focus[0] = None
            else:
                self.driver.quit()
        except Exception:
            pass


# ---------------------------------------------------------------------------
# Firefox ESR: WebDriver BiDi, no driver
# ---------------------------------------------------------------------------

FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "ui.prefersReducedMotion": 1,
    "dom.serviceWorkers.enabled": True,
    "fission.bfcacheInParent": False,
}


class BiDi:
    """A WebDriver BiDi connection: commands by id, events to one callback."""

    def __init__(self, url, on_event):
        self.ws = websocket.create_connection(url, timeout=None, suppress_origin=True)
        self._on_event = on_event
        self._next = 0
        self._waiting: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="bidi", daemon=True)
        self._reader.start()

    def _read(self):
        while True:
            try:
                text = self.ws.recv()
            except Exception:
                for q in list(self._waiting.values()):
                    q.put({"type": "error", "error": "closed", "message": "connection closed"})
                return
            if not text:
                continue
            message = json.loads(text)
            if "id" in message and message.get("id") in self._waiting:
                self._waiting.pop(message["id"]).put(message)
            elif message.get("type") == "event":
                try:
                    self._on_event(message["method"], message["params"])
                except Exception:
                    pass

    def send(self, method, params=None, timeout=60):
        with self._lock:
            self._next += 1
            ident = self._next
            box = self._waiting[ident] = queue.Queue()
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params or {}}))
        try:
            reply = box.get(timeout=timeout)
        except queue.Empty:
            self._waiting.pop(ident, None)
            raise EngineTimeout("firefox: %s took more than %d s" % (method, timeout))
        if reply.get("type") == "error":
            raise RuntimeError("firefox: %s: %s: %s" % (method, reply.get("error"), reply.get("message")))
        return reply["result"]

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


class FirefoxEngine:
    """One headless Firefox for the session; each page is a tab in its own user
    context (separate cookies, storage, caches and service workers)."""

    name = "firefox"

    def __init__(self):
        self._home = tempfile.mkdtemp(prefix="engines-firefox-")
        profile = Path(self._home, "profile")
        profile.mkdir()
        (profile / "user.js").write_text("".join(
            "user_pref(%s, %s);\n" % (json.dumps(k), json.dumps(v)) for k, v in FIREFOX_PREFS.items()))
        self.port = free_port()
        self._log = open(os.path.join(self._home, "firefox.log"), "wb")
        env = dict(os.environ, MOZ_HEADLESS="1")
        self._proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", str(profile),
             "--remote-debugging-port", str(self.port), "about:blank"],
            stdout=self._log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self._pages = []
        deadline = time.monotonic() + 60
        while True:
            try:
                self.bidi = BiDi("ws://127.0.0.1:%d/session" % self.port, self._event)
                break
            except Exception:
                if time.monotonic() > deadline or self._proc.poll() is not None:
                    self.close()
                    raise RuntimeError("firefox did not open its BiDi port: see %s" % self._log.name)
                time.sleep(0.2)
        session = self.bidi.send("session.new", {"capabilities": {"alwaysMatch": {
            "acceptInsecureCerts": False, "unhandledPromptBehavior": {"default": "ignore"}}}})
        self.version = session["capabilities"].get("browserVersion")
        self.bidi.send("session.subscribe", {"events": [
            "log.entryAdded", "network.beforeRequestSent", "network.responseCompleted",
            "network.fetchError"]})

    def _event(self, method, params):
        for page in list(self._pages):
            page._event(method, params)

    def new_page(self):
        return FirefoxPage(self)

    def close(self):
        if getattr(self, "bidi", None) is not None:
            try:
                self.bidi.send("browser.close", timeout=10)
            except Exception:
                pass
            self.bidi.close()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self._proc.pid, signal.SIGKILL)
            self._proc.wait()
        self._log.close()
        shutil.rmtree(self._home, ignore_errors=True)


class FirefoxPage(EnginePage):
    engine = "firefox"
    reports_console = True      # BiDi's log.entryAdded

    def __init__(self, engine: FirefoxEngine, user_context=None):
        super().__init__()
        self._engine = engine
        self.bidi = engine.bidi
        self.version = engine.version
        self.requests: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        self._owns_user_context = user_context is None
        if user_context is None:
            user_context = self.bidi.send("browser.createUserContext")["userContext"]
        self.user_context = user_context
        engine._pages.append(self)
        self.context = self.bidi.send("browsingContext.create", {
            "type": "tab", "userContext": self.user_context})["context"]
        self.set_viewport(*VIEWPORT)

    def _event(self, method, params):
        if method == "log.entryAdded":
            source = params.get("source", {}).get("context")
            if source not in (None, self.context):
                return
            where = ""
            frames = (params.get("stackTrace") or {}).get("callFrames") or []
            if frames:
                where = " (%s:%s)" % (frames[0].get("url"), frames[0].get("lineNumber"))
            line = "%s %s: %s%s" % (params.get("type"), params.get("level"), params.get("text"), where)
            self.console.append(line)
            if params.get("type") == "javascript":
                self.errors.append("pageerror: %s%s" % (params.get("text"), where))
            elif params.get("level") == "error":
                self.errors.append("console.error: %s%s" % (params.get("text"), where))
        elif method.startswith("network.") and params.get("context") in (None, self.context):
            request = params.get("request", {})
            if method == "network.beforeRequestSent":
                self.requests.append("%s %s" % (request.get("method"), request.get("url")))
            elif method == "network.responseCompleted":
                status = params.get("response", {}).get("status", 0)
                if status >= 400:
                    self.errors.append("HTTP %d %s %s" % (status, request.get("method"), request.get("url")))
            elif method == "network.fetchError":
                self.console.append("fetch error: %s %s" % (request.get("url"), params.get("errorText")))

    def observed_requests(self):
        return [r.split(" ", 1)[1] for r in self.requests]

    def forget(self):
        super().forget()
        self.requests.clear()
        self.errors.clear()

    def _eval(self, expression):
        result = self.bidi.send("script.evaluate", {
            "expression": expression, "target": {"context": self.context},
            "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") == "exception":
            details = result["exceptionDetails"]
            raise RuntimeError("firefox: script failed: %s" % details.get("text"))
        value = result["result"]
        return value.get("value") if value.get("type") == "string" else None

    def _navigate(self, url):
        self.bidi.send("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def _reload(self):
        self.bidi.send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _click_at(self, x, y):
        self.bidi.send("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": x, "y": y, "origin": "viewport"},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0}]}]})

    def _press(self, key):
        self.bidi.send("input.performActions", {"context": self.context, "actions": [{
            "type": "key", "id": "keyboard",
            "actions": [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]})

    def screenshot_png(self):
        data = self.bidi.send("browsingContext.captureScreenshot", {"context": self.context})["data"]
        return base64.b64decode(data)

    def set_viewport(self, width, height):
        self.bidi.send("browsingContext.setViewport", {
            "context": self.context, "viewport": {"width": width, "height": height}})
        return tuple(self.evaluate("[innerWidth, innerHeight]") or (width, height))

    def observed(self):
        return list(self.errors)

    def driver_log(self):
        return ["== requests (BiDi) =="] + self.requests + ["", "== console (BiDi) =="] + self.console

    def new_tab(self):
        tab = FirefoxPage(self._engine, self.user_context)
        self.tabs.append(tab)
        return tab

    def close(self):
        for tab in self.tabs:
            tab.close()
        if self in self._engine._pages:
            self._engine._pages.remove(self)
        try:
            self.bidi.send("browsingContext.close", {"context": self.context}, timeout=20)
        except Exception:
            pass
        if self._owns_user_context:
            try:
                self.bidi.send("browser.removeUserContext", {"userContext": self.user_context}, timeout=20)
            except Exception:
                pass

# ---------------------------------------------------------------------------
# Playwright's WebKit and Firefox builds (ENGINES_DRIVER=playwright): GitHub's runners
# ---------------------------------------------------------------------------

# EnginePage.press's names for WebDriver's key codes, back to Playwright's
_PLAYWRIGHT_KEYS = {code: name for name, code in KEYS.items()}


class PlaywrightEngine:
    """Playwright's own WebKit or Firefox build, where Debian's WebKitGTK and Firefox ESR
    are not installed (GitHub's Ubuntu runners: ``python -m playwright install --with-deps
    webkit firefox``).  One browser for the session, each page in its own context (empty
    storage, its own cache and service worker), with reduced motion as the Debian
    drivers have it.  Playwright sees what BiDi sees in Firefox ESR: the page's console
    errors, uncaught errors and every request of the context with its status."""

    def __init__(self, name, playwright):
        self.name = name
        self.browser = getattr(playwright, name).launch()
        self.version = "%s (Playwright's build)" % self.browser.version

    def new_page(self):
        return PlaywrightPage(self)

    def close(self):
        try:
            self.browser.close()
        except Exception:
            pass


class PlaywrightPage(EnginePage):
    reports_console = True      # Playwright's console and pageerror events

    def __init__(self, engine: PlaywrightEngine, share=None):
        super().__init__()
        self.engine = engine.name
        self._engine = engine
        self.requests: list[str] = []
        self.console: list[str] = []
        self.errors: list[str] = []
        self._owner = share
        if share is None:
            self.context = engine.browser.new_context(
                viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]},
                reduced_motion="reduce", service_workers="allow")
            self.context.set_default_timeout(COMMAND_TIMEOUT * 1000)
            self.context.on("request", lambda r: self.requests.append("%s %s" % (r.method, r.url)))
            self.context.on("response", self._on_response)
        else:
            self.context = share.context
        self.page = self.context.new_page()
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda e: self.errors.append("pageerror: %s" % e))
        self.version = engine.version

    def _on_response(self, response):
        if response.status >= 400:
            self.errors.append("HTTP %d %s %s" % (response.status, response.request.method, response.url))

    def _on_console(self, message):
        loc = message.location or {}
        where = " (%s:%s)" % (loc.get("url"), loc.get("lineNumber")) if loc.get("url") else ""
        line = "%s: %s%s" % (message.type, message.text, where)
        self.console.append(line)
        if message.type == "error":
            self.errors.append("console.error: %s%s" % (message.text, where))

    def observed_requests(self):
        return [r.split(" ", 1)[1] for r in self.requests] if self._owner is None else []

    def observed(self):
        return list(self.errors)

    def forget(self):
        super().forget()
        self.requests.clear()
        self.errors.clear()

    def driver_log(self):
        return (["== requests (Playwright) =="] + self.requests
                + ["", "== console (Playwright) =="] + self.console)

    def new_tab(self):
        tab = PlaywrightPage(self._engine, share=self)
        self.tabs.append(tab)
        return tab

    def _eval(self, expression):
        return self.page.evaluate(expression)

    def _navigate(self, url):
        self.page.goto(url)

    def _reload(self):
        self.page.reload()

    def _click_at(self, x, y):
        self.page.mouse.click(x, y)

    def _press(self, key):
        name = _PLAYWRIGHT_KEYS.get(key, key)
        if len(name) == 1 and name != " ":
            self.page.keyboard.type(name)        # any character, as typed (press knows a layout's)
        else:
            self.page.keyboard.press(name)

    def screenshot_png(self):
        return self.page.screenshot()

    def set_viewport(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})
        return tuple(self.evaluate("[innerWidth, innerHeight]") or (width, height))

    def close(self):
        for tab in self.tabs:
            tab.close()
        try:
            if self._owner is None:
                self.context.close()
            else:
                self.page.close()
        except Exception:
            pass


ENGINES = {"webkit": WebKitEngine, "firefox": FirefoxEngine}
