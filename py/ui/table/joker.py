"""The Joker note: ``#joker-note``, which boxes a five of a kind may fill under the Joker.

A Joker needs the poker box filled, so no first turn shows it: this view is
fetched once some card has that box filled (``control.state.joker_possible``,
``ui.later``), well before a five of a kind can be a Joker.  Which boxes it
opens is the engine's ``Ruleset.joker_case``.
"""

from control.messages import box_key

from ..platform.dom import node


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
        case = None
        if game.rolls_used and not game.is_over:
            case = game.ruleset.joker_case(game.card(), game.dice)
        if case is not None:
            if case == "upper":
                rule = t("joker.upper", box=t(box_key(list(game.options())[0], game.ruleset.id)))
            else:
                rule = t("joker." + case)      # joker.lower, joker.zero
            joker = t("joker.note", rule=rule)
            bonus = game.pending_poker_bonus()
            if bonus:
                yahtzee = box_key("poker", game.ruleset.id) == "box.yahtzee"   # its own name
                joker += " " + t("joker.bonus_yahtzee" if yahtzee else "joker.bonus",
                                 points=bonus)
        self.note.text(joker)
        self.note.show(bool(joker))

