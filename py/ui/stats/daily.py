"""The statistics screen's Daily section (``#stats-daily``): today's game, day after day.

Days played (``[data-stat="daily-days"]``), the current and the longest
streak (``[data-stat="daily-streak"]``, ``[data-stat="daily-best-streak"]``:
whole days), the average of score minus par (``[data-stat="daily-average"]``,
signed, one decimal) and a chart of score minus par per day (``#chart-daily``:
``charts.against_par_svg`` and its table).  The figures are
``ui.records.daily.summary``'s; "today" is the shell's clock's
(``shell.clock.today()``).  Drawn by ``ui.stats.screen`` each time it fills.
"""

from . import charts
from ..records import daily as daily_results
from ..platform.dom import by_id
from ..advice.words import number

FIGURES = ("days", "streak", "best-streak", "average")


def words(cat):
    t = cat.t
    by_id("stats-daily-title").textContent = t("stats.daily_title")
    for name in FIGURES:
        by_id("stats-daily-%s-label" % name).textContent = t("stats.daily_" + name.replace("-", "_"))
    by_id("chart-daily-title").textContent = t("stats.daily_chart")


def signed(cat, value):
    """+3.5, −2.0 (a minus sign, not a hyphen), 0.0."""
    text = number(cat, abs(value))
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + text


def signed_whole(value):
    return "+%d" % value if value > 0 else "\u2212%d" % -value if value < 0 else "0"


def fill(chart, cat, storage, today, stamp):
    """The section's figures and chart (``chart``: the screen's, which draws a chart and its
    table), from what ``storage`` keeps (``stamp``: the time now, should a damaged document
    be set aside)."""
    doc, _ = daily_results.load(storage, stamp)
    figures = daily_results.summary(doc, today)
    cells = {"days": str(figures["days"]), "streak": str(figures["streak"]),
             "best-streak": str(figures["best_streak"]),
             "average": signed(cat, figures["average"]) if figures["average"] is not None
             else "\u2013"}
    for name in FIGURES:
        cell = by_id("stats-daily").querySelector('[data-stat="daily-%s"]' % name)
        cell.textContent = cells[name]
    empty = by_id("stats-daily-empty")
    empty.textContent = cat.t("stats.daily_empty")
    empty.hidden = bool(figures["days"])
    rows = figures["rows"]
    by_id("chart-daily").hidden = not rows
    if rows:
        t = cat.t
        chart("daily", charts.against_par_svg([r[0] for r in rows], [r[3] for r in rows]),
              [t("stats.daily_day"), t("stats.points"), t("stats.daily_par"),
               t("stats.daily_against")],
              [(r[0], str(r[1]), str(r[2]), signed_whole(r[3])) for r in rows])
