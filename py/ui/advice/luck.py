"""Luck and skill in words, for the end screen and the review (fetched on first use).

Per player, one line: the dice's part and the choices' part of the change
from the expected score of best play at the start to the final total
(:func:`dicepoker.strategy.luck_skill.luck_and_skill`): "Ann: the dice gave +14
points, the choices cost 9 points".  Hooks: ``[data-luck][data-player=i]``
and ``[data-skill][data-player=i]``, each with the exact figure in
``data-value``.  The end screen fills it once the strategy table is in
(:func:`show`), after :func:`reserve` has held its place from the moment the
screen opened; the review, which has the advisor already, calls :func:`render`.
"""

from ..platform.dom import document

SECTION_CLASS = "luck"


def whole(value):
    """The nearest whole number of points, half away from zero (alike on both Pythons)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def reserve(parent, cat, game, before=None):
    """Put a placeholder section into ``parent`` at once: the players' names, and
    their lines written with stand-in figures but not shown (``data-pending``: a quiet
    bar stands in for each), so the section is already about as tall as it will be and
    nothing below it (the end screen's buttons) moves when :func:`render` puts the real
    figures in."""
    stand_in = {"start": 255.0, "luck": 88.0, "skill": -88.0}
    section = _section(cat, game, [stand_in] * len(game.players), pending=True)
    section.setAttribute("data-pending", "")
    section.setAttribute("aria-busy", "true")
    _put(parent, section, before)
    return section


def render(parent, cat, game, advisor, before=None):
    """Put (or replace in place) the luck-and-skill section of ``game`` into ``parent``."""
    from dicepoker.strategy.luck_skill import luck_and_skill
    rows = luck_and_skill(game, advisor)
    _put(parent, _section(cat, game, rows), before)
    return rows


def withdraw(parent):
    """Take the section (placeholder or not) out of ``parent``."""
    old = parent.querySelector("." + SECTION_CLASS)
    if old is not None:
        old.remove()


def _put(parent, section, before):
    old = parent.querySelector("." + SECTION_CLASS)
    if old is not None:
        old.replaceWith(section)        # where it was: the same place, about the same height
    else:
        parent.insertBefore(section, before)


def _section(cat, game, rows, pending=False):
    """The section for ``rows``; a placeholder's stand-in figures carry no hooks (a
    reader of ``[data-luck]`` finds only real figures)."""
    t = cat.t
    section = document.createElement("section")
    section.className = SECTION_CLASS
    title = document.createElement("h3")
    title.textContent = t("chances.title")
    section.appendChild(title)
    items = document.createElement("ul")
    items.className = "luck-list"
    for p, row in enumerate(rows):
        li = document.createElement("li")
        name = document.createElement("b")
        name.textContent = cat.player(game.players[p])
        li.appendChild(name)
        # the figures and their punctuation in one span: a placeholder hides it whole
        # (later.css: a quiet bar in its place; "Ann: , ." showed before)
        figures = document.createElement("span")
        figures.className = "luck-figures"
        figures.appendChild(document.createTextNode(": "))
        luck = whole(row["luck"])
        figures.appendChild(_span(None if pending else "data-luck", p, row["luck"],
                                  t("chances.luck_plus", count=luck) if luck >= 0
                                  else t("chances.luck_minus", count=-luck)))
        figures.appendChild(document.createTextNode(", "))
        cost = whole(-row["skill"])
        figures.appendChild(_span(None if pending else "data-skill", p, row["skill"],
                                  t("chances.skill", count=cost) if cost else t("chances.skill_none")))
        figures.appendChild(document.createTextNode("."))
        li.appendChild(figures)
        items.appendChild(li)
    section.appendChild(items)
    intro = document.createElement("p")
    intro.className = "luck-intro"
    intro.textContent = t("chances.intro", start=whole(rows[0]["start"]) if rows else 0)
    section.appendChild(intro)
    return section


def _span(hook, player, value, text):
    span = document.createElement("span")
    if hook is not None:
        span.setAttribute(hook, "")
        span.setAttribute("data-player", str(player))
        span.setAttribute("data-value", "%.4f" % value)
    span.textContent = text
    return span


async def show(shell, parent, game, before=None):
    """The end screen's section: the advisor from the coach (fetching the table once).
    Without the table (offline, never fetched) the placeholder goes: the rest of the
    screen is all there.  Needs ``ui.advice.assistants`` and ``dicepoker.strategy`` loaded."""
    from .assistants import helper
    from .coach import CoachUnavailable
    try:
        advisor = await helper(shell).coach.advisor_for(game.ruleset.id)
    except CoachUnavailable:
        withdraw(parent)
        return None
    if shell.state.game is not game:
        return None
    return render(parent, shell.texts.cat, game, advisor, before)
