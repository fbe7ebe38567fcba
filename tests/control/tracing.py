"""Reading a scenario's trace (``fake_shell.World.trace``) in the tests."""

from invariants import kind_of


def dispatches(world, tab=None, kind=None):
    """The trace's dispatches (not its notes), of one tab and one action kind if given."""
    out = []
    for entry in world.trace:
        if "action" not in entry:
            continue
        if tab is not None and entry["tab"] != tab:
            continue
        if kind is not None and kind_of(entry["action"]) != kind:
            continue
        out.append(entry)
    return out


def with_previous(world, tab=None):
    """``(entry, the same tab's entry before it or None)`` for every dispatch."""
    last = {}
    out = []
    for entry in dispatches(world, tab):
        out.append((entry, last.get(entry["tab"])))
        last[entry["tab"]] = entry
    return out


def effects(entry, kind):
    """The values of ``entry``'s effects of ``kind``."""
    return [e[kind] for e in entry["effects"] if kind in e]


def kinds(entry):
    return [k for e in entry["effects"] for k in e]


def all_effects(world, kind, tab=None):
    out = []
    for entry in dispatches(world, tab):
        out += effects(entry, kind)
    return out


def note(world, name):
    """The value of the one note ``name``."""
    found = [e["value"] for e in world.trace if e.get("note") == name]
    assert len(found) == 1, (name, len(found))
    return found[0]


def saved_game(entry):
    """The game JSON (parsed) of ``entry``'s one save."""
    saves = effects(entry, "save")
    assert len(saves) == 1, kinds(entry)
    return saves[0]["game"]["json"]


def message_keys(text):
    """The message keys of an announcement (a message or a list of them)."""
    if isinstance(text, list):
        return [t.get("key") or t.get("error") for t in text]
    return [text.get("key") or text.get("error")]
