"""The browser shell of Dice Poker: the only code that touches ``pyscript``/``js``.

``page`` composes it; ``input`` turns DOM events into actions for
``control`` (the pure controller); ``shell`` hands each action on, has the
views draw the new state and ``effects`` carry out what the controller asked
for (saves in ``storage``, timers, hints, computer moves).  One view owns each
element: ``screens`` (the page), ``board`` (card and chips), ``tray`` (dice
and buttons), ``notice``, ``confirm``, and, fetched on first use (``later``,
``lazy``, ``stylesheets``): ``setup_form``, ``joker``, ``hint``, ``end``,
``scores``, ``rules``, ``review``, ``transfer_dialog``, ``back``.  ``i18n``,
``words``, ``highscores`` and ``transfer`` are pure Python.
"""
