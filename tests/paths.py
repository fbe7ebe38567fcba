"""Where things are: the one definition of the repository's paths for every test helper.

``tests/`` is on ``sys.path`` (pyproject.toml ``pythonpath``), so any helper
or test says ``from paths import REPO`` instead of counting ``..`` from its
own file; tests may also take the ``repo`` fixture (tests/conftest.py).
"""

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = REPO / "py"                          # the engine, the controller and the shell
STATIC = REPO / "static"
