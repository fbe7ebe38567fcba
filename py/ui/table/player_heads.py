"""Who plays, above the card: the players' chips (a phone) and the card's head row (the pad).

Part of the board view (``ui.table.board``), which makes it with the card once per
game.  A phone shows one column of the card and a chip per player
(``#players``: name, total, later the win chance; a tap shows that player's
column).  The score pad of a tablet or a desktop (app.css) shows every
column, so its head row stands for the chips there: one cell per player
(``#card-head th[data-seat]``) with the name, cut short by the style sheet
with the whole of it in the cell's tooltip and text (screen readers read
it), a mark for a seat the computer or a friend's phone plays, and the win
chance (``.head-chance``, written by ``ui.table.win_chances`` beside the chip's).
The phone's slim head line shows the same cell, its name only.
"""

from dicepoker.seats import HUMAN, REMOTE, is_you

from ..platform.dom import Node, by_id, clone_template, document

# the mark of a seat not played here: a friend's phone, else the computer (index.html's icons)
MARK = '<svg class="seat-mark" aria-hidden="true"><use href="#icon-%s"/></svg>'


def chips_size(players):
    """``<ul id="players" data-size>``: how the chips are laid out (app.css)."""
    return "few" if players <= 3 else "four" if players == 4 else "many"


class PlayerHeads:
    def __init__(self):
        self.chips = []             # (chip Node, total Node) per player
        self.heads = []             # the head row's cell (Node) per player
        self._drawn = {}            # player -> (total, on turn) the chip shows
        self._even = None           # (game, words) of the even chances drawn before a roll

    def build(self, game, cat, seats):
        """The chips and the head row's cells of ``game``'s players, in ``cat``'s words;
        ``seats``: who plays each, as this device's player sees it."""
        players = game.players
        chips = by_id("players")
        chips.replaceChildren()
        chips.setAttribute("data-size", chips_size(len(players)))
        self.chips = []
        for p, name in enumerate(players):
            name = cat.player(name)
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
            head.appendChild(self._head_cell(p, cat.player(name), seats[p], cat))
        self._drawn = {}
        self._even = None

    def _head_cell(self, p, name, seat, cat):
        """``<th data-seat title>``: the name, then (``.head-note``) a seat's mark and words
        for screen readers, and the win chance, empty until ``ui.table.win_chances`` has it."""
        th = clone_template("tpl-head")
        th.setAttribute("data-seat", str(p))
        th.firstElementChild.textContent = name
        th.title = name
        if seat != HUMAN:
            who = cat.t("seat." + seat)
            th.title = name + " · " + who
            note = th.lastElementChild
            note.firstElementChild.textContent = who
            note.insertAdjacentHTML("afterbegin", MARK % ("remote" if seat == REMOTE else "computer"))
        self.heads.append(Node(th))
        return th

    def draw_chips(self, game, totals, t):
        """Each chip's total and whether its player is on turn (only what changed)."""
        current = game.current_player
        for p, (chip, total) in enumerate(self.chips):
            is_current = p == current and not game.is_over
            shown = (totals[p], is_current)
            if self._drawn.get(p) == shown:
                continue
            self._drawn[p] = shown
            chip.cls("current", is_current)
            chip.attr("aria-current", "true" if is_current else None)
            total.text(totals[p])
            name = game.players[p]
            if is_current and is_you(name):
                label = t("players.chip_current_you", total=totals[p])
            else:
                key = "players.chip_current" if is_current else "players.chip"
                label = t(key, name=name, total=totals[p])
            chip.attr("aria-label", label)

    def draw_even_chances(self, game, t, on):
        """Before a game's first roll every card is empty: each player's chance of winning
        is 1/n (what ``dicepoker.strategy.chances`` gives, with no table to fetch), shown
        as ``ui.table.win_chances`` shows them from the first roll on (same spans, same
        words), unless the setting turned them off or one plays alone."""
        n = len(game.players)
        if n < 2 or not on:
            return
        percent = str(int(100.0 / n + 0.5))
        word = t("chances.percent", percent=percent)
        if self._even == (game, word):
            return
        self._even = (game, word)
        texts = []
        for p, (chip, _total) in enumerate(self.chips):
            span = chip.el.querySelector("[data-win-chance]")
            if span is None:
                span = document.createElement("span")
                span.className = "chip-chance"
                span.setAttribute("data-win-chance", "")
                span.setAttribute("data-player", str(p))
                chip.el.appendChild(span)
            span.textContent = word
            span.setAttribute("data-value", "%.6f" % (1.0 / n))
            span.setAttribute("title", t("chances.label", name=game.players[p], percent=percent))
            texts.append(word)
        heads = document.querySelectorAll("#card-head .head-chance")
        if heads.length == n:
            for p in range(n):
                heads.item(p).textContent = texts[p]
