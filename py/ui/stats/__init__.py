"""The statistics screen: its door (``door``: what page start knows of it), the screen
(``screen``) and its sections (``daily``, ``practice``), its words and charts (``words``,
``charts``), and making it ahead while the player looks (``warm``).

Door: ``ui.stats.door``.  May import: ``platform``, ``language``, ``records``, ``advice``,
``ui.later``; ``control``, ``dicepoker``.
"""
