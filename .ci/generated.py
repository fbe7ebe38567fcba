"""What every generator of committed site files shares (compile_mpy, minify, start_catalogues).

Each writes files from sources, and with ``--check`` reports the ones that
differ from what it would write.  Loaded with runpy (these tools are run as
scripts and through runpy, so ``.ci/`` is not always on sys.path).
"""
import argparse
import os
import sys


def write_if_changed(path, data):
    """Write ``data`` (bytes) to ``path`` unless it already holds exactly that."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def differences(root, expected):
    """"missing X" / "stale X" for each file of ``expected`` ({relative path: bytes})
    that ``root`` does not hold exactly (empty when all are current)."""
    problems = []
    for target, data in expected.items():
        try:
            with open(os.path.join(root, target), "rb") as f:
                if f.read() != data:
                    problems.append("stale %s" % target)
        except FileNotFoundError:
            problems.append("missing %s" % target)
    return problems


def report_check(tool, problems, fresh):
    """The ``--check`` verdict: 1 and the stale files on stderr, or 0 and ``fresh``."""
    for problem in problems:
        print("%s: %s" % (tool, problem), file=sys.stderr)
    if problems:
        print("%s: run `python3 .ci/refresh_site.py` and commit the result" % tool, file=sys.stderr)
        return 1
    print("%s: %s" % (tool, fresh))
    return 0


def command(tool, doc, check_help, expected, root, argv=None, errors=()):
    """The command line of a generator whose output is ``expected(root)`` ({path: bytes}).

    ``--root DIR`` works on a copy of the site; ``--check`` reports stale
    files (exit 1), else the changed ones are written.  An exception of
    ``errors`` (say, a missing source) is reported with exit 2."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--check", action="store_true", help=check_help)
    ap.add_argument("--root", default=root, help="repository (default: this one)")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    try:
        files = expected(root)
    except errors as error:
        print("%s: %s" % (tool, error), file=sys.stderr)
        return 2
    if args.check:
        return report_check(tool, differences(root, files), "%d files up to date" % len(files))
    for target, data in files.items():
        write_if_changed(os.path.join(root, target), data)
    print("%s: %s" % (tool, ", ".join(files)))
    return 0
