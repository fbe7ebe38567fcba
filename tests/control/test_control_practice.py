"""The practice screen's controller (``control.practice``), its progress and where it is kept.

Through actions alone, with real positions (``dicepoker.practice`` on the
shipped tables) handed back as the shell would:

- opening reads the progress, then asks for the position where the sequence
  stood (a new seed the first time; the game's rule set); a link's seed and
  rule set from their first position; a bad link is refused with a message;
- an answer (dice kept and Roll, or a box) is graded with the position's own
  values, counted per rule set and level, with the streak, and saved with the
  place after it, so a reload goes on with the next position; Next asks for
  it; another rule set goes on where its own sequence stood;
- stale and malformed answers and moves change nothing (and a fuzz of them);
- a damaged progress record is set aside whole (``ui.records.practice``) and
  the player told; with storage full it stays where it is, never written over;
- ``dicepoker.practice_progress``: every malformed record is refused, the
  figures are the answers'.
"""

import json
import random

import pytest

from control.controller import Controller
from dicepoker import practice_progress as tally
from dicepoker.game import Game
from dicepoker.practice import answer, positions
from dicepoker.strategy.table import Table
from fake_shell import Storage
from paths import STATIC
from ui.records import practice as practice_store

_TABLES = {}


def table(rules):
    if rules not in _TABLES:
        _TABLES[rules] = Table.from_file(STATIC / "strategy" / ("%s.dpst.gz" % rules))
    return _TABLES[rules]


def sequence(seed, rules, start=None, count=8):
    found = []
    for position in positions(seed, rules, table(rules), start=start):
        found.append(position)
        if len(found) == count:
            return found


def effects_of(fx, kind="practice"):
    return [e[kind] for e in fx if kind in e]


def asked(fx):
    """The position the controller asked the shell for in ``fx``."""
    found = [e["position"] for e in effects_of(fx) if "position" in e]
    assert len(found) == 1, fx
    return found[0]


def saved(fx):
    found = [e["save"] for e in effects_of(fx) if "save" in e]
    return json.loads(json.dumps(found[-1])) if found else None


def shell_answer(ctl, request):
    """What ui.practice.door does with a ``position`` effect: the position at that place."""
    position = sequence(request["seed"], request["rules"], (request["game"], request["nth"]), 1)[0]
    return ctl.dispatch({"practice": {"position": {"for": request["for"], "position": position}}})


def opened(progress=None, aside=False, game=None, link=None):
    """A controller whose practice screen is open and shows its first position."""
    ctl = Controller()
    ctl.state.game = game
    fx = ctl.dispatch({"practice": {"open": link or True}})
    assert effects_of(fx) == [{"read": True}]
    fx = ctl.dispatch({"practice": {"progress": {"progress": progress, "aside": aside}}})
    request = asked(fx)
    shell_answer(ctl, request)
    return ctl, request


def test_opening_reads_the_progress_then_asks_for_a_position_of_a_new_seed():
    ctl = Controller()
    ctl.state.game = Game(["Ann"], "yahtzee", seed=1)
    fx = ctl.dispatch({"practice": {"open": True}})
    practice = ctl.state.practice
    assert ctl.state.dialogs == ["practice"] and practice["status"] == "reading"
    assert effects_of(fx) == [{"read": True}]
    fx = ctl.dispatch({"practice": {"progress": {"progress": None, "aside": False}}})
    request = asked(fx)
    assert request["rules"] == "yahtzee" and (request["game"], request["nth"]) == (0, 0)
    assert request["seed"].isdigit() and practice["status"] == "loading"
    assert saved(fx)["at"]["yahtzee"] == {"seed": request["seed"], "game": 0, "nth": 0,
                                           "number": 0}
    other = Controller()
    other.dispatch({"practice": {"open": True}})
    fx = other.dispatch({"practice": {"progress": {"progress": None, "aside": False}}})
    assert asked(fx)["rules"] == "dice-poker" and asked(fx)["seed"] != request["seed"]


def test_a_position_is_shown_only_for_the_request_on_screen():
    ctl = Controller()
    ctl.dispatch({"practice": {"open": {"seed": "42", "rules": "dice-poker"}}})
    request = asked(ctl.dispatch({"practice": {"progress": {"progress": None, "aside": False}}}))
    position = sequence("42", "dice-poker", count=1)[0]
    for stale in (request["for"] - 1, None, "1"):
        ctl.dispatch({"practice": {"position": {"for": stale, "position": position}}})
        assert ctl.state.practice["status"] == "loading"
    for bad in (None, {}, dict(position, rules="yahtzee"), dict(position, dice=[1, 2]),
                dict(position, options=[{"move": None}] * 2), dict(position, rolls_left=3)):
        ctl.dispatch({"practice": {"position": {"for": request["for"], "position": bad}}})
        assert ctl.state.practice["status"] == "loading"
    ctl.dispatch({"practice": {"position": {"for": request["for"], "position": position}}})
    assert ctl.state.practice["status"] == "shown" and ctl.state.practice["position"] is position


def test_a_link_starts_its_sequence_and_a_bad_one_is_refused():
    ctl = Controller()
    fx = ctl.dispatch({"practice": {"open": {"seed": " 42 ", "rules": "yahtzee"}}})
    assert {"forget_link": True} in fx
    progress = tally.place(tally.new(), "yahtzee", "99", 3, 1, 17)
    request = asked(ctl.dispatch({"practice": {"progress": {"progress": progress,
                                                             "aside": False}}}))
    assert (request["seed"], request["rules"], request["game"], request["nth"]) == \
        ("42", "yahtzee", 0, 0)
    for bad in ({"seed": "", "rules": "yahtzee"}, {"seed": "x" * 41}, {"seed": "1", "rules": "go"},
                {"seed": 1.5}):
        ctl = Controller()
        fx = ctl.dispatch({"practice": {"open": bad}})
        assert ctl.state.dialogs == [] and ctl.state.practice is None
        assert ctl.state.notice["text"]["key"] == "practice.bad_link"
        assert {"forget_link": True} in fx


def test_an_answer_is_graded_counted_and_saved_with_the_next_place():
    ctl, request = opened(link={"seed": "42", "rules": "dice-poker"})
    practice = ctl.state.practice
    while practice["position"]["rolls_left"] == 0:          # on to a position with rolls left
        shell_answer(ctl, asked(answer_and_next(ctl)))
    position = practice["position"]
    hold = [o for o in position["options"] if o["kind"] == "hold"][1]   # not the best hold
    for i in hold["move"]["roll"]:
        ctl.dispatch({"practice": {"hold": i}})
    ctl.dispatch({"practice": {"hold": 4}})
    ctl.dispatch({"practice": {"hold": 4}})                # kept and released again
    for bad in (5, -1, True, "1", None, 1.0):
        ctl.dispatch({"practice": {"hold": bad}})
    assert practice["held"] == sorted(hold["move"]["roll"])
    fx = ctl.dispatch({"practice": {"roll": True}})
    chosen = practice["answer"]["chosen"]
    assert chosen is answer(position, {"roll": hold["move"]["roll"]}) and chosen["loss"] > 0
    assert practice["answer"]["best"] is position["options"][0]
    progress = saved(fx)
    level = str(position["level"])
    before = progress["tally"]["dice-poker"][level]
    assert before[0] >= 1 and before[2] >= round(chosen["loss"], 2) - 0.01
    assert progress["streak"] == 0
    assert progress["at"]["dice-poker"] == {"seed": "42", "game": position["game"],
                                            "nth": position["nth"] + 1,
                                            "number": practice["number"] + 1}
    # answered: nothing more changes it
    for action in ({"hold": 0}, {"roll": True}, {"fill": "chance"}):
        assert ctl.dispatch({"practice": action}) == []
    assert practice["answer"]["chosen"] is chosen
    fx = ctl.dispatch({"practice": {"next": True}})
    nxt = asked(fx)
    assert (nxt["game"], nxt["nth"]) == (position["game"], position["nth"] + 1)
    assert practice["status"] == "loading" and practice["answer"] is None and practice["held"] == []


def answer_and_next(ctl):
    """Fill the best box of the position on screen, then Next: the request it makes."""
    practice = ctl.state.practice
    box = next(o for o in practice["position"]["options"] if o["kind"] == "score")["box"]
    ctl.dispatch({"practice": {"fill": box}})
    return ctl.dispatch({"practice": {"next": True}})


def test_best_answers_make_the_streak_and_the_figures():
    ctl, request = opened(link={"seed": "7", "rules": "yahtzee"})
    practice = ctl.state.practice
    losses = []
    for k in range(6):
        position = practice["position"]
        option = position["options"][0 if k % 3 else 1]     # best, best, then a miss
        if option["kind"] == "hold":
            for i in option["move"]["roll"]:
                ctl.dispatch({"practice": {"hold": i}})
            fx = ctl.dispatch({"practice": {"roll": True}})
        else:
            fx = ctl.dispatch({"practice": {"fill": option["box"]}})
        losses.append(practice["answer"]["chosen"]["loss"])
        shell_answer(ctl, asked(ctl.dispatch({"practice": {"next": True}})))
    progress = saved(fx)
    figures = tally.summary(progress, "yahtzee")
    assert figures["answered"] == 6 and figures["best"] == 4
    assert losses[0] > 0 and losses[1] == losses[2] == 0
    assert figures["average"] == pytest.approx(sum(round(x, 2) for x in losses) / 6, abs=0.01)
    assert progress["streak"] == 2 and progress["longest"] == 2
    assert tally.summary(progress, "dice-poker")["answered"] == 0


def test_another_rule_set_goes_on_where_its_sequence_stood():
    progress = tally.place(tally.new(), "yahtzee", "55", 2, 1, 9)
    ctl, request = opened(progress=progress)
    assert request["rules"] == "yahtzee" and (request["seed"], request["game"], request["nth"]) \
        == ("55", 2, 1)
    assert ctl.state.practice["number"] == 9
    fx = ctl.dispatch({"practice": {"rules": "dice-poker"}})
    fresh = asked(fx)
    assert fresh["rules"] == "dice-poker" and (fresh["game"], fresh["nth"]) == (0, 0)
    shell_answer(ctl, fresh)
    fx = ctl.dispatch({"practice": {"rules": "yahtzee"}})
    back = asked(fx)
    assert (back["seed"], back["game"], back["nth"]) == ("55", 2, 1)
    assert saved(fx)["rules"] == "yahtzee"
    for bad in ("go", None, 5, "yahtzee"):          # unknown, or the one on screen
        assert ctl.dispatch({"practice": {"rules": bad}}) == []


def test_a_damaged_record_set_aside_is_told():
    ctl, request = opened(aside=True)
    assert ctl.state.notice["text"]["key"] == "practice.bad_record"
    assert ctl.state.practice["note"]["key"] == "practice.bad_record"
    ctl, request = opened(progress={"version": 1, "tally": "?"})      # not clean: a new one
    assert (request["game"], request["nth"]) == (0, 0)
    first = sequence(request["seed"], request["rules"], count=1)[0]   # game 0 may have none
    assert ctl.state.practice["progress"] == tally.place(tally.new(), request["rules"],
                                                         request["seed"], first["game"],
                                                         first["nth"], 0)


def test_a_failed_position_is_asked_again():
    ctl = Controller()
    ctl.dispatch({"practice": {"open": True}})
    request = asked(ctl.dispatch({"practice": {"progress": {"progress": None, "aside": False}}}))
    ctl.dispatch({"practice": {"failed": request["for"] - 1}})
    assert ctl.state.practice["status"] == "loading"
    ctl.dispatch({"practice": {"failed": request["for"]}})
    assert ctl.state.practice["status"] == "failed"
    again = asked(ctl.dispatch({"practice": {"next": True}}))
    assert (again["seed"], again["game"], again["nth"]) == (request["seed"], 0, 0)
    assert again["for"] == request["for"] + 1


def test_malformed_practice_actions_change_nothing():
    ctl = Controller()
    for action in ({"practice": None}, {"practice": {}}, {"practice": {"hold": 1, "roll": 1}},
                   {"practice": {"next": True}}, {"practice": {"nope": 1}},
                   {"practice": {"progress": {"progress": None}}}):
        assert ctl.dispatch(action) == []
        assert ctl.state.practice is None


def test_a_fuzz_of_practice_actions(monkeypatch):
    rng = random.Random(42)
    # A switch to a rule set with no place yet starts a fresh seed (dice.new_seed, the
    # system's random): drawn from the fuzz's own generator, the same 400 actions meet
    # the same positions every run (with fresh seeds, about one run in ten answered
    # only 5 times and failed the last check).
    monkeypatch.setattr("control.practice.new_seed", lambda: str(rng.randint(100000, 999999999)))
    ctl, request = opened(link={"seed": "fuzz", "rules": "dice-poker-classic"})
    practice = ctl.state.practice
    junk = [None, True, -1, 7, "x", [], {}, 2.5, "chance", "poker"]
    for _ in range(400):
        verb = rng.choice(["hold", "roll", "fill", "next", "rules", "position", "failed",
                           "progress", "open"])
        value = rng.choice(junk + ([practice["serial"]] if verb == "failed" else []))
        if verb == "position" and practice["status"] == "loading" and rng.random() < 0.7:
            shell_answer(ctl, asked_now(practice))
            continue
        if verb == "rules":
            value = rng.choice(["dice-poker", "yahtzee", "dice-poker-classic", "nope"])
        if verb == "fill" and practice["position"] is not None:
            value = rng.choice(junk + [o["box"] for o in practice["position"]["options"]
                                       if o["kind"] == "score"])
        ctl.dispatch({"practice": {verb: value}})
        assert practice["status"] in ("loading", "shown", "failed")
        assert practice["answer"] is None or practice["status"] == "shown"
        assert all(0 <= i < 5 for i in practice["held"])
        assert tally.clean(json.loads(json.dumps(practice["progress"]))) is not None
    assert tally.summary(practice["progress"])["answered"] > 5     # it did answer


def asked_now(practice):
    return {"for": practice["serial"], "rules": practice["rules"], "seed": practice["seed"],
            "game": practice["game"], "nth": practice["nth"]}


# ------------------------------------------------------------------- progress
def test_progress_records_are_checked_whole():
    good = tally.add(tally.place(tally.new(), "yahtzee", "5", 1, 2, 3), "yahtzee", 2, 1.234)
    assert tally.clean(json.loads(json.dumps(good))) == good
    assert tally.clean(tally.new()) == tally.new()
    broken = []
    for key, value in (("version", 2), ("streak", -1), ("streak", 5), ("longest", "1"),
                       ("rules", "go"), ("tally", []), ("at", None), ("extra", 1)):
        record = json.loads(json.dumps(good))
        record[key] = value
        broken.append(record)
    for levels in ({"4": [1, 1, 0.0]}, {"2": [1, 2, 0.0]}, {"2": [1, 1]}, {"2": [1, 0, -1]},
                   {"2": [True, 0, 0.0]}, {}, {"2": [1, 0, "1"]}):
        broken.append(dict(good, tally={"yahtzee": levels}))
    broken.append(dict(good, tally={"chess": {"1": [1, 1, 0.0]}}))
    for place in ({"seed": "", "game": 0, "nth": 0, "number": 0}, {"seed": "5", "game": -1,
                  "nth": 0, "number": 0}, {"seed": "5", "game": 0, "nth": 0}, "5"):
        broken.append(dict(good, at={"yahtzee": place}))
    for record in broken + [None, [], "x", 5]:
        assert tally.clean(record) is None, record


def test_the_figures_per_rule_set_and_level():
    progress = tally.new()
    for rules, level, loss in (("yahtzee", 1, 0.0), ("yahtzee", 1, 2.0), ("yahtzee", 3, 0.001),
                               ("dice-poker", 2, 0.5)):
        tally.add(progress, rules, level, loss)
    assert tally.summary(progress, "yahtzee") == {"answered": 3, "best": 2, "share": 2 / 3,
                                                  "average": 2.0 / 3}
    assert tally.summary(progress, "yahtzee", 1)["average"] == 1.0
    assert tally.summary(progress, level=2) == {"answered": 1, "best": 0, "share": 0.0,
                                                "average": 0.5}
    assert tally.summary(progress, "dice-poker-classic")["share"] is None
    assert (progress["streak"], progress["longest"]) == (0, 1)


# ---------------------------------------------------------------------- store
def test_the_store_keeps_progress_and_sets_a_damaged_record_aside():
    storage = Storage()
    assert practice_store.load(storage, "t0") == (tally.new(), False)
    progress = tally.add(tally.new(), "yahtzee", 1, 0.0)
    assert practice_store.save(storage, progress, "t1")
    assert practice_store.load(storage, "t2") == (progress, False)
    for damaged in ('{"version": 1', json.dumps(dict(progress, streak=9)), "[]"):
        storage.items[practice_store.KEY] = damaged
        assert practice_store.load(storage, "t3") == (tally.new(), True)
        assert storage.items[practice_store.BAD + "t3"] == damaged
        assert practice_store.KEY not in storage.items


def test_a_damaged_record_that_cannot_be_set_aside_is_never_written_over():
    damaged = '{"version": 1, "tally": "' + "x" * 200 + '"}'
    storage = Storage({practice_store.KEY: damaged}, quota=len(damaged) + 40)
    assert practice_store.load(storage, "t1") == (tally.new(), True)
    assert storage.items[practice_store.KEY] == damaged           # still there
    assert not practice_store.save(storage, tally.add(tally.new(), "yahtzee", 1, 0.0), "t2")
    assert storage.items[practice_store.KEY] == damaged
    storage.quota = None                                            # room again
    assert practice_store.save(storage, tally.new(), "t3")
    assert storage.items[practice_store.BAD + "t3"] == damaged
    assert json.loads(storage.items[practice_store.KEY]) == tally.new()
