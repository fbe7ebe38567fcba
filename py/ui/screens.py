"""The page view: which screen shows, and the ``<html>`` attributes tests and styles read.

Owns ``#app``, ``#setup``/``#game``, ``#new-game``, ``#back-to-game`` and,
on ``<html>``, ``data-state`` (setup, ready, over), ``data-current-player``,
``data-turn-phase`` (start, rolled, over) and ``data-computer-turn`` (the level
of the computer playing).  Until :meth:`Screens.take_over`, the first screen is
static/js/boot.js's (``data-first``, the rules of a saved game or a link, ``data-rules``, ``#app`` inert).
"""

from control.state import computer_turn, current_seat, setup_over_game, turn_phase

from .platform.dom import Node, document, node, window


class Screens:
    """``setup_ready()``: the setup form is there (it is fetched on first use); until
    it is, the game stays on screen and nothing says "setup".

    A screen shown in place of the other opens at its top: the page keeps its scroll
    position, and after Start (at the bottom of the setup form on a phone) the game
    came in scrolled down, its players' line and first rows out of sight."""

    def __init__(self, setup_ready):
        self.setup_ready = setup_ready
        self.root = Node(document.documentElement)
        self.app = document.getElementById("app")
        self.setup = node("setup")
        self.game = node("game")
        self.new_game = node("new-game")
        self.back_to_game = node("back-to-game")
        self.starting = True        # data-state stays "loading" until page start is done
        self.shown = None           # "setup", "game" or None (the first screen's, at start)

    def take_over(self):
        """boot.js's first screen becomes the one drawn (call in the task that drew
        it, so no frame shows the two): taps are the page's from now on."""
        self.app.removeAttribute("inert")
        self.root.attr("data-first", None)
        self.root.attr("data-rules", None)     # its rules' rows are the board's now
        document.documentElement.style.removeProperty("--players")   # and its columns

    def draw(self, state, texts):
        if self.starting:
            # boot.js's first screen stays until the start's last draw, in take_over's
            # task: a friend's link, taken in after its files are fetched, had the
            # setup form shown above the game meanwhile (the game jumped down and back).
            return
        game = state.game
        on_game = state.screen == "game" and game is not None
        on_setup = not on_game and self.setup_ready()
        shown = "setup" if on_setup else "game" if game is not None else None
        if shown != self.shown:
            if self.shown is not None and shown is not None:
                window.scrollTo(0, 0)
            self.shown = shown
        self.setup.show(on_setup)
        self.game.show(shown == "game")
        self.new_game.show(on_game)
        self.back_to_game.show(on_setup and setup_over_game(state))
        root = self.root
        if not (on_game or on_setup):
            return
        root.attr("data-computer-turn", current_seat(state) if computer_turn(state) else None)
        if not on_game:
            root.attr("data-state", "setup")
            root.attr("data-current-player", None)
            return
        over = game.is_over
        root.attr("data-state", "over" if over else "ready")
        root.attr("data-current-player", game.current_player)
        root.attr("data-turn-phase", turn_phase(game))
