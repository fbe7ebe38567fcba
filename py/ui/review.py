"""The post-game review screen: each decision a human made, the best option, the points given away.

Fetched on first use (``lazy.load("ui.review")``, from the end screen's
``#open-review``), like the strategy package it needs.  The decisions come
from :func:`dicepoker.strategy.review.iter_decisions`; the list is drawn a
few rows at a time, yielding to the browser in between, so a long game
never freezes the page.  One row per decision (``[data-decision]``, in game
order) and, per human player, the total given away (``[data-review-total]``).
"""

import asyncio

from .coach import CoachUnavailable, dice_text, number, option_text
from .dom import by_id, document

ROWS_PER_YIELD = 6
SMALL_LOSS = 0.05      # below this a choice counts as the best (table rounding)

_shown = None          # (game, moves, language) of the review on screen


async def show(app, coach):
    """Fill ``#review-dialog`` for ``app.game`` (kept while the game and language stay)."""
    global _shown
    game, cat = app.game, app.cat
    t = cat.t
    key = (id(game), len(game.moves), cat.lang)
    if _shown == key:
        return
    status = by_id("review-status")
    rows = by_id("review-list")
    totals_list = by_id("review-totals")
    rows.replaceChildren()
    totals_list.replaceChildren()
    status.textContent = t("review.loading")
    _shown = None
    humans = [p for p, seat in enumerate(game.seats) if seat == "human"]
    if not humans:
        status.textContent = t("review.none")
        return
    try:
        advisor = await coach.advisor_for(game.ruleset.id)
    except CoachUnavailable:
        status.textContent = t("review.failed")
        return
    from dicepoker.strategy.review import iter_decisions

    given = {p: 0.0 for p in humans}
    counts = {p: 0 for p in humans}
    several = len(humans) > 1
    for index, decision in enumerate(iter_decisions(game, advisor)):
        if app.game is not game:
            return                      # a new game started meanwhile
        player = decision["player"]
        given[player] += decision["loss"]
        counts[player] += 1
        rows.appendChild(_row(cat, game, index, decision, several))
        if index % ROWS_PER_YIELD == ROWS_PER_YIELD - 1:
            await asyncio.sleep_ms(0)
    for p in humans:
        li = document.createElement("li")
        li.className = "review-total"
        li.setAttribute("data-review-total", str(p))
        li.setAttribute("data-loss", "%.4f" % given[p])
        li.textContent = t("review.total", name=game.players[p], points=number(cat, given[p]),
                           count=counts[p])
        totals_list.appendChild(li)
    status.textContent = t("review.intro") if any(counts.values()) else t("review.none")
    _shown = key


def _row(cat, game, index, decision, several):
    t = cat.t
    loss = decision["loss"]
    li = document.createElement("li")
    li.className = "review-row " + ("lost" if loss >= SMALL_LOSS else "best")
    li.setAttribute("data-decision", str(index))
    li.setAttribute("data-player", str(decision["player"]))
    li.setAttribute("data-loss", "%.4f" % loss)
    where = t("review.where", round=decision["round"] + 1, roll=decision["rolls_used"])
    if several:
        where = game.players[decision["player"]] + " · " + where
    parts = [
        ("review-where", where),
        ("review-dice", t("review.dice", dice=dice_text(decision["dice"]))),
        ("review-chosen", t("review.chosen", option=option_text(cat, decision["chosen"]))),
    ]
    if loss >= SMALL_LOSS:
        parts.append(("review-best", t("review.best", option=option_text(cat, decision["best"]))))
        parts.append(("review-loss", t("review.loss", points=number(cat, loss))))
    else:
        parts.append(("review-loss", t("review.was_best")))
    for class_name, text in parts:
        span = document.createElement("span")
        span.className = class_name
        span.textContent = text
        li.appendChild(span)
    return li
