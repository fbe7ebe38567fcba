"""The game as one file (.ci/onefile.py, issue 43) for the browser tests.

``built()`` builds dist/dice-poker.html's twin once per test process, fresh from the
sources (never a stale copy), into a temporary folder, with links leading to ``SITE``;
``monitored(script)`` is a copy whose first script is ``script`` (the engines suite's
in-page monitor), allowed by its hash in the file's CSP; ``strays(urls)`` names the
requests a page opened from the file must not make (anything but the file itself,
data: and blob:).

The games played from the file, one definition for the three engines (Chromium's
tests/e2e/test_onefile_play.py, WebKitGTK's and Firefox ESR's tests/engines/test_engines_onefile.py):
``solo_game`` and ``computer_game`` drive a page through what Playwright's ``Page`` and
the engines suite's ``EnginePage`` share (``goto``, ``reload``, ``click``, ``evaluate``),
every step replayed on CPython's engine (tests/e2e/gameui.py).
"""

import atexit
import base64
import hashlib
import json
import re
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

from dicepoker.game import Game
from paths import REPO, STATIC

sys.path[:0] = [str(REPO / "tests" / "e2e"), str(REPO / "tests" / "engines")]
import gameui  # noqa: E402  (engine-neutral: evaluate / click)
from engineui import (HUMAN_TURN, SHOWN, advisor_for, assert_matches_after_computer,  # noqa: E402
                      check_computer_moves, hint_marks, play_human_turn, select_language)
del sys.path[:2]

SITE = "https://dice-poker.example/"   # --site: where the links made in the file lead
BUILD = runpy.run_path(str(REPO / ".ci" / "onefile.py"))
_BUILT = {}


def _folder():
    if "folder" not in _BUILT:
        _BUILT["folder"] = Path(tempfile.mkdtemp(prefix="onefile-"))
        atexit.register(shutil.rmtree, str(_BUILT["folder"]), True)
    return _BUILT["folder"]


def built():
    """The built file's path (built on the first call of this process)."""
    if "file" not in _BUILT:
        path = _folder() / "dice-poker.html"
        path.write_bytes(BUILD["build"](str(REPO), SITE))
        _BUILT["file"] = path
    return _BUILT["file"]


def monitored(script):
    """A copy of the built file whose first script is ``script``: right after the CSP
    <meta>, which allows it by its hash (the page's own scripts keep theirs)."""
    path = _folder() / "monitored" / "dice-poker.html"
    if not path.exists():
        page = built().read_text(encoding="utf-8")
        digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
        csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">', page)
        meta = csp.group(0).replace("script-src ", "script-src 'sha256-%s' " % digest, 1)
        page = page[:csp.start()] + meta + "\n\t<script>%s</script>" % script + page[csp.end():]
        path.parent.mkdir(exist_ok=True)
        path.write_text(page, encoding="utf-8")
    return path


def strays(urls, page_file):
    """The requests among ``urls`` that are neither the file at ``page_file`` (its query
    and fragment aside) nor a data: or blob: URL."""
    own = page_file.as_uri()
    return [u for u in urls
            if not u.startswith(("data:", "blob:")) and re.split(r"[?#]", u)[0] != own]


# ---------------------------------------------------------------------------
# The games (any of the three engines)
# ---------------------------------------------------------------------------


def wait_until(page, condition, message, timeout=30.0):
    """Wait until ``condition`` (a JavaScript expression) is truthy on ``page``; its value."""
    if hasattr(page, "wait_for"):               # the engines suite's EnginePage
        return page.wait_for(condition, timeout=timeout, message=message)
    return page.wait_for_function(condition, timeout=timeout * 1000).json_value()


def wait_ready(page):
    wait_until(page, "['ready', 'over'].includes(document.documentElement.dataset.state)", "the game ready")


def open_file(page, path, query):
    page.goto(path.as_uri() + query)
    wait_ready(page)


def _catalogue(lang):
    return json.loads((STATIC / "i18n" / ("%s.json" % lang)).read_text(encoding="utf-8"))


def check_rules_offer_the_file(page):
    """The rules (fetched from the file) offer the game as one file."""
    page.click("#open-rules")
    link = wait_until(page, "(() => { const a = document.querySelector('#rules-onefile a');"
                            " return a && [a.getAttribute('href'), a.hasAttribute('download'), a.textContent]; })()",
                      "the rules' download link")
    assert link == ["dice-poker.html", True, "Download the game as one file"], link
    page.click("#rules-dialog .close-dialog")
    wait_until(page, "!document.getElementById('rules-dialog').open", "the rules closed")


def check_hint(page, game):
    """The hint marks the advisor's best hold and best box (the table comes from the file)."""
    page.click("#hint")
    wait_until(page, "!!document.querySelector('%s')" % SHOWN, "the hint shown", timeout=60)
    advice = advisor_for(game.ruleset.id).advise(game)
    holds = [o for o in advice["options"] if o["kind"] == "hold"]
    boxes = [o for o in advice["options"] if o["kind"] == "score"]
    marks = hint_marks(page)
    assert marks["keep"] == (sorted(holds[0]["hold"]) if holds else [])
    assert marks["best"] == [[game.current_player, boxes[0]["box"], "BUTTON"]]


def check_reload_resumes(page, game):
    """A reload mid-turn brings back the same dice, holds, scores and rolls left."""
    before = gameui.assert_matches(page, game)
    page.reload()
    wait_ready(page)
    assert gameui.read(page) == before, "after the reload: %s, saved %s" % (
        page.evaluate("location.href"), page.evaluate("localStorage.getItem('dicepoker.game')"))
    gameui.assert_matches(page, game)


def check_language_switch(page, game):
    """Lithuanian (its whole catalogue and the switch's module from the file), the same
    game in its words; then English again."""
    lt = _catalogue("lt")
    before = gameui.assert_matches(page, game)
    select_language(page, "lt")
    wait_until(page, "document.documentElement.lang === 'lt'", "lang=lt")
    assert page.evaluate("document.querySelector('tr[data-row=\"pair\"] .box-name').textContent.trim()") \
        == lt["box.pair"]
    assert {**gameui.assert_matches(page, game), "rollLeft": None} == {**before, "rollLeft": None}
    select_language(page, "en")
    wait_until(page, "document.documentElement.lang === 'en'", "lang=en")
    assert gameui.assert_matches(page, game) == before


def solo_game(page, path, seed=2024):
    """A whole solo game from the file, the page checked against the engine after every step;
    on the way the rules, a reload mid-turn, the hint and a language switch; at the end
    the challenge link, which leads to the hosted site (SITE)."""
    open_file(page, path, "?players=Ann&seed=%d" % seed)
    check_rules_offer_the_file(page)
    game = Game(["Ann"], seed=seed)
    gameui.assert_matches(page, game)
    checks = [(lambda g: g.rolls_left == 1, check_reload_resumes),
              (lambda g: g.round >= 2 and g.rolls_left == 2, check_hint),
              (lambda g: g.round >= 3 and g.rolls_left == 2, check_language_switch)]

    def along(page, game):
        if checks and game.moves and "roll" in game.moves[-1] and checks[0][0](game):
            checks.pop(0)[1](page, game)
    while not game.is_over:
        gameui.play_turn(page, game, after_roll=along)
    assert not checks, "checks not made: %d" % len(checks)
    assert gameui.read(page)["state"] == "over"
    wait_until(page, "!!document.querySelector('#end-dialog[open]')", "the end dialog")
    assert page.evaluate("document.getElementById('end-winner').textContent.trim()") \
        == "Ann scored %d points!" % game.totals()[0]
    assert gameui.saved_game(page).to_dict() == game.to_dict()
    link = page.evaluate("document.getElementById('share-button').title")
    assert link == SITE + "?players=Ann&seed=%d" % seed, link
    return game


def computer_game(page, path, rounds=None):
    """Ann and a "good" computer (yahtzee), from the file: Ann's turns checked step by step,
    the computer's as the engine replays them (its table comes from the file); all of it,
    or its first ``rounds`` rounds."""
    open_file(page, path, "?players=Ann,Bot&seats=human,good&seed=2718&rules=yahtzee")
    game = Game(["Ann", "Bot"], ruleset="yahtzee", seed=2718, seats=["human", "good"])
    gameui.assert_matches(page, game)
    while not game.is_over and (rounds is None or game.round <= rounds):
        play_human_turn(page, game)
        if game.is_over:
            break
        wait_until(page, "(() => { const skip = document.getElementById('computer-skip');"  # fast forward
                         " if (skip && !skip.disabled && skip.offsetParent) skip.click();"
                         " return document.documentElement.matches(%s); })()" % json.dumps(HUMAN_TURN),
                   "the computer's turn over", timeout=60)
        game = gameui.saved_game(page)
        assert_matches_after_computer(page, game)
    assert check_computer_moves(game, advisor_for("yahtzee")) >= (rounds or 13) * 2
    return game
