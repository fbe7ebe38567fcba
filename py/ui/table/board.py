"""The board view: the scorecard, the players' chips and the status line above them.

Owns ``#card``, ``#players``, ``#turn-label``, ``#round-label`` and
``#bonus-progress`` (the chips and the card's head row through
:class:`ui.table.player_heads.PlayerHeads`); draws them from the controller's state, idempotently
(drawing the same state twice changes nothing).  The markup lives in
``index.html``; the card's rows and columns depend on the rule set and the
players, so they are cloned from ``<template>`` elements once per game
(``_build_card``); every later draw only updates text, attributes and classes
through cached :class:`~ui.platform.dom.Node` objects.  The hint's best box is marked
here (``data-hint="best"``), since this view owns the cells.

A tap redraws only what it changed, so its cost does not grow with the table
(eight players on one phone, or eight columns on a desktop's score pad, where
app.css shows every column and marks the one on turn from ``<html
data-current-player>``, with no write here): a player's column and sums are drawn again only
when what they show changed (:meth:`Board._column_key`), and a chip's text only
when its total or whether it is on turn changed.

What the style sheets would otherwise ask ``:has()`` (how many chips, how
many lower rows, which chip has the focus) is written here as attributes
(``data-size``, ``--first-half``, ``data-peek``): app.css says why.

Nothing here computes a score: previews come from ``game.options()``, sums
from ``game.breakdown()``.
"""

from dicepoker.rules import POKER
from control.messages import box_key, turn_words
from control.state import person_turn

from .cell import Cell
from ..records.storage import WIN_CHANCES
from ..platform.dom import Node, by_id, clone_template, document, listen, node
from .player_heads import PlayerHeads

SUM_ROWS_UPPER = ("upper", "upper_bonus")
SUM_ROWS_TOTAL = ("lower", "poker_bonus", "total")
SUM_LABELS = {"upper": "card.upper_sum", "upper_bonus": "card.upper_bonus",
              "lower": "card.lower_sum", "poker_bonus": "card.poker_bonus",
              "total": "card.total"}
MANY_PLAYERS = 3   # more than this: on a phone only the current column is shown


class Board:
    def __init__(self, storage=None):
        self.storage = storage      # the win chances' setting (ui.records.storage.WIN_CHANCES)
        self.turn_label = node("turn-label")
        self.round_label = node("round-label")
        self.bonus_progress = node("bonus-progress")
        self.caption = node("card-caption")
        self.card = node("card")
        self.layout = None        # (catalogue, rule set, players, seats) the card was built for
        self._fill_labels = {}    # (box, points) -> "Fill Pair with 8 points"
        self._columns_drawn = {}  # player -> _column_key of what the column shows
        self._sums_drawn = {}     # player -> the part of it the sums depend on
        self.heads = PlayerHeads()    # the chips and the card's head row
        self._winners = ()        # the players whose columns are marked as the winners'
        self._totals = []         # each player's total, as the sums show it
        self._current = None      # the seat on turn the chips show
        self._resting = None      # the seat the card shows with no chip focused, if not the
                                  # one on turn: once the game is over, the winner's
        chips = by_id("players")
        listen(chips, "focusin", self._peek)
        listen(chips, "focusout", self._peek)

    def _peek(self, event):
        """A chip not on turn focused (tapped): the card shows that player's column
        (``<table data-peek>``); the focus moved away: the current player's again (the
        winner's, once the game is over)."""
        chip = event.target.closest(".chip") if event.type == "focusin" else None
        seat = chip.getAttribute("data-seat") if chip is not None else None
        if seat is None or seat == self._current:
            seat = self._resting
        self.card.attr("data-peek", seat)

    def _forget(self):
        for item in (self.turn_label, self.round_label, self.bonus_progress, self.caption,
                     self.card):
            item.forget()
        self._fill_labels = {}
        self._turn_drawn = self._bonus_drawn = None

    def draw(self, state, texts):
        game = state.game
        if game is None or state.screen != "game":
            return
        cat = texts.cat
        # the seats as this player sees them (a game by link: ``control.remote_game``)
        seats = state.remote.seat_kinds() if state.remote is not None else game.seats
        layout = (cat, game.ruleset.id, tuple(game.players), tuple(seats))
        if self.layout != layout:
            if self.layout is None or self.layout[0] is not cat:
                self._forget()
            self._build_card(game, cat, seats)
            self.layout = layout
        self._draw_card(state, game, cat)
        self._draw_status(game, cat)

    # ---------------------------------------------------------- card building
    def _build_card(self, game, cat, seats):
        players, rules = game.players, game.ruleset
        self.heads.build(game, cat, seats)
        # the score pad's columns (app.css), as boot.js said them before Python
        self.card.el.style.setProperty("--players", str(len(players)))
        self.cells = {}
        self._fill_rows(by_id("card-upper"), rules.upper_boxes, game, cat)
        lower = by_id("card-lower")
        self._fill_rows(lower, rules.lower_boxes, game, cat)
        # landscape phones: the lower boxes in two columns, the first the longer
        lower.style.setProperty("--first-half", str((len(rules.lower_boxes) + 1) // 2))
        self.sums = {}
        self._fill_sums(by_id("card-upper-sums"), SUM_ROWS_UPPER, game, cat)
        self._fill_sums(by_id("card-totals"), SUM_ROWS_TOTAL, game, cat)
        self.card.attr("data-many", len(players) > MANY_PLAYERS)
        self._columns_drawn = {}
        self._sums_drawn = {}
        self._winners = ()
        self._turn_drawn = self._bonus_drawn = None
        self._totals = [0] * len(players)
        self._resting = None
        self.card.attr("data-peek", None)

    def _new_td(self, tr, p):
        td = document.createElement("td")
        td.setAttribute("data-seat", str(p))
        tr.appendChild(td)
        return Node(td)

    def _fill_rows(self, body, boxes, game, cat):
        body.replaceChildren()
        for box in boxes:
            tr = clone_template("tpl-row")
            tr.setAttribute("data-row", box)
            tr.querySelector(".box-name").textContent = cat.t(box_key(box, game.ruleset.id))
            tr.querySelector(".box-hint").textContent = cat.t("box_hint." + box)
            for p in range(len(game.players)):
                self.cells[(p, box)] = Cell(self._new_td(tr, p), p, box)
            body.appendChild(tr)

    def _fill_sums(self, body, rows, game, cat):
        body.replaceChildren()
        for row in rows:
            tr = document.createElement("tr")
            tr.setAttribute("data-row", row)
            th = document.createElement("th")
            th.setAttribute("scope", "row")
            th.className = "box-col"
            label = SUM_LABELS[row]
            if row == "poker_bonus" and box_key(POKER, game.ruleset.id) == "box.yahtzee":
                label = "card.yahtzee_bonus"    # Yahtzee's rules call it by their own name
            th.textContent = cat.t(label)
            tr.appendChild(th)
            for p in range(len(game.players)):
                td = self._new_td(tr, p)
                td.attr("data-sum", row)
                self.sums[(p, row)] = td
            body.appendChild(tr)

    # ---------------------------------------------------------------- drawing
    def _draw_status(self, game, cat):
        t = cat.t
        current = game.current_player
        totals = self._totals
        rounds = game.rounds
        turn = (game, current, game.round, game.is_over)
        if self._turn_drawn != turn:    # the lines of whose turn: once a turn, not every tap
            self._turn_drawn = turn
            self._current = None if game.is_over else str(current)
            # over, the card shows the (first) winner's column, not the seat the turn
            # would pass to (data-current-player stays the engine's current player)
            resting = str(game.winners()[0]) if game.is_over and len(game.players) > 1 else None
            if self.card.attr_value("data-peek") in (self._current, self._resting):
                self.card.attr("data-peek", resting)   # no chip looked at, or it is on turn
            self._resting = resting
            self.turn_label.text(cat.say(turn_words(game)) or "")   # control's whole message
            if game.is_over:
                self.round_label.text("")
            else:
                self.round_label.text(t("turn.round", round=game.round + 1, rounds=rounds))
            self.caption.text(t("card.caption", round=min(game.round + 1, rounds), rounds=rounds))
            self._mark_winners(game)
        self.heads.draw_chips(game, totals, t)
        if not game.moves:              # after the first roll: ui.table.win_chances's
            self.heads.draw_even_chances(game, t, self.storage is None
                                         or self.storage.get(WIN_CHANCES) != "off")
        shown = current if self._resting is None else int(self._resting)   # the column shown
        bonus = (turn, shown, len(game.cards[shown]), game.poker_bonuses[shown])
        if self._bonus_drawn == bonus:
            return
        self._bonus_drawn = bonus
        parts = game.breakdown(shown)
        rules = game.ruleset
        if parts["upper_bonus"]:
            text = t("bonus.earned", bonus=rules.upper_bonus)
        elif game.is_over:
            text = ""                   # missed: the card says so; nothing is left to go for
        else:
            text = t("bonus.progress", count=parts["upper_bonus_missing"], bonus=rules.upper_bonus)
        if parts["poker_bonus"]:
            yahtzee = box_key(POKER, game.ruleset.id) == "box.yahtzee"   # its own name
            poker = t("bonus.yahtzee" if yahtzee else "bonus.poker", points=parts["poker_bonus"])
            text = text + " · " + poker if text else poker
        self.bonus_progress.text(text)

    def _mark_winners(self, game):
        """Once the game is over, the winners' columns (``.winner``: the pad marks them);
        an undo of the last box takes the mark back."""
        winners = tuple(game.winners()) if game.is_over and len(game.players) > 1 else ()
        if winners == self._winners:
            return
        for p in set(winners) ^ set(self._winners):
            on = p in winners
            self.heads.heads[p].cls("winner", on)
            for box in game.ruleset.boxes:
                self.cells[(p, box)].td.cls("winner", on)
            for row in SUM_ROWS_UPPER + SUM_ROWS_TOTAL:
                self.sums[(p, row)].cls("winner", on)
        self._winners = winners

    def _draw_card(self, state, game, cat):
        current = None if game.is_over else game.current_player
        hint = state.hint
        best = hint["box"] if hint and hint["state"] == "shown" else None
        # a computer's (or a friend's) previews show what it may score, but are no
        # buttons a person can Tab to or tap: only the turn of someone here fills boxes
        live = person_turn(state)
        for p in range(len(game.players)):
            key = self._column_key(game, p, current, best) + (live,)
            if self._columns_drawn.get(p) == key:
                continue                # what this column shows has not changed
            self._columns_drawn[p] = key
            self._draw_column(game, p, game.options() if p == current else {}, best, cat, live)
            sums = self._sums_key(game, p)
            if self._sums_drawn.get(p) != sums:
                self._sums_drawn[p] = sums      # the sums move with a box, not a roll
                self._draw_sums(game, p, cat)

    @staticmethod
    def _column_key(game, p, current, best):
        """What player ``p``'s column and sums show depends on: which game is on
        screen (the object: ``state.version`` counts every move), the boxes filled
        (a box is filled once; undo takes one back) and the poker bonus; on turn
        also the throw and the hint's box (before the first throw the player on
        turn has no previews: the column shows what it showed)."""
        key = Board._sums_key(game, p)
        if p == current and game.rolls_used:
            key += (game.rolls_used, game.dice, best)
        return key

    @staticmethod
    def _sums_key(game, p):
        """What player ``p``'s sums depend on: the game, the boxes filled, the poker bonus."""
        return (game, len(game.cards[p]), game.poker_bonuses[p])

    def _draw_column(self, game, p, options, best, cat, live=True):
        card = game.cards[p]
        for box in game.ruleset.boxes:
            cell = self.cells[(p, box)]
            points = options.get(box)         # None: written (never offered again) or closed
            if points is None:
                cell.show(False, card.get(box, ""))
            else:
                cell.show(True, points, self._fill_label(cat, box, points, game.ruleset.id),
                          "best" if box == best else None, live)
            cell.td.cls("zero", points == 0)

    def _draw_sums(self, game, p, cat):
        parts = game.breakdown(p)
        self._totals[p] = parts["total"]
        upper_done = all(b in game.cards[p] for b in game.ruleset.upper_boxes)
        for row in SUM_ROWS_UPPER + SUM_ROWS_TOTAL:
            value = parts[row]
            if row == "upper_bonus":
                if value:
                    value = "+%d" % value       # "+35"; else "missed", or "12 to go"
                elif upper_done:
                    value = cat.t("card.bonus_missed")
                else:
                    value = cat.t("card.bonus_to_go", count=parts["upper_bonus_missing"])
            elif row == "poker_bonus" and value:
                value = "+%d" % value
            self.sums[(p, row)].text(value)

    def _fill_label(self, cat, box, points, rules):
        """The button's accessible name, formatted once per box and value
        (a tap redraws every fillable cell; formatting is the costly part)."""
        label = self._fill_labels.get((box, points, rules))
        if label is None:
            label = self._fill_labels[(box, points, rules)] = cat.t(
                "card.fill", points=points, box=cat.t(box_key(box, rules)))
        return label
