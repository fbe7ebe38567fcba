"""Practice, "what would you keep?": what the controller and the page ask of it (``door``)
and the screen itself (``screen``).  Its progress is kept by ``records.practice``.

Door: ``ui.practice.door``.  May import: ``platform``, ``language``, ``records``,
``advice``, ``table.hint``, ``ui.later``; ``control``, ``dicepoker``.
"""
