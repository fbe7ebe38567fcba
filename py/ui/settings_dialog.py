"""The settings: ``#settings`` in ``#settings-dialog``, opened by the top bar's ``#open-settings``.

Fetched on first use (a later view), with the settings' model
(``control.settings``).  The dialog is made here, not in index.html (the
page's start bytes are spent).  Every control has the setting's name
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

from control.settings import DEFAULTS, THEMES, read

from .dom import by_id, document, listen, window
from .later import sync

SWITCHES = ("sound", "vibration", "animations", "previews", "confirm_zero", "hints")
PACES = ("slow", "normal", "fast")      # control.state.SPEEDS, slowest first


LOOK = "dicepoker.look"     # the looks' words, which boot.js reads (ui.storage lists it)


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


def _markup():
    rows = []
    for name in SWITCHES:
        rows.append('<label class="setting-switch"><span data-t="settings.%s"></span>'
                    '<input type="checkbox" name="%s"></label>' % (name, name))
    for name, values, prefix in (("theme", THEMES, "settings.theme_"),
                                 ("computer_speed", PACES, "computer.speed_")):
        options = "".join('<option value="%s" data-t="%s%s"></option>' % (v, prefix, v)
                          for v in values)
        rows.append(_choice(name, options))
    # the languages as the top bar's picker names them (its options: the one list)
    rows.append(_choice("language", by_id("lang").innerHTML))
    return "".join(rows)


LABELS = {"computer_speed": "computer.speed", "language": "lang.label"}   # as elsewhere


def _choice(name, options):
    return ('<label class="field setting-choice"><span data-t="%s"></span><select name="%s">'
            '%s</select></label>' % (LABELS.get(name, "settings." + name), name, options))


def _build():
    dialog = document.createElement("dialog")
    dialog.id = "settings-dialog"
    dialog.className = "dialog settings-dialog"
    dialog.setAttribute("aria-labelledby", "settings-title")
    dialog.innerHTML = (         # our own markup, never player text
        '<div class="dialog-head"><h2 id="settings-title" data-t="settings.title"></h2>'
        '<button class="icon-btn close-dialog" data-action=\'{"close":"settings"}\' type="button" '
        'id="settings-close"><svg aria-hidden="true"><use href="#icon-close"/></svg></button></div>'
        '<form id="settings" class="settings" novalidate>' + _markup() + '</form>')
    document.body.appendChild(dialog)
    return dialog


class SettingsDialog:
    def __init__(self, shell):
        self.shell = shell
        self.dialog = _build()
        self.form = by_id("settings")
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

    def _words(self, cat):
        nodes = self.dialog.querySelectorAll("[data-t]")
        for i in range(nodes.length):
            el = nodes.item(i)
            key = el.getAttribute("data-t")
            el.textContent = cat.t(key)
        close = by_id("settings-close")
        close.setAttribute("aria-label", cat.t("dialog.close"))

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
        if self._drawn is None or self._drawn[0] is not cat:
            self._words(cat)
        self._drawn = key
        elements = self.form.elements
        for name in SWITCHES:
            elements.namedItem(name).checked = settings[name]
        elements.namedItem("theme").value = settings["theme"]
        elements.namedItem("computer_speed").value = state.computers.speed
        elements.namedItem("language").value = cat.lang
