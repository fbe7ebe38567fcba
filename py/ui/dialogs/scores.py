"""The high-score view: ``#scores-dialog``, the best 10 of a rule set; and the list both
it and the end screen show (:func:`fill_highscores`)."""

from ..records import highscores
from ..later import sync
from ..platform.dom import by_id, clone_template, listen


def fill_highscores(target, table, ruleset, cat):
    """List ``table``'s results of ``ruleset`` in ``target``; how many there are."""
    entries = table.get(ruleset, [])
    target.replaceChildren()
    for entry in entries:
        li = clone_template("tpl-highscore")
        li.querySelector(".hs-name").textContent = cat.player(entry["name"])
        li.querySelector(".hs-meta").textContent = cat.t("scores.entry_meta", date=entry["date"],
                                                         count=entry["players"])
        li.querySelector(".hs-score").textContent = str(entry["score"])
        target.appendChild(li)
    return len(entries)


class Scores:
    """Opens on the rule set of the game on screen; the dialog's own select then picks
    which rule set it lists (a choice within the dialog, not the game's business)."""

    def __init__(self, shell):
        self.storage = shell.storage
        self.dialog = by_id("scores-dialog")
        self.select = by_id("scores-ruleset")
        self.texts = self._cat = None
        listen(self.select, "change", lambda event: self._fill())

    def draw(self, state, texts):
        self.texts = texts
        if sync(self.dialog, "scores" in state.dialogs):
            if state.game is not None:
                self.select.value = state.game.ruleset.id
            self._fill()
        elif self.dialog.open and self._cat is not texts.cat:
            self._fill()            # another language

    def _fill(self):
        cat = self._cat = self.texts.cat
        table = highscores.load(self.storage)
        count = fill_highscores(by_id("scores-list"), table, self.select.value, cat)
        by_id("scores-empty").hidden = count > 0
