"""The page's clock: the one place the page reads the time.

``ui.page`` gives this module, the page's one clock, to the shell (``shell.clock``,
for whatever needs the date or the time) and its :func:`now` to the storage
(``ui.records.storage.Storage``: it names a record set aside).  The modules of
``ui.records`` stay pure Python: they are handed the time.  The browser's ``Date``
is read at each call, so a test that moves the page's date (tests/e2e/gameui.py
``at_date``) moves all of it; the controller's tests give the shell a fake clock
with the same functions (tests/control/fake_shell.py ``Clock``).
"""

from .dom import window


def ms():
    """Now in milliseconds since 1970 (the order of the games by link kept)."""
    return window.Date.now()


def now():
    """Now as ISO text, UTC ("2026-12-04T09:30:00.000Z"): a stamp, naming what is kept aside."""
    return str(window.Date.new().toISOString())


def local_time():
    """Now as YYYY-MM-DDTHH:MM in the player's time zone (a kept game's date)."""
    t = window.Date.new()
    return "%04d-%02d-%02dT%02d:%02d" % (t.getFullYear(), t.getMonth() + 1, t.getDate(),
                                         t.getHours(), t.getMinutes())


def today():
    """The player's date, YYYY-MM-DD (today's game's day, a high score's date)."""
    return local_time()[:10]
