"""What the statistics screen writes: its cells, row labels and history rows.

Pure functions of a catalogue and plain data (the rows of ``dicepoker.stats``,
the records of ``ui.records.game_record``), so the wording is tested on CPython and
``ui.stats.screen`` only puts it on the page.  Markup comes with every text
escaped (``charts.escape``: names are the players' own).
"""

from dicepoker.stats import winners

from control.messages import names_list

from .charts import escape
from ..advice.words import number


def label(cat, row):
    """A row of the table as the player picker names it: the name, with the level of a
    computer seat."""
    if row["seat"] == "human":
        return cat.player(row["name"])
    return cat.t("stats.computer_row", name=row["name"], seat=cat.t("seat." + row["seat"]))


def cell(cat, row, column):
    """The text of one cell of the table (``stats_screen.COLUMNS``)."""
    if column == "wins":
        return cat.t("stats.wins_of", wins=row["wins"], count=row["multi"]) \
            if row["multi"] else "–"
    if column == "given":
        return number(cat, row["given"]) if row["given"] is not None else "–"
    if column == "bonus":
        return "%d %%" % round(row["bonus_rate"] * 100)
    if column in ("pokers", "poker_bonuses"):
        return ("%.2f" % row[column]).replace(".", cat.t("number.decimal"))
    if column in ("average", "stdev"):
        return number(cat, row[column])
    return str(row[column])


def history_row(cat, record):
    """One game of the history as markup, so a batch of rows is one DOM call, not
    fifteen a row; today's game says so, with its date (``data-daily``)."""
    t = cat.t
    when = record["date"].replace("T", " ")
    players = record["players"]
    daily = record.get("daily")
    parts = ['<li class="history-game" data-history-game="%s"%s>'
             % (escape(record["id"]), ' data-daily="%s"' % escape(daily) if daily else ""),
             '<span class="history-when">%s</span>'
             % escape(when + " · " + (t("stats.daily_mark", date=daily) if daily
                                      else t("ruleset." + record["rules"]))),
             '<span class="history-players">%s</span>'
             % escape(", ".join("%s %d" % (cat.player(p["name"]), p["total"]) for p in players))]
    if len(players) > 1:
        won = [players[p]["name"] for p in winners(record)]
        parts.append('<span class="history-winner">%s</span>' % escape(
            t("stats.winner", name=won[0]) if len(won) == 1 else
            cat.say({"key": "stats.tie", "params": {"names": names_list(won)}})))
    parts.append(
        '<span class="history-actions"><button class="btn secondary small" type="button" '
        'data-review="%s" aria-label="%s">%s</button><button class="btn ghost small" '
        'type="button" data-delete="%s" data-when="%s" aria-label="%s">%s</button></span></li>'
        % (escape(record["id"]), escape(t("stats.review_label", when=when)),
           escape(t("stats.review")), escape(record["id"]), escape(when),
           escape(t("stats.delete_label", when=when)), escape(t("stats.delete"))))
    return "".join(parts)
