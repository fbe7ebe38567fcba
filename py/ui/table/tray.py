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
        step = state.remote.step() if state.remote is not None else None   # a game by link
        self._draw_message(game, t, seat, computer, scored, cat.complete, step)
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
        rolls = (over, game.rolls_used, game.rolls_left)
        if not over and self._rolls_drawn != rolls:
            self._rolls_drawn = rolls
            used = game.rolls_used
            if game.rolls_left:
                self.roll_text.text(t("roll.again" if used else "roll.button"))
                self.roll_left.text(t("roll.left", count=game.rolls_left))
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

    def _draw_message(self, game, t, seat, computer, scored, complete, step):
        name = game.players[game.current_player]
        used = game.rolls_used
        # (``complete``: a message of the rest of the catalogue is worded once it is in)
        drawn = (game, game.current_player, used, game.is_over, computer, scored, complete,
                 step)
        if self._message_drawn == drawn:
            return                      # what to do now changes with a roll or a box, not a die
        self._message_drawn = drawn
        if game.is_over:
            main, sub = t("handover.over"), ""
        elif step == "joining":         # a game by link: not every phone has its part yet
            main, sub = t("remote.joining"), ""
        elif computer:                  # nobody passes the device to a computer
            main, sub = t("computer.turn", name=name), t("seat." + seat)
        elif seat != HUMAN:             # a friend's turn, on their own device
            main, sub = t("remote.waiting_send" if step == "sending" else "remote.waiting",
                          name=name), ""
        elif not used:
            humans = game.seats.count(HUMAN)
            if humans > 1 and game.moves:   # the game's first turn: nobody passed anything yet
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
        self.handover_sub.text(scored or sub)
