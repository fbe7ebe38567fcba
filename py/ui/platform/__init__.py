"""The browser, made plain: DOM helpers and the batched writes (``dom``), lazy loading of
modules (``lazy``, from ``manifest``) and of the later views' look and markup
(``stylesheets``), scripts added on first use (``scripts``), Share (``share``), garbage
collection while the player looks (``memory``), the clock (``clock``).

May import: ``pyscript``/``js`` and the standard library; nothing else of ``ui`` (every
other room builds on this one).
"""
