"""A scorecard cell of the board view (``ui.table.board``): the points a box would
score, as a button that fills it, or what was written in it."""

from ..platform.dom import Node, document


class Cell:
    """One scorecard cell: a ``<button>`` while it can be filled, else a ``<span>``.

    Both elements carry ``data-player``/``data-box``; only one is in the page
    at a time, so the test hook ``[data-player][data-box]`` always finds one.
    """

    def __init__(self, td, player, box):
        self.td = td
        self.button = Node(self._make("button", player, box))
        self.button.el.type = "button"
        self.span = Node(self._make("span", player, box))
        self.fillable = None

    @staticmethod
    def _make(tag, player, box):
        el = document.createElement(tag)
        el.className = "cell-btn" if tag == "button" else "cell-val"
        el.setAttribute("data-player", str(player))
        el.setAttribute("data-box", box)
        if tag == "button":             # ui.input hands it on as any other button's
            el.setAttribute("data-action", '{"fill":"%s"}' % box)
        return el

    def show(self, fillable, text, label=None, hint=None, live=True):
        """``fillable``: a preview of the points, a button; ``live`` False: one no one here
        may press (a computer's or a friend's turn): disabled, out of the Tab order."""
        if fillable != self.fillable:
            self.td.only_child(self.button if fillable else self.span)
            self.fillable = fillable
        target = self.button if fillable else self.span
        target.text(text)
        if fillable:
            target.attr("aria-label", label)
            target.attr("data-hint", hint)
            target.attr("disabled", not live)
