"""The dialogs over the game: the one question (``confirm``), the end of a game (``end``),
high scores (``scores``), the review (``review``), the rules (``rules``), Save and load
(``transfer``), and Back closing what is open (``back``).

All but ``confirm`` come on first use (``ui.later``).  May import: ``platform``,
``language``, ``records``, ``advice``, ``ui.later``; ``control``, ``dicepoker``.
"""
