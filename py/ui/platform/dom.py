"""Small helpers over the DOM, so the rest of ``ui`` reads like plain Python.

:class:`Node` remembers what it last wrote to its element and skips writes that
would change nothing.  That makes rendering idempotent and cheap: a render
after a tap touches only the few elements whose text or state really changed,
which matters because every DOM access from MicroPython crosses the FFI.

The writes a Node does make are not made one call each either: a roll wrote
some 40 times (a column's previews, the dice), each a call from MicroPython
into JavaScript, which costs on top of the write (about 0.1 ms on a phone,
Chromium at 4x slowdown, the first time an element is touched after a
frame; docs/performance.md, "What was tried").  They are queued, as JSON, and made
by one call (``window.dicePokerDom.apply``, static/js/boot.js) when the
shell has drawn every view (:func:`flush`), or in a microtask if something
else wrote (a timer, a task): before the browser paints, either way.  An
element written through a Node is that Node's: no other code writes the
same text, attribute or class of it.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

_MISSING = object()
_writes = []            # [node index, kind, name, value] x N, not yet made
_registry = window.dicePokerDom
TEXT, SET, REMOVE, CLASS, CHILD = 0, 1, 2, 3, 4


def flush(*_):
    """Make the queued writes now (the shell, after every view drew)."""
    if _writes:
        text = json.dumps(_writes)
        del _writes[:]
        _registry.apply(text)


_flush_proxy = create_proxy(flush)


def by_id(element_id):
    return document.getElementById(element_id)


def listen(target, event, handler):
    """Call ``handler(event)`` on ``event``; the proxy lives as long as the page."""
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    return proxy


def clone_template(template_id):
    """The first element of ``<template id=...>``, cloned (for repeated nodes)."""
    return by_id(template_id).content.firstElementChild.cloneNode(True)


class Node:
    """A DOM element with write-through caching of text, attributes and classes."""

    def __init__(self, element):
        self.el = element
        self._cache = {}
        self._index = None          # the element's number in dicePokerDom, once written

    def _number(self):
        if self._index is None:
            self._index = _registry.add(self.el)
        return self._index

    def _write(self, kind, name, value):
        index = self._number()
        if not _writes:
            window.queueMicrotask(_flush_proxy)     # written outside the shell's draw
        _writes.extend((index, kind, name, value))

    def only_child(self, child):
        """Make the element of Node ``child`` this element's one child (no cache: the
        caller knows when it changes)."""
        self._write(CHILD, None, child._number())

    def _changed(self, key, value):
        if self._cache.get(key, _MISSING) == value:
            return False
        self._cache[key] = value
        return True

    def text(self, value):
        """Set the element's text (always as text, never as HTML)."""
        value = str(value)
        if self._changed("#text", value):
            self._write(TEXT, None, value)

    def attr(self, name, value):
        """Set an attribute; ``None`` or ``False`` removes it, ``True`` sets it empty."""
        if value is False:
            value = None
        if value is True:
            value = ""
        if not self._changed(name, value):
            return
        if value is None:
            self._write(REMOVE, name, None)
        else:
            self._write(SET, name, str(value))

    def attr_value(self, name):
        """The attribute as this node last wrote it (None: removed, or never written)."""
        return self._cache.get(name)

    def show(self, visible):
        self.attr("hidden", not visible)

    def disabled(self, value):
        self.attr("disabled", bool(value))

    def cls(self, name, on):
        on = bool(on)
        if self._changed("." + name, on):
            self._write(CLASS, name, on)

    def forget(self):
        """Drop the cache (after something else changed the element)."""
        self._cache = {}


def node(element_id):
    return Node(by_id(element_id))


def query_params():
    """The page URL's query string as a plain dict of strings, and ``player`` (given once
    per seat) as a list (control.links reads them): the manifest's routes alone."""
    params = {}
    search = window.URLSearchParams.new(window.location.search)
    for name in window.dicePokerBoot.query:     # boot.js's MANIFEST: the manifest's routes
        if name != "player" and search.has(name):
            params[name] = search.get(name)
    names = list(search.getAll("player"))
    if names:
        params["player"] = names
    return params
