"""The MicroPython-under-Node runner (tests/mpy/run.mjs) and its helper."""

import subprocess
import textwrap

import pytest

from mpyrun import REPO, RUNNER, MicroPythonError, node_path, run_micropython

pytestmark = pytest.mark.skipif(
    node_path() is None and not __import__("os").environ.get("CI"),
    reason="node (Node.js >= 20) not found: the MicroPython runner needs it",
)


def test_runs_source_on_micropython():
    out = run_micropython("import sys\nprint(sys.implementation.name, 6 * 7)")
    assert out == "micropython 42\n"


def test_runs_a_file_with_args_and_sys_path(tmp_path):
    pkg = tmp_path / "lib" / "pkgx"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("VALUE = 'from pkgx'\n")
    (pkg / "data.json").write_text('{"n": 3}')
    script = tmp_path / "s.py"
    script.write_text(textwrap.dedent("""
        import sys, json
        import pkgx
        import helper                      # sits next to the script
        print(pkgx.VALUE, helper.X, sys.argv[1:])
        print(json.load(open(pkgx.__file__.rsplit("/", 1)[0] + "/data.json"))["n"])
    """))
    (tmp_path / "helper.py").write_text("X = 5\n")
    out = run_micropython(script, paths=[tmp_path / "lib"], args=["a", "b"])
    assert out.splitlines() == ["from pkgx 5 ['a', 'b']", "3"]


def test_imports_the_engine_package():
    # py/ is on sys.path by default, as `import dicepoker` in the browser.
    if not (REPO / "py" / "dicepoker" / "__init__.py").exists():
        pytest.skip("py/dicepoker not written yet")
    out = run_micropython("import dicepoker\nprint(dicepoker.__name__)")
    assert out.strip() == "dicepoker"


def test_exception_gives_nonzero_exit_and_traceback():
    with pytest.raises(MicroPythonError) as info:
        run_micropython("print('before')\nraise ValueError('boom')")
    err = info.value
    assert err.returncode == 1
    assert err.stdout == "before\n"
    assert "ValueError: boom" in err.stderr
    assert "Traceback" in err.stderr


def test_raw_runner_exit_codes(tmp_path):
    node = node_path()
    bad = tmp_path / "bad.py"
    bad.write_text("import nosuchmodule\n")
    proc = subprocess.run([node, str(RUNNER), str(bad)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "ImportError" in proc.stderr and str(bad) in proc.stderr

    proc = subprocess.run([node, str(RUNNER), "-c", "raise SystemExit(7)"], capture_output=True)
    assert proc.returncode == 7
    proc = subprocess.run([node, str(RUNNER), "-c", "import sys; sys.exit()"], capture_output=True)
    assert proc.returncode == 0
    proc = subprocess.run([node, str(RUNNER), "--bogus"], capture_output=True)
    assert proc.returncode == 2


def test_check_false_returns_the_process():
    proc = run_micropython("import sys\nprint('x')\nsys.exit(3)", check=False, full=True)
    assert (proc.returncode, proc.stdout) == (3, "x\n")


def test_it_is_really_the_browser_build():
    # No dataclasses/enum/typing in this build; engine code must not need them.
    out = run_micropython(textwrap.dedent("""
        import sys
        print(sys.implementation._build)
        for m in ("dataclasses", "enum", "typing"):
            try:
                __import__(m)
                print(m, "present")
            except ImportError:
                print(m, "missing")
    """))
    assert out.split() == ["pyscript", "dataclasses", "missing", "enum", "missing", "typing", "missing"]
