"""The settings: ``#settings`` in ``#settings-dialog``, opened by the top bar's ``#open-settings``.

Made by :class:`ui.feel.door.Feel` (a later view), with the settings' model
(``control.settings``); its markup is in static/later.html, worded there
with ``data-i18n``.  Every control has the setting's name
(``[name=sound]``, ``[name=vibration]``, ``[name=animations]``,
``[name=previews]``, ``[name=confirm_zero]``, ``[name=hints]``,
``[name=theme]``, ``[name=computer_speed]``, ``[name=language]``), and a change
applies at once:

- the settings of ``control.settings`` through the controller (``{"setting":
  {name: value}}``, which remembers them); this view then puts the looks on
  the page (:func:`apply_looks`), which static/js/boot.js does before the first paint;
- the computer seats' pace through ``{"speed": ...}``, as the computer bar's menu;
- the language through the top bar's picker (``#lang``) and its own code: the
  choice is made there, and its ``change`` is what ``ui.input`` hears.
"""

from control.settings import DEFAULTS, read

from ..platform.dom import by_id, document, listen, window
from ..later import sync
from ..records.storage import LOOK

SWITCHES = ("sound", "vibration", "animations", "previews", "confirm_zero", "hints")


def look_words(settings):
    """The looks as ``<html data-look>``'s words, which app.css reads: the theme chosen
    ("dark", "light"; none for the system's), "still" (no animations),
    "nopreviews", "nohints"."""
    words = [] if settings["theme"] == "system" else [settings["theme"]]
    for name, word in (("animations", "still"), ("previews", "nopreviews"), ("hints", "nohints")):
        if not settings[name]:
            words.append(word)
    return " ".join(words)


def apply_looks(shell, settings):
    """The looks on the page (static/js/boot.js's ``look``, which also turns app.css's
    dark rule for a theme chosen: the one place that knows how) and in storage, where
    boot.js finds them before the next visit's first paint."""
    words = look_words(settings)
    if document.documentElement.getAttribute("data-look") != words:
        window.dicePokerBoot.look(words)
        shell.storage.set(LOOK, words)


class SettingsDialog:
    def __init__(self, shell):
        self.shell = shell
        self.dialog = by_id("settings-dialog")
        self.form = by_id("settings")
        # the languages as the top bar's picker names them, the speeds as the computer
        # bar's (index.html's and later.html's: their options are the one list of each)
        elements = self.form.elements
        elements.namedItem("language").innerHTML = by_id("lang").innerHTML
        elements.namedItem("computer_speed").innerHTML = by_id("computer-speed").innerHTML
        self._drawn = None
        self._looks = None          # the settings whose looks are on the page
        listen(self.form, "change", self._changed)
        listen(self.form, "submit", lambda event: event.preventDefault())

    def _changed(self, event):
        target = event.target
        name = target.name
        if name in DEFAULTS:
            value = target.checked if name in SWITCHES else target.value
            self.shell.act({"setting": {name: value}})
        elif name == "computer_speed":
            self.shell.act({"speed": target.value})
        elif name == "language":
            picker = by_id("lang")
            picker.value = target.value
            event = document.createEvent("Event")
            event.initEvent("change", True, False)      # bubbles, as the picker's own
            picker.dispatchEvent(event)

    def draw(self, state, texts):
        if state.settings is not self._looks:
            self._looks = state.settings
            apply_looks(self.shell, read(state.settings))
        is_open = "settings" in state.dialogs
        sync(self.dialog, is_open)
        if not is_open:
            self._drawn = None
            return
        cat = texts.cat
        settings = read(state.settings)
        key = (cat, tuple(sorted(settings.items())), state.computers.speed)
        if key == self._drawn:
            return
        self._drawn = key
        elements = self.form.elements
        for name in SWITCHES:
            elements.namedItem(name).checked = settings[name]
        elements.namedItem("theme").value = settings["theme"]
        elements.namedItem("computer_speed").value = state.computers.speed
        elements.namedItem("language").value = cat.lang
