"""The builder itself: the Yahtzee optimum, and that it reproduces the shipped table byte for byte.

Building Yahtzee (2^13 box sets) takes about 20 s; the larger rule sets are
checked through their shipped tables (test_tables.py) instead.
"""

import pytest

from dicepoker.strategy.build import build
from strategy_support import table_path

YAHTZEE_OPTIMUM = 254.5877287


@pytest.mark.slow
def test_yahtzee_build_gives_published_optimum_and_the_shipped_bytes(tmp_path):
    out = tmp_path / "yahtzee.dpst.gz"
    _, start_value, _ = build("yahtzee", str(out), quiet=True)
    assert abs(start_value - YAHTZEE_OPTIMUM) < 1e-6
    assert out.read_bytes() == table_path("yahtzee").read_bytes()
