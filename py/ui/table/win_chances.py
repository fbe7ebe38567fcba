"""Live win chances on the players' chips (fetched on first use, after the first roll).

While a game with two or more players runs, each chip gets
``<span class="chip-chance" data-win-chance data-player="i">62%</span>``,
and the card's head row (the score pad's stand-in for the chips,
:mod:`ui.table.player_heads`, :func:`show_chances`) the same words: the chance that player wins from the current position
(:func:`dicepoker.strategy.chances.win_chances`), drawn after every roll and
box.  The work is never on a tap's path: :meth:`WinChances.draw` only notes
that the position changed, and the chances are computed in a task of their
own once the page has drawn the tap (``setTimeout``), with the strategy table
and the spread table of the rule set (:mod:`ui.advice.coach`, shared with hints and
computer seats).  ``ui.page`` makes this view only once the first roll of
such a game has been made, so nothing here is fetched before it (the tables
come after that roll too: a first turn never waits for them).

The setup screen's checkbox ``[name=win_chances]`` (:mod:`ui.setup.form`,
stored under ``ui.records.storage.WIN_CHANCES``, on unless turned off) hides them.
"""

import asyncio

from ..advice.assistants import helper
from ..advice.coach import CoachUnavailable
from ..advice.words import format_percent
from ..platform.dom import create_proxy, document, window
from ..records.storage import WIN_CHANCES


class WinChances:
    def __init__(self, shell):
        self.shell = shell
        self._drawn = None          # (game, moves) the chips show, or were asked for
        self._seen = None           # what draw() last looked at: the game, its moves, ...
        self._pending = False
        self._proxy = create_proxy(self._compute)
        self._failed = None         # rule set whose tables could not be had

    def draw(self, state, texts):
        game = state.game
        # Everything the chances and their spans depend on: the game, its moves, the
        # catalogue (the board makes the chips again, without their chances, for another
        # one) and the screen (the setting may change on the setup screen).  A tap that
        # changes none of it (a die kept) stops here, with no call into the page: the
        # setting's storage and the spans' query cost every tap at a table, not alone
        # (a hold at eight players, phone profile: p95 12.1 against 7.0 ms solo).
        seen = (game, len(game.moves) if game is not None else 0, texts.cat, state.screen)
        if seen == self._seen:
            return
        self._seen = seen
        on = game is not None and self.shell.storage.get(WIN_CHANCES) != "off" \
            and len(game.players) > 1
        if not on:
            if self._drawn is not None:
                self._drawn = None
                self._clear()
            return
        key = (id(game), len(game.moves), texts.cat.lang)
        if key == self._drawn and self._present(game):
            return
        self._drawn = key
        if not self._pending:
            self._pending = True
            window.setTimeout(self._proxy, 0)      # after the tap is drawn

    def _present(self, game):
        return document.querySelectorAll("[data-win-chance]").length == len(game.players)

    def _clear(self):
        spans = document.querySelectorAll("[data-win-chance]")
        for i in range(spans.length):
            spans.item(i).remove()
        show_chances()

    def _compute(self, *_):
        self._pending = False
        asyncio.create_task(self._update())

    async def _update(self):
        game = self.shell.state.game
        if game is None or self._drawn is None:
            return
        rules = game.ruleset.id
        if self._failed == rules:
            return
        coach = helper(self.shell).coach
        try:
            model = await coach.model_for(rules)
        except CoachUnavailable:
            self._failed = rules          # no chances this session for these rules
            self._clear()
            return
        game = self.shell.state.game      # the tables may have taken a while
        if game is None or self._drawn is None or game.ruleset.id != rules:
            return
        from dicepoker.strategy.chances import win_chances
        started = window.performance.now()
        chances = win_chances(game, model)
        self._show(game, chances)
        document.documentElement.setAttribute(
            "data-win-chances-ms", "%.1f" % (window.performance.now() - started))

    def _show(self, game, chances):
        cat = self.shell.texts.cat
        chips = document.querySelectorAll("#players > .chip")
        if chips.length != len(chances):
            self._seen = None             # the board is being rebuilt: the next draw asks again
            return
        results = final_results(game) if game.is_over else None
        words = []
        for p in range(chips.length):
            span = chance_span(chips.item(p), p)
            if results is not None:         # over: who won and the places, not 100 % and 0 %
                result, key, params = results[p]
                words.append(cat.t(key, **params))
                title = words[-1]
            else:
                result = None
                percent = format_percent(chances[p])
                words.append(cat.t("chances.percent", percent=percent))
                title = cat.t("chances.label", name=game.players[p], percent=percent)
            span.textContent = words[-1]
            span.setAttribute("data-value", "%.6f" % chances[p])
            span.setAttribute("title", title)
            if result is None:
                span.removeAttribute("data-result")
            else:
                span.setAttribute("data-result", result)
        show_chances(words)


def final_results(game):
    """Per player of a finished game: (``data-result``, message key, its params): "won"
    (the only winner), "shared" (winners tied), else "place" with their place (players
    tied share it: 1, 1, 3)."""
    totals = game.totals()
    winners = game.winners()
    out = []
    for p, total in enumerate(totals):
        if p in winners:
            out.append(("won", "chances.won", {}) if len(winners) == 1
                       else ("shared", "chances.shared", {}))
        else:
            rank = 1 + sum(1 for other in totals if other > total)
            out.append(("place", "chances.place", {"rank": rank}))
    return out


def chance_span(chip, p):
    """The chip's ``[data-win-chance]`` span, made if it has none yet."""
    span = chip.querySelector("[data-win-chance]")
    if span is None:
        span = document.createElement("span")
        span.className = "chip-chance"
        span.setAttribute("data-win-chance", "")
        span.setAttribute("data-player", str(p))
        chip.appendChild(span)
    return span


def show_chances(texts=None):
    """Write each player's chance (a list of texts, by seat) into the card's head row
    (:mod:`ui.table.player_heads` made its ``.head-chance``); none: take them away."""
    spans = document.querySelectorAll("#card-head .head-chance")
    if texts is None or spans.length == len(texts):
        for p in range(spans.length):
            spans.item(p).textContent = texts[p] if texts else ""
