"""Dice Poker rules engine: pure Python, no DOM, runs on CPython and MicroPython.

Modules: ``rules`` (rule sets as data, scoring), ``scoring`` (a box scored on
any five dice, checked), ``dice`` (seeded dice),
``game`` (state + moves, saving), ``savefile`` (reading a save back, checked
and replayed: the page fetches it only when there is one to read), ``seats``
(who plays a seat: a person or a computer level), ``daily`` (today's game:
a date's seed and its par), ``errors`` (the exception family).
"""
