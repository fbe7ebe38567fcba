"""What the device keeps, and the one owner of its storage keys: the storage adapter and
every key (``storage``), finished games (``game_record``, ``history``, ``history_file``),
high scores (``highscores``), today's games (``daily``), practice progress (``practice``),
and the files Save and load reads and writes (``file_frame``, ``transfer``).

Pure Python (the tests run it on CPython).  May import: ``control``, ``dicepoker``.  Never
``pyscript``/``js`` nor a view.
"""
