"""The statistics screen's Practice section (``#stats-practice``): the practice progress.

For the rule set chosen at the top of the screen (``#stats-ruleset``), one row
per level and one for all (``[data-practice-level="1"|"2"|"3"|"all"]``), each
with the positions answered (``[data-stat="answered"]``), the share of best
answers (``[data-stat="best"]``, a whole percent) and the points given away per
position (``[data-stat="average"]``, one decimal); under it the streak of best
answers, now and at most (``[data-stat="practice-streak"]``, with ``data-streak``
and ``data-longest``).  The figures are ``dicepoker.practice_progress.summary``'s
of the record ``ui.records.practice`` keeps; a damaged record is set aside there
and said here (and as the page's notice).  Drawn by ``ui.stats.screen`` with
its table.
"""

from dicepoker import practice_progress

from ..records import practice as practice_store
from ..platform.dom import by_id
from ..advice.words import escape, number

LEVELS = ("1", "2", "3", "all")
COLUMNS = ("answered", "best", "average")


def words(cat):
    t = cat.t
    by_id("stats-practice-title").textContent = t("practice.stats_title")
    by_id("stats-practice-caption").textContent = t("practice.stats_title")
    heads = by_id("stats-practice-table").querySelectorAll("thead th")
    for i in range(heads.length):
        heads[i].textContent = t("practice.col_" + heads[i].getAttribute("data-col"))


def _cells(cat, figures):
    if not figures["answered"]:
        return ("0", "\u2013", "\u2013")
    return (str(figures["answered"]), "%d%%" % int(figures["share"] * 100 + 0.5),
            number(cat, figures["average"]))


def fill(cat, storage, rules_id, stamp, act):
    """The section for ``rules_id``, from what ``storage`` keeps (``stamp``: the time now,
    naming a damaged record set aside; ``act``: the shell's, to tell the player)."""
    progress, aside = practice_store.load(storage, stamp)
    note = by_id("stats-practice-note")
    note.hidden = not aside
    if aside:
        note.textContent = cat.t("practice.bad_record")
        act({"say": "practice.bad_record"})
    t = cat.t
    rows = []
    for level in LEVELS:
        figures = practice_progress.summary(progress, rules_id, None if level == "all" else level)
        name = t("practice.all_levels" if level == "all" else "practice.level_" + level)
        rows.append('<tr data-practice-level="%s"><th scope="row">%s</th>%s</tr>' % (
            level, escape(name), "".join('<td data-stat="%s">%s</td>' % (column, escape(cell))
                                         for column, cell in zip(COLUMNS, _cells(cat, figures)))))
    by_id("stats-practice-rows").innerHTML = "".join(rows)
    answered = practice_progress.summary(progress, rules_id)["answered"]
    empty = by_id("stats-practice-empty")
    empty.textContent = t("practice.progress_none")
    empty.hidden = bool(answered)
    by_id("stats-practice-wrap").hidden = not answered
    streak = by_id("stats-practice-streak")
    streak.textContent = t("practice.stats_streak", count=progress["streak"],
                           longest=progress["longest"])
    streak.setAttribute("data-streak", str(progress["streak"]))
    streak.setAttribute("data-longest", str(progress["longest"]))
