"""Random play ("monkey"): hundreds of short random sequences of real UI
actions, with the page checked against the engine after every single step.

Actions: taps on dice, Roll, boxes, Undo; keys 1-5, Space, Enter; reload;
language switch; a new game through the setup screen or a link; answers to
the confirmation dialog (OK, Cancel, Esc) and the end screen's buttons.

After every step (``check``):
- the saved game (``dicepoker.game``) loads with CPython's ``dicepoker.savefile.load``,
  which validates it, replays every move and gives the held dice it keeps;
- the page shows exactly that game (``gameui.assert_matches``: dice, holds,
  every card cell, totals, Roll/Undo state);
- each player's total is the sum of its parts, no box was filled twice, no
  turn had more than three rolls, and the game is over exactly when every
  player has had one turn per box;
- where the step's effect is certain (a die, Roll, a box, Undo, a key, a
  reload, a language switch, Cancel), the new save equals the engine's
  prediction from the previous one.
The shared page monitor fails the test on any console error.

Length: ``MONKEY_STEPS`` (env) or ``--monkey-steps N``; the default keeps the
CI run to about a minute.  Each sequence has its own random seed, printed
on failure, so a failing run can be replayed.
"""

import os
import random

import pytest

from dicepoker.savefile import load_dict
from gameui import (READ_PAGE, assert_matches, click, from_save, held, link, paced, roll,
                    set_held, toggle_hold, wait_for_no_back_entry)
from waits import wait_for

DEFAULT_STEPS = 500
SEQUENCE_LENGTH = (2, 5)          # short sequences: a few hundred per run

# Once the page is past loading (a reload or a link may still be starting): what the
# step needs to choose, and the page as assert_matches reads it, in one round trip.
SNAPSHOT = """async () => {
  const html = document.documentElement, until = performance.now() + 30000;
  while (html.dataset.state === 'loading') {
    if (performance.now() > until) throw new Error('still loading after 30 s');
    await new Promise(done => requestAnimationFrame(done));
  }
  return {
    state: html.dataset.state,
    saved: localStorage.getItem('dicepoker.game'),
    confirm: document.getElementById('confirm-dialog').open,
    end: !!document.getElementById('end-dialog')?.open,
    other: !!document.querySelector('dialog[open]:not(#confirm-dialog):not(#end-dialog)'),
    back: !document.getElementById('back-to-game').hidden,
    lang: html.lang,
    sums: [...document.querySelectorAll('td[data-sum="total"]')].map(t => t.textContent.trim()),
    page: (%s)(),
  };
}""" % READ_PAGE


def monkey_steps(request):
    value = os.environ.get("MONKEY_STEPS") or request.config.getoption("monkey_steps", None)
    return int(value) if value else DEFAULT_STEPS


class Monkey:
    def __init__(self, page, site_url, goto_ready):
        self.page, self.url, self.goto_ready = page, site_url, goto_ready
        self.pending = None        # what an open confirm dialog is about: ("zero", box) / "other"
        self.log = []

    # ------------------------------------------------------------- reading
    def snapshot(self):
        return self.page.evaluate(SNAPSHOT)

    def saved(self, snap):
        """The saved game, its held dice kept by ``gameui`` (``held(game)``)."""
        return from_save(snap["saved"]) if snap["saved"] is not None else None

    # ------------------------------------------------------------ checking
    def check(self, snap, expected=None):
        game = self.saved(snap)
        if snap["state"] in ("ready", "over"):
            assert game is not None
            assert_matches(self.page, game, snap["page"])
            assert snap["sums"] == [str(t) for t in game.totals()]
        if game is not None:
            check_invariants(game)
            if expected is not None:
                assert comparable(game, self.log) == comparable(expected, self.log), self.log[-8:]
        return game

    # ------------------------------------------------------------- actions
    def step(self, rng):
        page = self.page
        snap = self.snapshot()
        game = self.saved(snap)
        if snap["other"]:
            page.keyboard.press("Escape")
            self.log.append("escape")
            return self.check(self.snapshot(), game)
        if snap["confirm"]:
            return self.answer(rng, game)
        if snap["end"]:
            choice = rng.choice(["#play-again", "#end-close", "#end-new-game"])
            self.log.append(choice)
            click(page, choice)
            if choice == "#end-new-game":
                self.wait_for_setup()
            return self.check(self.snapshot())
        if snap["state"] == "setup":
            return self.setup(rng, snap, game)
        return self.play(rng, game)

    def play(self, rng, game):
        page = self.page
        kind = rng.choices(
            ["die", "key", "roll", "space", "box", "undo", "reload", "lang", "new", "link"],
            weights=[22, 8, 16, 6, 24, 5, 2, 2, 2, 1])[0]
        self.log.append(kind)
        expected = copy(game)
        if kind in ("die", "key"):
            i = rng.randrange(5)
            if kind == "die":
                if not page.is_visible('.die[data-index="%d"]' % i):
                    return self.check(self.snapshot(), expected)    # put away: game over
                click(page, '.die[data-index="%d"]' % i, timeout=2000, force=True)
            else:
                page.evaluate("document.activeElement && document.activeElement.blur()")
                page.keyboard.press(str(i + 1))
            if game.can_hold:
                toggle_hold(expected, i)
        elif kind in ("roll", "space"):
            if kind == "roll":
                forced = lambda: click(page, "#roll", timeout=2000, force=True)
                if not page.is_visible("#roll"):
                    return self.check(self.snapshot(), expected)    # put away: game over
                if page.is_enabled("#roll"):
                    paced(page, "roll", "#roll", forced)  # never a double tap (ui/input.py)
                else:
                    forced()     # nobody hears it: the page's last tap is still the one before
            else:
                page.evaluate("document.activeElement && document.activeElement.blur()")
                page.keyboard.press(rng.choice(["Space", "Enter"]))
            if game.can_roll and len(held(game)) < 5:
                roll(expected)
        elif kind == "box":
            options = game.options() if game.dice and not game.is_over else {}
            if not options:
                return self.check(self.snapshot(), expected)
            box = rng.choice(sorted(options))
            cell = 'button[data-player="%d"][data-box="%s"]' % (game.current_player, box)
            paced(page, "box", cell)
            if options[box] == 0:
                self.pending = ("zero", box)        # asks first: nothing changes yet
            else:
                expected.score(box)
        elif kind == "undo":
            click(page, "#undo", timeout=2000, force=True)
            if game.can_undo and not game.is_over:
                expected.undo()
        elif kind == "reload":
            wait_for_no_back_entry(page)
            page.reload()
            self.goto_ready_state()
        elif kind == "lang":
            lang = rng.choice(["en", "lt", "be", "sk"])
            page.select_option("#lang", lang)
            page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        elif kind == "new":
            click(page, "#new-game")
            self.wait_for_setup()
            expected = game
        elif kind == "link":
            self.pending = "other"
            self.goto_link(rng)
            return self.check(self.snapshot())
        return self.check(self.snapshot(), expected)

    def answer(self, rng, game):
        page = self.page
        choice = rng.choice(["#confirm", "#cancel", "Escape"])
        self.log.append("answer " + choice)
        pending, self.pending = self.pending, None
        if choice == "Escape":
            page.keyboard.press("Escape")
        else:
            click(page, choice)
        expected = copy(game)
        if choice != "#confirm":
            return self.check(self.snapshot(), expected)
        if isinstance(pending, tuple) and pending[0] == "zero":
            expected.score(pending[1])
            return self.check(self.snapshot(), expected)
        return self.check(self.snapshot())           # a new game replaced the old one

    def setup(self, rng, snap, game):
        page = self.page
        if snap["back"] and rng.random() < 0.3:
            self.log.append("back")
            click(page, "#back-to-game")
            return self.check(self.snapshot(), game)
        self.log.append("start")
        page.fill("#player-name-1", rng.choice(["Ann", "Ona", "Jonas", "Žana", "Ян"]))
        page.check('input[name="ruleset"][value="%s"]'
                   % rng.choice(["yahtzee", "dice-poker", "dice-poker-classic"]))
        click(page, "#start")
        if game is not None and not game.is_over:
            self.pending = "other"                    # "Leave this game?" comes next
        return self.check(self.snapshot(), game if self.pending else None)

    def goto_link(self, rng):
        players = rng.choice([["Ann"], ["Ann", "Ben"]])
        url = link(self.url, players, seed=rng.randrange(1000), rules="yahtzee")
        wait_for_no_back_entry(self.page)
        self.page.goto(url)
        self.goto_ready_state()

    def wait_for_setup(self):
        """The setup screen is up (its form may be fetched on first use: a moment later)."""
        wait_for(self.page, 'html[data-state="setup"]', state="attached")

    def goto_ready_state(self):
        wait_for(self.page, "html:not([data-state=loading])", state="attached",
                                    timeout=30000)


def copy(game):
    """An independent copy of a saved game, with its held dice."""
    if game is None:
        return None
    other = load_dict(game.to_dict(), verify=False)[0]
    set_held(other, held(game))
    return other


def comparable(game, log):
    """The saved form; after an Undo without the held dice, which the live game
    restores from memory but a game rebuilt from its moves cannot know."""
    data = game.to_dict(held=held(game))
    if log and log[-1] == "undo":
        data["state"].pop("held")
    return data


def check_invariants(game):
    """What must hold for any saved game, whatever was tapped."""
    n, rules = len(game.players), game.ruleset
    filled = [set() for _ in range(n)]
    rolls, scores = 0, 0
    for move in game.moves:
        if "roll" in move:
            rolls += 1
            assert rolls <= 3, "more than three rolls in a turn"
        else:
            player = scores % n
            box = move["score"]
            assert box not in filled[player], "box %s filled twice" % box
            filled[player].add(box)
            scores += 1
            rolls = 0
    assert game.rolls_used <= 3
    for p in range(n):
        parts = game.breakdown(p)
        assert parts["total"] == (parts["upper"] + parts["upper_bonus"] + parts["lower"]
                                  + parts["poker_bonus"])
        assert game.totals()[p] == parts["total"]
        assert set(game.cards[p]) == filled[p]
    turns = len(rules.boxes) * n
    assert game.is_over == (scores == turns)
    assert scores <= turns


@pytest.mark.slow
def test_random_play_keeps_page_save_and_engine_in_step(page, site_url, goto_ready, request):
    steps = monkey_steps(request)
    monkey = Monkey(page, site_url, goto_ready)
    goto_ready(page, link(site_url, ["Ann", "Ben"], seed=1, rules="yahtzee"))
    done, sequences = 0, 0
    while done < steps:
        seed = 1000 + sequences
        rng = random.Random(seed)
        sequences += 1
        for _ in range(rng.randint(*SEQUENCE_LENGTH)):
            try:
                monkey.step(rng)
            except Exception as error:
                raise AssertionError("sequence seed %d, steps so far %d, last actions %s: %s"
                                     % (seed, done, monkey.log[-10:], error)) from error
            done += 1
    print("monkey: %d steps in %d sequences, %d actions logged" % (done, sequences, len(monkey.log)))
    assert sequences >= 100 or steps < DEFAULT_STEPS
