#!/usr/bin/env python3
"""Write the service worker's precache list: every file the game needs offline.

    python3 .ci/precache.py            # (run by .ci/refresh_site.py, after compile_mpy)
    python3 .ci/precache.py --check    # exit 1 if the committed list is stale
    python3 .ci/precache.py --root DIR # work on a copy of the site (tests, CI)

Writes static/pwa/precache.json ({"version", "files": [{"url", "sha256",
"bytes"}]}) and the `const VERSION = "...";` line of sw.js. VERSION is a hash
of the list (every file's path and content) and of sw.js itself, so any
change to the site gives a new worker script, which the browser notices, and
a new cache name "dice-poker-<VERSION>".

What the game needs, found from the site itself rather than kept by hand:
  - index.html and every relative URL it references (scripts, styles, icons,
    the manifest, the PyScript `config=` files);
  - from each PyScript config (TOML): the interpreter, [files] (with
    {PLACEHOLDER} keys expanded), [[fetch]] and [js_modules.*] URLs;
  - everything under static/ (so all of static/mpy/: the precompiled
    modules, including those the page imports lazily, e.g. the strategy
    package; the Python sources under py/ are not served to the page, only
    py/main.py, which index.html references) except: static/strategy/ (large tables, cached
    by the worker when first used), static/pwa/precache.json (the list
    itself), notes and licences (*.md, *.txt, LICENSE*, *.map), a source
    whose generated minified sibling exists: static/css/later.css is left
    out when static/css/later.min.css is there (NAME.EXT beside
    NAME.min.EXT, written by .ci/minify.py), since the page loads only the
    .min file, and a source index.html holds inlined (an element with
    data-source="static/css/app.css"); a source that index.html or a config
    references is still listed. All vendored PyScript chunks are kept, the plugins the
    configs turn off included: the page does not fetch those (tests/e2e/
    test_lean_start.py), but they are small, and offline a chunk PyScript
    did import after all would break the page.
The test tests/pwa/test_offline.py checks that a real visit requests nothing
outside this list (strategy tables aside).

Pure standard library (Python 3.11+ for tomllib).
"""
import argparse
import hashlib
import html.parser
import json
import os
import re
import sys
import tomllib
import urllib.parse

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIST_PATH = "static/pwa/precache.json"
SW_PATH = "sw.js"
RUNTIME_ONLY = ("static/strategy/",)
SKIP_NAMES = re.compile(r"(\.md|\.txt|\.map|^LICENSE.*|^\..*)$")
VERSION_LINE = re.compile(r'^const VERSION = "[^"]*";$', re.M)


class SiteError(Exception):
    """The site references a file that is not there, or is malformed."""


class _Refs(html.parser.HTMLParser):
    """Collects src / href / config attribute values of an HTML page, and the
    data-source of what it holds inlined (.ci/minify.py)."""

    def __init__(self):
        super().__init__()
        self.urls = []
        self.configs = []
        self.inlined = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value and name in ("src", "href"):
                self.urls.append(value)
            elif value and name == "config" and tag == "script":
                self.configs.append(value)
            elif value and name == "data-source" and tag in ("style", "script"):
                self.inlined.append(value)


def _local(url):
    """The site path of a relative URL, or None for other origins, data:, #."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path or url.startswith("/"):
        return None
    return urllib.parse.unquote(parts.path)


def _norm(base_dir, path):
    """Site-relative POSIX path of `path` relative to folder `base_dir`."""
    joined = os.path.normpath(os.path.join(base_dir, path)).replace(os.sep, "/")
    if joined.startswith("../") or joined == "..":
        raise SiteError("%s leaves the site" % path)
    return joined


def _expand(key, placeholders):
    return re.sub(r"\{(\w+)\}", lambda m: placeholders.get(m.group(1), m.group(0)), key)


def config_urls(root, config_path):
    """Relative URLs a PyScript TOML config makes the page fetch."""
    with open(os.path.join(root, config_path), "rb") as f:
        config = tomllib.load(f)
    urls = []
    if isinstance(config.get("interpreter"), str):
        urls.append(config["interpreter"])
    files = config.get("files", {})
    placeholders = {k[1:-1]: v for k, v in files.items() if re.fullmatch(r"\{\w+\}", k)}
    for key in files:
        if not re.fullmatch(r"\{\w+\}", key):
            urls.append(_expand(key, placeholders))
    for entry in config.get("fetch", []):
        base = entry.get("from", "")
        for name in entry.get("files", []):
            urls.append(base.rstrip("/") + "/" + name if base else name)
    for table in config.get("js_modules", {}).values():
        urls.extend(table.keys())
    return urls


def has_min_sibling(folder, name):
    """True when `name` (NAME.EXT, not itself a .min file) has a generated
    NAME.min.EXT beside it in `folder` (see .ci/minify.py)."""
    stem, ext = os.path.splitext(name)
    if not ext or stem.endswith(".min"):
        return False
    return os.path.isfile(os.path.join(folder, stem + ".min" + ext))


def site_files(root):
    """Sorted site paths the game needs offline (see the module docstring)."""
    needed = set()

    def add(path):
        if not os.path.isfile(os.path.join(root, path)):
            raise SiteError("%s is referenced but does not exist" % path)
        needed.add(path)

    add("index.html")
    parser = _Refs()
    with open(os.path.join(root, "index.html"), encoding="utf-8") as f:
        parser.feed(f.read())
    for url in parser.urls:
        path = _local(url)
        if path and not path.endswith("/"):
            add(_norm("", path))
    inlined = set(parser.inlined)
    for url in parser.configs:
        config = _local(url)
        if not config:
            continue
        config = _norm("", config)
        add(config)
        for u in config_urls(root, config):
            path = _local(u)
            if path:
                add(_norm("", path))  # PyScript resolves them against the page
    for folder, dirs, names in os.walk(os.path.join(root, "static")):
        dirs.sort()
        for name in sorted(names):
            path = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            if path == LIST_PATH or path.startswith(RUNTIME_ONLY) or SKIP_NAMES.search(name):
                continue
            if has_min_sibling(folder, name) or path in inlined:
                continue  # the page loads the .min copy (kept) or holds it, never the source
            needed.add(path)
    needed.discard(SW_PATH)  # the browser fetches the worker itself
    return sorted(needed)


def _sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def build(root):
    """(precache.json text, VERSION) for the site at `root`."""
    entries = []
    for path in site_files(root):
        full = os.path.join(root, path)
        entries.append({"url": path, "sha256": _sha256(full), "bytes": os.path.getsize(full)})
    with open(os.path.join(root, SW_PATH), encoding="utf-8") as f:
        sw = VERSION_LINE.sub('const VERSION = "";', f.read())
    digest = hashlib.sha256()
    for e in entries:
        digest.update(("%s %s\n" % (e["url"], e["sha256"])).encode())
    digest.update(("sw.js %s\n" % hashlib.sha256(sw.encode()).hexdigest()).encode())
    version = digest.hexdigest()[:16]
    lines = ['{', '  "version": "%s",' % version, '  "files": [']
    lines.append(",\n".join("    " + json.dumps(e) for e in entries))
    lines += ['  ]', '}', '']
    return "\n".join(lines), version


def _sw_with_version(root, version):
    with open(os.path.join(root, SW_PATH), encoding="utf-8") as f:
        text = f.read()
    if not VERSION_LINE.search(text):
        raise SiteError('sw.js has no line `const VERSION = "...";`')
    return text, VERSION_LINE.sub('const VERSION = "%s";' % version, text, count=1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the list or sw.js is stale")
    ap.add_argument("--root", default=REPO, help="site folder (default: this repository)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    try:
        text, version = build(root)
        sw_now, sw_new = _sw_with_version(root, version)
    except SiteError as e:
        print("precache: %s" % e, file=sys.stderr)
        return 2
    list_file = os.path.join(root, LIST_PATH)
    try:
        with open(list_file, encoding="utf-8") as f:
            list_now = f.read()
    except FileNotFoundError:
        list_now = None
    if args.check:
        stale = []
        if list_now != text:
            stale.append(LIST_PATH)
        if sw_now != sw_new:
            stale.append(SW_PATH + " (VERSION line)")
        if stale:
            print("precache: stale: %s; run `python3 .ci/precache.py` and commit the result"
                  % ", ".join(stale), file=sys.stderr)
            return 1
        print("precache: up to date (version %s)" % version)
        return 0
    os.makedirs(os.path.dirname(list_file), exist_ok=True)
    with open(list_file, "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(root, SW_PATH), "w", encoding="utf-8") as f:
        f.write(sw_new)
    count = text.count('"url"')
    print("precache: %d files, version %s -> %s" % (count, version, LIST_PATH))
    return 0


if __name__ == "__main__":
    sys.exit(main())
