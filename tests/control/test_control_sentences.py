"""Whole sentences about players, as the controller chooses them (issue 47, points 4 and 9).

The controller says which catalogue message the page shows (``control.messages``:
``turn_words`` for ``#turn-label``, ``tray_words`` for the tray's lines, the
announcements); these tests word them with the real catalogues of all four
languages, as ``ui.language.i18n.Catalogue`` does on the page:

- today's game without a name is played by one language-independent identity
  (``dicepoker.seats.YOU``) spoken to in the second person ("Your turn", not "You's
  turn", "Ходзіць Вы", "Žaidžia Jūs", "Na ťahu: Vy"), and kept under it: an earlier
  version's "You" and "Jūs" are one person in the high scores and the statistics;
- a computer's turn is one sentence with its level ("Robo is playing" beside
  "Computer: good" before);
- a friend opening the first link is told who they are and what to do;
- Yahtzee's five alike is announced as a Yahtzee, not a Poker.
"""

import json
import os

import pytest

from control import controller
from control.controller import Controller
from control.messages import box_name, tray_words, turn_words
from dicepoker import stats
from dicepoker.game import Game
from dicepoker.seats import YOU
from fake_shell import World
from paths import REPO
from scenarios import setup
from tracing import all_effects, message_keys
from ui.language.i18n import Catalogue
from ui.records import game_record, highscores

LANGS = ("en", "lt", "be", "sk")
CATALOGUES = {lang: Catalogue(lang, json.loads(
    (REPO / "static" / "i18n" / ("%s.json" % lang)).read_text(encoding="utf-8")))
    for lang in LANGS}


def worded(text):
    """``text`` (a message, a list of them or None) in each language."""
    return {lang: cat.say(text) if text is not None else None
            for lang, cat in CATALOGUES.items()}


def flat(text):
    return text if isinstance(text, list) else [text]


def test_todays_player_without_a_name_is_spoken_to_not_named():
    world = World()                               # no setup: the page knows no name
    tab = world.tab()
    tab.act({"daily": True})
    game = tab.state.game
    assert game.players == [YOU]                  # one identity in every language
    tab.act({"roll": True})
    options = game.options()
    tab.act({"score": max(options, key=lambda b: options[b])})
    said = [m for text in all_effects(world, "announce") for m in flat(text)]
    keys = [m.get("key") for m in said]
    assert "announce.next_you" in keys and "announce.scored_you" in keys
    assert "announce.next" not in keys and "announce.scored" not in keys
    for lang, cat in CATALOGUES.items():
        words = cat.messages
        assert cat.say(turn_words(game)) == words["turn.label_you"]
        # never the name-word where a name goes ("You's turn", "Ходзіць Вы", "Na ťahu: Vy")
        named = cat.t("turn.label", name=words["daily.player"])
        assert cat.say(turn_words(game)) != named
        for text in said:
            assert cat.say(text).count(words["daily.player"] + "'s") == 0
        assert cat.player(YOU) == words["daily.player"]    # shown in the language's word


def test_a_named_player_of_todays_game_keeps_the_name():
    world = World()
    world.storage.set_json("dicepoker.setup", {"players": ["Ann"], "seats": ["human"]})
    tab = world.tab()
    tab.act({"daily": True})
    assert tab.state.game.players == ["Ann"]
    assert worded(turn_words(tab.state.game))["en"] == "Ann to play"


def test_old_records_of_todays_player_are_one_person():
    """An earlier version kept today's player under the word of the language of the
    moment: the high scores and the statistics read "You" and "Jūs" as the one identity."""
    table = highscores.clean_table({"dice-poker": [
        {"name": "You", "score": 250, "date": "2026-12-01", "players": 1},
        {"name": "J\u016bs", "score": 240, "date": "2026-12-02", "players": 1},
        {"name": "Ann", "score": 230, "date": "2026-12-03", "players": 1}]})
    assert [e["name"] for e in table["dice-poker"]] == [YOU, YOU, "Ann"]
    sums = stats.new_sums()
    for name, seed in (("You", 1), ("J\u016bs", 2), (YOU, 3)):
        game = Game([name], seed=seed)
        while not game.is_over:
            game.roll([])
            game.score(next(b for b in game.ruleset.boxes if b in game.options()))
        stats.add_record(sums, game_record.summarize(game))
    rows = stats.rows(sums, "dice-poker")
    assert [(r["name"], r["games"]) for r in rows] == [(YOU, 3)]
    # running sums an earlier version stored under the word are made again
    kept = {"dice-poker": {"You\x1ehuman": dict(rows[0], name="You")}}
    assert stats.clean_sums(kept) is None


def test_a_computers_turn_is_one_sentence_with_its_level():
    world = World()
    tab = world.tab()
    tab.act(setup(["Ann", "Robo"], seats=["human", "good"]))
    tab.act({"roll": True})
    tab.act({"score": "chance"})
    assert tab.state.game.current_player == 1
    main, sub = tray_words(tab.state.game, True)
    assert main == {"key": "computer.turn_good", "params": {"name": "Robo"}} and sub is None
    for lang, text in worded(main).items():
        assert "Robo" in text
        assert CATALOGUES[lang].messages["seat.good"] not in text     # "Computer: good"
    assert worded(main)["en"] == "Robo is playing (good computer)"


@pytest.fixture
def by_link(monkeypatch):
    for kind in ("remote_setup", "remote_open", "remote_resume", "remote_sent"):
        monkeypatch.setitem(controller.LATER, kind, "control.remote")


START = {"start": {"saved": None, "meta": None, "params": {}, "last_setup": None,
                   "speed": None, "settings": None}}


def test_a_friend_opening_the_first_link_is_told_who_they_are(by_link):
    ann, ben = Controller(), Controller()
    ann.dispatch(START)
    ben.dispatch(START)
    ann.dispatch({"remote_setup": {"players": ["Ann", "Ben"], "seats": ["human", "remote"],
                                   "ruleset": "dice-poker", "entropy": os.urandom(22).hex()}})
    ben.dispatch({"remote_open": {"fragment": ann.state.remote.link, "record": None,
                                  "entropy": os.urandom(16).hex()}})
    remote = ben.state.remote
    own = remote.names_of(remote.device)
    main, sub = tray_words(ben.state.game, False, remote.step(), own)
    assert main["key"] == "remote.joined" and sub is None      # not "Ann plays ...: send"
    for lang, text in worded(main).items():
        assert "Ben" in text and "Ann" not in text, (lang, text)
    ben.dispatch({"remote_sent": remote.id})                   # sent: now Ann's turn there
    main, _ = tray_words(ben.state.game, False, remote.step(), own)
    assert worded(main)["en"] == "Ann is playing on another phone."


def test_yahtzee_announces_its_five_alike_as_a_yahtzee():
    assert box_name("poker", "yahtzee") == {"key": "box.yahtzee", "params": {}}
    assert box_name("poker", "dice-poker") == {"key": "box.poker", "params": {}}
    world = World()
    tab = world.tab()
    tab.act(setup(["Ann"], ruleset="yahtzee"))
    tab.act({"settings": {"confirm_zero": False}})
    tab.act({"roll": True})
    tab.act({"score": "poker"})
    said = [m for text in all_effects(world, "announce") for m in flat(text)]
    scored = [m for m in said if m.get("key") == "announce.scored"]
    assert scored and scored[-1]["params"]["box"]["key"] == "box.yahtzee"
    assert worded(scored[-1])["en"].endswith("in Yahtzee.")
    assert message_keys(said[-1]) == ["announce.next"]


def test_the_catalogue_knows_todays_player_by_the_engines_identity():
    """``ui.language.i18n`` imports nothing: its copy of the identity is the engine's."""
    from ui.language import i18n
    assert i18n.PLAYER_YOU == YOU


def test_the_hint_and_the_review_call_yahtzees_box_a_yahtzee():
    from ui.advice.words import option_text
    box = {"kind": "score", "box": "poker", "points": 50}
    for lang, cat in CATALOGUES.items():
        words = cat.messages
        assert words["box.yahtzee"] in option_text(cat, box, "yahtzee")
        assert words["box.poker"] in option_text(cat, box, "dice-poker")
    assert "Poker" not in option_text(CATALOGUES["en"], box, "yahtzee")
