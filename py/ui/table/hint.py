"""The hint view: ``#hint-panel``, what the coach advises on the position on screen.

The controller holds the hint (``state.hint``: loading, shown, failed, or
"roll first"); the best dice and box are marked by the tray and board views.
The list of every option (``#hint-more``) is drawn only when opened, since up
to ~45 rows of DOM writes would double the time to the first marks.
Whether the panel and its list are open is also written where the style
sheets need it, as ``<div class="tray" data-hint-shown>`` and
``<div id="hint-panel" data-list-open>`` (no ``:has()``: app.css says why).

On a phone and an upright tablet the open list is a sheet (later.css, ``SHEET``) over
the card, its foot just above the dice (``--hint-sheet-bottom``, measured here), so
the dice and Roll it talks about stay in view and in reach; Esc or a tap outside it
closes it (the list; the hint stays).

In a game with opponents, where the end-of-game tables hold the position, the
advice ranks the options by the chance to win (each with ``win``): the hint
names the best move for winning and its chance ("Keep 6 6 6 and roll again:
34% chance to win"), and the best move for points with its chance where that
is another move; ``#hint-panel`` carries the best chance in ``data-hint-win``
and each row of the list its own in ``data-win`` (decimals 0..1).
"""

from ..platform.dom import by_id, document, listen, window
from ..advice.words import around, dice_text, escape, format_percent, number, option_text, shown_loss

STATES = {"roll": "hint.roll_first", "loading": "hint.loading", "failed": "hint.failed"}
# where the open list is a sheet: later.css's media query for .hint-panel[data-list-open]
SHEET = "(max-width: 899px) and (orientation: portrait), (max-width: 599px)"


class HintPanel:
    def __init__(self, shell=None):
        self.panel = by_id("hint-panel")
        self.text = by_id("hint-text")
        self.more = by_id("hint-more")
        self.list = by_id("hint-list")
        self.button = by_id("hint")
        self.tray = by_id("tray")
        # its markup comes with the later views' (static/later.html, inserted at the end
        # of <body>: not a byte of every first visit); its place is under the tray's buttons
        self.tray.querySelector(".tray-actions").after(self.panel)
        self.button.setAttribute("aria-controls", "hint-panel")    # now that it is there
        self._drawn = None          # (hint, its state, expanded, catalogue) on screen
        self.shell = shell
        listen(document, "keydown", self._on_key)
        listen(document, "pointerdown", self._on_press)
        listen(document.defaultView, "resize", lambda event: self._place())

    def _list_open(self):
        return self.panel.hasAttribute("data-list-open") and self.shell is not None

    def _on_key(self, event):
        """Esc closes the open list (a dialog or a question over it has Esc first)."""
        if event.key == "Escape" and self._list_open() and not event.defaultPrevented \
                and document.querySelector("dialog[open]") is None:
            event.preventDefault()
            self.shell.act({"hint_list": True})
            self.more.focus()

    def _on_press(self, event):
        """A tap outside the sheet closes it (the tap does what it does besides)."""
        if self._list_open() and _sheet() and not self.panel.contains(event.target) \
                and document.querySelector("dialog[open]") is None:
            self.shell.act({"hint_list": True})

    def _place(self):
        """The sheet's foot just above the dice: the dice and Roll stay free."""
        style = self.panel.style
        if not self.panel.hasAttribute("data-list-open") or not _sheet():
            style.removeProperty("--hint-sheet-bottom")
            style.removeProperty("--hint-sheet-room")
            return
        dice = by_id("dice").getBoundingClientRect().top
        bar = document.querySelector(".topbar")
        top = bar.getBoundingClientRect().bottom if bar is not None else 0
        bottom = max(0, int(window.innerHeight - dice + 6))
        style.setProperty("--hint-sheet-bottom", "%dpx" % bottom)
        # between the top bar and the dice (the sheet scrolls within it)
        style.setProperty("--hint-sheet-room",
                          "%dpx" % max(120, int(window.innerHeight - bottom - max(0, top) - 6)))

    def draw(self, state, texts):
        hint = state.hint
        cat = texts.cat
        shown = hint["state"] if hint is not None else None
        if shown == "shown" and not cat.complete:
            texts.need_all()        # the advice's words are not in the start part
            shown = "loading"
        key = (id(hint), shown, hint["expanded"] if hint else None, cat)
        if key == self._drawn:
            return
        self._drawn = key
        if shown == "loading":
            self.button.setAttribute("aria-busy", "true")
        else:
            self.button.removeAttribute("aria-busy")
        if hint is None:
            self._open(False, False)
            self.panel.removeAttribute("data-hint-state")
            self.panel.removeAttribute("data-hint-best")
            self.panel.removeAttribute("data-hint-win")
            self.list.replaceChildren()
            return
        if shown != "shown":
            self.panel.removeAttribute("data-hint-win")
            self._say(cat.t(STATES[shown]), shown)
            return
        advice = hint["advice"]
        best = advice["best"]
        rules = state.game.ruleset.id if state.game is not None else None   # Yahtzee's names
        to_win = "win" in best
        if to_win:
            text = win_text(cat, advice, rules)
        else:
            value = number(cat, best["value"])
            if best["kind"] == "score":
                text = cat.t("hint.best_score", option=option_text(cat, best, rules), value=value)
            else:
                text = cat.t("hint.best_hold", option=option_text(cat, best, rules), value=value)
                box = _first_score(advice["options"])
                if box is not None:
                    text += " " + cat.t("hint.stop_box", option=option_text(cat, box, rules))
        self._say(text, "shown")
        self.panel.setAttribute("data-hint-best", best["kind"])
        if to_win:
            self.panel.setAttribute("data-hint-win", "%.4f" % best["win"])
        else:
            self.panel.removeAttribute("data-hint-win")
        if "ms" in advice:
            self.panel.setAttribute("data-advise-ms", "%.1f" % advice["ms"])
        self.more.hidden = False
        expanded = hint["expanded"]
        if expanded:
            self._fill_list(cat, advice["options"], rules)
        else:
            self.list.replaceChildren()
        self._open(True, expanded)
        self.more.setAttribute("aria-expanded", "true" if expanded else "false")
        self.more.textContent = cat.t("hint.less" if expanded else "hint.more")

    def _say(self, text, shown):
        self.text.textContent = text
        self.panel.setAttribute("data-hint-state", shown)
        self.more.hidden = True
        self._open(True, False)

    def _open(self, panel, expanded):
        """Show or hide the panel and its list of every option."""
        self.panel.hidden = not panel
        self.list.hidden = not expanded
        self.tray.toggleAttribute("data-hint-shown", panel)
        self.panel.toggleAttribute("data-list-open", expanded)
        self._place()

    def _fill_list(self, cat, options, rules=None):
        fill_options(self.list, cat, options, rules)


def _sheet():
    return window.matchMedia(SHEET).matches


def win_text(cat, advice, rules=None):
    """The hint to win: the best move for winning and its chance, then the best for points
    and its chance where that is another move (whole sentences of the catalogue)."""
    best = advice["best"]
    text = _win_sentence(cat, best, rules)
    points = advice.get("points_best")
    if points is not None and points["move"] != best["move"]:
        text += " " + cat.t("hint.win_points", option=option_text(cat, points, rules),
                            percent=format_percent(points["win"]))
    return text


def _win_sentence(cat, option, rules):
    percent = format_percent(option["win"])
    if option["kind"] == "score":
        return cat.t("hint.win_score", option=option_text(cat, option, rules), percent=percent)
    if option["kind"] == "roll" or not option["keep"]:
        return cat.t("hint.win_keep_none", percent=percent)
    return cat.t("hint.win_keep", dice=dice_text(option["keep"]), percent=percent)


def fill_options(target, cat, options, rules=None):
    """Fill the list ``target`` with every option of ``options``: :func:`option_rows`, in
    one DOM call (up to ~45 rows of four elements each, which call by call cost more than
    the rest of a tap).  Options with their chance to win (``win``) show it in place of
    the points given away, each row with ``data-win``."""
    target.innerHTML = option_rows(cat, options, rules=rules)


def option_rows(cat, options, start=0, stop=None, chosen=None, rules=None):
    """The list rows of ``options[start:stop]`` (ranked, with values and losses) as markup:
    what each does, its expected final score and the points it gives away, the best
    marked (and ``data-chosen`` on the option ranked ``chosen``).  The hint's list and
    the practice's answer (``ui.practice.screen``) are this one markup."""
    point = cat.t("number.decimal")
    value_at, loss_at = around(cat, "hint.option_value", "value"), around(cat, "hint.option_loss",
                                                                          "loss")
    rows = []
    for rank in range(start, len(options) if stop is None else min(stop, len(options))):
        option = options[rank]
        win = option.get("win")
        if win is not None:
            loss = cat.t("chances.percent", percent=format_percent(win))
        elif rank:
            loss = number(cat, shown_loss(options[0]["value"], option["value"]), point).join(loss_at)
        else:
            loss = cat.t("hint.option_best")
        rows.append('<li class="hint-option%s" data-kind="%s" data-move="%s" data-value="%.4f" '
                    'data-loss="%.4f"%s%s><span class="hint-what">%s</span><span class="hint-value">'
                    '%s</span><span class="hint-loss">%s</span></li>' % (
                        "" if rank else " best", option["kind"], _move_attr(option),
                        option["value"], option["loss"],
                        "" if win is None else ' data-win="%.4f"' % win,
                        ' data-chosen=""' if rank == chosen else "",
                        escape(option_text(cat, option, rules)),
                        escape(number(cat, option["value"], point).join(value_at)), escape(loss)))
    return "".join(rows)


def _first_score(options):
    for option in options:
        if option["kind"] == "score":
            return option
    return None


def _move_attr(option):
    """The option's move as compact text for tests and styles: "roll:0,2" / "score:pair"."""
    move = option["move"]
    if "score" in move:
        return "score:" + move["score"]
    return "roll:" + ",".join(str(i) for i in move["roll"])
