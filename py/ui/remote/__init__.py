"""Games played by link with friends on their own phones: what page start knows of them
(``door``) and the panel with the link to send and the records kept (``panel``).

Door: ``ui.remote.door``.  May import: ``platform``, ``language``, ``records``,
``ui.stylesheets``; ``control``, ``dicepoker``.
"""
