"""The start bundle: every module page start imports, in one file, found from the imports.

Why one file: PyScript fetches a config's ``[files]`` only once the
interpreter is up, and MicroPython can import only what is in its virtual
file system, so 18 small modules meant a second round of downloads between
"runtime ready" and "our Python runs" (~130-170 ms on the benchmark).  One
bundle, fetched by ``static/js/boot.js`` while the runtime downloads and
written into the file system by ``py/main.py`` before its first import,
takes that round off the start.

Which modules: those ``py/main.py`` imports at module level, and what they
import at module level, transitively (imports inside functions are lazy by
construction and stay out; ``py/ui/platform/lazy.py`` fetches those on first use).
So making a module lazy is just moving its import into the function that
needs it: the bundle follows.

The file is gzipped (by zopfli, :func:`compress`; no name or time: the same sources
give the same bytes). Why: GitHub Pages compresses text, scripts and wasm on the wire but sends
other files as they are, and a phone pays the bytes on the wire (the budget,
docs/performance.md): gzipped, the bundle is 40 % smaller. ``static/js/boot.js``
unpacks it with the browser's ``DecompressionStream``.

Format inside the gzip (little endian), read by ``unpackModules`` in ``static/js/boot.js``::

    b"DPMB"  uint32 index_length  index (UTF-8 JSON: [[folder, [[name, size], ...]], ...])
    the files' bytes, one after the other, in index order

``folder + name + ".mpy"`` is where the module goes in the virtual file
system, relative to the working folder ("dicepoker/" + "game" + ".mpy"),
exactly as ``[files]`` had it; the index names each folder once (it is read
at every page start, so its bytes count).

Pure standard library; used by .ci/compile_mpy.py and the tests.
"""
import ast
import gzip
import json
import os
import struct

MAGIC = b"DPMB"
ENTRY = "main.py"       # the composition root, relative to py/


def _module_file(py_root, name):
    """py/-relative source path of module ``name`` ("ui.app"), or None if not ours."""
    base = os.path.join(py_root, *name.split("."))
    if os.path.isfile(base + ".py"):
        return os.path.relpath(base + ".py", py_root).replace(os.sep, "/")
    init = os.path.join(base, "__init__.py")
    if os.path.isfile(init):
        return os.path.relpath(init, py_root).replace(os.sep, "/")
    return None


def _module_name(rel):
    """"ui/app.py" -> "ui.app"; "ui/__init__.py" -> "ui"."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _top_level_imports(tree):
    """Import nodes that run when the module is imported (not those inside functions)."""
    found = []
    pending = list(tree.body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        else:
            pending.extend(ast.iter_child_nodes(node))
    return found


def imported_modules(py_root, rel):
    """Our modules that importing py/<rel> imports directly (names like "ui.app")."""
    with open(os.path.join(py_root, rel), encoding="utf-8") as f:
        tree = ast.parse(f.read(), rel)
    package = _module_name(rel)
    if not rel.endswith("__init__.py"):
        package = package.rpartition(".")[0]
    names = []
    for node in _top_level_imports(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".") if package else []
            anchor = anchor[:len(anchor) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        names.append(base)
        # "from . import lazy": a submodule, when there is a file of that name
        names.extend(base + "." + alias.name for alias in node.names if base)
    modules = []
    for name in names:
        parts = name.split(".")
        # importing a.b.c imports a, a.b and a.b.c
        for i in range(1, len(parts) + 1):
            module = ".".join(parts[:i])
            if module and _module_file(py_root, module) and module not in modules:
                modules.append(module)
    return modules


def start_sources(root):
    """py/-relative sources of every module page start imports (sorted; main.py itself excluded)."""
    py_root = os.path.join(root, "py")
    seen = set()
    pending = imported_modules(py_root, ENTRY)
    while pending:
        module = pending.pop()
        rel = _module_file(py_root, module)
        if rel in seen:
            continue
        seen.add(rel)
        pending.extend(imported_modules(py_root, rel))
    return sorted(seen)


def pack(entries):
    """The bundle of ``entries`` [(fs_path, bytes), ...] (every path ends in .mpy)."""
    index = []
    for path, data in entries:
        if not path.endswith(".mpy"):
            raise ValueError("a start module is .mpy: %r" % path)
        folder, _, name = path[:-4].rpartition("/")
        folder = folder + "/" if folder else ""
        if not index or index[-1][0] != folder:
            index.append([folder, []])
        index[-1][1].append([name, len(data)])
    index = json.dumps(index, separators=(",", ":")).encode("utf-8")
    plain = MAGIC + struct.pack("<I", len(index)) + index + b"".join(data for _, data in entries)
    return compress(plain)


def compress(plain):
    """gzip by zopfli (pinned in tests/requirements.txt): any gzip reader unpacks it, and it
    is 2-3 % smaller than zlib's level 9 (770 B of the phone's first download); no name or
    time in the header, so the same sources give the same bytes."""
    try:
        from zopfli.gzip import compress as zopfli_gzip
    except ImportError:
        raise SystemExit("start_bundle: zopfli is not installed: pip install -r tests/requirements.txt")
    packed = zopfli_gzip(plain, numiterations=15)
    assert packed[4:8] == b"\0\0\0\0", "zopfli wrote a time into the gzip header"
    return packed


def unpack(packed):
    """[(fs_path, bytes), ...] of a bundle; ValueError if it is not one."""
    try:
        bundle = gzip.decompress(packed)
    except (OSError, EOFError) as error:
        raise ValueError("start bundle: not gzip (%s)" % error)
    if bundle[:4] != MAGIC or len(bundle) < 8:
        raise ValueError("not a start bundle")
    (length,) = struct.unpack("<I", bundle[4:8])
    index = json.loads(bundle[8:8 + length].decode("utf-8"))
    at = 8 + length
    entries = []
    for folder, files in index:
        for name, size in files:
            entries.append((folder + name + ".mpy", bundle[at:at + size]))
            at += size
    if at != len(bundle):
        raise ValueError("start bundle: %d bytes after the last file" % (len(bundle) - at))
    return entries
