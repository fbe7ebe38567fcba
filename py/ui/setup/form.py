"""The setup view: ``#setup-form``, player rows (name + seat), rule set, optional seed.

A form is the one place where the DOM is read back: ``read()`` collects what
the player typed into a plain setup dict, which the shell sends as
``{"setup": ...}``; the controller validates it through the engine and says
why it was refused (``state.setup_error``).  Adding and removing rows is the
form's own business until it is sent.  Each time the setup screen opens
(``state.setup_serial``) the form shows ``state.setup``, and has the games by link
kept listed over it (:mod:`ui.setup.link_games`, whose Open it does not hear).

Every player row's seat select offers a person and the computer levels
(``dicepoker.seats``), labelled by the catalogue keys ``seat.<kind>``; a
name the player has not edited follows it ("Player 2", "Computer 2").

The form hears its own events (a row added or removed, a seat chosen, the
form sent), so it can be fetched on first use (``ui.later.LaterView``): a
first turn opened by a link or a saved game never shows it.  Opened without a
query, the page may start on it, so static/js/boot.js fetches this module and
its imports with the start bundle then (``ui.platform.manifest``'s ``SETUP``).
"""

import asyncio

from dicepoker.game import MAX_PLAYERS, MAX_NAME_LENGTH
from dicepoker.rules import DEFAULT_RULESET
from dicepoker.seats import COMPUTER_LEVELS, HUMAN, REMOTE

from ..platform.dom import by_id, clone_template, document, listen
from ..records.storage import WIN_CHANCES
from .link_games import LinkGames, remote_act


class SetupForm:
    def __init__(self, shell):
        self.cat = shell.texts.cat
        form = by_id("setup-form")
        self.list = by_id("setup-players")
        self.add_button = by_id("add-player")
        self.seed = by_id("seed")
        self.error = by_id("setup-error")
        self._error_home = self.error.nextElementSibling     # where it stands when no row is wrong
        self.rows = []
        self.storage = shell.storage
        self.win_chances = form.querySelector("[name=win_chances]")
        self._serial = None
        self._error = None
        self.link_games = LinkGames(shell, form)   # over the form: the games by link kept

        def on_click(event):
            target = event.target
            if target.closest("#add-player") is not None:
                self.add_player()
                return
            remove = target.closest(".remove-player")
            if remove is not None:
                self.remove_player(int(remove.getAttribute("data-row")))

        def on_submit(event):
            event.preventDefault()
            setup = self.read()
            if REMOTE in setup["seats"]:        # a game by link: its module first
                asyncio.create_task(remote_act(shell, "remote_setup", setup))
            else:
                shell.act({"setup": setup})

        listen(form, "click", on_click)
        listen(form, "submit", on_submit)
        def on_change(event):
            if event.target.name == "win_chances":      # remembered at once (control.games)
                shell.act({"win_chances": "on" if event.target.checked else "off"})
            self.relabel()                              # a seat chosen

        listen(form, "change", on_change)

    def draw(self, state, texts):
        if texts.cat is not self.cat:
            self.set_catalogue(texts.cat)
        if state.setup_serial != self._serial:
            self._serial = state.setup_serial
            self.fill(state.setup if isinstance(state.setup, dict) else {})
            self.link_games.show(self.cat)
        if state.setup_error is not self._error:
            text = texts.say(state.setup_error) if state.setup_error else None
            if text is not None or not state.setup_error:
                self._error = state.setup_error     # else: worded once the rest is in
            self.show_error(text)
            if state.setup_error:
                self.focus_first_problem()

    # ---------------------------------------------------------------- filling
    def fill(self, setup):
        """Show a setup (the last one used, or the defaults)."""
        self.win_chances.checked = self.storage.get(WIN_CHANCES) != "off"
        self.list.replaceChildren()
        self.rows = []
        players = setup.get("players") if isinstance(setup.get("players"), list) else []
        seats = setup.get("seats") if isinstance(setup.get("seats"), list) else []
        for i in range(max(1, min(len(players), MAX_PLAYERS))):
            name = players[i] if i < len(players) and isinstance(players[i], str) else None
            seat = seats[i] if i < len(seats) else HUMAN
            self._add_row(name, seat)
        ruleset = setup.get("ruleset") if isinstance(setup.get("ruleset"), str) else DEFAULT_RULESET
        radios = document.querySelectorAll('input[name="ruleset"]')
        for i in range(radios.length):
            radios.item(i).checked = radios.item(i).value == ruleset
        self.seed.value = setup.get("seed") if isinstance(setup.get("seed"), str) else ""
        self.show_error(None)
        self.relabel()

    def _add_row(self, name=None, seat=HUMAN):
        li = clone_template("tpl-setup-player")
        number = len(self.rows) + 1
        li.querySelector(".player-dot").setAttribute("data-seat", str(number - 1))
        name_input = li.querySelector(".player-name")
        name_input.maxLength = MAX_NAME_LENGTH
        name_input.id = "player-name-%d" % number
        select = li.querySelector(".player-seat")
        for kind in COMPUTER_LEVELS + (REMOTE,):
            option = document.createElement("option")
            option.value = kind
            select.appendChild(option)
        select.value = seat if seat == HUMAN or seat in COMPUTER_LEVELS or seat == REMOTE else HUMAN
        default = self._default_name(li, number)
        name_input.value = name if name else default
        if not name or name == default:
            # Not the player's own choice: relabel() re-translates it on a language switch.
            name_input.setAttribute("data-default", default)
        self.list.appendChild(li)
        self.rows.append(li)

    def add_player(self):
        if len(self.rows) < MAX_PLAYERS:
            self._add_row()
            self.relabel()
            self.rows[-1].querySelector(".player-name").select()

    def remove_player(self, index):
        if len(self.rows) > 1 and 0 <= index < len(self.rows):
            self.rows.pop(index).remove()
            self.relabel()

    def relabel(self):
        """Labels in the current language, numbered by position."""
        t = self.cat.t
        for i, li in enumerate(self.rows):
            number = i + 1
            li.querySelector(".player-label").textContent = t("setup.player_label", number=number)
            self._relabel_default_name(li, number)
            li.querySelector(".seat-label").textContent = t("setup.seat_label", number=number)
            remove = li.querySelector(".remove-player")
            remove.setAttribute("aria-label", t("setup.remove_player", number=number))
            remove.setAttribute("data-row", str(i))
            remove.disabled = len(self.rows) == 1
            select = li.querySelector(".player-seat")
            for j in range(select.options.length):
                option = select.options.item(j)
                option.textContent = t("seat." + option.value)
        self.add_button.disabled = len(self.rows) >= MAX_PLAYERS

    def _default_name(self, li, number):
        """"Player 2" for a person's seat, "Computer 2" for a computer's."""
        human = li.querySelector(".player-seat").value in (HUMAN, REMOTE)
        return self.cat.t("setup.default_name" if human else "setup.default_computer",
                          number=number)

    def _relabel_default_name(self, li, number):
        """A default name ("Player 2") the player has not edited follows the
        language, the row's position and its seat; an edited one is left alone."""
        name_input = li.querySelector(".player-name")
        default = name_input.getAttribute("data-default")
        if default is None or name_input.value != default:
            return
        fresh = self._default_name(li, number)
        if fresh != default:
            name_input.value = fresh
            name_input.setAttribute("data-default", fresh)

    def set_catalogue(self, catalogue):
        self.cat = catalogue
        self.relabel()
        self.link_games.show(catalogue)

    # ---------------------------------------------------------------- reading
    def read(self):
        """What the player chose, as plain data (not yet validated)."""
        players, seats = [], []
        for li in self.rows:
            players.append(li.querySelector(".player-name").value)
            seats.append(li.querySelector(".player-seat").value)
        checked = document.querySelector('input[name="ruleset"]:checked')
        seed = self.seed.value.strip()
        return {"players": players, "seats": seats,
                "ruleset": checked.value if checked else DEFAULT_RULESET,
                "seed": seed or None}

    def show_error(self, text):
        self.error.textContent = text or ""
        self.error.hidden = not text
        if not text:                    # back under the form, no field marked
            for li in self.rows:
                li.querySelector(".player-name").removeAttribute("aria-invalid")
            if self.error.nextElementSibling is not self._error_home:
                self._error_home.before(self.error)

    def focus_first_problem(self):
        """Focus the first nameless player's field and say why right under it (issue 47:
        a message at the form's end was off screen on a phone)."""
        for li in self.rows:
            field = li.querySelector(".player-name")
            if not field.value.strip():
                field.setAttribute("aria-invalid", "true")
                field.setAttribute("aria-describedby", "setup-error")
                li.appendChild(self.error)
                field.focus()
                return
