"""Today's game on the page: the request stamped, the result kept, par worked out, and the
end screen's section (``door``).  Its records are ``records.daily``.

Door: ``ui.daily.door``.  May import: ``platform``, ``language``, ``records``, ``ui.later``;
``control``, ``dicepoker``.
"""
