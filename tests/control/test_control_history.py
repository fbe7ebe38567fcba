"""The history of finished games and its statistics, without a browser.

- games played through the controller (``fake_shell``) are kept with the
  engine's own figures, and the statistics of them are the engine's totals;
- 1000 games made by the engine: ``dicepoker.stats`` (from the records, and
  from the running sums kept beside them) gives what CPython's
  ``statistics`` gives computed from the games themselves, and the page's
  MicroPython gives the same figures from the same records;
- storage: a damaged record is kept aside (never dropped silently), storage
  full refuses a game with nothing half-written, the running sums follow;
- files: an export imports back to the same records; a damaged file (every
  kind of damage) is refused and nothing changes;
- the controller's ``history`` action: a deletion is asked first, a kept game
  that does not load is kept aside and explained, a review opens over the
  statistics;
- the charts' SVG is well formed and holds one bar per figure.
"""

import json
import statistics
import xml.etree.ElementTree as ET

import pytest

from dicepoker import stats as figures
from dicepoker.rules import POKER, RULESETS
from fake_shell import Storage, World, play_game
from history_games import engine_games, history_items, records
from mpyrun import run_micropython
from ui.stats import charts
from ui.records import game_record, history, history_file

GAMES = 1000


@pytest.fixture(scope="module")
def thousand():
    return engine_games(GAMES, seed=17)


def test_games_played_through_the_controller_are_kept_with_the_engines_figures():
    world = World()
    tab = world.tab("t")
    played = []
    for n, (players, seats) in enumerate(((["Ann", "Cpu"], ["human", "beginner"]),
                                          (["Ann"], ["human"]))):
        tab.act({"setup": {"players": players, "seats": seats, "ruleset": "yahtzee",
                           "seed": "kept-%d" % n}})
        play_game(world, tab)
        played.append(tab.state.game)
    kept = world.storage.history()
    assert len(kept) == 2 and tab.history_refused == 0
    rows = {(r["name"], r["seat"]): r for r in figures.player_stats(kept, "yahtzee")}
    ann = rows[("Ann", "human")]
    assert ann["scores"] == [played[0].totals()[0], played[1].totals()[0]]
    assert ann["games"] == 2 and ann["multi"] == 1
    assert ann["wins"] == (played[0].totals()[0] >= played[0].totals()[1])
    assert ann["best"] == max(ann["scores"]) and ann["average"] == sum(ann["scores"]) / 2
    assert rows[("Cpu", "beginner")]["scores"] == [played[0].totals()[1]]
    assert ann["boxes"] == [(played[0].cards[0][b] + played[1].cards[0][b]) / 2
                            for b in RULESETS["yahtzee"].boxes]


def _expected(games, rules_id):
    """The statistics computed straight from the games with CPython's statistics module."""
    rules = RULESETS[rules_id]
    found = {}
    for game in games:
        if game.ruleset.id != rules_id:
            continue
        totals = game.totals()
        best = max(totals)
        for p, name in enumerate(game.players):
            row = found.setdefault((name, game.seats[p]), {"scores": [], "cards": [], "bonus": 0,
                                                            "pokers": 0, "poker_bonuses": 0,
                                                            "multi": 0, "wins": 0})
            row["scores"].append(totals[p])
            row["cards"].append(game.cards[p])
            parts = game.breakdown(p)
            row["bonus"] += parts["upper_bonus"] > 0
            bonuses = parts["poker_bonus"] // rules.poker_bonus
            row["poker_bonuses"] += bonuses
            row["pokers"] += bonuses + (game.cards[p][POKER] == 50)
            if len(game.players) > 1:
                row["multi"] += 1
                row["wins"] += totals[p] == best
    out = {}
    for key, row in found.items():
        n = len(row["scores"])
        out[key] = {"games": n, "multi": row["multi"], "wins": row["wins"],
                    "average": statistics.fmean(row["scores"]), "best": max(row["scores"]),
                    "worst": min(row["scores"]), "stdev": statistics.pstdev(row["scores"]),
                    "bonus_rate": row["bonus"] / n, "pokers": row["pokers"] / n,
                    "poker_bonuses": row["poker_bonuses"] / n,
                    "boxes": [statistics.fmean(c[b] for c in row["cards"]) for b in rules.boxes],
                    "scores": row["scores"]}
    return out


@pytest.mark.parametrize("rules_id", sorted(RULESETS))
def test_statistics_of_1000_engine_games_are_cpythons(thousand, rules_id):
    kept = records(thousand)
    expected = _expected(thousand, rules_id)
    from_records = figures.player_stats(kept, rules_id)
    from_sums = figures.rows(json.loads(json.dumps(figures.sums_of(kept))), rules_id)
    assert from_sums == from_records                 # the stored sums give the same rows
    assert {(r["name"], r["seat"]) for r in from_records} == set(expected)
    for row in from_records:
        want = expected[(row["name"], row["seat"])]
        for name, value in want.items():
            assert row[name] == pytest.approx(value, rel=1e-12, abs=1e-12), (row["name"], name)
    people = [r["seat"] == "human" for r in from_records]
    assert people == sorted(people, reverse=True)    # people first, then computer seats


def close(a, b):
    """Equal, numbers to 12 significant digits (the two Pythons may round the last bit)."""
    if isinstance(b, (list, tuple)):
        return isinstance(a, (list, tuple)) and len(a) == len(b) and all(map(close, a, b))
    if isinstance(b, float) or isinstance(a, float):
        return abs(a - b) <= 1e-12 * max(1, abs(b))
    return a == b


def test_micropython_gives_the_same_statistics(thousand, tmp_path):
    kept = records(thousand)
    path = tmp_path / "records.json"
    path.write_text(json.dumps(kept))
    script = tmp_path / "stats_run.py"
    script.write_text(
        "import json, sys\n"
        "from dicepoker import stats\n"
        "from ui.records import game_record\n"
        "kept, _, damaged = game_record.clean_records(json.loads(open(sys.argv[1]).read()))\n"
        "assert not damaged, len(damaged)\n"
        "sums = stats.clean_sums(json.loads(json.dumps(stats.sums_of(kept))))\n"
        "for rules in ('dice-poker', 'dice-poker-classic', 'yahtzee'):\n"
        "    for row in stats.rows(sums, rules):\n"
        "        row['bars'] = stats.distribution(row['scores'])\n"
        "        row['time'] = stats.time_table(row['scores'])\n"
        "        print(json.dumps([rules, row]))\n")
    out = run_micropython(script, args=[str(path)], paths=["py", str(tmp_path)], timeout=300)
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    expected = []
    for rules in sorted(RULESETS):
        for row in figures.player_stats(kept, rules):
            row["bars"] = [list(b) for b in figures.distribution(row["scores"])]
            row["time"] = [list(t) for t in figures.time_table(row["scores"])]
            expected.append([rules, row])
    assert len(lines) == len(expected)
    for (rules, got), (_, want) in zip(lines, expected):
        assert got.keys() == want.keys()
        for name in want:
            assert close(got[name], want[name]), (rules, want["name"], name)


# -------------------------------------------------------------------- storage
def test_a_damaged_record_is_kept_aside_and_the_rest_stays(thousand):
    items = history_items(thousand[:5])
    kept = [json.loads(line) for line in items[history.KEY].split("\n")]
    kept[2]["players"][0]["total"] += 1              # the total no longer the sum of its parts
    lines = [json.dumps(r) for r in kept]
    lines.insert(4, '{"id": "cut sho')               # not JSON
    items[history.KEY] = "\n".join(lines)
    storage = Storage(items)
    good = history.load(storage, "T")
    assert [r["id"] for r in good] == [r["id"] for r in records(thousand[:5])
                                       if r["id"] != kept[2]["id"]]
    aside = sorted(k for k in storage.items if k.startswith(history.BAD))
    assert [storage.items[k] for k in aside] == [lines[2], '{"id": "cut sho']
    assert len(storage.items[history.KEY].split("\n")) == 4
    assert history.GAME + kept[2]["id"] in storage.items       # its game is not deleted


def test_a_game_is_one_more_line_of_the_list(thousand):
    storage = Storage({history.KEY: '"not a record"'})
    record = game_record.summarize(thousand[0], "2026-02-01T10:00")
    assert history.add(storage, record, thousand[0].to_json(), "T")
    assert [json.loads(line) for line in storage.items[history.KEY].split("\n")] == [
        "not a record", record]
    assert history.add(storage, record, thousand[0].to_json(), "T")      # once
    assert history.load(storage, "T") == [record]
    second = game_record.summarize(thousand[1], "2026-02-01T11:00")
    assert history.add(storage, second, thousand[1].to_json(), "T")
    assert history.load(storage, "T") == [record, second]
    assert history.sums(storage, [record, second]) == json.loads(json.dumps(
        figures.sums_of([record, second])))


def test_a_list_that_is_not_records_is_kept_aside():
    storage = Storage({history.KEY: "[{broken"})
    assert history.load(storage, "T") == []
    assert storage.items[history.BAD + "T-0"] == "[{broken"
    assert storage.items[history.KEY] == ""


def test_storage_full_refuses_a_game_and_leaves_nothing_half_written(thousand):
    storage = Storage(history_items(thousand[:2]))
    before = dict(storage.items)
    storage.quota = sum(len(k) + len(v) for k, v in storage.items.items()) + 200
    record = game_record.summarize(thousand[2], "2026-02-01T10:00")
    assert not history.add(storage, record, thousand[2].to_json(), "T")
    assert storage.items == before


def test_storage_full_at_game_end_the_game_goes_on():
    world = World(storage=Storage(quota=60_000))
    tab = world.tab("t")
    tab.act({"setup": {"players": ["Ann"], "seats": ["human"], "ruleset": "yahtzee", "seed": "q"}})
    world.storage.items["filler"] = "x" * (60_000 - len(world.storage.items["dicepoker.game"]) - 500)
    play_game(world, tab)
    assert tab.state.game.is_over and tab.state.dialogs == ["end"]
    assert tab.history_refused == 1 and world.storage.history() == []


def test_the_running_sums_follow_added_reviewed_and_deleted_games(thousand):
    storage = Storage()
    for n, game in enumerate(thousand[:30]):
        assert history.add(storage, game_record.summarize(game, "2026-03-%02dT10:00" % (n // 10 + 1)
                                                      + str(n % 10)), game.to_json(), "T")
    kept = history.load(storage, "T")
    assert history.sums(storage, kept) == json.loads(json.dumps(figures.sums_of(kept)))
    assert history.set_given(storage, game_record.summarize(thousand[3]), {0: 12.345})
    assert not history.set_given(storage, game_record.summarize(thousand[3]), {0: 1})    # once
    assert not history.set_given(storage, game_record.summarize(thousand[40]), {0: 1})   # not kept
    kept = history.load(storage, "T")
    assert kept[3]["given"] == {"0": 12.35}
    assert history.sums(storage, kept) == json.loads(json.dumps(figures.sums_of(kept)))
    assert history.delete(storage, kept[5]["id"], "T")
    kept = history.load(storage, "T")
    assert len(kept) == 29 and history.GAME + kept[5]["id"] in storage.items
    assert history.sums(storage, kept) == json.loads(json.dumps(figures.sums_of(kept)))
    storage.items[history.SUMS] = '{"count": 29, "last": "x", "sums": {}}'   # not theirs
    assert history.sums(storage, kept) == json.loads(json.dumps(figures.sums_of(kept)))
    assert history.delete(storage, None, "T")
    assert history.load(storage, "T") == [] and not any(
        k.startswith(history.GAME) for k in storage.items)


# ---------------------------------------------------------------------- files
def test_an_exported_history_imports_back_to_the_same_records(thousand):
    storage = Storage(history_items(thousand[:8]))
    text = history_file.export_history(history.entries(storage, "T"))
    entries = history_file.parse_history(text)
    assert [r for r, _ in entries] == records(thousand[:8])
    assert history_file.merge(history.load(storage, "T"), entries) == []     # nothing new twice
    other = Storage()
    assert history.add_all(other, [], history_file.merge([], entries))
    assert history.load(other, "T") == records(thousand[:8])


def _damaged_files(thousand):
    good = json.loads(history_file.export_history(
        [(r, g.to_json()) for r, g in zip(records(thousand[:3]), thousand[:3])]))

    def changed(change):
        data = json.loads(json.dumps(good))
        change(data)
        return json.dumps(data)
    unfinished = thousand[3].replay_from_start()
    for move in thousand[3].moves[:-1]:
        unfinished.apply(move)
    return [
        ("not_json", "{nope"), ("empty", "  "), ("wrong_history", json.dumps({"format": "x"})),
        ("future_version", changed(lambda d: d.update(version=9))),
        ("bad_games", changed(lambda d: d.update(games={}))),
        ("bad_game", changed(lambda d: d["games"][1]["game"]["moves"].__setitem__(2, {"roll": [9]}))),
        ("bad_game", changed(lambda d: d["games"][0]["game"]["state"]["cards"][0].update(ones=4))),
        ("bad_game", changed(lambda d: d["games"].append(7))),
        ("bad_game_date", changed(lambda d: d["games"][2].update(date=5))),
        ("unfinished", changed(lambda d: d["games"].append(
            {"date": "2026-01-01T00:00", "game": unfinished.to_dict()}))),
    ]


def test_a_damaged_history_file_is_refused_and_changes_nothing(thousand):
    storage = Storage(history_items(thousand[:2]))
    before = dict(storage.items)
    for code, text in _damaged_files(thousand):
        with pytest.raises(history_file.HistoryError) as raised:
            history_file.parse_history(text)
        assert raised.value.code == code, text[:80]
    assert storage.items == before


# ----------------------------------------------------------------- controller
def test_deleting_a_kept_game_is_asked_first(thousand):
    world = World(storage=Storage(history_items(thousand[:3])))
    tab = world.tab("t")
    target = records(thousand[:3])[1]["id"]
    assert tab.act({"history": {"delete": target, "when": "2026-01-01 00:01"}}) == []
    assert tab.state.confirm["kind"] == "delete_game"
    assert tab.state.confirm["params"]["when"] == "2026-01-01 00:01"
    assert tab.act({"confirm": True}) == [{"history": {"delete": target}}]
    assert [r["id"] for r in world.storage.history()] == [
        r["id"] for r in records(thousand[:3]) if r["id"] != target]
    tab.act({"history": {"delete": None}})
    assert tab.state.confirm["kind"] == "delete_history"
    tab.act({"confirm": False})
    assert len(world.storage.history()) == 2
    for bad in ({"delete": 5}, {"review": None}, {"given": 3}, "x", {"nothing": 1}):
        assert tab.act({"history": bad}) == [] and tab.state.confirm is None


def test_a_kept_game_opens_in_the_review_and_a_damaged_one_is_kept_aside(thousand):
    world = World(storage=Storage(history_items(thousand[:2])))
    tab = world.tab("t")
    tab.act({"open": "stats"})
    good, bad = records(thousand[:2])
    tab.act({"history": {"review": good["id"], "text": thousand[0].to_json()}})
    assert tab.state.dialogs == ["stats", "review"]
    assert tab.state.review_of[0] == good["id"]
    assert tab.state.review_of[1].totals() == thousand[0].totals()
    tab.act({"close": "review"})
    assert tab.state.dialogs == ["stats"]
    text = thousand[1].to_json().replace('"score"', '"scor"', 1)
    effects = tab.act({"history": {"review": bad["id"], "text": text}})
    assert effects == [{"history": {"keep_aside": bad["id"]}}]
    assert tab.state.notice["text"]["key"] == "notice.history_bad"
    assert [r["id"] for r in world.storage.history()] == [good["id"]]
    aside = [k for k in world.storage.items if k.startswith(history.BAD)]
    assert len(aside) == 1 and json.loads(world.storage.items[aside[0]])["record"] == bad


# --------------------------------------------------------------------- charts
def test_the_charts_are_svg_with_one_mark_per_figure(thousand):
    row = figures.player_stats(records(thousand), "dice-poker")[0]
    bars = figures.distribution(row["scores"])
    assert sum(b[2] for b in bars) == row["games"]
    assert all(b[0] <= s <= b[1] for s in row["scores"] for b in bars if b[0] <= s <= b[1])
    svg = ET.fromstring(charts.distribution_svg(bars))
    assert len(svg.findall("{*}rect")) == len(bars) or len(svg.findall("rect")) == len(bars)
    moving = figures.moving_average(row["scores"])
    assert moving[9] == sum(row["scores"][:10]) / 10 and moving[0] == row["scores"][0]
    time = ET.fromstring(charts.time_svg(row["scores"], moving))
    lines = [e for e in time.iter() if e.tag.endswith("polyline")]
    assert [len(e.get("points").split()) for e in lines] == [row["games"]] * 2
    table = figures.time_table(row["scores"])
    assert len(table) == figures.TIME_ROWS and table[-1][1] == row["games"]
    assert sum((b - a + 1) * avg for a, b, avg, _ in table) == pytest.approx(sum(row["scores"]))
    names = ["<Ones & co>"] * len(row["boxes"])
    boxes = ET.fromstring(charts.boxes_svg(names, row["boxes"], row["boxes"]))
    assert len([e for e in boxes.iter() if e.tag.endswith("rect")]) == 2 * len(row["boxes"])
    assert all(e.get("aria-hidden") == "true" for e in (svg, time, boxes))


@pytest.mark.parametrize("scores", [[285], [285, 290], [120, 123, 131]])
def test_few_games_give_slim_bars_on_a_score_axis(scores):
    """Issue 47, point 8: one game's histogram is not a single bar the width of the chart:
    a bar is at most a seventh of the plot wide, on an axis of score ranges either side
    (labelled with their lowest score), the games' own bars in their places."""
    bars = figures.distribution(scores)
    svg = ET.fromstring(charts.distribution_svg(bars))
    rects = [e for e in svg.iter() if e.tag.endswith("rect")]
    plot = charts.W - charts.LEFT - charts.RIGHT
    assert len(rects) == len(bars)
    assert all(float(r.get("width")) <= plot / 7 for r in rects)
    ticks = [int(e.text) for e in svg.iter() if e.tag.endswith("text")
             and e.get("text-anchor") == "middle"]
    width = bars[0][1] - bars[0][0] + 1
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(ticks) >= 3 and len(steps) == 1 and steps.pop() % width == 0
    assert all(ticks[0] <= low <= ticks[-1] + width for low, _, _ in bars)
    xs = [float(r.get("x")) for r in rects]
    assert xs == sorted(xs) and charts.LEFT < xs[0] and xs[-1] < charts.W - charts.RIGHT
