"""The post-game review screen: each decision a human made, the best option, the points given away.

Fetched on first use (``ui.later.LaterView``, when the end screen's
``#open-review`` opens it), like the strategy package it needs.  The decisions come
from :func:`dicepoker.strategy.review.iter_decisions`; the list is drawn a
few rows at a time, yielding to the browser in between, so a long game
never freezes the page.  One row per decision (``[data-decision]``, in game
order) and, per human player, the total given away (``[data-review-total]``).
The game is the one on screen, or a kept game opened from the history
(``state.review_of``); the points given away are noted in its history record
(the action ``{"history": {"given": ...}}``), where the statistics read them.
"""

import asyncio

from dicepoker.seats import HUMAN

from ..advice.coach import CoachUnavailable
from ..platform import lazy
from ..platform.lazy import LazyLoadError
from ..later import pause, sync
from ..advice.luck import render as render_luck
from ..platform.dom import by_id, document
from ..advice.words import dice_text, number, option_text

ROWS_PER_YIELD = 6
SMALL_LOSS = 0.05      # below this a choice counts as the best (table rounding)

_shown = None          # (game version, language) of the review on screen
_filling = None        # the one being drawn


class Review:
    """The view of ``#review-dialog``: filled for the game on screen, kept while the game
    and the language stay."""

    def __init__(self, shell):
        self.shell = shell
        self.dialog = by_id("review-dialog")

    def draw(self, state, texts):
        wanted = "review" in state.dialogs
        sync(self.dialog, wanted)
        key = (state.version, _reviewed(state)[0], texts.cat.lang)
        if wanted and key != _shown and key != _filling:
            asyncio.create_task(_show(state, texts, self.shell, key))


async def _show(state, texts, shell, key):
    global _shown, _filling
    _filling = key
    record_id, game = _reviewed(state)
    cat = texts.cat
    t = cat.t
    status = by_id("review-status")
    rows = by_id("review-list")
    totals_list = by_id("review-totals")
    rows.replaceChildren()
    totals_list.replaceChildren()
    status.textContent = t("review.loading")
    _shown = None
    humans = [p for p, seat in enumerate(game.seats) if seat == HUMAN]
    if not humans:
        status.textContent = t("review.none")
        _filling = None
        return
    try:
        coach = (await lazy.load("ui.advice.assistants")).helper(shell).coach
        advisor = await coach.advisor_for(game.ruleset.id)
    except (CoachUnavailable, LazyLoadError):
        status.textContent = t("review.failed")
        _filling = None
        return
    from dicepoker.strategy.review import iter_decisions

    given = {p: 0.0 for p in humans}
    counts = {p: 0 for p in humans}
    several = len(humans) > 1
    for index, decision in enumerate(iter_decisions(game, advisor)):
        if _reviewed(state)[1] is not game or _filling != key:
            return                      # a new game (or language) came meanwhile
        player = decision["player"]
        given[player] += decision["loss"]
        counts[player] += 1
        rows.appendChild(_row(cat, game, index, decision, several))
        if index % ROWS_PER_YIELD == ROWS_PER_YIELD - 1:
            await pause()
    for p in humans:
        li = document.createElement("li")
        li.className = "review-total"
        li.setAttribute("data-review-total", str(p))
        li.setAttribute("data-loss", "%.4f" % given[p])
        li.textContent = t("review.total", name=game.players[p], points=number(cat, given[p]),
                           count=counts[p])
        totals_list.appendChild(li)
    render_luck(by_id("review"), cat, game, advisor, totals_list)
    status.textContent = t("review.intro") if any(counts.values()) else t("review.none")
    _shown, _filling = key, None
    # into the game's history record, for the statistics (None: the game on screen)
    shell.act({"history": {"given": dict((str(p), v) for p, v in given.items()),
                           "id": record_id}})


def _reviewed(state):
    """(history id or None, game) of the game to review: a kept game when the review was
    opened over the statistics (their history), else the game on screen."""
    if state.review_of is not None and "stats" in state.dialogs:
        return state.review_of
    return None, state.game


def _row(cat, game, index, decision, several):
    t = cat.t
    loss = decision["loss"]
    li = document.createElement("li")
    li.className = "review-row " + ("lost" if loss >= SMALL_LOSS else "best")
    li.setAttribute("data-decision", str(index))
    li.setAttribute("data-player", str(decision["player"]))
    li.setAttribute("data-loss", "%.4f" % loss)
    if several:                         # whose decision: one message, no name glued on
        where = t("review.where_named", name=game.players[decision["player"]],
                  round=decision["round"] + 1, roll=decision["rolls_used"])
    else:
        where = t("review.where", round=decision["round"] + 1, roll=decision["rolls_used"])
    parts = [
        ("review-where", where),
        ("review-dice", t("review.dice", dice=dice_text(decision["dice"]))),
        ("review-chosen", t("review.chosen", option=option_text(cat, decision["chosen"], game.ruleset.id))),
    ]
    if loss >= SMALL_LOSS:
        parts.append(("review-best", t("review.best", option=option_text(cat, decision["best"], game.ruleset.id))))
        parts.append(("review-loss", t("review.loss", points=number(cat, loss))))
    else:
        parts.append(("review-loss", t("review.was_best")))
    for class_name, text in parts:
        span = document.createElement("span")
        span.className = class_name
        span.textContent = text
        li.appendChild(span)
    return li
