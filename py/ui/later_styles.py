"""The look of the views fetched on first use: static/css/later.min.css.

It is a ``<link disabled>`` in index.html (a disabled stylesheet is not
fetched, so a first turn does not pay for it); :func:`loaded` turns it on
and waits until it is in, so the first such view is drawn styled (or, offline
and never cached, unstyled after about 3 s rather than not at all).
"""

import asyncio

from .dom import by_id

_styles = []        # the later stylesheet's <link>, once it has been turned on


async def loaded():
    """Turn on the later views' stylesheet (once) and wait until it has loaded
    (at most about 3 s: offline and never cached, the views are drawn unstyled)."""
    link = by_id("later-css")
    if link is None:
        return
    if not _styles:
        _styles.append(link)
        link.disabled = False
    for _ in range(150):
        if link.sheet:
            return
        await asyncio.sleep_ms(20)


