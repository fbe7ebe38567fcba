"""The browser shell of Dice Poker: the only code that touches ``pyscript``/``js``.

The frame is at this level: ``page`` composes the shell from its parts; ``input``
turns DOM events and keys into actions for ``control`` (the pure controller);
``shell`` hands each action on and has the views draw the new state; ``effects``
carries out what the controller asked for; ``screens`` is the page view (which
screen shows); ``later`` makes the views whose code comes on first use, and
``stylesheets`` brings their look and markup.

Everything else lives in rooms, each a package whose ``__init__`` says what it
holds and what it may import (docs/architecture.md draws them):

- ``platform``: the browser made plain (DOM, lazy loading, the manifest, the clock);
- ``language``: catalogues and the language in use;
- ``records``: what the device keeps (pure Python; every storage key);
- ``table``: the play surface (card, chips, tray, notice, hint, win chances);
- ``advice``: the coach and the computer seats;
- ``dialogs``: the question, the end, high scores, review, rules, Save and load, Back;
- ``setup``, ``feel``, ``stats``, ``daily``, ``practice``, ``remote``: feature rooms,
  each entered through its door.

Each room's ``__init__`` ends with what it may import, and tests/test_rooms.py
holds every module to it; nothing in ``dicepoker`` or ``control`` imports ``ui``
(tests/test_imports.py).  ``python3 .ci/rooms.py`` draws the rooms
(docs/architecture.md).
"""
