"""Every localStorage key is spelled once, in ``ui.records.storage`` (issue 46).

Python: a string constant starting with ``dicepoker.`` anywhere in ``py/`` outside
``py/ui/records/storage.py`` must name one of our modules (``lazy.load("dicepoker.strategy")``),
never a key: a module that needs a key imports it from the storage module.  JavaScript:
the keys static/js/boot.js reads before Python runs are the storage module's.
"""

import ast
import re

from paths import PY, STATIC

from ui.records import storage

STORAGE = PY / "ui" / "records" / "storage.py"
BOOT_READS = {"dicepoker.lang", "dicepoker.game", "dicepoker.game-meta", "dicepoker.look"}


def is_module(name):
    """``dicepoker.strategy`` -> py/dicepoker/strategy.py or its package exists."""
    path = PY.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def key_values():
    """Every key (and key prefix) the storage module defines: its text constants."""
    return {value for name, value in vars(storage).items()
            if name.isupper() and isinstance(value, str) and value.startswith(storage.PREFIX)}


def strings_of(path):
    """(line, text) of every string constant in a Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def is_key(text, keys):
    """A text that spells a key: not a module's name, or a key's even so (``dicepoker.game``
    and ``dicepoker.daily`` are both)."""
    return text.startswith("dicepoker.") and (text in keys or not is_module(text))


def test_no_key_is_spelled_outside_the_storage_module():
    keys, found = key_values(), []
    for path in sorted(PY.rglob("*.py")):
        if path == STORAGE:
            continue
        for line, text in strings_of(path):
            if is_key(text, keys):
                found.append("%s:%d: %r" % (path.relative_to(PY), line, text))
    assert found == [], "keys belong in py/ui/records/storage.py:\n" + "\n".join(found)


def test_the_check_sees_a_key_and_knows_a_module():
    source = 'KEY = "dicepoker.history"\nlazy.load("dicepoker.strategy")\nget("dicepoker.game")'
    texts = [n.value for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Constant)]
    assert [t for t in texts if is_key(t, key_values())] == ["dicepoker.history", "dicepoker.game"]


def test_the_storage_module_spells_each_key_once():
    values = [v for n, v in vars(storage).items()
              if n.isupper() and isinstance(v, str) and v.startswith(storage.PREFIX)]
    assert len(values) == len(set(values)), values
    assert {storage.GAME, storage.GAME_META, storage.LANG, storage.LOOK, storage.WIN_CHANCES,
            storage.HISTORY, storage.PRACTICE, storage.DAILY} <= set(values)


def quoted_keys(path):
    return set(re.findall(r"""["'](dicepoker\.[A-Za-z0-9_.-]+)["']""",
                          path.read_text(encoding="utf-8")))


def test_boot_js_reads_the_storage_modules_keys():
    keys = quoted_keys(STATIC / "js" / "boot.js")
    assert keys == BOOT_READS
    assert keys <= key_values(), "boot.js reads keys the storage module does not spell"
    for path in (STATIC / "js").glob("*.js"):
        assert quoted_keys(path) <= key_values(), path
    # and the storage module says so beside them (boot.js reads them before Python runs)
    doc = storage.__doc__
    assert all("``%s``" % key in doc for key in keys)


def test_set_aside_names_the_copy_by_the_clock_and_tells_nobody_when_refused():
    """The one helper that keeps a damaged record: ``bad-save.<name><time>``, the key or
    None; a refusal is quiet (the caller says what then)."""
    from fake_shell import Storage

    told = []
    store = Storage()
    store.on_unavailable = lambda: told.append(True)
    assert store.set_aside("practice-", "{damaged", "t1") == storage.BAD_SAVE + "practice-t1"
    assert store.get(storage.BAD_SAVE + "practice-t1") == "{damaged"
    assert store.set_aside("", "{x") == storage.BAD_SAVE + "0"      # no world: the clock's "0"
    full = Storage(quota=10)
    full.on_unavailable = lambda: told.append(True)
    assert full.set_aside("daily-", "{damaged", "t2") is None and told == []
