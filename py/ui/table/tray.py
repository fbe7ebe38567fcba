"""The tray view: what to do now, the dice, Roll, Undo and Hint.

Owns ``#handover``, the five ``.die`` buttons (:func:`_all_dice`), ``#roll``,
``#undo``, ``#show-results`` and ``#hint`` (the computer bar under them is
``ui.table.computer_bar``'s).  Today's game's counted try has no Hint
(``control.state.counted_try``): ``#tray[data-no-hint]`` hides the button, Roll
taking its room.  The dice the hint says to keep are marked here
(``data-hint="keep"``), since this view owns the dice.  What a computer scored
stays under the message until the next move.
"""

from dicepoker.seats import HUMAN, is_computer

from control.messages import tray_words
from control.state import computer_turn, counted_try, undo_allowed

from ..platform.dom import Node, document, node, window


def _all_dice():
    """The dice buttons, in order.  index.html holds the first (its markup once, not five
    times: bytes of every first visit); static/js/boot.js's ``copyDice`` makes the others
    before the first paint, and again here if no frame was drawn (it copies only what is
    missing)."""
    window.dicePokerBoot.copyDice()
    found = document.querySelectorAll(".die")
    return [found.item(i) for i in range(found.length)]


class Tray:
    def __init__(self):
        self.handover_main = node("handover-main")
        self.handover_sub = node("handover-sub")
        self.roll = node("roll")
        self.roll_text = node("roll-text")
        self.roll_left = node("roll-left")
        self.undo = node("undo")
        self.show_results = node("show-results")
        self.hint_button = node("hint")
        self.tray = node("tray")
        self.dice = [Node(die) for die in _all_dice()]
        self._cat = None
        self._dice_drawn = [None] * len(self.dice)    # what each die shows, as drawn
        self._message_drawn = self._rolls_drawn = None
        self._labels = {}           # (die, value, held) -> its accessible name

    def _forget(self):
        for item in list(self.__dict__.values()) + self.dice:
            if isinstance(item, Node):
                item.forget()
        self._dice_drawn = [None] * len(self.dice)
        self._message_drawn = self._rolls_drawn = None
        self._labels = {}

    def draw(self, state, texts):
        game = state.game
        if game is None or state.screen != "game":
            return
        cat = texts.cat
        if cat is not self._cat:
            self._forget()
            self._cat = cat
        t = cat.t
        over = game.is_over
        seat = game.seats[game.current_player]
        computer = computer_turn(state)
        version, scored, by = state.last_box    # a computer's last box, until the next move
        scored = cat.say(scored) if version == state.version and is_computer(by) else ""
        remote = state.remote                   # a game by link: what it waits for here
        step = remote.step() if remote is not None else None
        own = tuple(remote.names_of(remote.device)) \
            if remote is not None and remote.device is not None else None
        self._draw_message(game, cat, computer, scored, step, own)
        hint = state.hint
        keep = hint["keep"] if hint is not None and hint["state"] == "shown" else ()
        can_hold = game.can_hold and not computer
        spin = "ab"[state.roll_serial % 2] if state.roll_serial else None
        for i, die in enumerate(self.dice):
            value = game.dice[i] if game.dice else 0
            is_held = i in state.held
            drawn = (value, is_held, can_hold, i in keep, spin if i in state.rolled else None)
            if self._dice_drawn[i] == drawn:
                continue                # a tap on one die draws that die (its label is costly)
            self._dice_drawn[i] = drawn
            die.attr("data-value", value)
            die.attr("aria-pressed", "true" if is_held else "false")
            die.disabled(not can_hold)
            die.attr("data-hint", "keep" if i in keep else None)
            die.attr("aria-label", self._label(t, i, value, is_held))
            if spin and i in state.rolled:
                die.attr("data-spin", spin)

        self.roll.show(not over)
        self.show_results.show(over)
        self.roll.disabled(not game.can_roll or len(state.held) == 5 or seat != HUMAN)
        rolls = (over, game.rolls_used, game.rolls_left, seat == HUMAN)
        if not over and self._rolls_drawn != rolls:
            self._rolls_drawn = rolls
            used = game.rolls_used
            if game.rolls_left:
                self.roll_text.text(t("roll.again" if used else "roll.button"))
                self.roll_left.text(t("roll.left", count=game.rolls_left))
            elif seat != HUMAN:         # a computer's or a friend's turn: not ours to pick a box
                self.roll_text.text(t("roll.button"))
                self.roll_left.text("")
            else:
                self.roll_text.text(t("roll.none_left"))
                self.roll_left.text("")
        self.undo.disabled(over or not undo_allowed(game, state.remote))
        # before the first roll there is nothing to advise: no button that only says so
        self.hint_button.disabled(over or seat != HUMAN or not game.rolls_used)
        self.tray.attr("data-no-hint", counted_try(state))

    def _label(self, t, i, value, is_held):
        """Die ``i``'s accessible name, formatted once per language, die, value and
        whether it is kept (a roll or a box redraws up to five)."""
        key = (i, value, is_held)
        label = self._labels.get(key)
        if label is None:
            if not value:
                label = t("die.blank", number=i + 1)
            else:
                label = t("die.held" if is_held else "die.value", number=i + 1, value=value)
            self._labels[key] = label
        return label

    def _draw_message(self, game, cat, computer, scored, step, own):
        used = game.rolls_used
        # (``complete``: a message of the rest of the catalogue is worded once it is in)
        drawn = (game, game.current_player, used, game.is_over, computer, scored, cat.complete,
                 step, own)
        if self._message_drawn == drawn:
            return                      # what to do now changes with a roll or a box, not a die
        self._message_drawn = drawn
        main, sub = tray_words(game, computer, step, own)      # whole messages: control's
        main = cat.say(main) or ""
        sub = cat.say(sub) or "" if sub is not None else ""
        self.handover_main.text(main)
        self.handover_sub.text(scored or sub)
