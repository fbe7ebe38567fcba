"""The setup screen: the form of players, seats and rule set (``form``), and the games by
link kept on this device (``link_games``).

Comes with the start bundle when the page may open on it (``platform.manifest``), else on
first use.  May import: ``platform``, ``language``, ``records``, ``ui.later``; ``control``,
``dicepoker``.
"""
