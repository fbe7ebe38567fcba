"""The statistics screen: ``#stats`` in ``#stats-dialog``, opened by the top bar's ``#open-stats``.

Fetched on first use (``ui.stats.door``, a later view), with its figures
(``dicepoker.stats``), the kept games (``ui.records.history``) and the charts
(``ui.stats.charts``).  The dialog's markup is in static/later.html (inserted with
the later views' look); it is worded and filled here each time it opens, after a
language switch and after the kept games changed:

- per rule set (``#stats-ruleset``), one row per player and seat kind
  (``[data-stats-player="NAME"]``, cells ``[data-stat="games"]``,
  ``"average"`` (one decimal), ``"best"``, ...);
- for one player (``#stats-player``): three SVG charts, each with its text
  alternative, a table (``[data-chart-table]``): final scores, scores over time
  with a moving average, the average per box beside optimal play;
- today's game (``#stats-daily``: ``ui.stats.daily``), whatever the rule set;
- the practice progress in the rule set (``#stats-practice``: ``ui.stats.practice``);
- the history (``#history``), newest first, one ``[data-history-game="ID"]``
  per kept game with Review and Delete (both through the controller: the
  review opens over this screen, a deletion is asked first), drawn after the
  table and charts, a batch at a time, yielding in between (the records are
  read and checked then: ``history.load_slowly``).

``run_effect`` carries out the controller's ``history`` effects.  What the cells,
labels and history rows say is ``ui.stats.words``'s.
"""

import asyncio

from dicepoker import stats as figures
from dicepoker.optimal_means import OPTIMAL
from dicepoker.rules import RULESETS
from control.messages import box_key

from . import charts, daily as stats_daily, practice as stats_practice, words as stats_words
from ..records import history
from .charts import escape
from ..platform.dom import by_id, document, listen
from ..later import pause, sync
from ..advice.words import number

RULE_IDS = ("dice-poker", "dice-poker-classic", "yahtzee")
COLUMNS = ("games", "wins", "average", "best", "worst", "stdev", "bonus", "pokers",
           "poker_bonuses", "given")
ROWS_PER_BATCH = 100        # history rows drawn between pauses

_view = []                  # the view, once made (run_effect redraws it)


def run_effect(kind, value, shell):
    """``history``: delete one kept game or all (``{"delete": id or None}``), or move one
    aside (``{"keep_aside": id}``)."""
    storage = shell.storage
    if "delete" in value:
        if not history.delete(storage, value["delete"], shell.clock.now()):
            shell.act({"say": "notice.history_off"})
    elif "keep_aside" in value:
        history.keep_aside(storage, value["keep_aside"], shell.clock.now())
    if _view:
        _view[0].dirty = True


def _el(tag, parent=None, cls=None, text=None, **attrs):
    element = document.createElement(tag)
    if cls:
        element.className = cls
    if text is not None:
        element.textContent = text
    for name, value in attrs.items():
        element.setAttribute(name.replace("_", "-"), value)
    if parent is not None:
        parent.appendChild(element)
    return element


class StatsScreen:
    def __init__(self, shell):
        self.shell = shell
        self.storage = shell.storage
        self.dialog = by_id("stats-dialog")       # static/later.html
        by_id("stats").setAttribute("data-fill", "0")  # made, not yet drawn (tests, bench)
        self.dirty = False
        self.records = []
        self.sums = {}
        self._cat = None
        self._filling = 0           # counts fills: a batch of history rows of an older one stops
        listen(by_id("stats-ruleset"), "change", lambda event: self._fill_table())
        listen(by_id("stats-player"), "change", lambda event: self._fill_charts())
        listen(by_id("history"), "click", self._on_history)
        listen(by_id("history-delete-all"), "click",
               lambda event: shell.act({"history": {"delete": None}}))
        _view[:] = [self]

    def draw(self, state, texts):
        cat = texts.cat
        wanted = "stats" in state.dialogs
        if wanted != self.dialog.open:
            # a long history list is dropped before the dialog opens (showModal lays out
            # what it holds to find the focus) and when it closes (nothing kept unseen)
            self._filling += 1
            by_id("history").replaceChildren()
        opened = sync(self.dialog, wanted)
        if not self.dialog.open:
            return
        if opened or self.dirty or cat is not self._cat:
            self.dirty = False
            self._cat = cat
            self._words(cat)
            self.fill(state)

    # ------------------------------------------------------------------ words
    def _words(self, cat):
        t = cat.t
        by_id("stats-title").textContent = t("stats.title")
        by_id("stats-close").setAttribute("aria-label", t("dialog.close"))
        by_id("stats-ruleset-label").textContent = t("setup.rules")
        by_id("stats-player-label").textContent = t("stats.player")
        by_id("stats-table-caption").textContent = t("stats.table_caption")
        heads = document.querySelectorAll("#stats-table thead th")
        for i in range(heads.length):
            heads[i].textContent = t("stats.col_" + heads[i].getAttribute("data-col"))
        by_id("chart-scores-title").textContent = t("stats.chart_scores")
        by_id("chart-time-title").textContent = t("stats.chart_time")
        by_id("chart-boxes-title").textContent = t("stats.chart_boxes")
        by_id("history-title").textContent = t("stats.history")
        by_id("history-empty").textContent = t("stats.history_empty")
        by_id("history-delete-all").textContent = t("stats.delete_all")
        stats_daily.words(cat)
        stats_practice.words(cat)

    # ------------------------------------------------------------------- fill
    def fill(self, state):
        """Draw the table and charts from the running sums at once (``history.sums``), then
        read and check every record in the background: the history list, and the table
        again should the sums not have been the records' (``_fill_history``)."""
        self.sums = history.sums(self.storage, None, self.shell.clock.now())
        select = by_id("stats-ruleset")
        chosen = select.value
        present = [r for r in RULE_IDS if self.sums.get(r)]
        if not chosen:
            game = state.game
            chosen = game.ruleset.id if game is not None and game.ruleset.id in present else None
            chosen = chosen or (present[0] if present else RULE_IDS[0])
        select.replaceChildren()
        for rules_id in RULE_IDS:
            option = _el("option", select, text=self._cat.t("ruleset." + rules_id),
                         value=rules_id)
            option.selected = rules_id == chosen
        self._fill_table()
        stats_daily.fill(self._chart, self._cat, self.storage, self.shell.clock.today(),
                        self.shell.clock.now())
        self._filling += 1
        by_id("stats").setAttribute("data-fill", str(self._filling))  # drawn (tests, bench)
        target = by_id("history")
        target.replaceChildren()
        target.removeAttribute("data-filled")
        asyncio.create_task(self._fill_history(self._filling))

    def _fill_table(self):
        cat = self._cat
        t = cat.t
        rules_id = by_id("stats-ruleset").value
        self.rows = figures.rows(self.sums, rules_id)
        body = by_id("stats-rows")
        body.replaceChildren()
        empty = by_id("stats-empty")
        empty.textContent = t("stats.empty")
        empty.hidden = bool(self.rows)
        by_id("stats-table-wrap").hidden = not self.rows
        by_id("stats-charts").hidden = not self.rows
        by_id("stats-player-field").hidden = not self.rows
        player = by_id("stats-player")
        before = player.value
        player.replaceChildren()
        parts = []
        labels = {column: escape(t("stats.col_" + column)) for column in COLUMNS}
        for i, row in enumerate(self.rows):     # as markup, every text escaped: one DOM call
            parts.append('<tr data-stats-player="%s" data-stats-seat="%s"><th scope="row">%s%s'
                         '</th>' % (escape(row["name"]), escape(row["seat"]), escape(cat.player(row["name"])),
                                    "" if row["seat"] == "human" else   # a computer's level
                                    '<span class="stats-seat">%s</span>'
                                    % escape(t("seat." + row["seat"]))))
            # data-label: the column's heading, which a phone shows beside each figure
            # (later.css makes each row a card there)
            parts += ['<td data-stat="%s" data-label="%s">%s</td>'
                      % (column, labels[column], escape(stats_words.cell(self._cat, row, column)))
                      for column in COLUMNS]
            parts.append("</tr>")
            option = _el("option", player, text=stats_words.label(self._cat, row), value=str(i))
            option.selected = str(i) == before
        body.innerHTML = "".join(parts)
        if self.rows:
            self._fill_charts()
        stats_practice.fill(cat, self.storage, rules_id, self.shell.clock.now(), self.shell.act)

    def _fill_charts(self):
        cat = self._cat
        t = cat.t
        index = by_id("stats-player").value
        row = self.rows[int(index) if index.isdigit() and int(index) < len(self.rows) else 0]
        scores = row["scores"]
        bars = figures.distribution(scores)
        self._chart("scores", charts.distribution_svg(bars),
                    [t("stats.points"), t("stats.col_games")],
                    [(t("stats.range", low=low, high=high), str(count))
                     for low, high, count in bars])
        moving = figures.moving_average(scores)
        by_id("chart-time-legend").textContent = t("stats.time_legend",
                                                   count=figures.MOVING_WINDOW)
        self._chart("time", charts.time_svg(scores, moving),
                    [t("stats.games"), t("stats.col_average"), t("stats.moving")],
                    [(str(first) if first == last else t("stats.range", low=first, high=last),
                      number(cat, average), number(cat, move))
                     for first, last, average, move in figures.time_table(scores)])
        rules_id = by_id("stats-ruleset").value
        rules = RULESETS[rules_id]
        optimal = OPTIMAL[rules_id]
        best = [optimal["boxes"][b] for b in rules.boxes]
        names = [t(box_key(b, rules_id)) for b in rules.boxes]
        self._chart("boxes", charts.boxes_svg(names, row["boxes"], best),
                    [t("stats.box"), stats_words.label(self._cat, row), t("stats.optimal")],
                    [(names[i], number(cat, row["boxes"][i]), number(cat, best[i]))
                     for i in range(len(names))])
        by_id("stats-optimal-note").textContent = t("stats.optimal_note",
                                                    count=optimal["games"])

    def _chart(self, kind, svg, heads, rows):
        """A chart and its text alternative, as markup (every text escaped): two DOM calls."""
        figure = by_id("chart-" + kind)
        figure.querySelector(".chart-draw").innerHTML = svg
        parts = ['<table class="chart-table"><caption>%s</caption><thead><tr>'
                 % escape(by_id("chart-%s-title" % kind).textContent)]
        parts += ['<th scope="col">%s</th>' % escape(text) for text in heads]
        parts.append("</tr></thead><tbody>")
        for cells in rows:
            parts.append('<tr><th scope="row">%s</th>%s</tr>' % (
                escape(cells[0]), "".join("<td>%s</td>" % escape(c) for c in cells[1:])))
        parts.append("</tbody></table>")
        figure.querySelector("[data-chart-table]").innerHTML = "".join(parts)

    # ---------------------------------------------------------------- history
    async def _fill_history(self, serial):
        await pause()                          # the table and charts are painted first
        records = await history.load_slowly(self.storage, self.shell.clock.now(), pause)
        if serial != self._filling:
            return                              # filled again meanwhile
        checked = history.sums(self.storage, records)
        if checked != self.sums:                # the stored sums were not the records'
            self.sums = checked
            self._fill_table()
        self.records = records
        target = by_id("history")
        target.replaceChildren()
        by_id("history-empty").hidden = bool(records)
        by_id("history-delete-all").hidden = not records
        newest = records[::-1]
        for start in range(0, len(newest), ROWS_PER_BATCH):
            if start:
                await pause()
                if serial != self._filling:
                    return
            target.insertAdjacentHTML("beforeend", "".join(
                stats_words.history_row(self._cat, r)
                for r in newest[start:start + ROWS_PER_BATCH]))
        target.setAttribute("data-filled", str(len(records)))

    def _on_history(self, event):
        button = event.target.closest("button")
        if button is None:
            return
        record_id = button.getAttribute("data-review")
        if record_id is not None:
            text = history.game_text(self.storage, record_id)
            self.shell.act({"history": {"review": record_id, "text": text}})
            return
        record_id = button.getAttribute("data-delete")
        if record_id is not None:
            self.shell.act({"history": {"delete": record_id,
                                        "when": button.getAttribute("data-when")}})
