"""Today's game in the engine (``dicepoker.daily``): dates, the day's seed, par played a turn at a time.

The promises themselves (the seed and first dice of pinned dates, par) are in
tests/test_public_api.py; here, the calendar arithmetic a streak relies on and
the refusals the page turns into notices.
"""

import datetime

import pytest

from dicepoker.daily import (check_date, check_playable, daily_game, day_number, month_days,
                             par, par_turns)
from dicepoker.errors import InvalidSetup
from paths import STATIC


@pytest.fixture(scope="module")
def advisor():
    from dicepoker.strategy.advisor import Advisor
    from dicepoker.strategy.table import Table
    return Advisor(Table.from_file(str(STATIC / "strategy" / "dice-poker.dpst.gz")))


def test_day_numbers_are_consecutive_across_months_years_and_leap_days():
    day = datetime.date(2025, 12, 1)
    while day < datetime.date(2032, 3, 2):
        text = day.isoformat()
        assert day_number(text) == (day - datetime.date(2026, 1, 1)).days, text
        day += datetime.timedelta(days=1)
    assert [month_days(y, 2) for y in (2026, 2028, 2100, 2400)] == [28, 29, 28, 29]


@pytest.mark.parametrize("text, code", [
    ("2026-12-32", "bad_date"), ("2027-02-29", "bad_date"), ("2026-00-10", "bad_date"),
    ("2026-1-01", "bad_date"), ("2026/12/04", "bad_date"), ("２026-12-04", "bad_date"),
    ("2026-12-04 ", "bad_date"), (["2026-12-04"], "bad_date"),
    ("2025-12-31", "date_too_early"), ("0001-01-01", "date_too_early")])
def test_a_date_that_names_no_daily_game_is_refused_with_its_code(text, code):
    with pytest.raises(InvalidSetup) as refused:
        check_date(text)
    assert refused.value.code == code


def test_a_day_still_to_come_is_not_playable_today_and_the_past_is():
    assert check_playable("2026-12-04", "2026-12-04") == "2026-12-04"
    assert check_playable("2026-01-01", "2031-07-15") == "2026-01-01"
    with pytest.raises(InvalidSetup) as refused:
        check_playable("2026-12-05", "2026-12-04")
    assert refused.value.code == "date_later" and refused.value.params == {"date": "2026-12-05"}
    with pytest.raises(InvalidSetup):
        check_playable("2026-12-04", "not a day")


def test_par_is_played_a_turn_at_a_time_and_ends_the_game(advisor):
    turns = list(par_turns("2026-12-04", advisor))
    assert len(turns) == 15 and turns[-1].is_over
    rounds = []
    for game in par_turns("2026-12-04", advisor):
        rounds.append(game.round)
    assert rounds == list(range(1, 16))
    assert par("2026-12-04", advisor) == turns[-1].totals()[0]
    assert turns[-1].seed == daily_game("2026-12-04", "x").seed
