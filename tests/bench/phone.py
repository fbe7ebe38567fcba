"""The phone profile: the game and the bare PyScript page on a slow phone, interleaved.

Chromium with its CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``) and a
slow 4G network (``Network.emulateNetworkConditions``: 150 ms RTT, 1.6 Mbit/s
down, 750 kbit/s up; the page's own requests: a service worker's fetches are
not throttled by it), a 412 x 823 phone screen, a fresh context per sample.
Pages: the game opened by a link (``load.GAME``: ready = Roll usable), the
game's first visit (``index.html``: the setup screen, ready = ``data-state``
"setup") and the bare PyScript page (its marker). For each:

- ready: ms since navigation start until that state;
- LCP: the last ``largest-contentful-paint`` entry (PerformanceObserver);
- TBT: total blocking time, the sum over long tasks (PerformanceObserver
  ``longtask``, over 50 ms) of their time beyond 50 ms, from the first
  contentful paint until the page has been quiet (no long task) for 2 s after
  ready, as Lighthouse counts it until its time to interactive;
- CLS: the sum of ``layout-shift`` values without recent input;
- longest: the longest task, ms.

Then Lighthouse (npm ``lighthouse``, pinned in package.json: ``npm ci``) with
its mobile defaults (simulated 4x CPU and slow 4G) on Debian's Chromium
(``CHROME_PATH``), performance only, for the game's first visit and the bare
page, interleaved: score, LCP, TBT, CLS, speed index, time to interactive.
"""

import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

from load import GAME

SLOWDOWN = 4
RTT_MS = 150
DOWN_BPS = 1.6e6 / 8           # bytes per second
UP_BPS = 750e3 / 8
VIEWPORT = {"width": 412, "height": 823}
QUIET_MS = 2000

SUBJECTS = [                   # name, path, the data-state values that mean "ready"
    ("game (link)", GAME, ("ready", "over")),
    ("game (first visit)", "index.html", ("setup", "ready", "over")),
    ("bare PyScript", "tests/fixtures/bare/index.html", ("ready",)),
]
LIGHTHOUSE_SUBJECTS = [("game (first visit)", "index.html"),
                       ("bare PyScript", "tests/fixtures/bare/index.html")]

PROBE = r"""
(() => {
  const p = window.__phone = { states: {}, lcp: null, fcp: null, cls: 0, tasks: [] };
  const html = () => document.documentElement;
  const note = () => {
    const s = html() && html().getAttribute('data-state');
    if (s && !(s in p.states)) p.states[s] = performance.now();
  };
  new MutationObserver(note).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
  const watch = (type, f) => { try { new PerformanceObserver((l) => l.getEntries().forEach(f)).observe({ type, buffered: true }); } catch (e) {} };
  watch('largest-contentful-paint', (e) => { p.lcp = e.startTime; p.lcpTag = e.element ? e.element.tagName + (e.element.id ? '#' + e.element.id : '') + (e.element.className ? '.' + e.element.className : '') : '?'; });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') p.fcp = e.startTime; });
  watch('layout-shift', (e) => { if (!e.hadRecentInput) p.cls += e.value; });
  watch('longtask', (e) => p.tasks.push([e.startTime, e.duration]));
})();
"""


def _throttle(page):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": RTT_MS, "downloadThroughput": DOWN_BPS,
        "uploadThroughput": UP_BPS})
    return cdp


def _poll(cdp, expression, timeout_s=120, every_s=0.05):
    """Wait until ``expression`` is true in the page, asking over the CDP session.

    Not ``page.wait_for_function``: that installs Playwright's injected script
    (about 40-70 ms of script on the page's main thread at CPU / 4) the moment
    the document commits, and it landed in the middle of the page's own first
    paint; a phone has no such guest.  ``Runtime.evaluate`` of a short
    expression costs the page almost nothing."""
    deadline = time.monotonic() + timeout_s
    while True:
        if _value(cdp, expression):
            return
        if time.monotonic() > deadline:
            raise TimeoutError("phone profile: never true: %s" % expression[:120])
        time.sleep(every_s)


def _value(cdp, expression):
    reply = cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return reply.get("result", {}).get("value")


def sample(chromium, base_url, path, states):
    """One fresh context: {ready, lcp, fcp, tbt, cls, longest} in ms (cls unitless)."""
    ctx = chromium.context(reduced_motion="reduce", viewport=VIEWPORT, is_mobile=True,
                           has_touch=True, device_scale_factor=1.75)
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        cdp = _throttle(page)
        page.goto(base_url + path, wait_until="commit")
        wanted = json.dumps(list(states))
        _poll(cdp, "!!(window.__phone && %s.some((s) => s in window.__phone.states))" % wanted)
        # quiet for QUIET_MS after ready: no long task ended in that time
        _poll(cdp, """(() => { const p = window.__phone, now = performance.now();
                 const ready = Math.min(...%s.filter((s) => s in p.states).map((s) => p.states[s]));
                 const last = p.tasks.reduce((m, t) => Math.max(m, t[0] + t[1]), ready);
                 return now - last > %d; })()""" % (wanted, QUIET_MS), every_s=0.1)
        p = json.loads(_value(cdp, "JSON.stringify(window.__phone)"))
    finally:
        ctx.close()
    ready = min(p["states"][s] for s in states if s in p["states"])
    fcp = p["fcp"] or 0
    tbt = sum(max(0.0, min(d, start + d - fcp) - 50) for start, d in p["tasks"] if start + d > fcp)
    return {"ready": ready, "lcp": p["lcp"], "fcp": fcp, "tbt": tbt, "cls": p["cls"],
            "longest": max([d for _, d in p["tasks"]] or [0]), "lcp_element": p.get("lcpTag"),
            "errors": errors}


def run(chromium, base_url, runs, log=print):
    """{name: {figure: [values]}} for the Chromium phone profile, then Lighthouse."""
    out = {name: {} for name, _, _ in SUBJECTS}
    for i in range(runs):
        for name, path, states in SUBJECTS:
            s = sample(chromium, base_url, path, states)
            for key, value in s.items():
                out[name].setdefault(key, []).append(value)
            for e in s["errors"]:
                log("  ! %s: %s" % (name, e))
        log("  phone run %d/%d: %s" % (i + 1, runs, ", ".join(
            "%s ready %.0f lcp %.0f tbt %.0f" % (n, r["ready"][-1], r["lcp"][-1] or -1, r["tbt"][-1])
            for n, r in out.items())))
    return out


def lighthouse_binary():
    here = Path(__file__).resolve().parents[2] / "node_modules" / ".bin" / "lighthouse"
    return str(here) if here.exists() else None


def lighthouse(base_url, runs, log=print):
    """{name: {figure: [values]}} from Lighthouse mobile (performance), interleaved;
    None when lighthouse is not installed (npm ci)."""
    exe = lighthouse_binary()
    if exe is None:
        log("  lighthouse not installed (npm ci): skipped")
        return None
    from harness import find_chromium
    env = dict(os.environ)
    env.setdefault("CHROME_PATH", find_chromium() or "")
    audits = {"lcp": "largest-contentful-paint", "tbt": "total-blocking-time",
              "cls": "cumulative-layout-shift", "fcp": "first-contentful-paint",
              "si": "speed-index", "tti": "interactive"}
    out = {name: {} for name, _ in LIGHTHOUSE_SUBJECTS}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            for name, path in LIGHTHOUSE_SUBJECTS:
                report = Path(tmp) / "lh.json"
                started = time.monotonic()
                proc = subprocess.run(
                    [exe, base_url + path, "--only-categories=performance", "--output=json",
                     "--output-path=%s" % report, "--quiet",
                     "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                    env=env, capture_output=True, text=True, timeout=300)
                if proc.returncode != 0 or not report.exists():
                    log("  ! lighthouse %s: %s" % (name, (proc.stderr or proc.stdout)[-400:]))
                    continue
                lh = json.loads(report.read_text())
                score = lh["categories"]["performance"]["score"]
                r = out[name]
                r.setdefault("score", []).append(round(score * 100) if score is not None else float("nan"))
                for key, audit in audits.items():
                    r.setdefault(key, []).append(lh["audits"][audit].get("numericValue") or 0.0)
                r.setdefault("seconds", []).append(time.monotonic() - started)
                report.unlink()
            log("  lighthouse run %d/%d: %s" % (i + 1, runs, ", ".join(
                "%s %s" % (n, r["score"][-1] if r.get("score") else "?") for n, r in out.items())))
    out["version"] = _lighthouse_version(exe, env)
    return out


def _lighthouse_version(exe, env):
    try:
        return subprocess.run([exe, "--version"], env=env, capture_output=True, text=True,
                              timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
