"""The coach: strategy tables on demand, and advice on a position.

Nothing here runs at page start: :mod:`ui.advice.assistants` fetches this module
on the first hint (or computer move, or review).  The first advice then
fetches the strategy modules (:mod:`ui.platform.lazy`) and the table of the game's
rule set, and keeps one :class:`~dicepoker.strategy.advisor.Advisor` per
rule set for the session (shared by hints, computer seats and the review).
The advice is plain data for the controller; ``ui.table.hint`` draws it.

If a table cannot be had (offline and never cached, a damaged file) the
hint says so and the game goes on; the next hint tries again.
"""

import asyncio

import js

from ..platform import lazy
from ..later import pause
from ..platform.dom import window

TABLE_PATH = "./static/strategy/%s.dpst.gz"
SPREAD_PATH = "./static/strategy/%s.spread.gz"    # win chances and the "to win" computer


class CoachUnavailable(Exception):
    """The strategy modules or the table could not be loaded."""


async def _fetch_table_array(ruleset_id, path=TABLE_PATH):
    """The table file as a JS Uint8Array, gunzipped by the browser when it can."""
    try:
        response = await js.fetch(path % ruleset_id)
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
    """Advisors per rule set (shared with computer seats and the review) and advice."""

    def __init__(self):
        self._advisors = {}
        self._models = {}
        self._lock = None

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

    async def model_for(self, ruleset_id):
        """The win-chance :class:`~dicepoker.strategy.chances.Model` of ``ruleset_id``
        (the advisor and the spread table, loaded once).  CoachUnavailable."""
        model = self._models.get(ruleset_id)
        if model is not None:
            return model
        advisor = await self.advisor_for(ruleset_id)
        async with self._lock:
            model = self._models.get(ruleset_id)
            if model is None:
                from dicepoker.strategy.chances import Model
                from dicepoker.strategy.spread import Spread
                array = await _fetch_table_array(ruleset_id, SPREAD_PATH)
                try:
                    model = Model(advisor, Spread.from_js_array(array, "/dice-poker-spread.tmp"))
                except ValueError as error:
                    raise CoachUnavailable(str(error))
                self._models[ruleset_id] = model
        return model

    async def _load_advisor(self, ruleset_id):
        try:
            await lazy.load("dicepoker.strategy")
        except lazy.LazyLoadError as error:
            raise CoachUnavailable(str(error))
        from dicepoker.strategy.advisor import Advisor
        from dicepoker.strategy.table import Table
        array = await _fetch_table_array(ruleset_id)
        await pause()                        # let the loading message paint
        try:
            table = Table.from_js_array(array)
        except ValueError as error:          # TableError: damaged or other rules
            raise CoachUnavailable(str(error))
        return Advisor(table)

    def advise(self, game, advisor=None):
        """The advice on ``game``'s position (``Advisor.advise``), with ``ms``: how long it took."""
        advisor = advisor or self._advisors[game.ruleset.id]
        started = window.performance.now()
        advice = advisor.advise(game)
        advice["ms"] = window.performance.now() - started
        return advice
