"""Time to ready, cold and warm, for the game and its two floors.

Each sample is one FRESH browser context (empty HTTP cache, storage and
service workers):

- cold: the first navigation in that context;
- warm: after the cold visit, wait until the page's service worker (if it has
  one) has installed its precache and controls the page, then navigate again
  in the same context. For the floors, which have no service worker, warm is
  the browser's HTTP cache (this server sends Last-Modified, no max-age, so
  some files may be revalidated with a 304, as on a real static host).

"ready" = <html data-state="ready"> (Roll usable; the bare page sets its own
marker) as ms since navigation start, or for the plain page its load event.
"""

GAME = "index.html?players=Bench&seed=1"


class Subject:
    def __init__(self, name, path, ready_by, service_worker):
        self.name, self.path, self.ready_by, self.service_worker = name, path, ready_by, service_worker


SUBJECTS = [
    Subject("game", GAME, "state", True),
    Subject("bare PyScript", "tests/fixtures/bare/index.html", "state", False),
    Subject("plain HTML", "tests/bench/fixtures/plain.html", "load", False),
]


def _ready(page, subject):
    from browser import wait_load, wait_ready
    return wait_ready(page) if subject.ready_by == "state" else wait_load(page)


def sample(chromium, base_url, subject):
    """(cold ms, warm ms, errors) from one fresh context."""
    from browser import wait_sw_controls, watched_page
    ctx, page, errors = watched_page(chromium, reduced_motion="reduce")
    url = base_url + subject.path
    try:
        page.goto(url, wait_until="commit")
        cold = _ready(page, subject)
        if subject.service_worker and not wait_sw_controls(page):
            errors.append("no service worker took control: warm = HTTP cache only")
        else:
            page.wait_for_load_state("load")
        page.goto(url, wait_until="commit")
        warm = _ready(page, subject)
    finally:
        ctx.close()
    return cold, warm, errors


def run(chromium, base_url, runs, log=print):
    """{subject name: {"cold": [...], "warm": [...]}}, interleaved A B C A B C ..."""
    results = {s.name: {"cold": [], "warm": []} for s in SUBJECTS}
    for i in range(runs):
        for subject in SUBJECTS:
            cold, warm, errors = sample(chromium, base_url, subject)
            results[subject.name]["cold"].append(cold)
            results[subject.name]["warm"].append(warm)
            for e in errors:
                log("  ! %s: %s" % (subject.name, e))
        log("  load run %d/%d: %s" % (i + 1, runs, ", ".join(
            "%s %.0f/%.0f" % (n, r["cold"][-1], r["warm"][-1]) for n, r in results.items())))
    return results
