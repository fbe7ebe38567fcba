"""The browser side of Dice Poker: the only code that touches ``pyscript``/``js``.

``app`` (controller) applies moves to the engine, saves, and asks ``render``
to draw; ``input`` turns DOM events into moves; ``storage`` wraps
localStorage; ``i18n`` holds the messages.  ``i18n``, ``highscores`` and
``links`` are pure Python and import nothing from the browser.
"""
