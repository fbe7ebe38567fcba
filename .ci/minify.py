#!/usr/bin/env python3
"""Write the minified copies of the page's own CSS and JavaScript.

    python3 .ci/minify.py              # (run by .ci/refresh_site.py)
    python3 .ci/minify.py --check      # exit 1 if a .min file is stale or missing
    python3 .ci/minify.py --root DIR   # work on a copy of the repository (tests)

Why: fewer bytes before the first roll.  The readable files stay the
sources, the ones people edit (comments and all); index.html loads the
generated siblings instead:

    static/css/app.css        -> static/css/app.min.css
    static/css/setup.css      -> static/css/setup.min.css   (fetched on first use:
    static/css/later.css      -> static/css/later.min.css    py/ui/stylesheets.py)
    static/js/boot.js         -> static/js/boot.min.js     (classic defer script)
    static/pwa/register.js    -> static/pwa/register.min.js (module)

Each copy sits in its source's folder, so relative URLs keep working:
register.js resolves ../../sw.js against import.meta.url, boot.js's fetches
and the CSS resolve against the page.  .ci/precache.py leaves a source out
of the service worker's list when its .min sibling exists.

Like static/mpy/, the copies are committed and checked byte for byte
(tests/test_minified.py; the browser tests refuse to start while one is
stale), so the output must depend only on the source and the minifier
version: rcssmin and rjsmin, pinned in tests/requirements.txt, always in
their pure-Python form (the optional C speed-ups are not used, so every
machine writes the same bytes).  No header comment: the files are as small
as the minifier makes them, UTF-8, with no trailing newline.
"""
import os
import runpy
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_GENERATED = runpy.run_path(os.path.join(REPO, ".ci", "generated.py"))
# (source, generated copy), paths relative to the repository.
FILES = (
    ("static/css/app.css", "static/css/app.min.css"),
    ("static/css/setup.css", "static/css/setup.min.css"),
    ("static/css/later.css", "static/css/later.min.css"),
    ("static/js/boot.js", "static/js/boot.min.js"),
    ("static/pwa/register.js", "static/pwa/register.min.js"),
)


class MinifyError(Exception):
    """The minifiers are not installed, or a source is missing."""


def _minifiers():
    try:
        import rcssmin
        import rjsmin
    except ImportError:
        raise MinifyError("rcssmin / rjsmin not installed: pip install -r tests/requirements.txt")
    return {".css": rcssmin._make_cssmin(python_only=True),
            ".js": rjsmin._make_jsmin(python_only=True)}


def minified(source, text, minifiers=None):
    """The minified form (str) of `text`, the content of the file `source`."""
    minifiers = minifiers or _minifiers()
    return minifiers[os.path.splitext(source)[1]](text)


def expected(root=REPO):
    """{generated path: bytes} for every pair in FILES, from the sources at `root`."""
    minifiers = _minifiers()
    out = {}
    for source, target in FILES:
        try:
            with open(os.path.join(root, source), encoding="utf-8", newline="") as f:
                text = f.read()
        except FileNotFoundError:
            raise MinifyError("%s is missing" % source)
        out[target] = minified(source, text, minifiers).encode("utf-8")
    return out


def differences(root=REPO):
    """"stale X" / "missing X" for every generated file that does not match a
    fresh minify of its source (empty when up to date)."""
    return _GENERATED["differences"](root, expected(root))


def main(argv=None):
    return _GENERATED["command"]("minify", __doc__, "exit 1 if a .min file is stale or missing",
                                 expected, REPO, argv, errors=(MinifyError,))


if __name__ == "__main__":
    sys.exit(main())
