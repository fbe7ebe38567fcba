"""Share: the system's share sheet where the browser has one, else the clipboard.

Where shared links lead (:func:`page_address`), and one way of sharing for every
Share button: the end screen's challenge link (``ui.dialogs.end``), a game by link's
(``ui.remote.panel``) and today's game's result (``ui.daily.door``).  ``navigator.share`` is absent where there is none (a
desktop Chromium, ``http://``) and refused when the player cancels
(``AbortError``: nothing else is tried then); otherwise the text goes to the
clipboard, and the caller is told which way it went, to say so under its
button: ``copied()``, or ``failed()`` when the clipboard refused too (the
caller shows the text itself then).
"""

from .dom import create_proxy, window


def page_address():
    """What a shared link opens, before its query or fragment: this page's address, or in
    the game as one file the hosted site's, which the file names (``dicePokerOneFile.site``,
    .ci/onefile.py): a file's address means nothing on a friend's phone."""
    one_file = getattr(window, "dicePokerOneFile", None)    # absent on the site
    if one_file is not None:
        return one_file.site
    return window.location.origin + window.location.pathname


class Sharer:
    """Shares a link or a text; tells ``copied()`` / ``failed()`` when the clipboard was used."""

    def __init__(self, copied, failed):
        self._copied = create_proxy(lambda *_: copied())
        self._not_copied = create_proxy(lambda *_: failed())
        self._not_shared = create_proxy(self._not_shared_now)
        self._failed = failed
        self._text = ""

    def share(self, url=None, text=None):
        """Share ``url`` (a link) or ``text`` (a message; its link written in it)."""
        self._text = text if text is not None else url
        navigator = window.navigator
        if getattr(navigator, "share", None) is not None:      # absent where there is none
            data = window.Object.new()
            if url is not None:
                data.url = url
            if text is not None:
                data.text = text
            navigator.share(data).then(None, self._not_shared)
        else:
            self._copy()

    def _not_shared_now(self, error):
        if not error or error.name != "AbortError":     # not the player's own cancel
            self._copy()

    def _copy(self):
        clipboard = getattr(window.navigator, "clipboard", None)   # absent on http://
        if clipboard is not None:
            clipboard.writeText(self._text).then(self._copied, self._not_copied)
        else:
            self._failed()
