"""The export/import formats (py/ui/records/transfer.py), on CPython: every bad
high-score file is refused with its own code, good ones merge into the best
10 without duplicates, and game files go through the engine's checks."""

import json

import pytest

from dicepoker.errors import InvalidSave
from dicepoker.game import Game
from dicepoker.rules import RULESETS
from ui.records import transfer


def scores_file(tables, **header):
    data = {"format": "dice-poker/highscores", "version": 1, "tables": tables}
    data.update(header)
    return json.dumps(data)


GOOD = {"name": "Ona", "score": 250, "date": "2024-05-01", "players": 2}


def entry(**change):
    data = dict(GOOD)
    data.update(change)
    return data


@pytest.mark.parametrize("text, code, number", [
    ("", "empty", None),
    ("{oops", "not_json", None),
    ("[" * 150000 + "]" * 150000, "too_big", None),
    ("[" * 5000 + "]" * 5000, "not_json", None),        # nested too deep for the parser
    (json.dumps({"format": "dice-poker/game"}), "wrong_format", None),
    (scores_file({}, version="1"), "bad_version", None),
    (scores_file({}, version=2), "future_version", None),
    (scores_file([]), "bad_tables", None),
    (scores_file({"chess": []}), "unknown_ruleset", None),
    (scores_file({"yahtzee": {}}), "bad_tables", None),
    (scores_file({"yahtzee": [GOOD] * 11}), "too_many", None),
    (scores_file({"yahtzee": [GOOD, "Ona 250"]}), "bad_entry", 2),
    (scores_file({"yahtzee": [entry(name="  ")]}), "bad_name", 1),
    (scores_file({"yahtzee": [entry(name="x" * 25)]}), "bad_name", 1),
    (scores_file({"yahtzee": [entry(score=-1)]}), "score_range", 1),
    (scores_file({"yahtzee": [entry(score=99999)]}), "score_range", 1),
    (scores_file({"yahtzee": [entry(score=True)]}), "score_range", 1),
    (scores_file({"yahtzee": [entry(score=250.5)]}), "score_range", 1),
    (scores_file({"yahtzee": [entry(date="yesterday")]}), "bad_date", 1),
    (scores_file({"yahtzee": [entry(date="2024-13-01")]}), "bad_date", 1),
    (scores_file({"yahtzee": [entry(players=0)]}), "bad_players", 1),
    (scores_file({"yahtzee": [entry(players=9)]}), "bad_players", 1),
])
def test_bad_high_score_files_are_refused_with_a_reason(text, code, number):
    with pytest.raises(transfer.InvalidFile) as caught:
        transfer.parse_highscores(text)
    assert caught.value.code == code
    assert caught.value.params.get("number") == number


def test_a_good_file_round_trips_and_merges_without_duplicates():
    table = {"yahtzee": [entry(name="Ann", score=300), entry(score=100)]}
    text = transfer.export_highscores(table)
    assert transfer.parse_highscores(text) == table
    merged, added = transfer.merge_highscores(table, transfer.parse_highscores(text))
    assert (merged, added) == (table, 0)                  # the same file twice: nothing new
    other = {"yahtzee": [entry(name="Ben", score=200)],
             "dice-poker": [entry(name="Dana", score=150)]}
    merged, added = transfer.merge_highscores(table, other)
    assert added == 2
    assert [e["score"] for e in merged["yahtzee"]] == [300, 200, 100]
    assert merged["dice-poker"][0]["name"] == "Dana"


def test_only_the_best_ten_are_kept_and_the_older_wins_ties():
    table = {"yahtzee": [entry(name="Old%d" % i, score=100) for i in range(10)]}
    merged, added = transfer.merge_highscores(table, {"yahtzee": [entry(name="New", score=100)]})
    assert added == 0 and [e["name"] for e in merged["yahtzee"]][-1] == "Old9"
    merged, added = transfer.merge_highscores(table, {"yahtzee": [entry(name="New", score=101)]})
    assert added == 1 and merged["yahtzee"][0]["name"] == "New" and len(merged["yahtzee"]) == 10


def test_the_score_ceiling_is_reachable_but_not_exceeded():
    for ruleset in RULESETS.values():
        ceiling = transfer.max_total(ruleset)
        assert 300 < ceiling < 2000
        text = scores_file({ruleset.id: [entry(score=ceiling)]})
        assert transfer.parse_highscores(text)[ruleset.id][0]["score"] == ceiling


def test_game_files_go_through_the_engine():
    game = Game(["Ann"], seed=5)
    game.roll()
    assert transfer.parse_game(game.to_json()).to_dict() == game.to_dict()
    with pytest.raises(InvalidSave) as caught:
        transfer.parse_game(game.to_json().replace('"version": 1', '"version": 9'))
    assert caught.value.code == "future_version"
    with pytest.raises(transfer.InvalidFile):
        transfer.parse_game("x" * (transfer.MAX_FILE_BYTES + 1))


def test_download_names():
    assert transfer.game_file_name("2024-05-01") == "dice-poker-game-2024-05-01.json"
    assert transfer.bad_save_file_name("2024-05-01T10:20:30.123Z") == \
        "dice-poker-damaged-save-2024-05-01T10-20-30-123Z.json"
