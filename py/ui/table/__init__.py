"""The play surface: the card and the chips (``board``, ``cell``, ``player_heads``), the tray
with its dice and buttons (``tray``), the notice line (``notice``), and what comes into them
on first use: the computer bar, the Joker note, the hint panel, the live win chances.

May import: ``platform``, ``language``, ``records``, ``advice``; ``control``, ``dicepoker``.
Never a dialog, a feature room or the frame.
"""
