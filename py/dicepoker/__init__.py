"""Dice Poker rules engine: pure Python, no DOM, runs on CPython and MicroPython.

It imports nothing of ``control``, ``ui``, ``pyscript`` or ``js`` (a fetched
table is read by the shell's ``ui.platform.tables``), and no module here
imports one that imports it back (``tests/test_imports.py``).

Modules: ``boxes`` (the card's boxes and what each scores on five dice),
``rules`` (rule sets as data: boxes, bonuses, the Joker), ``scoring`` (a box
scored on any five dice, checked), ``dice`` (seeded dice), ``game`` (state +
moves, saving), ``save_format`` (what writer and reader of a save share),
``save_reader`` (reading a save back, checked and replayed, into the game
class it is given) and ``savefile`` (``load``: a save's ``(game, held)``; the
page fetches these two only when there is a save to read), ``seats`` (who
plays a seat: a person or a computer level), ``errors`` (the exception family),
``daily`` (today's game: a date's seed and its par), ``practice`` and
``practice_progress`` (practice positions, and a player's progress),
``stats`` and ``optimal_means`` (the statistics screen's figures), ``fair``,
``keyed_dice``, ``link_form`` and ``bylink`` (games played by link: fair dice
between devices, the link's form and taking one in), and ``strategy`` (a
package: tables of optimal play, the advisor, computer players, review, win
chances).
"""
