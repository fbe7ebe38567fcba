"""What the device keeps, and the one owner of its storage keys: the storage adapter and
every key (``storage``), finished games (``game_record``, ``history``, ``history_file``),
high scores (``highscores``), today's games (``daily``), practice progress (``practice``),
and the files Save and load reads and writes (``file_frame``, ``transfer``).

Pure Python (the tests run it on CPython): may import ``dicepoker``, ``control`` and each
other, never ``pyscript``/``js`` nor a view.
"""
