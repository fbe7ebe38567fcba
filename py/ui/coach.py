"""The coach: strategy tables on demand, and the Hint button.

Nothing here runs at page start: :mod:`ui.assistants` fetches this module
on the first hint (or computer move, or review).  The first advice then
fetches the strategy modules (:mod:`ui.lazy`) and the table of the game's
rule set, with a loading message, and keeps one
:class:`~dicepoker.strategy.advisor.Advisor` per rule set for the session.

A hint marks the best hold on the dice (``data-hint="keep"``) and the best
box on the card (``data-hint="best"``), says which of the two to do, and
on request (``#hint-more``) lists every option with its expected final
score and the points it gives away; that list is drawn only then, since up
to ~45 rows of DOM writes would double the time to the first marks.  It
belongs to one position: any change (a roll, a hold, a box, undo, another
language) clears it.  Once the table is in, a hint is drawn within the tap
(``hint_now``).

If a table cannot be had (offline and never cached, a damaged file) the
hint says so and the game goes on; the next hint tries again.
"""

import asyncio

import js

from . import lazy
from .dom import by_id, document, window

TABLE_PATH = "./static/strategy/%s.dpst.gz"


class CoachUnavailable(Exception):
    """The strategy modules or the table could not be loaded."""


def number(cat, value):
    """``value`` with one decimal, in the language's decimal separator."""
    return ("%.1f" % value).replace(".", cat.t("number.decimal"))


def dice_text(faces):
    return " ".join(str(f) for f in faces)


def option_text(cat, option):
    """What an option does, in words: "Keep 3 3", "Roll all five", "Full house: 25"."""
    if option["kind"] == "score":
        text = cat.t("hint.option_box", box=cat.t("box." + option["box"]),
                     points=option["points"])
        if option.get("bonus"):
            text += " " + cat.t("hint.option_bonus", points=option["bonus"])
        return text
    if option["kind"] == "roll" or not option["keep"]:
        return cat.t("hint.option_keep_none")
    return cat.t("hint.option_keep", dice=dice_text(option["keep"]))


def position_key(app):
    """What a hint depends on: the game, its moves, the holds, the language."""
    game = app.game
    if game is None:
        return None
    return (id(game), len(game.moves), tuple(game.held), app.cat.lang, app.view.screen)


async def _fetch_table_array(ruleset_id):
    """The table file as a JS Uint8Array, gunzipped by the browser when it can."""
    try:
        response = await js.fetch(TABLE_PATH % ruleset_id)
    except Exception as error:
        raise CoachUnavailable("table fetch failed: %s" % error)
    if not response.ok:
        raise CoachUnavailable("table: HTTP %s" % response.status)
    try:
        buffer = await response.arrayBuffer()
        head = js.Uint8Array.new(buffer, 0, 2)
        gzipped = buffer.byteLength > 2 and head[0] == 0x1F and head[1] == 0x8B
        if gzipped and window.DecompressionStream:
            # Native gunzip: MicroPython's own inflate would take ~0.7 s for dice-poker.
            stream = js.Response.new(buffer).body.pipeThrough(
                window.DecompressionStream.new("gzip"))
            buffer = await js.Response.new(stream).arrayBuffer()
    except Exception as error:
        raise CoachUnavailable("table read failed: %s" % error)
    return js.Uint8Array.new(buffer)


class Coach:
    """Advisors per rule set (shared with computer seats and the review) and the hint."""

    def __init__(self, app):
        self.app = app
        self._advisors = {}
        self._lock = None
        self._shown_for = None      # position_key of the hint on screen
        self._serial = 0            # each hint request; a stale one draws nothing
        self._options = None        # ranked options of the hint shown, until the list is drawn
        self.panel = by_id("hint-panel")
        self.text = by_id("hint-text")
        self.more = by_id("hint-more")
        self.list = by_id("hint-list")
        self.button = by_id("hint")
        self.last_advise_ms = None

    # ------------------------------------------------------------- tables
    def has_advisor(self, ruleset_id):
        return ruleset_id in self._advisors

    async def advisor_for(self, ruleset_id):
        """The Advisor of ``ruleset_id``; loads modules and table once.  CoachUnavailable."""
        advisor = self._advisors.get(ruleset_id)
        if advisor is not None:
            return advisor
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            advisor = self._advisors.get(ruleset_id)
            if advisor is None:
                advisor = await self._load_advisor(ruleset_id)
                self._advisors[ruleset_id] = advisor
        return advisor

    async def _load_advisor(self, ruleset_id):
        try:
            await lazy.load("dicepoker.strategy")
        except lazy.LazyLoadError as error:
            raise CoachUnavailable(str(error))
        from dicepoker.strategy.advisor import Advisor
        from dicepoker.strategy.table import Table
        array = await _fetch_table_array(ruleset_id)
        await asyncio.sleep_ms(0)            # let the loading message paint
        try:
            table = Table.from_js_array(array)
        except ValueError as error:          # TableError: damaged or other rules
            raise CoachUnavailable(str(error))
        return Advisor(table)

    # --------------------------------------------------------------- hint
    def can_hint(self):
        app = self.app
        game = app.game
        return (game is not None and not game.is_over and app.view.screen == "game"
                and game.seats[game.current_player] == "human")

    def hint_now(self):
        """The hint within the tap's own task, if nothing needs loading; else False.

        A task of its own would start only after the browser's next frame
        (~10 ms later); the advice itself takes a few ms."""
        game = self.app.game
        if not self.can_hint() or not game.rolls_used or not self.has_advisor(game.ruleset.id):
            return False
        self._begin()
        self._advise(self._advisors[game.ruleset.id])
        return True

    def _begin(self):
        """A new hint request: the old hint goes; its serial and position key."""
        self._serial += 1
        key = position_key(self.app)
        self.clear()
        self._shown_for = key
        return self._serial, key

    async def hint(self):
        """The Hint button: mark the best hold and box, or say what to do first."""
        app = self.app
        if not self.can_hint():
            return
        game = app.game
        t = app.cat.t
        serial, key = self._begin()
        if not game.rolls_used:
            self._say(t("hint.roll_first"), "roll")
            return
        if not self.has_advisor(game.ruleset.id):
            self._say(t("hint.loading"), "loading")
            self.button.setAttribute("aria-busy", "true")
        try:
            advisor = await self.advisor_for(game.ruleset.id)
        except CoachUnavailable:
            if serial == self._serial and position_key(app) == key:
                self._say(t("hint.failed"), "failed")
            return
        finally:
            self.button.removeAttribute("aria-busy")
        if serial != self._serial or position_key(app) != key:
            return                       # the position moved on while loading
        self._advise(advisor)

    def _advise(self, advisor):
        game = self.app.game
        started = window.performance.now()
        advice = advisor.advise(game)
        self._show(advice)
        self.last_advise_ms = window.performance.now() - started
        self.panel.setAttribute("data-advise-ms", "%.1f" % self.last_advise_ms)

    def _say(self, text, state):
        self.text.textContent = text
        self.panel.setAttribute("data-hint-state", state)
        self.panel.hidden = False
        self.more.hidden = True
        self.list.hidden = True

    def _show(self, advice):
        app = self.app
        cat, game = app.cat, app.game
        options = advice["options"]
        best = advice["best"]
        best_hold = _first(options, "hold")
        best_box = _first(options, "score")
        if best_hold is not None:
            for i in best_hold["hold"]:
                die = document.querySelector('.die[data-index="%d"]' % i)
                die.setAttribute("data-hint", "keep")
        if best_box is not None:
            cell = document.querySelector('button[data-player="%d"][data-box="%s"]'
                                          % (game.current_player, best_box["box"]))
            if cell is not None:
                cell.setAttribute("data-hint", "best")
        value = number(cat, best["value"])
        if best["kind"] == "score":
            text = cat.t("hint.best_score", option=option_text(cat, best), value=value)
        else:
            text = cat.t("hint.best_hold", option=option_text(cat, best), value=value)
            if best_box is not None:
                text += " " + cat.t("hint.stop_box", option=option_text(cat, best_box))
        self._say(text, "shown")
        self.panel.setAttribute("data-hint-best", best["kind"])
        self._options = options          # the list is drawn when asked for (it is long)
        self.more.hidden = False
        self._set_expanded(False)

    def _fill_list(self, options):
        cat = self.app.cat
        self.list.replaceChildren()
        for rank, option in enumerate(options):
            li = document.createElement("li")
            li.className = "hint-option"
            li.setAttribute("data-kind", option["kind"])
            li.setAttribute("data-move", _move_attr(option))
            li.setAttribute("data-value", "%.4f" % option["value"])
            li.setAttribute("data-loss", "%.4f" % option["loss"])
            what = document.createElement("span")
            what.className = "hint-what"
            what.textContent = option_text(cat, option)
            score = document.createElement("span")
            score.className = "hint-value"
            score.textContent = cat.t("hint.option_value", value=number(cat, option["value"]))
            loss = document.createElement("span")
            loss.className = "hint-loss"
            if rank == 0:
                loss.textContent = cat.t("hint.option_best")
                li.classList.add("best")
            else:
                loss.textContent = cat.t("hint.option_loss", loss=number(cat, option["loss"]))
            li.append(what, score, loss)
            self.list.appendChild(li)

    def toggle_list(self):
        if self.more.hidden:
            return
        if self.list.hidden and self._options is not None:
            self._fill_list(self._options)
            self._options = None
        self._set_expanded(self.list.hidden)

    def _set_expanded(self, expanded):
        cat = self.app.cat
        self.list.hidden = not expanded
        self.more.setAttribute("aria-expanded", "true" if expanded else "false")
        self.more.textContent = cat.t("hint.less" if expanded else "hint.more")

    def clear(self):
        """Remove every mark and hide the panel."""
        marked = document.querySelectorAll("[data-hint]")
        for i in range(marked.length):
            marked.item(i).removeAttribute("data-hint")
        self.panel.hidden = True
        self.panel.removeAttribute("data-hint-state")
        self.panel.removeAttribute("data-hint-best")
        self.list.replaceChildren()
        self._options = None
        self._shown_for = None

    # ------------------------------------------------------------ observer
    def on_render(self, app):
        """After every render (through ui.assistants): a hint for another position is cleared."""
        if self._shown_for is not None and position_key(app) != self._shown_for:
            self._serial += 1            # a hint still loading will not draw
            self.clear()


def _first(options, kind):
    for option in options:
        if option["kind"] == kind:
            return option
    return None


def _move_attr(option):
    """The option's move as compact text for tests and styles: "roll:0,2" / "score:pair"."""
    move = option["move"]
    if "score" in move:
        return "score:" + move["score"]
    return "roll:" + ",".join(str(i) for i in move["roll"])
