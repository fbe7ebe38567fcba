"""The practice screen's taps on a phone (issue 42: a position and its answer each drawn within
the tap budget once the table is in).

A phone profile (390 x 844, Chromium's CPU slowed ``SLOWDOWN`` times) opens
``?practice=bench&rules=RULES``, waits for the first position (the strategy
modules and table are in then), and answers ``POSITIONS`` positions by taps,
as a player would: a box, or dice kept and "keep these and throw the rest".
Timed from the click's dispatch (a capturing listener, first to run) to the
DOM changed and laid out:

- ``answer``: the tap on a box or Roll to the answer drawn (``#practice[data-answer]``);
- ``next``: the tap on Next to the new position drawn (``#practice[data-position]``
  changed), after ``THINK_MS`` of the player reading the answer, while which the page
  works the next position out;
- ``next at once``: Next tapped as soon as the answer is drawn, so the tap also waits for
  the position to be worked out (how long a player would wait who does not read);
- ``cpu``: the CPU time of each tap's task on the main thread, traced at full speed
  (:func:`cpu_times`): what other work on a busy machine cannot inflate.
"""

import json

SLOWDOWN = 4
POSITIONS = 20
THINK_MS = 3000
RULES = ("dice-poker", "yahtzee")

PROBE = """() => {
  const t = window.__practice = { start: null, answer: null, position: null, kind: null };
  document.addEventListener('click', (event) => {
    const el = event.target.closest('#practice-next, #practice-roll, #practice [data-box]');
    if (!el) return;
    t.start = performance.now(); t.answer = t.position = null;
    t.kind = el.id === 'practice-next' ? 'next' : 'answer';
    t.before = document.getElementById('practice').getAttribute('data-position');
  }, true);
  new MutationObserver(() => {
    if (t.start === null) return;
    const root = document.getElementById('practice');
    if (t.kind === 'answer' && t.answer === null && root.hasAttribute('data-answer')) {
      document.documentElement.getBoundingClientRect(); t.answer = performance.now() - t.start;
    }
    const now = root.getAttribute('data-position');
    if (t.kind === 'next' && t.position === null && now && now !== t.before) {
      document.documentElement.getBoundingClientRect(); t.position = performance.now() - t.start;
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-answer', 'data-position'] });
}"""


def _answer(page):
    """Answer the position on screen: keep the dice of the most common face and Roll while
    rolls are left, else the box worth most now; the time to the answer drawn."""
    data = json.loads(page.get_attribute("#practice", "data-position"))
    if data["rolls_left"]:
        counts = {}
        for face in data["dice"]:
            counts[face] = counts.get(face, 0) + 1
        face = max(counts, key=lambda f: (counts[f], f))
        keep = [i for i, f in enumerate(data["dice"]) if f == face]
        if len(keep) < 5:
            for i in keep:
                page.click('#practice .die[data-index="%d"]' % i)
            page.click("#practice-roll")
            return _wait(page, "answer")
    boxes = page.eval_on_selector_all(
        "#practice button[data-box]:not([disabled])",
        "bs => bs.map(b => [b.dataset.box, Number(b.textContent.replace(/\\D+/g, '') || 0)])")
    box = max(boxes, key=lambda b: b[1])[0]
    page.click('#practice [data-box="%s"]' % box)
    return _wait(page, "answer")


def _wait(page, what):
    page.wait_for_function("window.__practice.%s !== null" % what, timeout=120_000, polling=10)
    return page.evaluate("window.__practice.%s" % what)


def run_rules(chromium, base_url, rules):
    ctx = chromium.context(reduced_motion="reduce", viewport={"width": 390, "height": 844},
                           has_touch=True, is_mobile=True, device_scale_factor=2,
                           service_workers="block")
    page = ctx.new_page()
    out = {"answer": [], "next": [], "next_at_once": []}
    try:
        cdp = ctx.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        page.goto(base_url + "index.html?practice=bench&rules=" + rules, wait_until="commit")
        page.wait_for_selector("#practice[data-status=shown]", timeout=180_000)
        page.evaluate(PROBE)
        for k in range(POSITIONS):
            out["answer"].append(_answer(page))
            at_once = k % 2 == 1
            if not at_once:
                page.wait_for_timeout(THINK_MS)     # the player reads the answer
            page.click("#practice-next")
            out["next_at_once" if at_once else "next"].append(_wait(page, "position"))
    finally:
        ctx.close()
    return out


def run(chromium, base_url, log=lambda text: None):
    out = {}
    for rules in RULES:
        log("  practice, %s, phone profile ..." % rules)
        out[rules] = run_rules(chromium, base_url, rules)
        log("  practice, %s, main thread's CPU time of each tap (traced) ..." % rules)
        out[rules]["cpu"] = cpu_times(chromium, base_url, rules)
    return out


def cpu_times(chromium, base_url, rules):
    """{kind: [ms]}: the CPU time of each tap's task on the page's main thread (the trace's
    thread duration of the task that dispatched the click: handlers, drawing, effects and
    the layout the probe forces), at full speed.  Unlike wall times, other work on a busy
    machine does not add to it; times ``SLOWDOWN`` it estimates the phone's.  Kinds:
    ``hold`` (a die), ``answer`` (a box or Roll), ``next`` (Next after ``THINK_MS``)."""
    ctx = chromium.context(reduced_motion="reduce", viewport={"width": 390, "height": 844},
                           has_touch=True, is_mobile=True, device_scale_factor=2,
                           service_workers="block")
    page = ctx.new_page()
    clicks = []
    try:
        page.goto(base_url + "index.html?practice=bench&rules=" + rules, wait_until="commit")
        page.wait_for_selector("#practice[data-status=shown]", timeout=180_000)
        page.evaluate(PROBE)
        chromium.browser.start_tracing(page=page, categories=[
            "devtools.timeline", "toplevel", "disabled-by-default-devtools.timeline"])
        try:
            for k in range(POSITIONS):
                before = len(page.evaluate("window.__bench.taps"))
                _answer(page)
                kinds = [t["kind"] for t in page.evaluate("window.__bench.taps")[before:]]
                clicks += ["hold" if kind == "hold" else "answer" for kind in kinds]
                page.wait_for_timeout(THINK_MS)
                page.click("#practice-next")
                _wait(page, "position")
                clicks.append("next")
        finally:
            trace = json.loads(chromium.browser.stop_tracing())
    finally:
        ctx.close()
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    dispatches = sorted((e for e in events if e.get("name") == "EventDispatch"
                         and e.get("args", {}).get("data", {}).get("type") == "click"),
                        key=lambda e: e["ts"])
    tasks = [e for e in events if e.get("ph") == "X" and e.get("name") in (
        "RunTask", "ThreadControllerImpl::RunTask") and "tdur" in e]
    out = {}
    for kind, click in zip(clicks, dispatches):
        task = [t for t in tasks if t["pid"] == click["pid"] and t["tid"] == click["tid"]
                and t["ts"] <= click["ts"] and t["ts"] + t["dur"] >= click["ts"] + click["dur"]]
        if task:
            out.setdefault(kind, []).append(max(t["tdur"] for t in task) / 1000.0)
    return out
