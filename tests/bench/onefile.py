"""The game as one file (issue 43): its size, and its time to ready from file:// against the
served site, in the same run.

- size: the file .ci/onefile.py builds from the site under test (``--root``), raw and
  gzip -6 (what a web server sends: GitHub Pages publishes it beside the site);
- time to ready: ms since navigation start until ``<html data-state="ready">`` (Roll
  usable), the game opened by the same link (``load.GAME``'s query), one fresh context
  per sample, the two pages interleaved: the file (file://) and the served site
  (http://, a first visit), on the desktop profile and with the CPU slowed 4x (CDP
  ``Emulation.setCPUThrottlingRate``).  No network throttling: a file has no network,
  and the served site on 127.0.0.1 pays none either (the phone profile, phone.py,
  measures the site on a slow network).
"""

import runpy
import tempfile
from pathlib import Path

from harness import REPO
from load import GAME

PROFILES = (("desktop", 1), ("CPU / 4", 4))
FILE, SITE = "one file (file://)", "site (http://, first visit)"


def build(root):
    """(path of the built file, raw bytes, gzip bytes)."""
    tool = runpy.run_path(str(REPO / ".ci" / "onefile.py"))
    data = tool["build"](str(root), None)
    path = Path(tempfile.mkdtemp(prefix="bench-onefile-")) / "dice-poker.html"
    path.write_bytes(data)
    raw, packed = tool["sizes"](data)
    return path, raw, packed


def sample(chromium, url, slowdown):
    """(ms to ready, errors) in a fresh context."""
    from browser import wait_ready, watched_page
    ctx, page, errors = watched_page(chromium, reduced_motion="reduce")
    if slowdown > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    try:
        page.goto(url, wait_until="commit")
        return wait_ready(page), errors
    finally:
        ctx.close()


def run(chromium, base_url, root, runs, log=print):
    """{"raw", "gzip", "ready": {profile: {page: [ms, ...]}}}."""
    path, raw, packed = build(root)
    urls = {FILE: path.as_uri() + GAME[GAME.index("?"):], SITE: base_url + GAME}
    ready = {profile: {name: [] for name in urls} for profile, _ in PROFILES}
    try:
        for i in range(runs):
            for profile, slowdown in PROFILES:
                for name, url in urls.items():
                    ms, errors = sample(chromium, url, slowdown)
                    ready[profile][name].append(ms)
                    for e in errors:
                        log("  ! %s, %s: %s" % (name, profile, e))
            log("  one-file run %d/%d: %s" % (i + 1, runs, ", ".join(
                "%s %s %.0f" % (profile, name.split(" (")[0], r[name][-1])
                for profile, r in ready.items() for name in r)))
    finally:
        path.unlink()
        path.parent.rmdir()
    return {"raw": raw, "gzip": packed, "ready": ready}
