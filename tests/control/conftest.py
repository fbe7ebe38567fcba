"""The controller's tests: ``py/`` and this folder on the path, and the scenarios played once.

``played("links")`` plays scenario ``links`` of ``scenarios.SCENARIOS`` (once a
session) and gives ``(world, checks)``: the :class:`fake_shell.World` it left
and its :class:`invariants.Invariants`.
"""

import os
import sys

import pytest

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
PY = str(paths.PY)
for path in (PY, HERE):
    if path not in sys.path:
        sys.path.insert(0, path)

import scenarios  # noqa: E402

_PLAYED = {}


@pytest.fixture(scope="session")
def played():
    def play(name):
        if name not in _PLAYED:
            _PLAYED[name] = scenarios.run(name)
        return _PLAYED[name]
    return play
