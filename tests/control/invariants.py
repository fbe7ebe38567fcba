"""What must hold after every dispatch, checked as the game is played (CPython and MicroPython).

:class:`Invariants` is a :class:`fake_shell.World` observer.  After each
dispatch it checks the effects against what the dispatch did to the game:

- a move (a roll, a box, an undo) is saved exactly once and announced exactly
  once; so is a change of the dice kept (the save carries them), which is not
  announced; nothing else is saved (a refused tap, an unknown action, a
  dialog), except the save that marks a finished game's results recorded
  (``finish``, with its ``record``) and a new or loaded game;
- each save is JSON that :func:`dicepoker.savefile.load` restores to the game on
  screen, with the dice kept, the meta and ``base = rev - 1`` (``load_every``:
  on MicroPython only every n-th save is replayed, the others compared as JSON);
- a computer seat moves only on its timer (``tick``) or the shell's answer
  (``computer_move``); a person's tap in its turn does nothing at all; its
  turn always has a live timer or a ``think`` out; its timers wait 0 ms
  while skipping;
- totals are the sum of their parts, recomputed from the cards; no turn has
  more than three rolls;
- the results of one game are recorded once, in every tab and after reloads;
- a save written to storage continues the game stored there (one move more or
  one box taken back, or the same moves with the results recorded), unless it
  starts or loads another game: a tab's stale copy never writes over it.

Violations are collected (``.problems``), not raised, so a run reports them all.
"""

import json

from control.state import SPEEDS, computer_turn, paused, turn_phase
from dicepoker.savefile import load
from dicepoker.rules import MAX_ROLLS
from dicepoker.seats import is_computer

PERSON_TAPS = ("roll", "hold", "fill", "score", "hint")
COMPUTER_ACTIONS = ("tick", "computer_move")
RETRY_MS = 3000
SETUP_KEYS = ("ruleset", "players", "seats", "dice_source")


def kind_of(action):
    if isinstance(action, dict) and len(action) == 1:
        for kind in action:
            return kind
    return None


def count(effects, kind):
    return len([e for e in effects if kind in e])


def game_key(game):
    """What names one game across tabs and reloads: its setup and dice."""
    return "%s|%s|%s|%s" % (game.ruleset.id, ",".join(game.players), ",".join(game.seats),
                            game.seed)


def expected_total(game, player):
    rules, card = game.ruleset, game.cards[player]
    upper = 0
    for box in rules.upper_boxes:
        upper += card.get(box, 0)
    lower = 0
    for box in rules.lower_boxes:
        lower += card.get(box, 0)
    bonus = rules.upper_bonus if upper >= rules.upper_bonus_at else 0
    return upper + bonus + lower + game.poker_bonuses[player]


def rolls_per_turn(moves):
    """The number of rolls of each turn in ``moves`` (the last one may be under way)."""
    turns, rolls = [], 0
    for move in moves:
        if "roll" in move:
            rolls += 1
        else:
            turns.append(rolls)
            rolls = 0
    turns.append(rolls)
    return turns


class Invariants:
    def __init__(self, world, load_every=1):
        self.world = world
        self.load_every = load_every    # restore every save with load(), or every n-th
        self.saves = 0
        self.problems = []
        self.recorded = {}          # game_key -> times recorded
        self.dispatches = 0
        self.moves = 0              # dispatches that made a move
        self._last_kind = {}
        world.observers.append(self)
        world.write_observers.append(self.written)

    def fail(self, tab, action, text):
        self.problems.append("%s after %r: %s" % (tab.name, action, text))

    def written(self, tab, stored_text, save):
        """A save is about to be written over ``stored_text``: it must continue that game.

        (Compared as JSON: every save is checked to load after its dispatch.)"""
        if stored_text is None:
            return
        try:
            old, new = json.loads(stored_text), json.loads(save["game"])
            same = [old[k] for k in SETUP_KEYS] == [new[k] for k in SETUP_KEYS]
            a, b = old["moves"], new["moves"]
        except Exception:       # noqa: BLE001 - a damaged stored game may be replaced
            return
        if not same or not b:
            return                                  # another game (a new one, a file)
        if b == a or b[:-1] == a or (a[:-1] == b and "score" in a[-1]):
            return
        if self._last_kind.get(tab.name) == "load_game":
            return                                  # a game file may be any game
        self.problems.append("%s wrote %d moves over the stored %d of another line"
                             % (tab.name, len(b), len(a)))

    def __call__(self, tab, action, effects, before):
        self._last_kind[tab.name] = kind_of(action)
        self.dispatches += 1
        state, kind = tab.state, kind_of(action)
        game, old = state.game, before["game"]
        saves = [e["save"] for e in effects if "save" in e]
        n_save, n_announce = len(saves), count(effects, "announce")
        n_record = count(effects, "record")

        # ---- moves, saves, announcements
        if game is not None and game is old:
            moved = game.moves != before["moves"]
            if moved:
                self.moves += 1
                grown = len(game.moves) - len(before["moves"])
                if grown == 1 and game.moves[:-1] == before["moves"]:
                    mover = game.seats[before["player"]]
                    if is_computer(mover) and kind not in COMPUTER_ACTIONS:
                        self.fail(tab, action, "a computer moved on %r" % (kind,))
                    if not is_computer(mover) and kind in COMPUTER_ACTIONS:
                        self.fail(tab, action, "a person's seat moved on a timer")
                elif grown == -1 and game.moves == before["moves"][:-1]:
                    undone = before["moves"][-1]
                    if "score" not in undone or kind != "undo":
                        self.fail(tab, action, "took back %r" % (undone,))
                    if is_computer(game.seats[game.current_player]):
                        self.fail(tab, action, "undid a computer's box")
                else:
                    self.fail(tab, action, "more than one move: %r -> %r"
                              % (before["moves"], game.moves))
                if n_save != 1:
                    self.fail(tab, action, "%d saves for one move" % n_save)
                if n_announce != 1:
                    self.fail(tab, action, "%d announcements for one move" % n_announce)
            elif tuple(state.held) != before["held"]:
                if n_save != 1 or n_announce:
                    self.fail(tab, action, "the dice kept changed: %d saves, %d announcements"
                              % (n_save, n_announce))
                if kind not in ("hold", "computer_move"):
                    self.fail(tab, action, "the dice kept changed on %r" % (kind,))
            elif before["meta"]["recorded"] is False and state.meta["recorded"] is True:
                if kind != "finish" or n_save != 1 or n_record != 1:
                    self.fail(tab, action, "recorded with %d saves, %d records on %r"
                              % (n_save, n_record, kind))
            elif before["meta"].get("results_closed") != state.meta.get("results_closed"):
                # the results closed, or opened again: remembered with the game
                if kind not in ("open", "close") or n_save != 1 or not game.is_over:
                    self.fail(tab, action, "results closed with %d saves on %r" % (n_save, kind))
            elif n_save:
                self.fail(tab, action, "%d saves without a move" % n_save)
        elif n_save > 1:
            self.fail(tab, action, "%d saves for a new game" % n_save)
        if n_record and (kind != "finish" or game is None or not game.is_over):
            self.fail(tab, action, "a record on %r" % (kind,))
        if n_record:
            key = game_key(game)
            self.recorded[key] = self.recorded.get(key, 0) + n_record
            if self.recorded[key] > 1:
                self.fail(tab, action, "results of %s recorded %d times"
                          % (key, self.recorded[key]))
            record = [e["record"] for e in effects if "record" in e][0]
            people = [[game.players[p], game.totals()[p]] for p in range(len(game.players))
                      if not is_computer(game.seats[p])]
            if record != {"ruleset": game.ruleset.id, "results": people,
                          "players": len(game.players), "game": game.to_json()}:
                self.fail(tab, action, "recorded %r" % (record,))

        # ---- every save restores the game on screen
        for save in saves:
            self.saves += 1
            try:
                data = json.loads(save["game"])
                if self.saves % self.load_every == 0 or (game is not None and game.is_over):
                    loaded, held = load(save["game"])
                    data = loaded.to_dict(held)
            except Exception as error:      # noqa: BLE001 - reported, not raised
                self.fail(tab, action, "a save that does not load: %r" % (error,))
                continue
            if save is saves[-1]:
                if game is None or data != game.to_dict(state.held):
                    self.fail(tab, action, "the save is not the game on screen")
                if save["meta"] != state.meta:
                    self.fail(tab, action, "saved meta %r, state %r" % (save["meta"], state.meta))
                first = save["meta"].get("first")   # the first screen's words (boot.js)
                phase = turn_phase(game) if game is not None else None
                if phase == "rolled" and state.screen == "game" \
                        and game.seats[game.current_player] == "human":
                    phase += str(game.rolls_left)   # a person's rolled tray, worded by boot.js
                if game is not None and first != "%s %s" % (game.ruleset.id, phase):
                    self.fail(tab, action, "saved first screen %r for %r" % (first, game.ruleset.id))
            if save["base"] != save["meta"]["rev"] - 1:
                self.fail(tab, action, "base %r for rev %r" % (save["base"], save["meta"]["rev"]))

        # ---- computers: only on their timers, and always one
        if before["computer"] and kind in PERSON_TAPS:
            if effects or state.version != before["version"]:
                self.fail(tab, action, "a tap in a computer's turn did %r" % (effects,))
        computers = state.computers
        for effect in effects:
            timer = effect.get("timer")
            if timer is not None and "tick" in timer["action"]:
                allowed = (0, RETRY_MS) if computers.skip else (SPEEDS[computers.speed], RETRY_MS)
                if timer["ms"] not in allowed:
                    self.fail(tab, action, "a computer's timer of %r ms" % (timer["ms"],))
        if computer_turn(state) and not paused(state) and computers.thinking is None:
            wanted = {"tick": computers.token}
            set_now = [e for e in effects if "timer" in e and e["timer"]["action"] == wanted]
            pending = [t for t in self.world.pending(tab) if t[3] == wanted]
            if not set_now and not pending:
                self.fail(tab, action, "a computer's turn with no timer")
        if computers.thinking is not None and computers.thinking != state.version:
            self.fail(tab, action, "thinking about position %r on %r"
                      % (computers.thinking, state.version))

        # ---- the game itself
        if game is not None:
            for player in range(len(game.players)):
                if game.totals()[player] != expected_total(game, player):
                    self.fail(tab, action, "total of player %d" % player)
            if max(rolls_per_turn(game.moves)) > MAX_ROLLS or game.rolls_used > MAX_ROLLS:
                self.fail(tab, action, "more than %d rolls in a turn" % MAX_ROLLS)
