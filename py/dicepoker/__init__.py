"""Dice Poker rules engine: pure Python, no DOM, runs on CPython and MicroPython.

Modules: ``rules`` (rule sets as data, scoring), ``scoring`` (a box scored on
any five dice, checked), ``dice`` (seeded dice),
``game`` (state + moves, save/load), ``seats`` (who plays a seat: a person or
a computer level), ``errors`` (the exception family).
"""
