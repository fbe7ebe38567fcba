#!/usr/bin/env python3
"""Regenerate every generated site file, in the right order: one command.

    python3 .ci/refresh_site.py           # after changing any site file
    python3 .ci/refresh_site.py --check   # exit 1 if anything is stale (CI, tests)

0. py/ui/platform/loads.py and boot.js's MANIFEST line from the one manifest,
   py/ui/platform/manifest.py (.ci/manifest.py): what the page loads when;
1. static/mpy/ from py/ (.ci/compile_mpy.py): the bytecode the page imports;
2. the minified copies of the readable sources (.ci/minify.py): app.css,
   setup.css and boot.js inlined into index.html (with their CSP hashes),
   static/css/later.min.css and static/pwa/register.min.js;
3. static/i18n/start/<lang>.json from static/i18n/<lang>.json
   (.ci/start_catalogues.py): the messages page start needs;
4. static/pwa/precache.json and sw.js's VERSION (.ci/precache.py), which
   hash every site file, the fresh generated files included, so this
   comes last.
"""
import argparse
import os
import runpy
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _tool(name):
    return runpy.run_path(os.path.join(HERE, name))["main"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a generated file is stale")
    args = ap.parse_args(argv)
    flags = ["--check"] if args.check else []
    status = 0
    for name in ("manifest.py", "compile_mpy.py", "minify.py", "start_catalogues.py"):
        status = max(status, _tool(name)(flags))
        if status and not args.check:
            return status       # don't hash a half-generated site
    return max(status, _tool("precache.py")(flags))


if __name__ == "__main__":
    sys.exit(main())
