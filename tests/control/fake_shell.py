"""A fake browser shell for the controller: the page's part of a game, and nothing more.

The controller (``py/control``) takes actions and returns effects; on the page
``ui.shell``, ``ui.effects`` and ``ui.records.storage`` carry the effects out.  This
module plays that part, honestly and without a browser, so whole games are
played through actions alone:

- :class:`Storage` is localStorage (a dict) through ``ui.records.storage.Storage`` itself:
  its keys and rules (a ``save`` is written only when
  :func:`control.saves.may_write` allows it, a game that cannot be restored is
  kept aside under ``bad-save.<time>``).
- :class:`Tab` is one page: ``act`` hands an action to its
  :class:`~control.controller.Controller` (actions that arrive while one is
  handled wait their turn, as in ``ui.shell.Shell.act``) and carries out the
  effects as ``ui.effects.Effects.run`` does: saves run after the action (the
  microtask), a refused save hands the stored game back (``stored``), timers
  wait on the world's clock, ``think`` is answered in a task of its own and
  ``advise`` at once (or in a task: ``advice_later``), ``record`` goes into the
  high-score table with ``ui.records.highscores`` and the game into the history with
  ``ui.records.history``, whose ``history`` effects are carried out too.
- :class:`Clock` is the page's clock (``ui.platform.clock``, ``shell.clock``) on the
  world's: the world's date at noon, and its time in ms.
- :class:`World` is the browser: one clock, one storage shared by its tabs
  (two tabs = two pages on one origin), the task queue, the timers, and the
  ``storage`` event another tab's save fires.

Nothing here decides anything the controller decides: it never looks at the
state to choose what an effect means.  It is plain Python that MicroPython
runs too (no dataclasses, typing, f-strings, ``random.Random``).  Every
dispatch is written to ``world.trace`` (the action, its effects and a summary
of the state); ``world.observers`` are called after each dispatch.
"""

import json

from control.controller import Controller
from control.state import computer_turn
from dicepoker.strategy.players import choose_move, position_rng
from ui.records import daily as daily_results, game_record, highscores, history
from ui.records.storage import BAD_SAVE, GAME, GAME_META, SETUP, SPEED
from ui.records.storage import Storage as PageStorage

DATE = "2026-12-04"                   # the fake page's date (shell.clock.today()), unless a
                                      # test sets the world's ``today``
TIME = DATE + "T12:00"                # its local time (shell.clock.local_time())

EFFECT_KINDS = ("save", "announce", "record", "remember", "keep_aside", "timer", "advise",
                "think", "forget_link", "download_bad_save", "focus", "load", "history", "daily",
                "daily_result")


class Clock:
    """``ui.platform.clock`` on the fake page: the same functions, read from the world (its
    ``today`` at noon; ``now``, the stamp naming what is kept aside, carries its ms)."""

    def __init__(self, world):
        self.world = world

    def ms(self):
        return self.world.now

    def today(self):
        return self.world.today

    def local_time(self):
        return self.today() + "T12:00"

    def now(self):
        return "%s:00.%03dZ+%d" % (self.local_time(), self.world.now % 1000, self.world.now)


class LocalStorage:
    """The browser's localStorage as boot.js's ``dicePokerStorage`` gives it to ui.records.storage:
    ``get`` -> text or None, ``set`` -> False when full, ``remove``; a write tells the world
    (the ``storage`` event of the other tabs)."""

    def __init__(self, storage):
        self.storage = storage

    def get(self, key):
        return self.storage.items.get(key)

    def set(self, key, value):
        storage = self.storage
        if storage.quota is not None:
            used = sum(len(k) + len(v) for k, v in storage.items.items() if k != key)
            if used + len(key) + len(value) > storage.quota:
                return False
        storage.items[key] = value
        if key == GAME:
            storage.writes += 1
        storage.changed(key)
        return True

    def remove(self, key):
        if key in self.storage.items:
            del self.storage.items[key]
            self.storage.changed(key)
        return True


class Storage(PageStorage):
    """One localStorage for all the tabs of a world (``items``), with ui.records.storage's keys and
    rules (``save_game``, ``keep_aside``, JSON): ui.records.storage.Storage over a dict."""

    def __init__(self, items=None, quota=None):
        self.items = dict(items or {})
        self.world = None
        self.writes = 0               # setItem calls on the game key
        self.quota = quota            # characters storage holds (None: no limit); a write
                                      # beyond it is refused, as by a full localStorage
        self.writer = None            # the tab whose action writes now (Tab.act): the
                                      # other tabs get the storage event
        PageStorage.__init__(self, LocalStorage(self), self._now)

    def _now(self):
        return self.world.clock.now() if self.world is not None else "0"

    def changed(self, key):
        if self.world is not None:
            self.world.storage_event(key, self.writer)

    def save_game(self, save):
        """ui.records.storage's; the world's ``write_observers`` see each save written, with the
        game it was written over."""
        before = self.get(GAME)
        if not PageStorage.save_game(self, save):
            return False
        if self.world is not None:
            for watcher in self.world.write_observers:
                watcher(self.writer, before, save)
        return True

    def bad_saves(self):
        return sorted(k for k in self.items if k.startswith(BAD_SAVE))

    def highscores(self):
        return highscores.load(self)

    def history(self):
        return history.load(self, self._now())


def fake_advice(game):
    """An answer to ``advise`` of the advisor's shape (``Advisor.advise``: options ranked,
    each with its move, value and loss, and the best), without a strategy table:
    the beginner's hold as the best hold, the box scoring most now as the best box."""
    options = []
    if game.can_roll:
        move = choose_move(game, "beginner")
        if "roll" in move:
            options.append({"kind": "hold", "hold": move["roll"], "move": move, "value": 0.0,
                            "loss": 0})
    scores = game.options()
    for box in game.ruleset.boxes:
        if box in scores:
            options.append({"kind": "score", "box": box, "points": scores[box],
                            "move": {"score": box}, "value": float(scores[box]), "loss": 0})
    best = None
    for option in options:
        if option["kind"] == "score" and (best is None or option["points"] > best["points"]):
            best = option
    if best is not None:
        options.remove(best)
        options.insert(1 if options and options[0]["kind"] == "hold" else 0, best)
    return {"dice": list(game.dice), "rolls_used": game.rolls_used, "options": options,
            "best": options[0] if options else None}


class Tab:
    """One page: a controller, and the shell's part for it."""

    def __init__(self, world, name, params=None):
        self.world = world
        self.name = name
        self.params = params          # the query string of the address bar, as a dict
        self.controller = Controller()
        self.closed = False
        self.announced = []
        self.records = []
        self.history_refused = 0      # games the history could not keep (storage full)
        self.kept_aside = []
        self.downloads = 0
        self.focused = []
        self.loads = []
        self.answer_think = True      # False: ``think`` answers are held back (offline)
        self.advice_later = False     # True: the table is still being fetched (a task)
        self.advisor = None           # advisor(game) -> advice; None: fake_advice
        self.think_with = None        # level -> advisor for optimal/good seats, or None
        self.daily_counted = []       # each finished daily game: counted (True) or practice
        self._queue = None
        self._saves = []

    @property
    def state(self):
        return self.controller.state

    # ------------------------------------------------------------- the page
    def start(self):
        """What ui.page.start dispatches on page load."""
        storage = self.world.storage
        stored = storage.stored()
        return self.act({"start": {"saved": stored["game"], "meta": stored["meta"],
                                   "params": self.params,
                                   "last_setup": storage.get_json(SETUP),
                                   "speed": storage.get(SPEED),
                                   "today": self.world.clock.today()}})

    def act(self, action):
        """ui.shell.Shell.act: dispatch (queued while another is handled), run the effects;
        then the saves (ui.effects' microtask).  The effects of this action, in order."""
        if self.closed:
            return []
        if self._queue is not None:
            self._queue.append(action)
            return []
        self._queue = [action]
        first = None
        storage = self.world.storage
        outer, storage.writer = storage.writer, self
        try:
            try:
                while self._queue:
                    queued = self._queue.pop(0)
                    effects = self.dispatch(queued)
                    if first is None:
                        first = effects
                    self.run(effects)
            finally:
                self._queue = None
            self._save_now()
        finally:
            storage.writer = outer
        return first

    def dispatch(self, action):
        before = snapshot(self.state)
        effects = self.controller.dispatch(action)
        self.world.dispatched(self, action, effects, before)
        return effects

    def close(self):
        """The page is closed (or reloaded): its timers and tasks die with it."""
        self.closed = True

    # --------------------------------------------------------------- effects
    def run(self, effects):
        for effect in effects:
            assert isinstance(effect, dict) and len(effect) == 1, effect
            for kind, value in effect.items():
                assert kind in EFFECT_KINDS, "unknown effect %r" % (kind,)
                getattr(self, "_" + kind)(value)

    def _save(self, save):
        self._saves.append(save)

    def _save_now(self):
        saves, self._saves = self._saves, []
        for save in saves:
            if not self.world.storage.save_game(save):
                self.world.refused += 1
                self.act({"stored": self.world.storage.stored()})
                return

    def _remember(self, item):
        self.world.storage.remember(item)

    def _keep_aside(self, text):
        self.kept_aside.append(text)
        self.world.storage.keep_aside(text)

    def _announce(self, text):
        self.announced.append(text)

    def _focus(self, element_id):
        self.focused.append(element_id)

    def _forget_link(self, _):
        self.params = None

    def _download_bad_save(self, _):
        self.downloads += 1

    def _record(self, value):
        """ui.dialogs.end.run_effect: the results into the stored high-score table."""
        self.records.append(value)
        storage, clock = self.world.storage, self.world.clock
        table = highscores.load(storage)
        highscores.add_results(table, value["ruleset"], [tuple(r) for r in value["results"]],
                               clock.today(), value.get("players"))
        storage.set_json(highscores.KEY, table)
        if "game" in value:                 # ui.dialogs.end.keep_game: the game into the history
            record = game_record.summarize(self.state.game, clock.local_time())
            if "daily" in value:
                record["daily"] = value["daily"]
            if not history.add(storage, record, value["game"], clock.now()):
                self.history_refused += 1

    def _history(self, value):
        """ui.stats.door.run_effect: delete a kept game (or all), move one aside, note a review's
        points given away."""
        storage, now = self.world.storage, self.world.clock.now()
        if "delete" in value:
            history.delete(storage, value["delete"], now)
        elif "keep_aside" in value:
            history.keep_aside(storage, value["keep_aside"], now)
        else:                               # as ui.stats.door.reviewed_game finds it
            review = self.state.review_of
            game = self.state.game if value["id"] is None else (
                review[1] if review is not None and review[0] == value["id"] else None)
            if game is not None:
                history.set_given(storage, game_record.summarize(game), value["given"])

    def _daily(self, value):
        """ui.daily.door.run_effect: the request stamped with the clock's date, the player's
        name (the last setup's first, else "You") and whether the date has a result."""
        clock = self.world.clock
        doc, _ = daily_results.load(self.world.storage, clock.now())
        setup = self.world.storage.get_json(SETUP) or {}
        names = setup.get("players") if isinstance(setup, dict) else None
        today = clock.today()
        date = value.get("date") or today
        self.act({"daily_open": dict(value, date=date, today=today,
                                     name=names[0] if names else None,
                                     played=isinstance(date, str) and date in doc["results"])})

    def _daily_result(self, value):
        """ui.daily.door.run_effect: the day's result, if it is the date's first finished game."""
        daily, game = value["daily"], self.state.game
        self.daily_counted.append(daily_results.add_result(
            self.world.storage, daily["date"], value["score"],
            game_record.game_id(game), daily["started"] == daily["date"],
            self.world.clock.now(), daily.get("practice") is True,
            ([game.cards[0].get(b, 0) for b in game.ruleset.boxes],
             game.breakdown(0)["upper_bonus"])))

    def _load(self, request):
        """ui.effects: fetch the module (here it is always there), then the action, in a task."""
        self.loads.append(request["module"])
        self.world.post(self, request["then"])

    def _timer(self, timer):
        self.world.set_timer(self, timer["ms"], timer["action"])

    def _advise(self, value):
        """ui.advice.assistants.Assistants.advise: the advice on the game on screen, for ``for``;
        at once (the table is in: the answer waits its turn in ``act``) or in a task."""
        game = self.state.game
        advice = self.advisor(game) if self.advisor is not None else fake_advice(game)
        answer = {"advice": {"for": value["for"], "advice": advice}}
        if self.advice_later:
            self.world.post(self, answer)
        else:
            self.act(answer)

    def _think(self, value):
        """ui.advice.assistants.Assistants.think + ui.advice.computer.choose: the seat's move, in a task."""
        if not self.answer_think:
            self.world.held_back.append((self, {"think": value}))
            return
        game, level = self.state.game, value["level"]
        advisor = self.think_with(level) if self.think_with is not None else None
        if advisor is None:
            level = "beginner"
        move = choose_move(game, level, advisor, position_rng(game))
        self.world.post(self, {"computer_move": {"for": value["for"], "move": move}})


class World:
    """The browser: a clock, a storage, tabs, tasks, timers, storage events."""

    def __init__(self, storage=None, events=True):
        self.storage = Storage() if storage is None else storage
        self.storage.world = self
        self.events = events          # deliver the ``storage`` event to other tabs
        self.now = 0                  # ms
        self.tabs = []
        self.tasks = []               # (tab, action): tasks of their own, first in first out
        self.timers = []              # [due, serial, tab, action, ms]
        self.fired = []               # (tab name, ms, action) of every timer fired
        self.held_back = []
        self._serial = 0
        self.trace = []
        self.observers = []             # observer(tab, action, effects, before snapshot)
        self.write_observers = []       # watcher(tab, stored text, save) before a save is written
        self.refused = 0              # saves storage refused
        self.today = DATE             # the page's date (shell.clock.today()): today's game's day
        self.clock = Clock(self)

    def tab(self, name="tab", params=None, start=True):
        tab = Tab(self, name, params)
        self.tabs.append(tab)
        if start:
            tab.start()
            self.settle()
        return tab

    def reload(self, tab, params=None):
        """Close ``tab`` and open the page again on the same storage (a reload)."""
        tab.close()
        return self.tab(tab.name, params)

    def note(self, name, value):
        """A fact for the trace (what storage holds, say), compared like the dispatches."""
        self.trace.append({"note": name, "value": canonical(value)})

    def dispatched(self, tab, action, effects, before):
        self.trace.append({"tab": tab.name, "at": self.now, "action": canonical(action),
                           "effects": canonical(effects), "state": summary(tab.state)})
        for observer in self.observers:
            observer(tab, action, effects, before)

    # ------------------------------------------------------------ tasks
    def post(self, tab, action):
        self.tasks.append((tab, action))

    def settle(self, limit=10000):
        """Run the tasks until there are none (each may post more)."""
        while self.tasks:
            limit -= 1
            assert limit > 0, "tasks never settle"
            tab, action = self.tasks.pop(0)
            if tab.closed:
                continue
            if action is None:              # a storage event: what is stored when it runs
                action = {"stored": self.storage.stored()}
            tab.act(action)

    def storage_event(self, key, writer):
        """The ``storage`` event other tabs get (ui.input: on the meta key)."""
        if not self.events or key != GAME_META:
            return
        for tab in self.tabs:
            if tab is not writer and not tab.closed:
                self.tasks.append((tab, None))      # reads storage when it runs

    # ------------------------------------------------------------ timers
    def set_timer(self, tab, ms, action):
        self._serial += 1
        self.timers.append([self.now + ms, self._serial, tab, action, ms])

    def pending(self, tab=None):
        return [t for t in self.timers if not t[2].closed and (tab is None or t[2] is tab)]

    def fire_next(self):
        """Advance the clock to the next timer and fire it; False if there is none."""
        self.settle()
        live = self.pending()
        if not live:
            return False
        nxt = live[0]
        for timer in live:
            if (timer[0], timer[1]) < (nxt[0], nxt[1]):
                nxt = timer
        self.timers.remove(nxt)
        self.now = max(self.now, nxt[0])
        self.fired.append((nxt[2].name, nxt[4], nxt[3]))
        nxt[2].act(nxt[3])
        self.settle()
        return True

    def advance(self, ms):
        """Let ``ms`` pass, firing the timers due meanwhile in due order."""
        end = self.now + ms
        while True:
            self.settle()
            due = [t for t in self.pending() if t[0] <= end]
            if not due:
                break
            self.fire_next()
        self.now = end

    def run_timers(self, until=None, limit=2000):
        """Fire timers until ``until()`` is true or none is left."""
        while until is None or not until():
            limit -= 1
            assert limit > 0, "timers never stop"
            if not self.fire_next():
                break


# ---------------------------------------------------------------- the trace
def snapshot(state):
    """The state before a dispatch, for the observers: the game object and copies."""
    game = state.game
    return {"game": game, "moves": list(game.moves) if game is not None else None,
            "player": game.current_player if game is not None else None,
            "meta": dict(state.meta), "held": tuple(state.held), "version": state.version,
            "computer": computer_turn(state), "confirm": state.confirm,
            "dialogs": list(state.dialogs), "screen": state.screen}


def canonical(value):
    """``value`` as data to compare across Pythons: JSON text of an object (a save) parsed,
    as ``{"json": ...}``, since the two Pythons write dict keys in different orders."""
    if isinstance(value, str) and value.startswith("{"):
        try:
            return {"json": canonical(json.loads(value))}
        except ValueError:
            return value
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            out[key] = canonical(item)
        return out
    if isinstance(value, (list, tuple)):
        return [canonical(item) for item in value]
    return value


def summary(state):
    """What the screen shows, as data."""
    game = state.game
    out = {"screen": state.screen, "version": state.version, "meta": dict(state.meta),
           "held": list(state.held), "dialogs": list(state.dialogs),
           "confirm": state.confirm["kind"] if state.confirm is not None else None,
           "notice": _notice_key(state.notice),
           "hint": state.hint["state"] if state.hint is not None else None,
           "setup_error": state.setup_error is not None, "computer": computer_turn(state)}
    if game is not None:
        out["game"] = {"player": game.current_player, "round": game.round,
                       "rolls": game.rolls_used, "dice": list(game.dice),
                       "moves": len(game.moves), "totals": game.totals(),
                       "seed": game.seed, "ruleset": game.ruleset.id,
                       "players": list(game.players)}
    return out


def _notice_key(notice):
    if notice is None:
        return None
    text = notice["text"]
    return text.get("key") if isinstance(text, dict) else None


# ---------------------------------------------------------------- a person
def person_step(tab, box_order=None):
    """One tap of a person playing like the beginner: the dice it keeps, then Roll, or
    the box it fills (answering the 0 question with OK).  False when it is not
    a person's turn."""
    state = tab.state
    game = state.game
    if state.confirm is not None:
        tab.act({"confirm": True})
        return True
    if game is None or game.is_over or state.screen != "game" or computer_turn(state):
        return False
    move = choose_move(game, "beginner")
    if "roll" in move:
        want = move["roll"]
        for i in range(5):
            if (i in want) != (i in state.held):
                tab.act({"hold": i})
                return True
        tab.act({"roll": True})
        return True
    box = move["score"]
    if box_order is not None:                  # another taste in boxes: the first open one
        options = game.options()
        for other in box_order:
            if other in options:
                box = other
                break
    tab.act({"fill": box})
    return True


def play_turn(tab, box_order=None, limit=40):
    """A person's whole turn (or the rest of it), tap by tap."""
    game = tab.state.game
    player, round_no = game.current_player, game.round
    while game is tab.state.game and (game.current_player, game.round) == (player, round_no):
        limit -= 1
        assert limit > 0, "a turn never ends"
        if not person_step(tab, box_order):
            break
        tab.world.settle()


def play_game(world, tab, box_order=None, limit=2000):
    """Play to the end: people tap, computers play on their timers; then the finish timer."""
    while True:
        limit -= 1
        assert limit > 0, "the game never ends"
        state = tab.state
        game = state.game
        if game is None or game.is_over:
            break
        if state.confirm is not None or not computer_turn(state):
            play_turn(tab, box_order)
        else:
            world.run_timers(until=lambda: not computer_turn(tab.state)
                             or tab.state.confirm is not None)
    world.run_timers()                          # the finish timer
