#!/usr/bin/env python3
"""Write the minified copies of the page's own CSS and JavaScript.

    python3 .ci/minify.py              # (run by .ci/refresh_site.py)
    python3 .ci/minify.py --check      # exit 1 if a minified copy is stale or missing
    python3 .ci/minify.py --root DIR   # work on a copy of the repository (tests)

Why: fewer bytes before the first roll, and no request before the first
paint.  The readable files stay the sources, the ones people edit (comments
and all); the page gets them minified, in two ways:

  inlined into index.html (INLINED), what the first paint needs: an element
  ``<style data-source="static/css/app.css">`` or ``<script
  data-source="static/js/boot.js">`` holds its source minified, and the
  Content-Security-Policy ``<meta>`` allows exactly those texts by their
  hashes (``'sha256-...'`` in style-src / script-src, written here too).
  On slow 4G each stylesheet or script the head loads is a round trip
  before the first paint (150 ms each); now the first paint waits for
  index.html alone, a first visit's setup screen included.

      static/css/app.css      the page's look
      static/css/setup.css    the setup screen's (a first visit's first paint;
                              a link's page carries its 2.5 KB too, paid for
                              by one die in index.html instead of five:
                              static/js/boot.js copies it)
      static/js/boot.js       start-up (classic script, run as the head is parsed)

  beside its source, as NAME.min.EXT (FILES), what no first paint needs:

      static/css/later.css    -> static/css/later.min.css   (on first use:
                                                              py/ui/stylesheets.py)
      static/pwa/register.js  -> static/pwa/register.min.js (module)

Each copy sits in its source's folder, so relative URLs keep working:
register.js resolves ../../sw.js against import.meta.url; inlined, boot.js's
fetches and the CSS's URLs resolve against the page, as from their files
(the page is at the top, their folders hold no URL they use).
.ci/precache.py leaves a source out of the service worker's list when its
.min sibling exists or index.html holds it inlined.

boot.js (MANGLED) is also given short local names (calmjs.parse: its
variables and functions, never a property or a global), 1.4 KB fewer of the
bytes every first visit loads; it is a classic ES5 script, which that parser
reads (it cannot read register.js's module syntax, import.meta).

Like static/mpy/, the copies are committed and checked byte for byte
(tests/test_minified.py; the browser tests refuse to start while one is
stale), so the output must depend only on the source and the minifier
versions: rcssmin, rjsmin and calmjs.parse (with its ply), pinned in
tests/requirements.txt, rcssmin and rjsmin always in their pure-Python form
(the optional C speed-ups are not used, so every machine writes the same
bytes).  No header comment: the files are as small as the minifier makes
them, UTF-8, with no trailing newline.
"""
import base64
import hashlib
import os
import re
import runpy
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_GENERATED = runpy.run_path(os.path.join(REPO, ".ci", "generated.py"))
# (source, generated copy), paths relative to the repository.
FILES = (
    ("static/css/later.css", "static/css/later.min.css"),
    ("static/pwa/register.js", "static/pwa/register.min.js"),
)
# Sources inlined into PAGE, in the order of their elements there.
PAGE = "index.html"
INLINED = ("static/css/app.css", "static/css/setup.css", "static/js/boot.js")
# Scripts whose local names are shortened too (classic ES5 scripts only).
MANGLED = ("static/js/boot.js",)
# <style ... data-source="X" ...>text</style> or the same <script>
_INLINE = re.compile(r'(<(style|script)\b[^>]*\bdata-source="([^"]+)"[^>]*>)(.*?)(</\2>)', re.S)
_CSP = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")')
_DIRECTIVE = {"style": "style-src", "script": "script-src"}


class MinifyError(Exception):
    """The minifiers are not installed, or a source is missing."""


def _minifiers():
    try:
        import rcssmin
        import rjsmin
        from calmjs.parse import es5
        from calmjs.parse.unparsers.es5 import minify_print
    except ImportError:
        raise MinifyError("rcssmin / rjsmin / calmjs.parse not installed: "
                          "pip install -r tests/requirements.txt")
    return {".css": rcssmin._make_cssmin(python_only=True),
            ".js": rjsmin._make_jsmin(python_only=True),
            "mangled": lambda text: minify_print(es5(text), obfuscate=True, obfuscate_globals=False)}


def minified(source, text, minifiers=None):
    """The minified form (str) of `text`, the content of the file `source`."""
    minifiers = minifiers or _minifiers()
    return minifiers["mangled" if source in MANGLED else os.path.splitext(source)[1]](text)


def _read(root, path):
    try:
        with open(os.path.join(root, path), encoding="utf-8", newline="") as f:
            return f.read()
    except FileNotFoundError:
        raise MinifyError("%s is missing" % path)


def csp_hash(text):
    """The CSP source expression that allows the inline element whose text is `text`."""
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def inlined(page):
    """[(tag, source, text)] of the inlined elements of the page's text `page`."""
    return [(m.group(2), m.group(3), m.group(4)) for m in _INLINE.finditer(page)]


def _with_hashes(policy, hashes):
    """The CSP `policy` with its style-src / script-src hashes replaced by `hashes`
    ({directive: [expression]}); their other sources are kept."""
    out = []
    for directive in policy.split(";"):
        words = directive.split()
        if words and words[0] in hashes:
            words = [w for w in words if not w.startswith("'sha256-")]
            at = words.index("'self'") + 1 if "'self'" in words else 1
            words[at:at] = hashes[words[0]]
        out.append(" ".join(words))
    return "; ".join(out)


def inlined_page(root, minifiers=None):
    """The text of PAGE with each inlined element holding its source minified, and the
    CSP allowing exactly those texts."""
    minifiers = minifiers or _minifiers()
    page = _read(root, PAGE)
    found = [source for _, source, _ in inlined(page)]
    if found != list(INLINED):
        raise MinifyError("%s inlines %s, not %s" % (PAGE, found, list(INLINED)))
    hashes = {"style-src": [], "script-src": []}

    def fill(m):
        text = minified(m.group(3), _read(root, m.group(3)), minifiers)
        if re.search(r"</%s" % m.group(2), text, re.I):
            raise MinifyError("%s would end its <%s> early" % (m.group(3), m.group(2)))
        hashes[_DIRECTIVE[m.group(2)]].append(csp_hash(text))
        return m.group(1) + text + m.group(5)
    page = _INLINE.sub(fill, page)
    if not _CSP.search(page):
        raise MinifyError("%s has no Content-Security-Policy <meta>" % PAGE)
    return _CSP.sub(lambda m: m.group(1) + _with_hashes(m.group(2), hashes) + m.group(3), page, count=1)


def expected(root=REPO):
    """{generated path: bytes}: every pair in FILES and PAGE, from the sources at `root`."""
    minifiers = _minifiers()
    out = {}
    for source, target in FILES:
        out[target] = minified(source, _read(root, source), minifiers).encode("utf-8")
    out[PAGE] = inlined_page(root, minifiers).encode("utf-8")
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
