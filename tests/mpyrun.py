"""Run Python code on the browser's MicroPython build (under Node) from pytest.

    from mpyrun import run_micropython

    out = run_micropython("import dicepoker; print(dicepoker.__name__)")
    out = run_micropython(Path("tests/mpy/vectors_check.py"), args=["--fast"])

`tests/` is on sys.path (pyproject's pythonpath), so `import mpyrun` works from
any test. Node >= 20 is needed: without it the calling test is SKIPPED locally,
but FAILS under CI (env CI set), so CI can't go green without running it.
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from paths import REPO
RUNNER = REPO / "tests" / "mpy" / "run.mjs"

__all__ = ["REPO", "RUNNER", "MicroPythonError", "node_path", "run_micropython"]


class MicroPythonError(AssertionError):
    """The script raised (or exited non-zero) under MicroPython."""

    def __init__(self, returncode: int, stdout: str, stderr: str, what: str):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        tail = stdout[-2000:]
        super().__init__(
            f"MicroPython run of {what} exited {returncode}\n"
            f"--- stderr ---\n{stderr.rstrip()}\n--- stdout (tail) ---\n{tail.rstrip()}"
        )


def node_path() -> str | None:
    """The `node` executable, or None. Honours $NODE."""
    return os.environ.get("NODE") or shutil.which("node")


def _require_node() -> str:
    node = node_path()
    if node:
        return node
    msg = "node (Node.js >= 20) not found: needed to run MicroPython engine tests"
    if os.environ.get("CI"):
        pytest.fail(msg + " (CI must install it: see .ci/run)")
    pytest.skip(msg)


def run_micropython(
    script: str | os.PathLike,
    paths: list[str | os.PathLike] = ("py",),
    *,
    args: list[str] = (),
    check: bool = True,
    timeout: float = 300,
    heapsize: int | None = None,
    full: bool = False,
):
    """Run `script` on MicroPython; return its stdout (str).

    script   a path (pathlib.Path, or a str naming an existing .py file) or
             Python source code (any other str).
    paths    directories (relative to the repo root, or absolute) put on
             sys.path, copied into MicroPython's virtual FS. Default ["py"],
             so `import dicepoker` works.
    args     sys.argv[1:] for the script.
    check    raise MicroPythonError (an AssertionError, with the traceback)
             if it exits non-zero; with check=False nothing is raised.
    full     return a subprocess.CompletedProcess (stdout, stderr, returncode)
             instead of stdout alone.
    The working directory is the repo root, so relative open()s of files in
    `paths` (or next to the script) work.
    """
    node = _require_node()
    cmd = [node, str(RUNNER)]
    for p in paths:
        cmd += ["--path", str(REPO / p)]
    if heapsize is not None:
        cmd += ["--heapsize", str(heapsize)]
    is_file = isinstance(script, os.PathLike) or (
        isinstance(script, str) and "\n" not in script and script.endswith(".py")
        and (REPO / script).is_file()
    )
    if is_file:
        what = str(script)
        cmd += [str(REPO / script)]
    else:
        what = "<source>"
        cmd += ["-c", str(script)]
    cmd += [str(a) for a in args]
    proc = subprocess.run(
        cmd, cwd=REPO, capture_output=True, text=True, timeout=timeout,
        encoding="utf-8", errors="replace",
    )
    if check and proc.returncode != 0:
        raise MicroPythonError(proc.returncode, proc.stdout, proc.stderr, what)
    return proc if full else proc.stdout
