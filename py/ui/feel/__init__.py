"""Game feel: sounds, vibration and celebrations (``door``, the view the page makes on first
use), the settings dialog (``settings``) and the first game's tips (``tips``).

Door: ``ui.feel.door``.  May import: ``platform``, ``language``, ``records``, ``ui.later``;
``control``, ``dicepoker``.
"""
