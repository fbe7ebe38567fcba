"""What a game by link waits for on this device (``Remote.step``): the
tray's words for it ("Waiting for everyone to join", "Ann is playing on another
phone: send the link below") follow it."""

import os

import pytest

from control import controller
from control.controller import Controller

START = {"start": {"saved": None, "meta": None, "params": {}, "last_setup": None,
                   "speed": None, "settings": None}}


@pytest.fixture
def by_link(monkeypatch):
    """The actions of games by link, as ui.remote.door names them when the page fetches it."""
    for kind in ("remote_setup", "remote_open", "remote_resume", "remote_sent"):
        monkeypatch.setitem(controller.LATER, kind, "control.remote")


def device():
    ctl = Controller()
    ctl.dispatch(START)
    return ctl


def test_no_game_by_link_waits_for_nothing(by_link):
    ctl = device()
    ctl.dispatch({"new_game": {"setup": {"players": ["Ann", "Ben"], "ruleset": "dice-poker"}}})
    assert ctl.state.game is not None and ctl.state.game.players == ["Ann", "Ben"]
    assert ctl.state.remote is None                   # (the tray then words no link step)


def test_joining_then_sending_then_to_play(by_link):
    ann, ben = device(), device()
    ann.dispatch({"remote_setup": {"players": ["Ann", "Ben"], "seats": ["human", "remote"],
                                   "ruleset": "dice-poker", "entropy": os.urandom(22).hex()}})
    assert ann.state.remote.step() == "joining"          # Ben has no part yet
    ben.dispatch({"remote_open": {"fragment": ann.state.remote.link, "record": None,
                                  "entropy": os.urandom(16).hex()}})
    assert ben.state.remote is not None and ben.state.notice is None
    assert ben.state.remote.step() == "sending"          # Ann's turn: his part goes to her
    ben.dispatch({"remote_sent": ben.state.remote.id})
    assert ben.state.remote.step() is None               # shared: nothing more to do here
    ann.dispatch({"remote_open": {"fragment": ben.state.remote.link,
                                  "record": ann.state.remote.record(ann.state),
                                  "entropy": os.urandom(16).hex()}})
    assert ann.state.game.current_player == 0
    assert ann.state.remote.step() is None               # her turn: nothing to send


def stored_record(effects):
    """The record the page stores (the ``remote`` effect's ``store``)."""
    records = [e["remote"]["store"] for e in effects if "store" in e.get("remote", {})]
    assert records, effects
    return records[-1]


def test_a_reload_remembers_the_link_was_sent(by_link):
    """Reloaded (the kept record resumed), a phone that shared its link does not ask for
    it again; one that had not shared it still does."""
    ann, ben = device(), device()
    ann.dispatch({"remote_setup": {"players": ["Ann", "Ben"], "seats": ["human", "remote"],
                                   "ruleset": "dice-poker", "entropy": os.urandom(22).hex()}})
    effects = ben.dispatch({"remote_open": {"fragment": ann.state.remote.link, "record": None,
                                            "entropy": os.urandom(16).hex()}})
    unsent = stored_record(effects)
    effects = ben.dispatch({"remote_sent": ben.state.remote.id})
    sent = stored_record(effects)
    assert (unsent["sent"], sent["sent"]) == (False, True)
    for record, step in ((unsent, "sending"), (sent, None)):
        again = device()                                 # the page reloaded
        again.dispatch({"remote_resume": {"record": record}})
        assert again.state.remote is not None and again.state.remote.id == record["id"]
        assert again.state.remote.step() == step


def test_a_reload_keeps_the_dice_held(by_link):
    """Issue 47, point 2: roll, keep two dice, reload -- a game by link comes back with
    the dice, the rolls left and the holds (as a game on this device does)."""
    ann, ben = device(), device()
    ann.dispatch({"remote_setup": {"players": ["Ann", "Ben"], "seats": ["human", "remote"],
                                   "ruleset": "dice-poker", "entropy": os.urandom(22).hex()}})
    ben.dispatch({"remote_open": {"fragment": ann.state.remote.link, "record": None,
                                  "entropy": os.urandom(16).hex()}})
    ben.dispatch({"remote_sent": ben.state.remote.id})
    ann.dispatch({"remote_open": {"fragment": ben.state.remote.link,
                                  "record": ann.state.remote.record(ann.state),
                                  "entropy": os.urandom(16).hex()}})
    ann.dispatch({"roll": True})
    effects = []
    for die in (1, 3):
        effects += ann.dispatch({"hold": die})
    record = stored_record(effects)
    again = device()                                     # the page reloaded
    again.dispatch({"remote_resume": {"record": record}})
    game = again.state.game
    assert (game.dice, game.rolls_left) == (ann.state.game.dice, ann.state.game.rolls_left)
    assert again.state.held == (1, 3)
