"""The browser, made plain: DOM helpers and the batched writes (``dom``), lazy loading of
modules (``lazy``, from ``manifest``: what is loaded when), scripts added on first use
(``scripts``), fetched strategy tables read in place (``tables``), Share (``share``),
garbage collection while the player looks (``memory``).

May import: ``pyscript``, ``js`` and the standard library.  Nothing else of ``ui``,
``control`` or ``dicepoker``: every other room builds on this one.
"""
