"""The shipped strategy tables: format, size, and values recomputed from their successors.

Each spot check takes a random card, recomputes its value from the table
values of the cards that can follow it with the independent evaluation in
``strategy_reference`` (engine options on a real card, every ordered roll,
all 31 holds), and compares with the stored value.  Both sides are rounded to
1/64 point, so they agree to 1/64 (plus float noise).
"""

import gzip
import random

import pytest

from dicepoker.rules import RULESETS
from dicepoker.strategy.states import Layout
from dicepoker.strategy.table import SCALE, Table, TableError
from strategy_reference import TurnReference
from strategy_support import RULE_IDS, load_table, random_card, table_path

TOLERANCE = 1.0 / SCALE + 1e-9
YAHTZEE_OPTIMUM = 254.5877287


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_table_file_is_small_and_for_its_rules(rules_id):
    path = table_path(rules_id)
    assert path.stat().st_size < 2 * 1024 * 1024
    table = load_table(rules_id)
    assert table.rules is RULESETS[rules_id]
    assert table.size == Layout(RULESETS[rules_id]).size
    # the stored (rounded) start state agrees with the exact start value in the header
    assert abs(table.value(0, 0, 0) - table.start_value) <= 0.5 / SCALE


def test_yahtzee_start_value_is_the_published_optimum():
    assert abs(load_table("yahtzee").start_value - YAHTZEE_OPTIMUM) < 1e-6


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_start_state_recomputed_from_its_successors(rules_id):
    table = load_table(rules_id)
    reference = TurnReference(table.rules, {}, table.value_of_card)
    assert abs(reference.start_value() - table.start_value) <= TOLERANCE


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_random_states_recomputed_from_their_successors(rules_id):
    table = load_table(rules_id)
    rng = random.Random("spot-%s" % rules_id)
    for _ in range(12):
        card = random_card(table.rules, rng)
        reference = TurnReference(table.rules, card, table.value_of_card)
        recomputed = reference.start_value()
        stored = table.value_of_card(card)
        assert abs(recomputed - stored) <= TOLERANCE, (card, recomputed, stored)


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_last_turn_values_are_exact_expectations(rules_id):
    # One box left: the value is the expected score of that box alone (the table
    # rounds to 1/64), e.g. chance alone is worth more than 3 x 3.5.
    table = load_table(rules_id)
    card = {box: 0 for box in table.rules.boxes if box != "chance"}
    value = table.value_of_card(card)
    reference = TurnReference(table.rules, card, table.value_of_card).start_value()
    assert 17.5 < value < 30
    assert abs(value - reference) <= 0.5 / SCALE + 1e-9


def test_dead_upper_sums_share_one_value():
    # Once the bonus is won (or out of reach) the exact upper sum no longer matters.
    table = load_table("dice-poker")
    won_a = {"sixes": 30, "fives": 25, "fours": 12}
    won_b = {"sixes": 30, "fives": 25, "fours": 16}
    assert table.value_of_card(won_a) == table.value_of_card(won_b)
    lost_a = {"sixes": 0, "fives": 0, "fours": 0, "threes": 3}
    lost_b = {"sixes": 0, "fives": 0, "fours": 0, "threes": 6}
    assert table.value_of_card(lost_a) == table.value_of_card(lost_b)
    # ...while a live one does: more upper points never hurt, and help here
    live_low = {"sixes": 18, "fives": 15}
    live_high = {"sixes": 24, "fives": 20}
    assert table.value_of_card(live_high) > table.value_of_card(live_low)


def test_poker_holding_50_is_worth_more_than_0():
    table = load_table("dice-poker")
    assert table.value_of_card({"poker": 50}) > table.value_of_card({"poker": 0}) + 10


def test_from_file_streams_gzip_or_plain(tmp_path):
    gz = table_path("yahtzee").read_bytes()
    plain_path = tmp_path / "plain.dpst"
    plain_path.write_bytes(gzip.decompress(gz))
    a = Table.from_file(str(table_path("yahtzee")))
    b = Table.from_file(str(plain_path))
    assert a.start_value == b.start_value == load_table("yahtzee").start_value
    for i in range(0, a.size, 4999):
        assert a.scaled_at(i) == b.scaled_at(i)


def test_from_buffer_reads_in_place_and_refuses_what_from_bytes_refuses():
    plain = gzip.decompress(table_path("yahtzee").read_bytes())
    data = bytearray(plain)
    table, reference = Table.from_buffer(data), Table.from_bytes(plain)
    assert table.start_value == reference.start_value
    samples = range(0, table.size, 9973)
    assert [table.value_at(i) for i in samples] == [reference.value_at(i) for i in samples]
    data[-1] ^= 0xFF                       # the blocks are views of data, not copies
    assert table.scaled_at(table.size - 1) != reference.scaled_at(table.size - 1)
    for bad in (b"not a table at all", plain[:-1], plain + b"x",
                plain.replace(b'"upper_bonus_at": 63', b'"upper_bonus_at": 64')):
        with pytest.raises(TableError):
            Table.from_buffer(bad)


def test_from_bytes_accepts_gzip_or_plain_and_refuses_others():
    gz = table_path("yahtzee").read_bytes()
    plain = gzip.decompress(gz)
    a, b = Table.from_bytes(gz), Table.from_bytes(plain)
    assert a.start_value == b.start_value
    assert [a.value_at(i) for i in range(0, a.size, 9973)] == \
        [b.value_at(i) for i in range(0, b.size, 9973)]
    with pytest.raises(TableError):
        Table.from_bytes(b"not a table at all")
    with pytest.raises(TableError):
        Table.from_bytes(plain[:-1])
    with pytest.raises(TableError):
        Table.from_bytes(plain + b"x")
    with pytest.raises(TableError):
        Table.from_bytes(gz[:len(gz) // 2])
    tampered = plain.replace(b'"upper_bonus_at": 63', b'"upper_bonus_at": 64')
    with pytest.raises(TableError, match="other"):
        Table.from_bytes(tampered)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_a_table_and_its_spread_share_their_rules_layout(rules):
    """One Layout per rule set (Layout.of): a table and its spread read the same one, equal
    to a Layout built afresh."""
    from dicepoker.strategy.spread import Spread
    table = load_table(rules)
    spread = Spread.from_bytes(table_path(rules).with_name(rules + ".spread.gz").read_bytes())
    assert spread.layout is table.layout is Layout.of(RULESETS[rules])
    fresh = Layout(RULESETS[rules])
    assert vars(fresh) == vars(table.layout)
