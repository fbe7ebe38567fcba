"""Engine state -> DOM.  Idempotent: rendering the same state twice changes nothing.

The markup lives in ``index.html``; this module only fills it in.  The
scorecard's rows and columns depend on the rule set and the players, so they
are cloned from ``<template>`` elements once per game (``_build_card``); every
later render only updates text, attributes and classes through cached
:class:`~ui.dom.Node` objects.

Nothing here computes a score: previews come from ``game.options()``, sums
from ``game.breakdown()``.
"""

from .dom import Node, by_id, clone_template, document, node

SUM_ROWS_UPPER = ("upper", "upper_bonus")
SUM_ROWS_TOTAL = ("lower", "poker_bonus", "total")
SUM_LABELS = {"upper": "card.upper_sum", "upper_bonus": "card.upper_bonus",
              "lower": "card.lower_sum", "poker_bonus": "card.poker_bonus",
              "total": "card.total"}
MANY_PLAYERS = 3   # more than this: on a phone only the current column is shown


def undo_allowed(game):
    """Undo takes back the last box until the next roll (the engine's rule), but never a
    computer's box: right after a score the one who scored is the seat before the current."""
    if not game.can_undo:
        return False
    scorer = (game.current_player - 1) % len(game.players)
    return game.seats[scorer] == "human"


class Cell:
    """One scorecard cell: a ``<button>`` while it can be filled, else a ``<span>``.

    Both elements carry ``data-player``/``data-box``; only one is in the page
    at a time, so the test hook ``[data-player][data-box]`` always finds one.
    """

    def __init__(self, td, player, box):
        self.td = td
        self.button = Node(self._make("button", player, box))
        self.button.el.type = "button"
        self.span = Node(self._make("span", player, box))
        self.fillable = None

    @staticmethod
    def _make(tag, player, box):
        el = document.createElement(tag)
        el.className = "cell-btn" if tag == "button" else "cell-val"
        el.setAttribute("data-player", str(player))
        el.setAttribute("data-box", box)
        return el

    def show(self, fillable, text, label=None):
        if fillable != self.fillable:
            self.td.el.replaceChildren((self.button if fillable else self.span).el)
            self.fillable = fillable
        target = self.button if fillable else self.span
        target.text(text)
        if fillable:
            target.attr("aria-label", label)


class Renderer:
    def __init__(self, catalogue):
        self.cat = catalogue
        self.root = Node(document.documentElement)
        self.boot = node("boot")
        self.app = node("app")
        self.setup = node("setup")
        self.game_section = node("game")
        self.new_game = node("new-game")
        self.back_to_game = node("back-to-game")
        self.turn_label = node("turn-label")
        self.round_label = node("round-label")
        self.bonus_progress = node("bonus-progress")
        self.handover_main = node("handover-main")
        self.handover_sub = node("handover-sub")
        self.joker_note = node("joker-note")
        self.roll = node("roll")
        self.roll_text = node("roll-text")
        self.roll_left = node("roll-left")
        self.undo = node("undo")
        self.show_results = node("show-results")
        self.caption = node("card-caption")
        self.card = node("card")
        self.live = by_id("live")
        dice = document.querySelectorAll(".die")
        self.dice = [Node(dice.item(i)) for i in range(dice.length)]
        self.layout = None
        self._announced = ""
        self._fill_labels = {}    # (box, points) -> "Fill Pair with 8 points"

    def set_catalogue(self, catalogue):
        """After a language switch: every text must be written again."""
        self.cat = catalogue
        self._fill_labels = {}
        self.layout = None
        for item in self._all_nodes():
            item.forget()

    def _all_nodes(self):
        for value in self.__dict__.values():
            if isinstance(value, Node):
                yield value
        for item in self.dice:
            yield item

    # ---------------------------------------------------------------- screens
    def show_app(self):
        self.boot.show(False)
        self.app.show(True)

    def render(self, game, view):
        """Draw the whole page for ``game`` (may be None) and the UI-only ``view``."""
        on_game = view.screen == "game" and game is not None
        self.setup.show(not on_game)
        self.game_section.show(on_game)
        self.new_game.show(on_game)
        self.back_to_game.show(not on_game and game is not None and not game.is_over)
        if not on_game:
            self.root.attr("data-state", "setup")
            self.root.attr("data-current-player", None)
            return
        if self.layout != (game.ruleset.id, tuple(game.players)):
            self._build_card(game)
        self.root.attr("data-state", "over" if game.is_over else "ready")
        self.root.attr("data-current-player", game.current_player)
        self._render_status(game)
        self._render_card(game)
        self._render_tray(game, view)

    # ---------------------------------------------------------- card building
    def _build_card(self, game):
        players, rules = game.players, game.ruleset
        chips = by_id("players")
        chips.replaceChildren()
        self.chips = []
        for p, name in enumerate(players):
            li = clone_template("tpl-chip")
            li.setAttribute("data-seat", str(p))
            li.querySelector(".chip-name").textContent = name
            total = li.querySelector(".chip-total")
            total.setAttribute("data-player", str(p))
            chips.appendChild(li)
            self.chips.append((Node(li), Node(total)))

        head = by_id("card-head")
        while head.children.length > 1:
            head.lastElementChild.remove()
        self.heads = []
        for p, name in enumerate(players):
            th = document.createElement("th")
            th.setAttribute("scope", "col")
            th.setAttribute("data-seat", str(p))
            th.textContent = name
            head.appendChild(th)
            self.heads.append(Node(th))

        self.cells = {}
        self.columns = [[] for _ in players]  # every td of a player's column
        self._fill_rows(by_id("card-upper"), rules.upper_boxes, game)
        self._fill_rows(by_id("card-lower"), rules.lower_boxes, game)
        self.sums = {}
        self._fill_sums(by_id("card-upper-sums"), SUM_ROWS_UPPER, game)
        self._fill_sums(by_id("card-totals"), SUM_ROWS_TOTAL, game)
        self.card.attr("data-many", len(players) > MANY_PLAYERS)
        self._column_current = -1
        self.layout = (rules.id, tuple(players))

    def _new_td(self, tr, p):
        td = document.createElement("td")
        td.setAttribute("data-seat", str(p))
        tr.appendChild(td)
        item = Node(td)
        self.columns[p].append(item)
        return item

    def _fill_rows(self, body, boxes, game):
        t = self.cat.t
        body.replaceChildren()
        for box in boxes:
            tr = clone_template("tpl-row")
            tr.setAttribute("data-row", box)
            tr.querySelector(".box-name").textContent = t("box." + box)
            tr.querySelector(".box-hint").textContent = t("box_hint." + box)
            for p in range(len(game.players)):
                self.cells[(p, box)] = Cell(self._new_td(tr, p), p, box)
            body.appendChild(tr)

    def _fill_sums(self, body, rows, game):
        t = self.cat.t
        body.replaceChildren()
        for row in rows:
            tr = document.createElement("tr")
            tr.setAttribute("data-row", row)
            th = document.createElement("th")
            th.setAttribute("scope", "row")
            th.className = "box-col"
            th.textContent = t(SUM_LABELS[row])
            tr.appendChild(th)
            for p in range(len(game.players)):
                td = self._new_td(tr, p)
                td.attr("data-sum", row)
                self.sums[(p, row)] = td
            body.appendChild(tr)

    # -------------------------------------------------------------- rendering
    def _render_status(self, game):
        t = self.cat.t
        current = game.current_player
        name = game.players[current]
        totals = game.totals()
        rounds = game.rounds
        if game.is_over:
            self.turn_label.text(t("turn.over"))
            self.round_label.text("")
        else:
            self.turn_label.text(t("turn.label", name=name))
            self.round_label.text(t("turn.round", round=game.round + 1, rounds=rounds))
        self.caption.text(t("card.caption", round=min(game.round + 1, rounds), rounds=rounds))
        for p, (chip, total) in enumerate(self.chips):
            is_current = p == current and not game.is_over
            chip.cls("current", is_current)
            chip.attr("aria-current", "true" if is_current else None)
            total.text(totals[p])
            key = "players.chip_current" if is_current else "players.chip"
            chip.attr("aria-label", t(key, name=game.players[p], total=totals[p]))
        parts = game.breakdown(current)
        rules = game.ruleset
        if parts["upper_bonus"]:
            text = t("bonus.earned", bonus=rules.upper_bonus)
        else:
            text = t("bonus.progress", count=parts["upper_bonus_missing"], bonus=rules.upper_bonus)
        if parts["poker_bonus"]:
            text += " · " + t("bonus.poker", points=parts["poker_bonus"])
        self.bonus_progress.text(text)

    def _render_card(self, game):
        t = self.cat.t
        current = None if game.is_over else game.current_player
        options = game.options()
        if self._column_current != current:       # column highlight moves once a turn
            self._column_current = current
            for p, head in enumerate(self.heads):
                head.cls("current", p == current)
                head.cls("other", p != current)
                for td in self.columns[p]:
                    td.cls("current", p == current)
                    td.cls("other", p != current)
        for (p, box), cell in self.cells.items():
            card = game.cards[p]
            if box in card:
                cell.show(False, card[box])
                cell.td.cls("filled", True)
                cell.td.cls("zero", False)
            elif p == current and box in options:
                points = options[box]
                cell.show(True, points, self._fill_label(box, points))
                cell.td.cls("filled", False)
                cell.td.cls("zero", points == 0)
            else:
                cell.show(False, "")
                cell.td.cls("filled", False)
                cell.td.cls("zero", False)
        for p in range(len(game.players)):
            parts = game.breakdown(p)
            upper_done = all(b in game.cards[p] for b in game.ruleset.upper_boxes)
            for row in SUM_ROWS_UPPER + SUM_ROWS_TOTAL:
                value = parts[row]
                if row == "upper_bonus":
                    if value:
                        value = "+%d" % value
                    elif not upper_done:
                        value = t("card.bonus_missing", count=parts["upper_bonus_missing"])
                elif row == "poker_bonus" and value:
                    value = "+%d" % value
                self.sums[(p, row)].text(value)

    def _fill_label(self, box, points):
        """The button's accessible name, formatted once per box and value
        (a tap redraws every fillable cell; formatting is the costly part)."""
        label = self._fill_labels.get((box, points))
        if label is None:
            t = self.cat.t
            label = self._fill_labels[(box, points)] = t("card.fill", points=points,
                                                          box=t("box." + box))
        return label

    def _render_tray(self, game, view):
        t = self.cat.t
        over = game.is_over
        name = game.players[game.current_player]
        used = game.rolls_used
        seat = game.seats[game.current_player]
        computer_turn = not over and seat != "human"
        if over:
            main, sub = t("handover.over"), ""
        elif computer_turn:             # nobody passes the device to a computer
            main, sub = t("computer.turn", name=name), t("seat." + seat)
        elif not used:
            humans = sum(1 for s in game.seats if s == "human")
            if humans > 1:
                main, sub = t("handover.pass", name=name), t("handover.roll", name=name)
            elif len(game.players) > 1:
                main, sub = t("handover.your_turn", name=name), ""
            else:
                main, sub = t("handover.first_roll"), ""
        elif game.rolls_left:
            main, sub = t("handover.pick"), ""
        else:
            main, sub = t("handover.last"), ""
        self.handover_main.text(main)
        self.handover_sub.text(sub)
        self.root.attr("data-turn-phase", "over" if over else ("start" if not used else "rolled"))

        joker = ""
        if used and not over and game.ruleset.joker_applies(game.card(), game.dice):
            options = game.options()
            if len(options) == 1 and list(options)[0] in game.ruleset.upper_boxes \
                    and list(options.values())[0]:
                rule = t("joker.upper", box=t("box." + list(options)[0]))
            elif any(b in game.ruleset.lower_boxes for b in options):
                rule = t("joker.lower")
            else:
                rule = t("joker.zero")
            joker = t("joker.note", rule=rule)
            bonus = game.pending_poker_bonus()
            if bonus:
                joker += " " + t("joker.bonus", points=bonus)
        self.joker_note.text(joker)
        self.joker_note.show(bool(joker))

        can_hold = game.can_hold
        held = game.held
        spin = "ab"[view.roll_serial % 2] if view.roll_serial else None
        for i, die in enumerate(self.dice):
            value = game.dice[i] if game.dice else 0
            is_held = i in held
            die.attr("data-value", value)
            die.attr("aria-pressed", "true" if is_held else "false")
            die.disabled(not can_hold or computer_turn)
            if not value:
                label = t("die.blank", number=i + 1)
            else:
                label = t("die.held" if is_held else "die.value", number=i + 1, value=value)
            die.attr("aria-label", label)
            if spin and i in view.rolled:
                die.attr("data-spin", spin)

        self.roll.show(not over)
        self.show_results.show(over)
        self.roll.disabled(not game.can_roll or len(held) == 5 or computer_turn)
        if over:
            pass
        elif game.rolls_left:
            self.roll_text.text(t("roll.again" if used else "roll.button"))
            self.roll_left.text(t("roll.left", count=game.rolls_left))
        else:
            self.roll_text.text(t("roll.none_left"))
            self.roll_left.text("")
        self.undo.disabled(over or not undo_allowed(game))

    # ------------------------------------------------------------ live region
    def announce(self, text):
        """Say ``text`` to screen readers (a repeat is still announced)."""
        if text == self._announced:
            text += "\u00a0"
        self._announced = text
        self.live.textContent = text
