"""Waiting for an element on a Playwright page, seen when it changes.

``page.wait_for_selector`` asks the page from Playwright's driver, and when the answer is
"not yet" asks again 20, 50, 100, 100 ms later, then every 500 ms (its
``retryWithProgressAndBackoff``): a start of the game that is ready after 0.3 s was seen
about 0.1 s late, and a wait of a second up to half a second late; each question is a
few round trips through the driver and the browser.  :func:`wait_for` asks once, in
the page, which answers the moment the document changes to match (a
``MutationObserver``; and every 100 ms for what changes no element, as a resize can).
It draws no frames to wait (``page.wait_for_function`` asks once a frame, and a frame
costs the browser its drawing: measured, the suite's run took no less time).

The states are Playwright's, with its meaning of visible (:data:`VISIBLE_ELEMENT`),
judged on the FIRST element the selector matches, as ``wait_for_selector`` judges it.  Selectors are
CSS (``document.querySelector``): Playwright's own additions (``:has-text()``,
``text=``, ``>>``) throw in the page and fail the test at once.
"""

import time

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

STATES = ("attached", "detached", "visible", "hidden")

# Playwright's meaning of visible, for one element (its ``isVisible``): a box of some size,
# not ``visibility: hidden``, not in a ``display: none`` or ``content-visibility: hidden``
# subtree; ``display: contents`` is visible if a child is.  The one definition: waiting
# (below), clicking (click_point.CLICK_POINT) and tests/engines' pages use it.
VISIBLE_ELEMENT = """function visible(el) {
  const style = getComputedStyle(el);
  if (style.display === 'contents') {
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1 && visible(child)) return true;
      if (child.nodeType === 3) {
        const range = document.createRange();
        range.selectNode(child);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0 && rect.height > 0) return true;
      }
    }
    return false;
  }
  if (!el.checkVisibility() || style.visibility !== 'visible') return false;
  const rect = el.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0;
}"""

# True once the first element matching `sel` is in `state`, false if not within `ms`.
WHEN_IN_STATE = """async ([sel, state, ms]) => {
  const visible = %s;
  const now = () => {
    const el = document.querySelector(sel);
    if (state === 'attached') return !!el;
    if (state === 'detached') return !el;
    const shown = !!el && visible(el);
    return state === 'visible' ? shown : !shown;
  };
  if (now()) return true;
  return new Promise((done) => {
    const end = (value) => {
      seen.disconnect(); clearInterval(poll); clearTimeout(limit); done(value);
    };
    const check = () => { if (now()) end(true); };
    const seen = new MutationObserver(check);
    seen.observe(document, {attributes: true, childList: true, subtree: true, characterData: true});
    const poll = setInterval(check, 100);
    const limit = setTimeout(() => end(now()), ms);
  });
}""" % VISIBLE_ELEMENT


def replaced_document(error):
    """Whether ``error`` (of ``page.evaluate``) says only that the document asked went away
    while it answered (a navigation): the question is then asked again of the next one.
    Any other error (a selector the page cannot parse, a script that throws) is raised."""
    message = getattr(error, "message", "") or str(error)
    return "context was destroyed" in message or "navigat" in message


def wait_for(page, selector, state="visible", timeout=30_000):
    """Wait until the first element matching ``selector`` on ``page`` is ``state``
    (attached, detached, visible, hidden), at most ``timeout`` ms: what
    ``page.wait_for_selector(selector, state=state, timeout=timeout)`` waits for, seen when
    it happens (module docstring), in this document or the one that replaces it.
    Raises Playwright's TimeoutError, naming the selector and the state.  A page of
    tests/engines (no ``mouse``: WebDriver's, not Playwright's) waits its own way, as
    ``click_point.click`` clicks its own way there."""
    if state not in STATES:
        raise ValueError("state: one of %s, not %r" % (", ".join(STATES), state))
    if getattr(page, "mouse", None) is None:
        return page.wait_for_selector(selector, state=state, timeout=timeout / 1000.0)
    deadline = time.monotonic() + timeout / 1000.0
    while True:
        left = max(0, int((deadline - time.monotonic()) * 1000))
        try:
            if page.evaluate(WHEN_IN_STATE, [selector, state, left]):
                return
        except PlaywrightError as e:
            if not replaced_document(e):
                raise
            time.sleep(0.02)                # ask the next document
        if time.monotonic() >= deadline:
            raise PlaywrightTimeoutError("waited %d ms for %s to be %s" % (timeout, selector, state))
