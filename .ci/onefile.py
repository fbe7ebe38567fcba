#!/usr/bin/env python3
"""The game as one file: dist/dice-poker.html, played from a disk with no server (issue 43).

    python3 .ci/onefile.py                    # writes dist/dice-poker.html, prints its size
    python3 .ci/onefile.py --site URL         # where the links made in the file lead
    python3 .ci/onefile.py --out FILE

Opened as a file (file://: a double-click, a USB stick, a phone's Downloads) the site
cannot start: every file beside index.html is a request the browser refuses or cannot
make.  This writes one HTML file that holds them all, made from the site as it is
published (index.html with its inlined CSS and boot.js, and every file the service
worker keeps: .ci/precache.py's list, the strategy tables too), nothing written twice
by hand and nothing of the hosted site changed:

- index.html's markup, head and scripts as they are, with a Content-Security-Policy of
  its own (data: and blob: allowed, still no network origin: no 'self', which a file
  has no use for), no manifest link (a file installs nothing) and its icon as a data:
  URL;
- an import map with every JavaScript module of the site as a data: URL: PyScript's
  chunks (their relative imports named by their site paths, bare names the map
  resolves: a data: URL is no base for "./core.js"), the vendored micropython.mjs
  (under its relative URL, the one PyScript imports), and static/pwa/register.min.js
  empty: a file cannot register a service worker, so the page does not try, and
  says nothing about it;
- micropython.mjs given its wasm by emscripten's Module.instantiateWasm (one edit of the
  vendored file, checked to apply exactly once), from the file's copy;
- .ci/onefile_loader.js, the first script: it answers the page's relative URLs (fetch,
  a script's src, a stylesheet's href) from the copies of every other site file, at
  the end of <body>: <i data-path data-type> a file, its base64 in a comment (the
  loader says why).

Links made in the file (a game by link, a challenge) lead to the hosted site, --site,
kept in <meta name="dice-poker-site">: a link to a file means nothing on a friend's
phone.  By default the GitHub Pages address of this clone's origin remote
(https://OWNER.github.io/REPO/, as .github/workflows/pages.yml publishes it; the
workflow passes the address Pages reports); with no GitHub remote, none, and such a
link is the file's own address.  A link opened in the file (#play=..., ?players=...)
is read from its own address, as on the site.

The same sources give the same bytes (sorted, no dates): tests/test_onefile_build.py builds twice
and compares.  The file is built from the generated site files as committed (static/mpy/,
index.html): run `python3 .ci/refresh_site.py` first after a change.

Pure standard library.
"""
import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import runpy
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join("dist", "dice-poker.html")
LOADER = os.path.join(REPO, ".ci", "onefile_loader.js")
FILES_ID = "dice-poker-files"       # the loader's FILES
SITE_META = "dice-poker-site"       # the loader reads the site's address here
_PRECACHE = runpy.run_path(os.path.join(REPO, ".ci", "precache.py"))

# Site files the one-file page has no use for: itself, the manifest and its icons (a file
# installs nothing).
LEFT_OUT = ("index.html", "manifest.webmanifest", "static/icons/app/")
# Modules that are empty in the file: the service worker's registration (file: has none).
EMPTIED = ("static/pwa/register.min.js",)
MODULES = re.compile(r"\.m?js$")
CLASSIC_SCRIPTS = ("static/js/files.js",)   # <script src> without type=module: a file's copy
# The one change to the vendored MicroPython loader: its wasm from the file, not a request.
WASM = "static/vendor/micropython/micropython.wasm"
WASM_FROM = "let Module={locateFile:"
WASM_TO = "let Module={instantiateWasm:globalThis.dicePokerOneFile.instantiateWasm(%s),locateFile:" % json.dumps(WASM)
# A chunk's relative import: from"./x.js", import("./x.js"), import"./x.js".
RELATIVE_IMPORT = re.compile(r"""(\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(["'])\./([\w.-]+\.m?js)\2""")

TYPES = {".html": "text/html; charset=utf-8", ".json": "application/json",
         ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".wasm": "application/wasm",
         ".toml": "application/toml; charset=utf-8", ".py": "text/x-python; charset=utf-8",
         ".svg": "image/svg+xml", ".png": "image/png", ".gz": "application/gzip",
         ".mpy": "application/octet-stream", ".bundle": "application/octet-stream"}

CSP = ("default-src 'none'; script-src {scripts} data: blob: 'wasm-unsafe-eval' 'unsafe-eval'; "
       "style-src {styles} blob:; img-src data: blob:; connect-src data: blob:; "
       "object-src 'none'; base-uri 'none'; form-action 'none'")
_CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">')
_MANIFEST = re.compile(r'\s*<link data-rel="manifest"[^>]*>')
_IMAGE_REF = re.compile(r'\b(src|href)="\./([^"]+\.(?:svg|png))"')
_INLINE = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1>", re.S)


class BuildError(Exception):
    """The site is not as this build expects (a vendored file changed, a file missing)."""


def site_files(root=REPO):
    """The site paths the file holds: what the service worker keeps (.ci/precache.py), the
    strategy tables it keeps on first use, less LEFT_OUT."""
    paths = set(_PRECACHE["site_files"](root))
    for folder in _PRECACHE["RUNTIME_ONLY"]:
        for name in sorted(os.listdir(os.path.join(root, folder))):
            paths.add(folder + name)
    return sorted(p for p in paths if not p.startswith(LEFT_OUT) and p not in LEFT_OUT)


def content_type(path):
    ext = os.path.splitext(path)[1]
    if ext not in TYPES:
        raise BuildError("%s: no content type known for %s files" % (path, ext))
    return TYPES[ext]


def _read(root, path):
    with open(os.path.join(root, path), "rb") as f:
        return f.read()


def _b64(data):
    return base64.b64encode(data).decode("ascii")


def _data_url(path, data):
    return "data:%s;base64,%s" % (content_type(path).split(";")[0], _b64(data))


def module_text(path, data):
    """A module's text as the import map serves it."""
    if path in EMPTIED:
        return b""
    text = data.decode("utf-8")
    if path.endswith("micropython.mjs"):
        if text.count(WASM_FROM) != 1:
            raise BuildError("%s: %r is not there exactly once (a new MicroPython? see "
                             ".ci/onefile.py WASM_FROM)" % (path, WASM_FROM))
        text = text.replace(WASM_FROM, WASM_TO)
    folder = path.rsplit("/", 1)[0] + "/"
    text = RELATIVE_IMPORT.sub(lambda m: "%s%s%s%s%s" % (m.group(1), m.group(2), folder, m.group(3),
                                                         m.group(2)), text)
    return text.encode("utf-8")


def import_map(root, paths):
    """{"imports": {...}}: PyScript's chunks by bare site path (how they import one another
    here), micropython.mjs by its relative URL (how PyScript imports it: the config's
    interpreter, resolved against the page) and the others alike."""
    imports = {}
    for path in paths:
        if MODULES.search(path) and path not in CLASSIC_SCRIPTS:
            url = _data_url(path, module_text(path, _read(root, path)))
            imports[path if path.startswith("static/vendor/pyscript/") else "./" + path] = url
    return {"imports": imports}


def file_elements(root, paths):
    """Every file that is not a module, as the loader finds it: <i data-path data-type>
    with its base64 in a comment (the loader says why)."""
    out = []
    for path in paths:
        if MODULES.search(path) and path not in CLASSIC_SCRIPTS:
            continue
        if not re.fullmatch(r"[\w./-]+", path):
            raise BuildError("%s: a path the file cannot name in an attribute" % path)
        out.append('<i data-path="%s" data-type="%s"><!--%s--></i>'
                   % (path, content_type(path), _b64(_read(root, path))))
    return "".join(out)


def _csp_hash(text):
    return "'sha256-%s'" % _b64(hashlib.sha256(text.encode("utf-8")).digest())


def _policy(page):
    """The one-file CSP: the page's inline scripts and styles by their hashes."""
    hashes = {"script": [], "style": []}
    for m in _INLINE.finditer(page):
        if m.group(1) == "script" and ("src=" in m.group(2) or 'type="mpy"' in m.group(2)):
            continue
        hashes[m.group(1)].append(_csp_hash(m.group(3)))
    return CSP.format(scripts=" ".join(hashes["script"]), styles=" ".join(hashes["style"]))


def _one(pattern, page, what):
    found = pattern.findall(page)
    if len(found) != 1:
        raise BuildError("index.html: %d %s, expected one" % (len(found), what))


def build(root=REPO, site=None):
    """The file's bytes."""
    paths = site_files(root)
    page = _read(root, "index.html").decode("utf-8")
    _one(_CSP_META, page, "Content-Security-Policy <meta>")
    _one(_MANIFEST, page, "manifest links")
    page = _MANIFEST.sub("", page)
    page = _IMAGE_REF.sub(lambda m: '%s="%s"' % (m.group(1), _data_url(m.group(2), _read(root, m.group(2)))),
                          page)
    with open(LOADER, encoding="utf-8") as f:
        loader = f.read()
    head = ['<meta name="%s" content="%s">' % (SITE_META, site) if site else "",
            '<script type="importmap">%s</script>' % json.dumps(import_map(root, paths), sort_keys=True,
                                                                 separators=(",", ":")),
            "<script>%s</script>" % loader]
    files = file_elements(root, paths)
    page = _CSP_META.sub(lambda m: m.group(0) + "\n\t" + "\n\t".join(h for h in head if h), page, count=1)
    if page.count("</body>") != 1:
        raise BuildError("index.html: no single </body>")
    page = page.replace("</body>", '<div id="%s" hidden>%s</div>\n</body>' % (FILES_ID, files))
    policy = '<meta http-equiv="Content-Security-Policy" content="%s">' % _policy(page)
    page = _CSP_META.sub(lambda m: policy, page, count=1)
    return page.encode("utf-8")


def default_site(root=REPO):
    """The GitHub Pages address of this clone's origin remote, or None."""
    try:
        url = subprocess.run(["git", "-C", root, "remote", "get-url", "origin"], capture_output=True,
                             text=True, check=False).stdout.strip()
    except OSError:
        return None
    m = re.match(r"(?:https://github\.com/|git@github\.com:|ssh://git@github\.com/)([\w.-]+)/([\w.-]+?)"
                 r"(?:\.git)?/?$", url)
    if not m:
        return None
    owner, repo = m.group(1).lower(), m.group(2)
    if repo.lower() == owner + ".github.io":
        return "https://%s/" % repo.lower()
    return "https://%s.github.io/%s/" % (owner, repo)


def sizes(data):
    """(raw bytes, gzip bytes at level 6, as a web server sends it)."""
    return len(data), len(gzip.compress(data, 6, mtime=0))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(REPO, OUT), help="the file to write (default %s)" % OUT)
    ap.add_argument("--site", help="the hosted site's address, where links made in the file lead "
                                   "(default: the GitHub Pages address of the origin remote)")
    ap.add_argument("--root", default=REPO, help="the site's folder (default: this repository)")
    args = ap.parse_args(argv)
    site = args.site if args.site is not None else default_site(args.root)
    if site and not re.match(r"https?://[^\s\"<>]+/$", site):
        print("onefile: --site must be an http(s) address ending in /, not %r" % site, file=sys.stderr)
        return 2
    try:
        data = build(os.path.abspath(args.root), site)
    except (BuildError, OSError) as e:
        print("onefile: %s" % e, file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(data)
    raw, packed = sizes(data)
    print("onefile: %s: %.2f MB (%.2f MB gzipped); links lead to %s"
          % (os.path.relpath(args.out), raw / 1e6, packed / 1e6, site or "the file itself (no --site)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
