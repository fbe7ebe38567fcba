"""The first game's tips: four short notes in place, each shown until dismissed, once ever.

A start view (``ui.page``; a first turn fetches nothing on first use), so the first
tip, about keeping dice, comes right after the first roll, before any die is kept
(issue 47; it came with ``ui.feel.door``, at the second roll); its words are in the
catalogue's start part and its look in app.css.
One tip at a time, ``#tip`` (``[data-tip=keep|again|card|bonus]``: keep dice, roll again,
what the card shows, the upper bonus), on a person's turn once the dice are
thrown, while no dialog is open, in the tray's message area, in place of its
legend and turn line (app.css's room for them: a tip never covers a box, a
die or Roll, and takes no room from the card).  ``#tip-close`` dismisses the
one shown: the ids dismissed are kept in storage (``dicepoker.tips``), so a
dismissed tip never comes back, on this page or after a reload, until the
rules page's "Show the tips again" (:meth:`Tips.tips_again`) forgets them.
"""

from control.state import person_turn

from ..platform.dom import by_id, document, listen
from ..records.storage import TIPS as KEY

TIPS = ("keep", "again", "card", "bonus")


class Tips:
    def __init__(self, shell):
        self.shell = shell
        stored = shell.storage.get_json(KEY, [])
        self.dismissed = [t for t in stored if t in TIPS] if isinstance(stored, list) else []
        self.drawn = None           # (tip, language) on screen, or None
        self.asked = False          # "Show the tips again" on this page: at once
        self.box = document.createElement("div")
        self.box.id = "tip"
        self.box.className = "tip"
        self.box.setAttribute("role", "note")
        self.box.hidden = True
        self.box.innerHTML = ('<p id="tip-text" class="tip-text"></p>'
                              '<button id="tip-close" class="btn secondary small" type="button">'
                              '</button>')
        self.area = document.querySelector(".tray-message")
        self.area.prepend(self.box)
        listen(by_id("tip-close"), "click", self._dismiss)

    def tips_again(self):
        """Show every tip again (the rules page's button: ``ui.dialogs.rules``), from now."""
        self.dismissed = []
        self.drawn = None
        self.asked = True

    def _current(self, state):
        game = state.game
        if game is None or state.screen != "game" or state.dialogs or state.confirm is not None \
                or state.hint is not None:      # the hint's panel and list: not under a tip
            return None
        if game.is_over or not person_turn(state) or not game.rolls_used:
            return None
        if not state.roll_serial and not self.asked:
            return None     # a page reloaded mid-turn comes back as it was (no shift)
        for tip in TIPS:
            if tip not in self.dismissed:
                if tip in ("keep", "again") and not game.rolls_left:
                    continue
                return tip
        return None

    def draw(self, state, texts):
        tip = self._current(state)
        key = None if tip is None else (tip, texts.cat)
        if key == self.drawn:
            return
        self.drawn = key
        if tip is None:
            self._show(False)
            return
        cat = texts.cat
        words = texts.say({"key": "tips." + tip})
        if words is None:
            self.drawn = None           # the rest of the catalogue is on its way
            return
        self.box.setAttribute("data-tip", tip)
        self.box.setAttribute("aria-label", cat.t("tips.label"))
        by_id("tip-text").textContent = words
        by_id("tip-close").textContent = cat.t("tips.close")
        self._show(True)

    def _show(self, shown):
        """The tip in the tray's message area, in place of its other lines
        (``data-tip-shown`` for later.css: no ``:has()``, app.css says why)."""
        self.box.hidden = not shown
        self.area.toggleAttribute("data-tip-shown", shown)

    def _dismiss(self, event):
        if self.drawn is None:
            return
        self.dismissed.append(self.drawn[0])
        self.shell.storage.set_json(KEY, self.dismissed)
        self.drawn = None
        self._show(False)
        self.shell.draw()
