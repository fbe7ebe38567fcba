"""The practice screen: ``#practice`` in ``#practice-dialog``, opened by the top bar's ``#open-practice``.

Draws ``state.practice`` (``control.practice``): the rule set picked
(``#practice-rules``), the progress in it (``#practice-progress``), the
position (``#practice[data-position]``: its JSON, :func:`dicepoker.practice.position_json`),
its card (``#practice-card``: open boxes are ``[data-box]`` buttons showing
what the dice would score, filled boxes their points), the five dice
(``#practice .die``, ``data-value`` and ``aria-pressed`` as in the game) and
``#practice-roll`` ("keep these and throw the rest").  Once answered:
``[data-practice-result]`` with ``data-loss`` (one decimal, "0.0" for the
best choice), the verdict, the best choice and the player's in words, the
best marked on the dice (``data-best``) or the card, every option ranked as
the hint lists them (:func:`ui.table.hint.option_rows`; the first ``FIRST_ROWS`` in
the tap's task, the rest in the next, then ``#practice-options[data-filled]``),
and ``#practice-next``.

Its markup is in static/later.html, its look in static/css/later.css; the
dice are made here (a ``.die`` in the page before the game's tray took its
own would be taken for one of the game's, by the page and by tests).  Keys
1-5 keep or release a die, as in the game.  Each part is drawn only when what
it shows changed: the screen draws with every action while it is open.
"""

import asyncio

from dicepoker import practice_progress
from dicepoker.practice import position_json
from dicepoker.rules import RULESETS, UPPER_BOXES

from ..platform.dom import Node, by_id, listen, node, window
from ..table.hint import option_rows
from ..later import pause, sync
from ..advice.words import escape, number, option_text, shown_loss

RULE_IDS = tuple(sorted(RULESETS))        # as the statistics list them
FIRST_ROWS = 8          # options listed in the answer's own task (the list shows about 7)
PIPS = "".join('<span class="pip p%d"></span>' % n for n in (1, 3, 4, 5, 6, 7, 9))


def _percent(share):
    return "%d%%" % int(share * 100 + 0.5)


class PracticeScreen:
    def __init__(self, shell):
        self.shell = shell
        self.dialog = by_id("practice-dialog")
        self.root = node("practice")
        self.rules = by_id("practice-rules")
        self.progress = node("practice-progress")
        self.note = node("practice-note")
        self.task = node("practice-task")
        self.status = node("practice-status")
        self.retry = node("practice-retry")
        self.card = by_id("practice-card")
        self.card_node = Node(self.card)       # a fieldset: aria-disabled once answered
        self.roll = node("practice-roll")
        self.result = node("practice-result")
        self.verdict = node("practice-verdict")
        self.best = node("practice-best")
        self.yours = node("practice-yours")
        self.options = by_id("practice-options")
        self.next = node("practice-next")
        self.link = node("practice-link")
        holder = by_id("practice-dice")
        holder.innerHTML = "".join(
            '<button class="die" type="button" data-index="%d" data-action=\'{"practice":'
            '{"hold":%d}}\' data-value="0" aria-pressed="false">%s</button>' % (i, i, PIPS)
            for i in range(5))
        found = holder.querySelectorAll(".die")
        self.dice = [Node(found.item(i)) for i in range(found.length)]
        listen(self.rules, "change",
               lambda event: shell.act({"practice": {"rules": self.rules.value}}))
        listen(self.dialog, "keydown", self._on_key)
        self._drawn = {}
        self._lists = 0         # counts the answers' lists drawn (the rest of one comes later)

    def _changed(self, part, key):
        if self._drawn.get(part) == key:
            return False
        self._drawn[part] = key
        return True

    def _on_key(self, event):
        if event.key in ("1", "2", "3", "4", "5") and not (
                event.ctrlKey or event.metaKey or event.altKey) \
                and event.target.tagName not in ("INPUT", "SELECT", "TEXTAREA"):
            event.preventDefault()
            self.shell.act({"practice": {"hold": int(event.key) - 1}})

    def draw(self, state, texts):
        sync(self.dialog, "practice" in state.dialogs)
        practice = state.practice
        if not self.dialog.open or practice is None:
            return
        cat = texts.cat
        if self._changed("words", cat):
            self._drawn = {"words": cat}        # a new language: everything again
            self._words(cat)
        position, answer = practice["position"], practice["answer"]
        self._draw_status(cat, practice)
        self._draw_progress(cat, practice)
        if self._changed("position", id(position)):
            self._draw_position(cat, practice, position)
        if self._changed("answer", (id(position), id(answer))):
            self._draw_answer(cat, position, answer)
        if position is not None and self._changed("dice", (id(position), id(answer),
                                                           tuple(practice["held"]))):
            self._draw_dice(cat, position, practice["held"], answer)

    # ------------------------------------------------------------------ words
    def _words(self, cat):
        t = cat.t
        self.rules.innerHTML = "".join('<option value="%s">%s</option>' % (
            rules_id, escape(t("ruleset." + rules_id))) for rules_id in RULE_IDS)

    def _draw_status(self, cat, practice):
        status, note = practice["status"], practice["note"]
        if not self._changed("status", (status, id(note), practice["rules"], practice["seed"])):
            return
        self.rules.value = practice["rules"] or RULE_IDS[0]
        self.root.attr("data-status", status)
        self.root.attr("aria-busy", status in ("reading", "loading"))
        self.status.text(cat.t("practice.failed") if status == "failed" else
                         cat.t("practice.loading") if status != "shown" else "")
        self.retry.show(status == "failed")
        self.note.show(note is not None)
        self.note.text(cat.say(note) if note is not None else "")
        if practice["seed"] is not None:
            self.link.attr("href", "?practice=%s&rules=%s" % (
                window.encodeURIComponent(practice["seed"]), practice["rules"]))

    def _draw_progress(self, cat, practice):
        progress = practice["progress"]
        if progress is None:
            return
        rules = practice["rules"]
        figures = practice_progress.summary(progress, rules)
        key = (rules, figures["answered"], figures["best"], progress["streak"])
        if not self._changed("progress", key):
            return
        t = cat.t
        self.progress.attr("data-answered", figures["answered"])
        self.progress.attr("data-best", figures["best"])
        self.progress.attr("data-streak", progress["streak"])
        self.progress.attr("data-longest", progress["longest"])
        if not figures["answered"]:
            self.progress.text(t("practice.progress_none"))
            return
        self.progress.text(" · ".join((
            t("practice.answered", count=figures["answered"]),
            t("practice.share", share=_percent(figures["share"])),
            t("practice.average", loss=number(cat, figures["average"])),
            t("practice.streak", count=progress["streak"], longest=progress["longest"]))))

    # --------------------------------------------------------------- position
    def _draw_position(self, cat, practice, position):
        t = cat.t
        if position is None:
            self.root.attr("data-position", None)
            self.task.text("")
            self.card.innerHTML = ""
            self.roll.show(False)
            return
        self.root.attr("data-position", position_json(position))
        self.root.attr("data-level", position["level"])
        left = position["rolls_left"]
        self.task.text(t("practice.position", number=practice["number"] + 1,
                         level=t("practice.level_%d" % position["level"])) + " " +
                       (t("practice.task_hold", count=left) if left else t("practice.task_box")))
        self.roll.show(bool(left))
        self.card.innerHTML = self._card(cat, position)

    def _draw_answer(self, cat, position, answer):
        """The answer, or none: the card's boxes taken or given back, the best and the
        player's choice marked, the verdict and every option."""
        t = cat.t
        self.result.show(answer is not None)
        # answered: the boxes, dice and Roll take no more answers (the controller's rule);
        # aria-disabled, not disabled: disabling the control that has the focus would have
        # the browser move it, laying the page out at once in the middle of the tap
        self.card_node.attr("aria-disabled", "true" if answer is not None else None)
        self.root.attr("data-answer", None if answer is None else
                       "best" if practice_progress.is_best(answer["chosen"]["loss"]) else "loss")
        if answer is None:
            self._lists += 1
            self.result.attr("data-loss", None)
            self.verdict.text("")
            return
        chosen, best = answer["chosen"], answer["best"]
        for option, mark in ((best, "data-best"), (chosen, "data-chosen")):
            if option["kind"] == "score":
                self.card.querySelector('[data-box="%s"]' % option["box"]).setAttribute(mark, "")
        self.result.attr("data-loss", "%.1f" % chosen["loss"])
        self.verdict.text(t("practice.verdict_best") if practice_progress.is_best(chosen["loss"])
                          else t("practice.verdict_loss",
                                 loss=number(cat, shown_loss(best["value"], chosen["value"]))))
        self.best.text(t("hint.best_score" if best["kind"] == "score" else "hint.best_hold",
                         option=option_text(cat, best), value=number(cat, best["value"])))
        self.yours.text(t("practice.yours", option=option_text(cat, chosen),
                          value=number(cat, chosen["value"])))
        # the first rows now, the rest a task later (out of the list's view: the tap's time
        # was theirs), then ``data-filled``: the number of rows
        options = position["options"]
        rank = options.index(chosen)
        self.options.removeAttribute("data-filled")
        self.options.innerHTML = option_rows(cat, options, 0, FIRST_ROWS, rank)
        self._lists += 1
        asyncio.create_task(self._more_rows(cat, options, rank, self._lists))

    async def _more_rows(self, cat, options, rank, serial):
        if len(options) > FIRST_ROWS:
            await pause()
            if serial != self._lists:
                return                          # the list was drawn again meanwhile
            self.options.insertAdjacentHTML("beforeend",
                                            option_rows(cat, options, FIRST_ROWS, None, rank))
        self.options.setAttribute("data-filled", str(len(options)))

    def _card(self, cat, position):
        """The card as markup (one DOM write): each box's row in its section's column, the
        upper section's progress under its boxes."""
        t = cat.t
        rules = RULESETS[position["rules"]]
        card = position["card"]
        scores = {o["box"]: o for o in position["options"] if o["kind"] == "score"}
        rows = []
        for box in rules.boxes:
            name = escape(t("box." + box))
            if box in card:
                rows.append('<div class="practice-box filled" data-box-filled="%s">'
                            '<span class="practice-box-name">%s</span>'
                            '<span class="practice-box-points">%d</span></div>'
                            % (box, name, card[box]))
            else:
                option = scores.get(box)
                label = t("card.fill", points=option["points"], box=t("box." + box)) \
                    if option is not None else t("card.open", box=t("box." + box))
                rows.append('<button type="button" class="practice-box" data-box="%s" '
                            'data-action=\'{"practice":{"fill":"%s"}}\' aria-label="%s"%s>'
                            '<span class="practice-box-name">%s</span><span class="practice-box'
                            '-points">%s</span></button>' % (
                                box, box, escape(label), " disabled" if option is None else "",
                                name, "" if option is None else option["points"]))
            if box == UPPER_BOXES[-1]:          # the upper section ends: its sum, a column
                rows.append('<p class="practice-upper">%s</p></div><div class="practice-section">'
                            % escape(self._upper(t, rules, position)))
        return '<div class="practice-section">%s</div>' % "".join(rows)

    def _upper(self, t, rules, position):
        upper = position["upper"]
        if upper >= rules.upper_bonus_at:
            return t("bonus.earned", bonus=rules.upper_bonus)
        return t("bonus.progress", count=rules.upper_bonus_at - upper, bonus=rules.upper_bonus)

    def _draw_dice(self, cat, position, held, answer):
        t = cat.t
        keep = answer["best"].get("hold", ()) if answer is not None and \
            answer["best"]["kind"] == "hold" else ()
        answered = "true" if answer is not None else None
        for i, die in enumerate(self.dice):
            value = position["dice"][i]
            kept = i in held
            die.attr("data-value", value)
            die.attr("aria-pressed", "true" if kept else "false")
            die.attr("data-best", "keep" if i in keep else None)
            die.disabled(not position["rolls_left"])
            die.attr("aria-disabled", answered)
            label = t("die.held" if kept else "die.value", number=i + 1, value=value)
            if i in keep:
                label += " · " + t("practice.best_keep")
            die.attr("aria-label", label)
        self.roll.disabled(len(held) == len(self.dice))
        self.roll.attr("aria-disabled", answered)
