"""Chromium for the benchmarks, and the in-page probe every benchmark context gets.

The probe (an init script, so it runs before any of the page's own code)
records, in ``window.__bench``:

- ``ready``: ``performance.now()`` (ms since navigation start) when
  ``<html data-state>`` first becomes "ready" (or "over");
- ``taps``: for every click, ``start`` when the event begins its dispatch (a
  capturing listener on window, the first to run), ``dom`` when the page's
  handlers have changed the DOM (the first MutationObserver callback after the
  click: mutations of one task are delivered together, after the handlers),
  and ``layout`` after forcing style + layout of that change.
"""

from playwright.sync_api import sync_playwright

from harness import CHROMIUM_ARGS, find_chromium

PROBE = r"""
(() => {
  const bench = window.__bench = { ready: null, taps: [] };
  const html = () => document.documentElement;
  new MutationObserver(() => {
    const state = html() && html().getAttribute('data-state');
    if (bench.ready === null && (state === 'ready' || state === 'over')) bench.ready = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });

  function kind(target) {
    const el = target && target.closest ? target.closest('.die, #roll, [data-box], #confirm, button') : null;
    if (!el) return 'other';
    if (el.matches('.die')) return 'hold';
    if (el.id === 'roll') return 'roll';
    if (el.matches('[data-box]')) return 'fill';
    return el.id || 'button';
  }
  window.addEventListener('click', (event) => {
    const tap = { kind: kind(event.target), start: performance.now(), dom: null, layout: null };
    bench.taps.push(tap);
    const observer = new MutationObserver(() => {
      tap.dom = performance.now();
      html().getBoundingClientRect();   // style + layout of the change, now
      tap.layout = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
  }, true);
})();
"""


class Chromium:
    """One Chromium process for a whole benchmark run; fresh contexts on demand."""

    def __enter__(self):
        self._pw = sync_playwright().start()
        exe = find_chromium()
        kwargs = {"args": list(CHROMIUM_ARGS)}
        if exe:
            kwargs["executable_path"] = exe
        self.browser = self._pw.chromium.launch(**kwargs)
        self.version = self.browser.version
        return self

    def __exit__(self, *exc):
        self.browser.close()
        self._pw.stop()

    def context(self, **kwargs):
        """A fresh context (empty cache, storage and service workers) with the probe."""
        kwargs.setdefault("service_workers", "allow")
        ctx = self.browser.new_context(**kwargs)
        ctx.add_init_script(PROBE)
        return ctx


def watched_page(chromium, **kwargs):
    """(context, page, errors): a fresh context's page (``Chromium.context(**kwargs)``), its
    console errors and uncaught errors noted in ``errors``."""
    ctx = chromium.context(**kwargs)
    errors = []
    ctx.on("weberror", lambda e: errors.append("pageerror: %s" % e.error))
    page = ctx.new_page()
    page.on("console", lambda m: errors.append("console.error: %s" % m.text) if m.type == "error" else None)
    return ctx, page, errors


def wait_ready(page, timeout=60_000):
    """ms from navigation start to data-state ready (the probe's figure)."""
    page.wait_for_function("window.__bench && window.__bench.ready !== null", timeout=timeout, polling=20)
    return page.evaluate("window.__bench.ready")


def wait_load(page, timeout=60_000):
    """ms from navigation start to the load event (the plain page's "ready")."""
    page.wait_for_function(
        "(() => { const n = performance.getEntriesByType('navigation')[0];"
        " return n && n.loadEventStart > 0; })()", timeout=timeout, polling=20)
    return page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")


def wait_sw_controls(page, timeout=30_000):
    """Wait until a service worker has installed (precache complete) and controls the page.

    False if none did within ``timeout`` (e.g. its install failed because
    static/pwa/precache.json is stale: a file changed without
    ``python3 .ci/precache.py``)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(
            "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
            " && navigator.serviceWorker.controller.state === 'activated'", timeout=timeout, polling=50)
        return True
    except PlaywrightTimeout:
        return False
