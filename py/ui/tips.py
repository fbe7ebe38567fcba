"""The first game's tips: four short notes in place, each shown until dismissed, once ever.

Made with :class:`ui.feel.Feel` (fetched after the first roll).  One tip at a
time, ``#tip`` (``[data-tip=keep|again|card|bonus]``), beside what it is about,
on a person's turn once the dice are thrown, while no dialog is open: keep
dice and roll again (above the dice), what the card shows (on the card), the
upper bonus (beside its row).  ``#tip-close`` dismisses the one shown: the ids
dismissed are kept in storage (``dicepoker.tips``), so a dismissed tip never
comes back, on this page or after a reload, until the rules page's "Show the
tips again" (:func:`again`) forgets them.  The tip lets taps through around
its button (``pointer-events``), so it never stands in a move's way.
"""

from control.state import person_turn

from .dom import by_id, create_proxy, document, listen, window

TIPS = ("keep", "again", "card", "bonus")
ANCHORS = {"keep": "dice", "again": "dice", "card": "card", "bonus": "card-upper-sums"}
KEY = "dicepoker.tips"      # ui.storage lists it
GAP = 8                     # px between a tip and what it is about
TOP_BAR = 48                # px of the top bar, which a tip leaves alone

_tips = []                  # the view, once made


def again(storage):
    """Show every tip again (the rules page's button)."""
    storage.remove(KEY)
    if _tips:
        _tips[0].dismissed = []


class Tips:
    def __init__(self, shell):
        self.shell = shell
        stored = shell.storage.get_json(KEY, [])
        self.dismissed = [t for t in stored if t in TIPS] if isinstance(stored, list) else []
        self.drawn = None           # (tip, language) on screen, or None
        self.box = document.createElement("aside")
        self.box.id = "tip"
        self.box.className = "tip"
        self.box.hidden = True
        self.box.innerHTML = ('<p id="tip-text" class="tip-text"></p>'
                              '<button id="tip-close" class="btn secondary small" type="button">'
                              '</button>')
        document.body.appendChild(self.box)
        listen(by_id("tip-close"), "click", self._dismiss)
        self._place_proxy = create_proxy(self._place)
        listen(document.defaultView, "resize", self._place)     # (window's own: illegal call)
        _tips[:] = [self]

    def _current(self, state):
        game = state.game
        if game is None or state.screen != "game" or state.dialogs or state.confirm is not None \
                or state.hint is not None:      # the hint's panel and list: not under a tip
            return None
        if game.is_over or not person_turn(state) or not game.rolls_used:
            return None
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
            self.box.hidden = True
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
        self.box.hidden = False
        window.requestAnimationFrame(self._place_proxy)   # placed once laid out

    def _place(self, *_):
        """Beside its anchor: above it if there is room, else over a tall one (the
        card) at its top, else below."""
        if self.drawn is None:
            return
        box = self.box
        anchor = by_id(ANCHORS[self.drawn[0]]).getBoundingClientRect()
        width = window.innerWidth
        height = window.innerHeight
        own = box.getBoundingClientRect()
        if anchor.top - own.height - GAP > TOP_BAR:
            top = anchor.top - own.height - GAP
        elif anchor.height > height * .4:
            top = max(anchor.top, TOP_BAR) + GAP
        else:
            top = min(anchor.bottom + GAP, height - own.height - GAP)
        left = anchor.left + anchor.width / 2 - own.width / 2
        left = max(GAP, min(left, width - own.width - GAP))
        box.style.top = "%dpx" % top
        box.style.left = "%dpx" % left

    def _dismiss(self, event):
        if self.drawn is None:
            return
        self.dismissed.append(self.drawn[0])
        self.shell.storage.set_json(KEY, self.dismissed)
        self.drawn = None
        self.box.hidden = True
        self.shell.draw()
