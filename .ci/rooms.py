#!/usr/bin/env python3
"""The rooms of py/ui/ and what each imports, drawn from the code.

    python3 .ci/rooms.py            # writes the diagram into docs/architecture.md
    python3 .ci/rooms.py --check    # exit 1 if the diagram there is stale

A room is a package under py/ui/ (its ``__init__`` says what it holds and what
it may import); the frame is the modules at py/ui/'s root.  The diagram is a
Mermaid flowchart (GitHub draws it): one box per room, with its modules, and
an arrow for each room another room imports, at module level or inside a
function (``ui.later`` and ``ui.stylesheets``, the frame's part that rooms use,
stand apart).  Left out, to keep it readable: ``platform``'s arrows (every room
builds on it), and ``control`` and ``dicepoker``, the layers below (each room's
rule says which of them it may use).  tests/test_rooms.py checks the
imports against each room's own rule.
"""
import argparse
import ast
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = "docs/architecture.md"
BEGIN = "<!-- rooms: drawn by python3 .ci/rooms.py from the imports; do not edit -->"
END = "<!-- /rooms -->"


def modules(root=REPO):
    """{dotted module name: path} of every module under py/ui/."""
    found = {}
    base = os.path.join(root, "py")
    for folder, dirs, names in os.walk(os.path.join(base, "ui")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                dotted = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                found[dotted[:-9] if dotted.endswith(".__init__") else dotted] = path
    return found


def imports(path, module, root=REPO):
    """Every module ``module`` (at ``path``) imports, anywhere in it, as dotted names."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = base + "." + alias.name
                as_path = os.path.join(root, "py", *sub.split("."))
                is_module = os.path.isfile(as_path + ".py") or os.path.isdir(as_path)
                out.append(sub if is_module else base)
    return out


LATER = ("ui.later", "ui.stylesheets")     # the frame's part that rooms use: views made on first use


def room_of(module, root=REPO):
    """"table" for ui.table.board; "frame" for ui.page; "later" for ui.later; "control" for
    control.play; else the top-level name (a library)."""
    parts = module.split(".")
    if parts[0] != "ui":
        return parts[0]
    if module in LATER:
        return "later"
    if len(parts) > 1 and os.path.isdir(os.path.join(root, "py", "ui", parts[1])):
        return parts[1]
    return "frame"


def rooms(root=REPO):
    """{room: [module names]} and {room: {room it imports}} (layers below included)."""
    members, edges = {}, {}
    for module, path in modules(root).items():
        room = room_of(module, root)
        members.setdefault(room, []).append(module)
        for target in imports(path, module, root):
            other = room_of(target, root)
            if other != room and target.startswith("ui") and other not in ("ui", "platform"):
                edges.setdefault(room, set()).add(other)
    return members, edges


FRAME = ("ui", "ui.page", "ui.shell", "ui.input", "ui.effects", "ui.screens") + LATER


def rule(path):
    """What a room's ``__init__`` (at ``path``) says it may import: the names between
    double backticks after "May import:", up to the sentence's end."""
    with open(path, encoding="utf-8") as f:
        doc = ast.get_docstring(ast.parse(f.read())) or ""
    if "May import:" not in doc:
        return None
    allowed = []
    for i, piece in enumerate(doc.split("May import:", 1)[1].split("``")):
        if i % 2:
            allowed.append(piece)
        elif re.search(r"\.(\s|$)", piece):
            break
    return allowed


def _allows(allowed, room, target, root):
    if target.split(".")[0] not in ("ui", "control", "dicepoker", "pyscript", "js"):
        return True                                 # the standard library
    other = room_of(target, root)
    if other == room:
        return True
    for name in allowed:
        if name in ("control", "dicepoker", "pyscript", "js") and target.split(".")[0] == name:
            return True
        full = name if name.startswith("ui.") else "ui." + name
        if target == full or target.startswith(full + "."):
            return True
    return False


def violations(root=REPO):
    """["ui.x.y imports ui.z (not in x's rule)", ...]: every import of a room's module that
    its room's rule does not allow (a room without a rule is one too)."""
    problems = []
    for module, path in sorted(modules(root).items()):
        room = room_of(module, root)
        if room in ("frame", "later", "ui"):
            continue
        allowed = rule(os.path.join(root, "py", "ui", room, "__init__.py"))
        if allowed is None:
            problems.append("ui.%s: its __init__ says nothing of what it may import" % room)
            continue
        for target in imports(path, module, root):
            if not _allows(allowed, room, target, root):
                problems.append("%s imports %s (not in %s's rule)" % (module, target, room))
    return sorted(set(problems))


def diagram(root=REPO):
    members, edges = rooms(root)
    order = ["frame", "later"] + sorted(r for r in members if r not in ("frame", "later", "ui"))
    lines = [BEGIN, "", "```mermaid", "flowchart TD"]
    for room in order:
        names = sorted(m.rpartition(".")[2] for m in members[room] if m != "ui." + room and m != "ui")
        title = {"frame": "ui: the frame", "later": "ui: later views"}.get(room, room)
        lines.append('  %s["<b>%s</b><br>%s"]' % (room, title, " ".join(names)))
    for room in order:
        for other in sorted(edges.get(room, ()), key=order.index):
            lines.append("  %s --> %s" % (room, other))
    lines += ["```", "", END]
    return "\n".join(lines)


def with_diagram(text, root=REPO):
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit("%s: no %s ... %s block" % (DOC, BEGIN, END))
    return pattern.sub(lambda _: diagram(root), text, count=1)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the diagram is stale")
    args = ap.parse_args(argv)
    path = os.path.join(REPO, DOC)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new = with_diagram(text)
    if args.check:
        if new != text:
            print("rooms: %s is stale: run python3 .ci/rooms.py" % DOC, file=sys.stderr)
            return 1
        print("rooms: %s is up to date" % DOC)
        return 0
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    print("rooms: %s" % DOC)
    return 0


if __name__ == "__main__":
    sys.exit(main())
