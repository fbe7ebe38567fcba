"""Strategy on the page: the coach that fetches the strategy tables and answers on a position
(``coach``), a computer seat's move (``computer``), the effects that ask for them
(``assistants``), and how advice and luck are worded (``words``, ``luck``).

Fetched on first use.  May import: ``platform``, ``ui.later``, ``js``; ``control``,
``dicepoker`` (its strategy package on demand).
"""
