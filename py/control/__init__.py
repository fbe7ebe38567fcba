"""The game's controller as pure Python: one state of the screen, actions in, effects out.

Everything the player's screen is *about* lives in one :class:`~control.state.State`:
the game, which screen and dialog is open, the question being asked, the notice,
the hint shown, the dice kept, whose seat is a computer and when it moves next.
It changes only through :meth:`control.controller.Controller.dispatch`, which
takes an **action** (plain data with one key: ``{"roll": True}``,
``{"hold": 2}``, ``{"open": "rules"}``, ``{"confirm": True}``,
``{"link": {...}}``, ``{"tick": 7}``, ...) and returns **effects** (plain data
too: save this, announce that, record a result, advise on this position, call
me back in 750 ms with this action).  The browser shell (``py/ui/``) turns DOM
events into actions, carries out the effects and draws the state; nothing here
imports ``js`` or ``pyscript``, so whole games are tested on CPython
(``tests/control/``) and the same scenarios run on the page's MicroPython.

Modules, one job each (none imports one that imports it back: ``tests/test_imports.py``):

- ``state``     the state and the facts derived from it (whose turn, may undo)
- ``messages``  what the screen says, as message keys with parameters
- ``effects``   the kinds of effect, their shapes and who asks for each
- ``controller`` the one ``dispatch``: routes an action, then keeps the
  invariants that follow every action (a stale hint goes, a computer's turn
  gets its timer); ``LATER`` names the handlers fetched on first use
- ``play``      the player's moves: dice, boxes, undo, and what is announced
- ``games``     starting, resuming, links, setup, new games
- ``dialogs``   questions, dialogs, notices
- ``links``     challenge links <-> setups
- ``saves``     the save's meta data and the rule that keeps an older tab from
  writing over a newer game
- ``autosave``  the ``save`` effect of the game as it is now, after every change

and, not needed by a first turn, fetched on first use on the page
(``controller.LATER``; ``ui.remote`` adds ``remote``'s actions to it):

- ``assist``    the hint and the computer seats (the thinking is an effect)
- ``incoming``  games from elsewhere: another tab's save, a game file, a kept game
- ``ending``    a finished game's results, recorded once; Play again
- ``settings``  the player's settings: what each may be, changing one
- ``daily``     today's game: started, resumed or refused; a daily save checked
- ``practice``  the practice screen: a position, the answer graded, the progress
- ``remote``    a game played by link: set up, take a link in, play, send
  (``remote_game``: this device's part in it, as ``state.remote`` holds it)
"""
