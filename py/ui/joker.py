"""The Joker note: ``#joker-note``, which boxes a five of a kind may fill under the Joker.

A Joker needs the poker box filled, so no first turn shows it: this view is
fetched once some card has that box filled (``control.state.joker_possible``,
``ui.later``), well before a
five of a kind can be a Joker.  The boxes come from the engine's options.
"""

from .dom import node


class JokerNote:
    def __init__(self, shell=None):
        self.note = node("joker-note")
        self._cat = None

    def draw(self, state, texts):
        game = state.game
        if game is None or state.screen != "game":
            return
        if texts.cat is not self._cat:
            self._cat = texts.cat
            self.note.forget()
        t = texts.cat.t
        joker = ""
        if game.rolls_used and not game.is_over \
                and game.ruleset.joker_applies(game.card(), game.dice):
            options = game.options()
            boxes = list(options)
            if len(boxes) == 1 and boxes[0] in game.ruleset.upper_boxes and options[boxes[0]]:
                rule = t("joker.upper", box=t("box." + boxes[0]))
            elif any(b in game.ruleset.lower_boxes for b in boxes):
                rule = t("joker.lower")
            else:
                rule = t("joker.zero")
            joker = t("joker.note", rule=rule)
            bonus = game.pending_poker_bonus()
            if bonus:
                joker += " " + t("joker.bonus", points=bonus)
        self.note.text(joker)
        self.note.show(bool(joker))

