#!/usr/bin/env python3
"""Copy only the site's files into a folder, ready to publish or serve.

    python3 .ci/stage_site.py DEST          # e.g. _site for GitHub Pages

Published: index.html, pyscript.toml, sw.js, manifest.webmanifest, py/ and
static/. Left out: tests, build tools and package files (tests/, .ci/,
node_modules/, package*.json, README.md, ...), Python caches, and any
`tests` folder inside py/. The Pages workflow and the offline tests
(tests/pwa/) both use this, so what is tested is what is published.
"""
import os
import shutil
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = ("index.html", "pyscript.toml", "sw.js", "manifest.webmanifest")
FOLDERS = ("py", "static")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "tests", ".*")


def stage(dest, src=REPO):
    os.makedirs(dest, exist_ok=True)
    for name in FILES:
        shutil.copy2(os.path.join(src, name), os.path.join(dest, name))
    for name in FOLDERS:
        target = os.path.join(dest, name)
        if os.path.exists(target):
            shutil.rmtree(target)
        shutil.copytree(os.path.join(src, name), target, ignore=IGNORE)
    return dest


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: stage_site.py DEST")
    print("staged site into", stage(sys.argv[1]))
