"""A player's tap on a Playwright page, and where a click on an element lands or why not
yet: Playwright's actionability checks (attached, visible, enabled, not moving, not
covered; scrolled into view) as JavaScript run in the page, in one round trip.

:func:`click` is the tests' tap (``click(page, "#roll")``; ``gameui.click`` is the same).
``page.click`` makes about a dozen round trips between the test, Playwright's driver, the
browser and the page (40 ms and 28 ms of the machine's time a tap, against 5 ms for the
same checks here and a ``page.mouse.click``), and when the element is not ready yet asks
again 20, 100, 100 ms later, then every 500 ms (its ``retryWithProgressAndTimeouts``):
here the page asks itself once a frame.  tests/engines' pages click this way too
(WebDriver has no such checks).  Both end in the browser's own input: a trusted pointer
event at the point, as a player's tap.
"""

import time

from waits import VISIBLE_ELEMENT, replaced_document, wait_for

# `el`'s box, in the viewport: scrolled to the centre first when it is out of it, or
# when `covered(box)` says something else is at the box's centre (both clicks' scroll).
IN_VIEW = """(el, covered) => {
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth || covered(r))
    el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
  return el.getBoundingClientRect();
}"""

# Where to click `sel`, or why not yet (Playwright's actionability checks; visible as
# waits.VISIBLE_ELEMENT has it).  Scrolled into view first when it is out of the
# viewport, or in it but covered at its centre (under a bar that sticks to the screen's
# edge, as the setup form's actions do), as Playwright's click and WebDriver's Element
# Click scroll: the page's scroll-padding then keeps it clear of the bar.  Covered still
# after that: the click waits (a control the page covers for good is the page's fault,
# and the test times out).
CLICK_POINT = """(sel) => {
  const visible = %s, inView = %s;
  const el = document.querySelector(sel);
  if (!el) return {wait: 'no element ' + sel};
  if (!el.isConnected || !visible(el)) return {wait: sel + ' is not visible'};
  if (el.disabled || el.closest('[inert]')) return {wait: sel + ' is disabled'};
  const on = (r) => { const t = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                      return !!t && (t === el || el.contains(t)); };
  const r = inView(el, (box) => !on(box));
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  if (!top || !(top === el || el.contains(top))) {
    const name = top ? top.tagName.toLowerCase() + (top.id ? '#' + top.id : '') +
      (top.className && typeof top.className === 'string' ? '.' + top.className.split(' ').join('.') : '') : 'nothing';
    return {wait: sel + ' is covered by ' + name};
  }
  return {x: Math.round(x), y: Math.round(y)};
}""" % (VISIBLE_ELEMENT, IN_VIEW)

# CLICK_POINT twice, a frame apart (or 100 ms, where a page draws no frames): the point
# when the element is clickable and has not moved, as Playwright's "stable" check has it,
# in one round trip.
CLICK_POINT_STABLE = """async (sel) => {
  const point = %s;
  const first = point(sel);
  if (!('x' in first)) return first;
  await new Promise((done) => { requestAnimationFrame(() => done()); setTimeout(done, 100); });
  const second = point(sel);
  if ('x' in second && (second.x !== first.x || second.y !== first.y))
    return {wait: sel + ' is moving'};
  return second;
}""" % CLICK_POINT

# CLICK_POINT_STABLE until the element is clickable, or ``timeout`` ms: its point, else why
# not ({wait: ...}); polled in the page, a frame at a time, so a wait costs no round trips.
CLICK_POINT_WHEN_READY = """async ([sel, timeout]) => {
  const stable = %s;
  const until = performance.now() + timeout;
  for (;;) {
    const where = await stable(sel);
    if ('x' in where || performance.now() > until) return where;
    await new Promise((done) => { requestAnimationFrame(() => done()); setTimeout(done, 50); });
  }
}""" % CLICK_POINT_STABLE

# Where a forced click on `sel` lands (Playwright's ``click(force=True)``: no checks but
# that it is there; scrolled into view when out of the viewport): its centre, else why not.
FORCED_POINT = """(sel) => {
  const inView = %s;
  const el = document.querySelector(sel);
  if (!el || el.getClientRects().length === 0) return {wait: 'no box for ' + sel};
  const r = inView(el, () => false);
  return {x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2)};
}""" % IN_VIEW


def click(page, selector, timeout=30_000, force=False):
    """A player's tap on ``selector``: once it is visible, enabled, still and not covered
    (Playwright's checks, asked in the page once a frame: module docstring), the
    browser's own pointer click at its centre; what ``page.click(selector)`` does, at a
    fifth of its cost.  ``timeout`` in ms.  ``force``: at once, wherever it is, enabled or
    not (``click(force=True)``).  A page of tests/engines has no mouse: its own click."""
    mouse = getattr(page, "mouse", None)
    if mouse is None:
        return page.click(selector, timeout=timeout / 1000.0)
    if force:
        wait_for(page, selector, state="attached", timeout=timeout)
        where = page.evaluate(FORCED_POINT, selector)
        if "x" not in where:
            raise AssertionError("cannot click %s: %s" % (selector, where["wait"]))
        return mouse.click(where["x"], where["y"])
    deadline = time.monotonic() + timeout / 1000.0
    while True:
        left = max(0, int((deadline - time.monotonic()) * 1000))
        try:
            where = page.evaluate(CLICK_POINT_WHEN_READY, [selector, left])
        except Exception as e:       # a document being replaced: ask the next one
            if not replaced_document(e) or time.monotonic() > deadline:
                raise                # any other error at once, not after the timeout
            page.wait_for_load_state("domcontentloaded")
            continue
        if "x" in where:
            return mouse.click(where["x"], where["y"])
        if time.monotonic() >= deadline:
            raise AssertionError("cannot click %s within %d ms: %s" % (selector, timeout, where["wait"]))
