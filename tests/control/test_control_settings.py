"""The settings' model (control/settings.py) and what the controller does with them:
no browser (the page's side is tests/e2e/test_settings.py)."""

import pytest

from control.controller import Controller
from control.settings import DEFAULTS, THEMES, read, valid
from fake_shell import World
from ui.records.storage import WIN_CHANCES
from scenarios import setup


def test_defaults_when_nothing_is_stored():
    assert read(None) == DEFAULTS
    assert DEFAULTS["theme"] == "system" and all(DEFAULTS[n] is True for n in DEFAULTS if n != "theme")


@pytest.mark.parametrize("stored", ["text", 5, [1, 2], {"sound": "loud"}, {"theme": "pink"},
                                    {"theme": 7}, {"hints": None}, {"hints": 0}, {3: True},
                                    {"nonsense": False}])
def test_damaged_storage_gives_the_defaults(stored):
    assert read(stored) == DEFAULTS


def test_good_values_are_kept_and_bad_ones_are_the_defaults_beside_them():
    got = read({"sound": False, "theme": "dark", "vibration": "no", "extra": 1})
    assert got["sound"] is False and got["theme"] == "dark" and got["vibration"] is True
    assert set(got) == set(DEFAULTS)


def test_valid():
    for theme in THEMES:
        assert valid("theme", theme)
    assert not valid("theme", True) and not valid("sound", "on") and not valid("x", True)


def _tab(stored=None):
    world = World()
    tab = world.tab("t")
    tab.act({"start": {"settings": stored}})
    return world, tab


def test_a_setting_changes_and_is_remembered_whole():
    world, tab = _tab({"theme": "dark"})
    effects = tab.act({"setting": {"sound": False}})
    remembered = [e["remember"] for e in effects if "remember" in e]
    assert remembered == [{"name": "settings", "value": dict(DEFAULTS, sound=False, theme="dark")}]
    assert tab.state.settings["sound"] is False


@pytest.mark.parametrize("action", [{"sound": "off"}, {"theme": "blue"}, {"bogus": True},
                                    {"sound": False, "hints": False}, "sound", None])
def test_a_bad_setting_changes_nothing(action):
    world, tab = _tab()
    before = dict(tab.state.settings)
    assert tab.act({"setting": action}) == []
    assert tab.state.settings == before


@pytest.mark.parametrize("stored", ["off", "on"])
def test_the_win_chances_checkbox_is_remembered_through_an_effect(stored):
    """The setup form's checkbox is an action; the controller asks for the write
    (``remember``), the storage's key holds "on" or "off" as it always has."""
    world, tab = _tab()
    effects = tab.act({"win_chances": stored})
    assert effects == [{"remember": {"name": "win-chances", "value": stored}}]
    assert world.storage.get(WIN_CHANCES) == stored
    assert tab.state.screen == "setup"                  # nothing else changes


@pytest.mark.parametrize("value", [False, True, "no", 0, None, ["off"], {"on": True}])
def test_a_bad_win_chances_action_writes_nothing(value):
    world, tab = _tab()
    assert tab.act({"win_chances": value}) == []
    assert world.storage.get(WIN_CHANCES) is None


def test_the_win_chances_action_is_a_start_modules():
    """Handled by a start module: the setting is stored in the tap's task, as the page's
    test reads it at once (tests/e2e/test_win_chances.py), never after a fetch."""
    from control.controller import HANDLERS, LATER
    assert "win_chances" in HANDLERS and "win_chances" not in LATER


def _zero_box(tab):
    tab.act({"roll": True})
    options = tab.state.game.options()
    return next(box for box in tab.state.game.ruleset.boxes if options.get(box) == 0)


def test_a_zero_is_asked_first_by_default():
    world, tab = _tab()
    tab.act(setup(["Ann"], "yahtzee", seed="zero"))
    box = _zero_box(tab)
    tab.act({"fill": box})
    assert tab.state.confirm is not None and tab.state.confirm["ok"] == {"score": box}


@pytest.mark.parametrize("stored", [{"confirm_zero": False}, None])
def test_confirm_zero_off_writes_the_zero_at_once(stored):
    world, tab = _tab(stored)
    if stored is None:
        tab.act({"setting": {"confirm_zero": False}})     # changed on the page: at once
    tab.act(setup(["Ann"], "yahtzee", seed="zero"))
    box = _zero_box(tab)
    tab.act({"fill": box})
    assert tab.state.confirm is None
    assert tab.state.game.cards[0][box] == 0


@pytest.mark.parametrize("stored", [{"confirm_zero": "no"}, {"confirm_zero": 0}, "junk"])
def test_a_damaged_confirm_zero_still_asks(stored):
    world, tab = _tab(stored)
    tab.act(setup(["Ann"], "yahtzee", seed="zero"))
    tab.act({"fill": _zero_box(tab)})
    assert tab.state.confirm is not None


def test_the_controller_alone_keeps_defaults():
    assert Controller().state.settings == {}
