"""Make the engine (``py/``) and this folder's helper modules importable.

The helpers (``engine_reference``, ``engine_cases``) are plain modules next to
the tests, shared with ``make_vectors.py``; adding the paths here keeps the
suite working whatever import mode or ``pythonpath`` the project config sets.
"""

import os
import sys

import paths

HERE = os.path.dirname(os.path.abspath(__file__))
PY = str(paths.PY)
for path in (PY, HERE):
    if path not in sys.path:
        sys.path.insert(0, path)
