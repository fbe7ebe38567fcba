"""Today's game on the page: the request stamped, the day's result kept, par worked out, the end's section.

Fetched on first use (``ui.platform.lazy.GROUPS["ui.daily.door"]``): by the ``daily`` and
``daily_result`` effects (``ui.effects.LATER``), and as the view :class:`Daily`
once a daily game is on screen (``ui.page``).  Nothing of it comes before the
first roll of an ordinary game.

- ``daily`` (Today's game, ``?daily=``, Play again on its end): answered with
  ``{"daily_open": ...}`` (``control.daily``) carrying what only the page
  knows: today's date from the shell's clock (``shell.clock.today()``, given by
  ``ui.page``: the browser's local date, which tests fix with the page's
  clock), the player's name (the last setup's first person, else None: the
  nameless ``dicepoker.seats.YOU``) and whether the date has a result already.
- ``daily_result`` (a daily game finished): the day's result, if it is the
  date's first finished game (``ui.records.daily``).
- :class:`Daily` works out the date's **par** (``dicepoker.daily.par_turns``:
  the Optimal computer's game, with the coach's advisor) as soon as the game
  has a box written: the strategy table is fetched then, while the player
  plays, and par's game is played a turn per pause (``IDLE_MS`` between turns
  while the game goes on, none once it is over), so a tap never waits for
  more than one turn's work and par is known, and kept, by the end.  It
  draws ``#daily-end`` in the end dialog: the date, the score, par
  (``[data-par]``, an integer; absent while par is being worked out), the
  score against par in words, whether this game is the day's result or
  practice, the streak, and **Share** (``#daily-share``: ``ui.platform.share``; the
  text is ``daily_results.share_text``).  ``#daily-end`` carries
  ``data-par-ms`` (wall time from the advisor ready to par kept) and
  ``data-par-work-ms`` (the turns' own time) for the benchmark.
- It also draws ``#daily-dialog``, Today's game once the day has a result
  (``control.daily``: ``state.daily_day``): the day's result (``#daily-score``), par
  (``#daily-today-par``, ``[data-par]``), the score against it, the streak, Share
  (``#daily-today-share``, the picture from the result's boxes when they were kept)
  and Play again for practice (``#daily-practice``), whatever game is on screen.
"""

import asyncio

from control.daily import daily_date
from dicepoker.daily import RULESET, par_turns
from dicepoker.rules import RULESETS

from ..records import daily as daily_results
from ..platform import lazy
from ..platform.dom import by_id, listen, window
from ..records.game_record import game_id
from ..later import pause, sync
from ..platform.share import Sharer, page_address
from ..records.storage import SETUP

IDLE_MS = 120           # between par's turns while the player plays
_recorded = [0]         # counts the results this page kept (the end screen reads them again)
BOXES = RULESETS[RULESET].boxes


def load(shell, tell=False):
    """The kept results and pars; a damaged document is set aside (and, ``tell``, the
    player told: when a daily game is asked for, the one time a notice is not in a draw)."""
    doc, damaged = daily_results.load(shell.storage, shell.clock.now())
    if damaged and tell:
        shell.act({"say": "daily.bad_results"})
    return doc


def player_name(shell):
    """The last setup's first person, else None: today's nameless player
    (``dicepoker.seats.YOU``, shown as the catalogue's ``daily.player``)."""
    last = shell.storage.get_json(SETUP)
    if isinstance(last, dict) and isinstance(last.get("players"), list) and last["players"]:
        seats = last.get("seats") if isinstance(last.get("seats"), list) else ["human"]
        name = last["players"][0]
        if isinstance(name, str) and name.strip() and len(name.strip()) <= 24 \
                and seats[:1] in (["human"], []):
            return name.strip()
    return None


def run_effect(kind, value, shell):
    """``daily``: the request stamped (``daily_open``); ``daily_result``: the day's result."""
    if kind == "daily":
        today = shell.clock.today()
        date = value.get("date") or today
        played = isinstance(date, str) and date in load(shell, True)["results"]
        shell.act({"daily_open": dict(value, date=date, today=today, name=player_name(shell),
                                      played=played)})
        return
    daily, game = value["daily"], shell.state.game
    counted = daily_results.add_result(shell.storage, daily["date"], value["score"],
                                       game_id(game), daily["started"] == daily["date"],
                                       shell.clock.now(), daily.get("practice") is True,
                                       ([game.cards[0].get(b, 0) for b in BOXES],
                                        game.breakdown(0)["upper_bonus"]))
    _recorded[0] += 1
    if counted is None and shell.storage.available:
        shell.act({"say": "notice.history_off"})


def url_of(date):
    return "%s?daily=%s" % (page_address(), date)


class Daily:
    """Par of the daily game on screen, and ``#daily-end``."""

    def __init__(self, shell):
        self.shell = shell
        self.section = by_id("daily-end")
        self.par = by_id("daily-par")
        self.status = by_id("daily-share-status")
        self.button = by_id("daily-share")
        self._work = {}             # date -> "working", "failed" or "done" (this page)
        self._drawn = None
        self._cat = None
        self._text = ""
        self._serial = 0            # counts changes of par's work (a redraw)
        self.sharer = Sharer(lambda: self._say("daily.copied"),
                             lambda: self._say("daily.copy_failed", text=self._text))
        listen(self.button, "click", lambda event: self._share())
        self.dialog = by_id("daily-dialog")
        self.today_status = by_id("daily-today-status")
        self.today_button = by_id("daily-today-share")
        self._today_drawn = None
        self._today_text = ""
        self.today_sharer = Sharer(lambda: self._say_today("daily.copied"),
                                   lambda: self._say_today("daily.copy_failed",
                                                           text=self._today_text))
        listen(self.today_button, "click", lambda event: self._share_today())

    # ----------------------------------------------------------------- par
    def _want_par(self, date, game):
        if self._work.get(date) in ("working", "done"):
            return
        if self._work.get(date) == "failed" and not game.is_over:
            return                  # tried again at the end
        if date in load(self.shell)["pars"]:
            self._work[date] = "done"
            return
        self._work[date] = "working"
        asyncio.create_task(self._work_out(date))

    async def _work_out(self, date):
        shell = self.shell
        try:
            assistants = await lazy.load("ui.advice.assistants")
            advisor = await assistants.helper(shell).coach.advisor_for(RULESET)
        except Exception:           # LazyLoadError, CoachUnavailable: offline, never cached
            self._done(date, "failed")
            return
        started = window.performance.now()
        work = 0.0
        game = None
        turns = par_turns(date, advisor)
        while True:
            step = window.performance.now()
            try:
                game = next(turns)
            except StopIteration:
                break
            work += window.performance.now() - step
            current = shell.state.game
            if current is not None and not current.is_over and daily_date(shell.state) == date:
                await asyncio.sleep_ms(IDLE_MS)     # the player is playing: between taps
            else:
                await pause()
        boxes = [game.cards[0].get(box, 0) for box in BOXES]
        daily_results.add_par(shell.storage, date, game.totals()[0], boxes, shell.clock.now())
        self.section.setAttribute("data-par-ms", "%.1f" % (window.performance.now() - started))
        self.section.setAttribute("data-par-work-ms", "%.1f" % work)
        self._done(date, "done")

    def _done(self, date, how):
        self._work[date] = how
        self._serial += 1
        self.shell.draw()

    # ---------------------------------------------------------------- draw
    def draw(self, state, texts):
        self._draw_today(state, texts)
        date, game = daily_date(state), state.game
        if date is not None and game is not None and (game.round or game.is_over):
            self._want_par(date, game)
        shown = date is not None and game is not None and game.is_over and "end" in state.dialogs
        if not shown:
            if self._drawn is not None:
                if self._work.get(self._drawn[1]) == "failed":
                    del self._work[self._drawn[1]]      # opened again: par is tried again
                self.section.hidden = True
                self._drawn = None
            return
        key = (state.version, date, texts.cat, _recorded[0], self._serial)
        if key == self._drawn:
            return
        if self._drawn is None or self._drawn[:2] != key[:2]:
            self.status.textContent = ""
        self._drawn = key
        self._cat = texts.cat
        self._fill(state, texts.cat, date, game)
        self.section.hidden = False

    def _fill(self, state, cat, date, game):
        t = cat.t
        doc = load(self.shell)
        score = game.totals()[0]
        par = doc["pars"].get(date)
        by_id("daily-end-title").textContent = t("daily.end_title", date=date)
        by_id("daily-par-label").textContent = t("daily.par_label")
        self._show_par(self.par, par, date, t)
        by_id("daily-against").textContent = \
            daily_results.against_par(cat, score, par["par"]) if par is not None else ""
        result = doc["results"].get(date)
        counted = by_id("daily-counted")
        counts = daily_results.counts(doc, date, game_id(game),
                                      state.meta["daily"].get("practice") is True)
        if result is None:
            counted.textContent = ""
        elif counts:
            streak = daily_results.summary(doc, self.shell.clock.today())["streak"]
            counted.textContent = t("daily.counted") + " " + t("daily.streak", count=streak)
        else:
            counted.textContent = t("daily.practice", score=result["score"])
        self.section.toggleAttribute("data-practice", result is not None and not counts)
        self.button.textContent = t("daily.share")
        self.button.disabled = par is None
        if par is not None:
            card, parts = game.cards[0], game.breakdown(0)
            self._text = daily_results.share_text(
                cat, date, score, par["par"],
                daily_results.picture(card, par["boxes"], BOXES, parts["upper_bonus"]),
                url_of(date))

    def _show_par(self, node, par, date, t):
        """Par in ``node`` (``[data-par]`` once known), else why not: both dialogs alike."""
        if par is not None:
            node.textContent = str(par["par"])
            node.setAttribute("data-par", str(par["par"]))
        else:
            node.removeAttribute("data-par")
            failed = self._work.get(date) == "failed"
            node.textContent = t("daily.par_failed" if failed else "daily.par_pending")

    # ------------------------------------------------------- the day's result
    def _draw_today(self, state, texts):
        date = state.daily_day
        opened = "daily" in state.dialogs and date is not None
        if not opened:
            self._today_drawn = None
            sync(self.dialog, False)
            return
        game = state.game if daily_date(state) == date else None
        self._want_par(date, game)
        key = (date, texts.cat, _recorded[0], self._serial)
        if key != self._today_drawn:
            if self._today_drawn is None or self._today_drawn[0] != date:
                self.today_status.textContent = ""
            self._today_drawn = key
            self._cat = texts.cat
            self._fill_today(texts.cat, date)
        sync(self.dialog, True)

    def _fill_today(self, cat, date):
        t = cat.t
        doc = load(self.shell)
        result, par = doc["results"].get(date), doc["pars"].get(date)
        by_id("daily-title").textContent = t("daily.end_title", date=date)
        by_id("daily-score-label").textContent = t("daily.score_label")
        by_id("daily-today-par-label").textContent = t("daily.par_label")
        score_node, par_node = by_id("daily-score"), by_id("daily-today-par")
        against, streak = by_id("daily-today-against"), by_id("daily-streak")
        score = result["score"] if result is not None else None
        score_node.textContent = str(score) if score is not None else "\u2014"
        self._show_par(par_node, par, date, t)
        against.textContent = daily_results.against_par(cat, score, par["par"]) \
            if par is not None and score is not None else ""
        count = daily_results.summary(doc, self.shell.clock.today())["streak"]
        streak.textContent = t("daily.streak", count=count) if result is not None else ""
        by_id("daily-again-note").textContent = t("daily.again_note")
        self.today_button.textContent = t("daily.share")
        self.today_button.disabled = par is None or result is None
        self._today_text = ""
        if par is not None and result is not None:
            pictured = None
            if "boxes" in result:
                card = dict(zip(BOXES, result["boxes"]))
                pictured = daily_results.picture(card, par["boxes"], BOXES, result["bonus"])
            self._today_text = daily_results.share_text(cat, date, score, par["par"],
                                                        pictured, url_of(date))

    def _share_today(self):
        if self._today_text:
            self.today_sharer.share(text=self._today_text)

    def _say_today(self, key, **params):
        self.today_status.textContent = self._cat.t(key, **params) if self._cat else ""

    # --------------------------------------------------------------- share
    def _share(self):
        if self._text:
            self.sharer.share(text=self._text)

    def _say(self, key, **params):
        self.status.textContent = self._cat.t(key, **params) if self._cat else ""
