"""Make the engine (``py/``) and this folder's helpers importable; shared fixtures."""

import os
import random
import sys

import pytest

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
PY = str(paths.PY)
for path in (PY, HERE):
    if path not in sys.path:
        sys.path.insert(0, path)

from strategy_support import RULE_IDS, load_table  # noqa: E402


@pytest.fixture(params=RULE_IDS)
def table(request):
    return load_table(request.param)


@pytest.fixture
def rng():
    return random.Random(20240611)
