"""Helpers for driving the game page and checking it against the engine.

The engine (CPython ``dicepoker.game.Game``) replays every move the test makes
through the UI; ``assert_matches`` then compares the whole page with it: dice,
holds, every scorecard cell (preview or written score), every total, whose
turn, and whether Roll and Undo are usable.

The dice the player keeps are the page's state, not the engine's, so these
helpers keep them for each game (:func:`held`, :func:`set_held`,
:func:`toggle_hold`, :func:`roll`), as the page does: kept after a roll while
rolls are left, none after a box is filled, those of the filled box again
after an undo.  :func:`saved_game` gives the saved game with the holds of its
save.
"""

import json
import time
import urllib.parse
import weakref

from click_point import click
from dicepoker.savefile import load
from waits import wait_for

# game -> (its moves when the holds were set, the holds): valid while the moves are the same
_HELD = weakref.WeakKeyDictionary()
# page -> [the kind of its last tap ("roll", "box", "hold"), when it was made]: the page
# takes a second tap on Roll or a box within 350 ms for the first one's double, when no
# other tap (a die kept) came between them (ui/input.py DOUBLE_TAP_MS)
_TAPPED = weakref.WeakKeyDictionary()
DOUBLE_TAP_S = 0.4          # from the end of one click to the start of the next


def paced(page, kind, selector, tap_with=None):
    """A tap of ``kind`` ("roll" or "box") on ``selector`` (``tap_with()``, else
    :func:`click` on it), never the double of the page's last tap: a repeat of that tap within
    ``DOUBLE_TAP_S`` of it (timed from when it had been dispatched) is a press of Enter
    on the focused element instead, which ui/input.py takes as a press of its own, never
    a double tap; the suite once slept out the rest of the 0.4 s (55 s of a run).  A die
    kept between two rolls (:func:`tapped`) makes the second a tap of its own, as
    ui/input.py has it."""
    last = _TAPPED.get(page)
    try:
        if last is not None and last[0] == kind and time.monotonic() < last[1] + DOUBLE_TAP_S:
            return press_enter_on(page, selector)
        return tap_with() if tap_with is not None else click(page, selector)
    finally:
        tapped(page, kind)


def press_enter_on(page, selector):
    """Enter on ``selector`` once it shows and is enabled, with the focus on it (what a
    keyboard's player does): Playwright's pages and tests/engines' alike."""
    wait_for(page, selector + ":not([disabled])", state="visible")
    page.evaluate("(s) => document.querySelector(s).focus()", selector)
    page.keyboard.press("Enter")


def tapped(page, kind):
    """Note a tap of ``kind`` just made on ``page`` (a click on an element with a
    ``data-action``: the page takes it as its last tap), for :func:`paced`."""
    _TAPPED[page] = [kind, time.monotonic()]


def tap(page, selector, kind):
    """Click ``selector`` as a player's tap on Roll or a box: paced, never a double tap."""
    return paced(page, kind, selector)

READ_PAGE = """() => {
  const html = document.documentElement;
  const q = (s) => [...document.querySelectorAll(s)];
  return {
    state: html.dataset.state,
    current: html.dataset.currentPlayer,
    dice: q('.die').map(d => [Number(d.dataset.index), Number(d.dataset.value),
                              d.getAttribute('aria-pressed')]),
    cells: q('[data-player][data-box]').map(c => [Number(c.dataset.player), c.dataset.box,
                                                   c.tagName, c.textContent.trim()]),
    totals: q('[data-player][data-total]').map(t => [Number(t.dataset.player), t.textContent.trim()]),
    roll: document.getElementById('roll').disabled,
    undo: document.getElementById('undo').disabled,
    rollLeft: document.getElementById('roll-left').textContent,
  };
}"""


SETTLE = "() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))"


def settle(page):
    """Wait until the page has done the work its last events queued: their
    handlers, the save's microtask, zero-delay tasks and the next frame.  A
    condition, not a time: a check that something did NOT happen after a tap
    is then neither fooled nor failed by a busy machine."""
    page.evaluate(SETTLE)


BACK_ENTRY = "dice-poker-open"     # history.state of the page's own entries (ui/dialogs/back.py OPEN)


def wait_for_back_entry(page):
    """Wait until the page has its history entry for what is open, so the browser's Back
    closes it instead of leaving the page: ui/dialogs/back.py pushes it once its module is
    in, a moment after the dialog or question it serves (``history.length`` would not do:
    it stops at 50 on a page reused by many tests)."""
    page.wait_for_function("(open) => history.state === open", arg=BACK_ENTRY)


def wait_for_no_back_entry(page):
    """Wait until the page has taken back its history entries of what has closed, before
    a reload or a navigation: ui/dialogs/back.py takes them back with ``history.go`` a
    task after the closing, and a reload or goto started before that lands is aborted
    by it (``net::ERR_ABORTED``), which a player, a moment slower, never sees.  Only
    when nothing is open: an open dialog keeps its entry."""
    page.wait_for_function("(open) => history.state !== open", arg=BACK_ENTRY)


def count_popstates(page):
    """From now on, count the page's ``popstate`` events in ``window.__popped``: the page
    taking its history entry back (``history.go``) lands one, a navigation started before
    it lands would be aborted by it."""
    page.evaluate("window.__popped = 0; addEventListener('popstate', () => window.__popped++)")


def wait_for_popstates(page, count):
    page.wait_for_function("(n) => window.__popped === n", arg=count)


def notice_text(page):
    """The notice's words once it shows.  A message that is not in the start catalogue
    waits for the whole catalogue, which may land after ``data-state`` says ready."""
    wait_for(page, "#notice:not([hidden])")
    return page.text_content("#notice-text")


def wait_for_saved_moves(page, count, timeout=30_000):
    """Wait until the saved game has ``count`` moves."""
    page.wait_for_function(
        "(n) => (JSON.parse(localStorage.getItem('dicepoker.game') || '{}').moves || []).length === n",
        arg=count, timeout=timeout)


def link(base, players, seed=None, rules=None):
    query = [("players", ",".join(players))]
    if seed is not None:
        query.append(("seed", str(seed)))
    if rules:
        query.append(("rules", rules))
    return base + "?" + urllib.parse.urlencode(query)


def read(page):
    return page.evaluate(READ_PAGE)


def held(game):
    """The dice the page keeps in ``game``'s position (sorted positions).

    Those set last with :func:`set_held` if the game has not moved since (an
    undo comes back to that position, and so to its holds); else what a move
    leaves kept: a roll's own holds while rolls are left, otherwise none.
    """
    entry = _HELD.get(game)
    if entry is not None and entry[0] == game.moves:
        return entry[1]
    last = game.moves[-1] if game.moves else {}
    if "roll" in last and game.rolls_left:
        return tuple(last["roll"])
    return ()


def set_held(game, keep):
    """Keep ``keep`` in ``game``'s position (checked by the engine's hold rule)."""
    _HELD[game] = ([dict(m) for m in game.moves], game.check_hold(keep))


def toggle_hold(game, index):
    """What a tap on die ``index`` does: keep it if it is free, free it if it is kept."""
    keep = [i for i in held(game) if i != index]
    if len(keep) == len(held(game)):
        keep.append(index)
    set_held(game, keep)


def roll(game):
    """What Roll does: throw the dice not kept."""
    return game.roll(held(game))


def assert_matches(page, game, seen=None):
    """The page shows exactly the engine's ``game`` (``seen``: what :data:`READ_PAGE`
    gave, when the caller read it together with something else)."""
    seen = read(page) if seen is None else seen
    assert seen["state"] == ("over" if game.is_over else "ready")
    assert seen["current"] == str(game.current_player)
    dice = list(game.dice) if game.dice else [0] * 5
    assert [d[1] for d in seen["dice"]] == dice
    assert [d[0] for d in seen["dice"]] == [0, 1, 2, 3, 4]
    assert [d[2] == "true" for d in seen["dice"]] == [i in held(game) for i in range(5)]

    options = game.options()
    cells = {(p, box): (tag, text) for p, box, tag, text in seen["cells"]}
    assert len(cells) == len(seen["cells"]), "each cell hook must be unique"
    expected_cells = {}
    for p, card in enumerate(game.cards):
        for box in game.ruleset.boxes:
            if box in card:
                expected_cells[(p, box)] = ("SPAN", str(card[box]))
            elif p == game.current_player and box in options:
                expected_cells[(p, box)] = ("BUTTON", str(options[box]))
            else:
                expected_cells[(p, box)] = ("SPAN", "")
    assert cells == expected_cells

    totals = dict(seen["totals"])
    assert len(totals) == len(seen["totals"]) == len(game.players)
    assert totals == {p: str(t) for p, t in enumerate(game.totals())}
    can_roll = game.can_roll and len(held(game)) < 5
    assert seen["roll"] == (not can_roll)
    assert seen["undo"] == (game.is_over or not game.can_undo)
    return seen


def choose_keep(game):
    """A simple, deterministic player: keep the most frequent face (highest on ties)."""
    counts = {}
    for face in game.dice:
        counts[face] = counts.get(face, 0) + 1
    best = max(counts, key=lambda f: (counts[f], f))
    return [i for i, face in enumerate(game.dice) if face == best]


def choose_box(game):
    """The open box with the most points (earliest on ties)."""
    options = game.options()
    return max(game.ruleset.boxes, key=lambda b: (options.get(b, -1), -game.ruleset.boxes.index(b)))


def fill_box(page, game, box):
    """Tap a box through the UI (confirming a 0) and apply it to the engine."""
    points = game.options()[box]
    tap(page, 'button[data-player="%d"][data-box="%s"]' % (game.current_player, box), "box")
    if points == 0:
        click(page, "#confirm")
    game.score(box)


def set_holds(page, game, keep, use_keys=False):
    """Make exactly ``keep`` held, by taps or by the keys 1-5."""
    for i in range(5):
        if (i in keep) != (i in held(game)):
            if use_keys:
                page.keyboard.press(str(i + 1))
            else:
                click(page, '.die[data-index="%d"]' % i)
                tapped(page, "hold")
            toggle_hold(game, i)


def play_turn(page, game, check=True, use_keys=False, after_roll=None):
    """One whole turn: roll, keep, roll, keep, roll, fill; checks after every step, and
    ``after_roll(page, game)`` (if given) after each roll and after the fill."""
    for roll_no in range(3):
        if roll_no:
            keep = choose_keep(game)
            if len(keep) == 5:
                break
            set_holds(page, game, keep, use_keys)
            if check:
                assert_matches(page, game)
        if use_keys:
            page.keyboard.press("Space")
        else:
            tap(page, "#roll", "roll")
        roll(game)
        if check:
            assert_matches(page, game)
        if after_roll:
            after_roll(page, game)
    fill_box(page, game, choose_box(game))
    if check:
        assert_matches(page, game)
    if after_roll:
        after_roll(page, game)


def from_save(text):
    """The game of a saved text, with the holds of the save (see :func:`held`)."""
    game, holds = load(text)
    set_held(game, holds)
    return game


def saved_game(page):
    return from_save(page.evaluate("localStorage.getItem('dicepoker.game')"))


# A small text file of the site: a document of the game's origin, and so of its storage.
STORAGE_DOOR = "static/vendor/VERSIONS.txt"

WRITE_STORAGE = """([items, clear]) => {
  if (clear) localStorage.clear();
  for (const [key, value] of Object.entries(items))
    if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
}"""


def open_with_storage(page, url, items, clear=False, state="ready"):
    """Open ``url`` with ``items`` ({key: text, or None: removed}) in its storage (all else
    cleared first if ``clear``), and wait for ``<html data-state=state>`` (``None``: the
    caller waits for what it needs).  The items are written from a small file of the site,
    which the game then replaces (``location.replace``: the browser's Back from the game
    goes where it went before): a start of the game itself only to reach its storage cost a
    second start."""
    page.goto(urllib.parse.urljoin(url, STORAGE_DOOR))
    page.evaluate(WRITE_STORAGE, [items, clear])
    page.evaluate("(url) => { setTimeout(() => location.replace(url), 0); }", url)
    page.wait_for_url(lambda now: not now.endswith(STORAGE_DOOR), wait_until="commit")
    if state is not None:
        wait_for(page, 'html[data-state="%s"]' % state, state="attached", timeout=30_000)


def open_with_saved_text(page, base_url, text, state="ready"):
    """Load the page with ``text`` (valid or not) stored as the saved game, and wait for ``state``."""
    open_with_storage(page, base_url, {"dicepoker.game": text}, clear=True, state=state)


def inject_game(page, base_url, game, state="ready"):
    """Load the page with ``game`` as the saved game in progress."""
    open_with_saved_text(page, base_url, game.to_json(held=held(game)), state)


def pseudo_catalogue(en_text, lang, categories):
    """A stand-in translation: every English message marked ``[lang]``, right plural forms."""
    messages = json.loads(en_text)
    out = {}
    for key, value in messages.items():
        if isinstance(value, dict):
            out[key] = {c: "[%s] %s" % (lang, value.get(c, value["other"])) for c in categories}
        elif key == "rules.file":
            out[key] = value
        else:
            out[key] = "[%s] %s" % (lang, value)
    return json.dumps(out)


def check_computer_moves(game, advisor):
    """Replay ``game``: every computer move is the one ``choose_move`` picks there (the
    "good" level's slips come from ``position_rng``, fixed by the seed); how many."""
    from dicepoker.strategy.players import choose_move, position_rng
    replay = game.replay_from_start()
    checked = 0
    for move in game.moves:
        level = replay.seats[replay.current_player]
        if level != "human":
            expected = choose_move(replay, level, advisor, position_rng(replay))
            if "roll" in expected:
                assert "roll" in move and sorted(move["roll"]) == sorted(expected["roll"]), \
                    (level, replay.round, replay.rolls_used, move, expected)
            else:
                assert move == expected, (level, replay.round, replay.rolls_used, move, expected)
            checked += 1
        replay.apply(move)
    assert replay.state_dict() == game.state_dict()
    return checked


def check_review_rows(page, expected):
    """The review list on ``page`` is ``expected`` (``review_game``'s answer) for the first
    player, decision by decision: player, points given away, round; how many rows."""
    import pytest
    rows = page.evaluate("""() => [...document.querySelectorAll('#review-list [data-decision]')].map(r =>
        [Number(r.dataset.decision), Number(r.dataset.player), Number(r.dataset.loss), r.textContent])""")
    assert len(rows) == len(expected["decisions"]) > 13
    for (index, player, loss, text), decision in zip(rows, expected["decisions"]):
        assert player == decision["player"] == 0
        assert loss == pytest.approx(decision["loss"], abs=1e-3)
        assert "Round %d" % (decision["round"] + 1) in text
    return len(rows)


# --------------------------------------------------------------- today's game (issue 41)

AT_DATE = """(target) => {
  // The page's clock moved to noon of ``target`` (YYYY-MM-DD, local time): Date and
  // Date.now only, so timers and performance.now run as they do (Playwright's own clock
  // fakes those too, and MicroPython's asyncio then never wakes up).
  const Real = Date;
  const [y, m, d] = target.split('-').map(Number);
  const shift = new Real(y, m - 1, d, 12, 0, 0).getTime() - Real.now();
  function Shifted(...args) {
    if (!new.target) return new Real(Real.now() + shift).toString();
    return args.length ? new Real(...args) : new Real(Real.now() + shift);
  }
  Shifted.prototype = Real.prototype;
  Shifted.now = () => Real.now() + shift;
  Shifted.UTC = Real.UTC;
  Shifted.parse = Real.parse;
  window.Date = Shifted;
}"""


def at_date(context, date):
    """Every page of ``context`` opened from now on lives on ``date`` (YYYY-MM-DD): the shell's
    clock (``shell.clock``: ui/platform/clock.py) reads the browser's ``Date``.  A later call
    wins."""
    context.add_init_script("(%s)(%s)" % (AT_DATE, json.dumps(date)))


HINT_SAYS = """() => {
  const panel = document.getElementById('hint-panel');
  const box = document.querySelector('button[data-box][data-hint="best"]');
  return {best: panel.getAttribute('data-hint-best'),
    keep: [...document.querySelectorAll('.die')].map(d => d.getAttribute('data-hint') === 'keep'),
    held: [...document.querySelectorAll('.die')].map(d => d.getAttribute('aria-pressed') === 'true'),
    box: box && [box.dataset.player, box.dataset.box]};
}"""


def follow_the_hint(page, decisions=60):
    """Play the game on ``page`` to its end doing what Hint says at every decision: the dice
    it marks kept and Roll, or the box it marks; the number of hints taken."""
    taken = 0
    while page.evaluate("document.documentElement.dataset.state") != "over":
        tap(page, "#roll", "roll")
        while True:
            click(page, "#hint")
            wait_for(page, '#hint-panel[data-hint-state="shown"]', timeout=120_000)
            says = page.evaluate(HINT_SAYS)
            taken += 1
            assert taken <= decisions, "the game did not end after %d hints" % decisions
            if says["best"] == "score":
                break
            for i, (keep, held) in enumerate(zip(says["keep"], says["held"])):
                if keep != held:
                    click(page, '.die[data-index="%d"]' % i)
            tap(page, "#roll", "roll")
        tap(page, 'button[data-player="%s"][data-box="%s"]' % tuple(says["box"]), "box")
        if page.evaluate("document.getElementById('confirm-dialog').open"):
            click(page, "#confirm")
    return taken
