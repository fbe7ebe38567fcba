"""The player's settings: what each one may be, its default, and changing one.

One dict, ``state.settings``, every name below with a valid value; stored as
JSON under ``dicepoker.settings`` (``ui.records.storage.SETTINGS``).  What storage
gives back is read through :func:`read`: a damaged or foreign value (not a
dict, a wrong type, an unknown name or choice) becomes that setting's default,
never an error.  The computer seats' pace and the language keep the keys and
actions they had (``speed``, ``ui.language.catalogue``); the dialog shows them beside these.
The win chances on the chips are the setup form's checkbox, with a key and an action of
their own too (``win_chances``, ``control.games``: a start module, so it is stored at once).

Who obeys which:

- ``sound``, ``vibration``: ``ui.feel.door`` (fetched after the first gesture).
- ``animations``, ``previews``, ``hints``, ``theme``: the page's look
  (``ui.feel.settings`` words them on ``<html data-look>``, which
  static/js/boot.js sets again before the next visit's first paint).
- ``confirm_zero``: ``control.play`` (a box worth 0 is asked first).
"""

THEMES = ("system", "light", "dark")
DEFAULTS = {"sound": True, "vibration": True, "animations": True, "previews": True,
            "confirm_zero": True, "hints": True, "theme": "system"}


def valid(name, value):
    if name == "theme":
        return value in THEMES
    return name in DEFAULTS and isinstance(value, bool)


def read(stored):
    """Every setting from what storage gave (anything at all): the defaults for what is
    missing or wrong."""
    settings = dict(DEFAULTS)
    if isinstance(stored, dict):
        for name, value in stored.items():
            if isinstance(name, str) and valid(name, value):
                settings[name] = value
    return settings


def on_setting(state, change, fx, ctl):
    """``{"setting": {"name": value}}``: change one setting (a bad one changes nothing)
    and remember them all; the views draw the change (the looks: ``ui.feel.settings``)."""
    if not isinstance(change, dict) or len(change) != 1:
        return
    for name, value in change.items():
        if not isinstance(name, str) or not valid(name, value):
            return
        settings = read(state.settings)
        settings[name] = value
        state.settings = settings
        fx.add("remember", {"name": "settings", "value": settings})


HANDLERS = {"setting": on_setting}
