"""Composition root: builds the game page from its parts and starts it.

controller (``control``) + views + effects + input + storage + texts -> :class:`ui.shell.Shell`.
Nothing else happens here; each part says what it does in its own module.
"""

import asyncio

from control.controller import Controller
from control.state import has_computers, joker_possible, setup_over_game

from .platform import clock, lazy
from .records import storage as keys
from .table.board import Board
from .feel.tips import Tips
from .dialogs.confirm import Confirm
from .platform.dom import query_params, window
from .effects import Effects
from .input import bind
from .language.catalogue import Texts, load_start_catalogue
from .later import LaterView
from .platform.memory import IdleCollector
from .table.notice import Notice
from .screens import Screens
from .shell import Shell
from .table.tray import Tray


def _on_setup(state):
    return state.screen == "setup" or state.game is None


def _views(shell):
    """Every view, in drawing order (dialogs last, so a question opens on top)."""
    setup = LaterView(shell, "ui.setup.form", "SetupForm", _on_setup, whole="setup.start",
                      failed_action={"back_to_game": True}, styles=None)
    return [
        Screens(lambda: setup.view is not None), setup, Board(shell.storage), Tray(), Notice(),
        LaterView(shell, "ui.table.computer_bar", "ComputerBar",
                  lambda state: state.game is not None and has_computers(state.game)),
        LaterView(shell, "ui.table.joker", "JokerNote", joker_possible),
        LaterView(shell, "ui.table.hint", "HintPanel", "hint", "hint.failed"),
        # the chips' win chances once a game has its first roll, never before it; whether
        # they are shown (the setting) is ui.table.win_chances's business
        LaterView(shell, "ui.table.win_chances", "WinChances", 
                  lambda s: s.game and s.game.moves and len(s.game.players) > 1),
        LaterView(shell, "ui.dialogs.end", "End", "end"),
        # today's game: its par worked out while it is played, its part of the end screen
        LaterView(shell, "ui.daily.door", "Daily", lambda state: state.meta.get("daily") is not None
                  or "daily" in state.dialogs, failed_action={"close": "daily"}),
        LaterView(shell, "ui.dialogs.review", "Review", "review", "review.failed"),
        LaterView(shell, "ui.dialogs.scores", "Scores", "scores"),
        LaterView(shell, "ui.dialogs.rules", "Rules", "rules", "rules.failed"),
        LaterView(shell, "ui.dialogs.transfer", "Transfer", "transfer"),
        LaterView(shell, "ui.stats.screen", "StatsScreen", "stats"),
        LaterView(shell, "ui.practice.door", "PracticeScreen", "practice"),
        # the first game's tips, from the first roll on (the first is about keeping dice):
        # a start view, its words in the start part, its look in app.css
        Tips(shell),
        # settings, sounds, vibration, celebrations: once Settings opens or a
        # second roll is seen (not on the first tap's way; the first roll is silent)
        LaterView(shell, "ui.feel.door", "Feel", lambda state: state.roll_serial > 1 or
                  "settings" in state.dialogs, failed_action={"close": "settings"}),
        Confirm(),
        LaterView(shell, "ui.dialogs.back", "Back",
                  lambda state: state.confirm or state.dialogs or setup_over_game(state)),
        # the statistics screen made ahead, once a box is written (never in the first turn)
        LaterView(shell, "ui.stats.warm", "WarmUp", lambda state: state.last_box[0] >= 0, whole=False),
        IdleCollector(),        # garbage collected after the taps, not during them
    ]


async def start():
    catalogue = await load_start_catalogue()
    texts = Texts(catalogue)
    storage = keys.Storage(window.dicePokerStorage, clock.now)
    effects = Effects(storage)
    shell = effects.shell = Shell(Controller(), texts, storage, effects)
    shell.clock = clock             # the one place the time is read (tests move the page's date)
    views = shell.views = _views(shell)
    screens, setup = views[0], views[1]
    texts.on_change = shell.draw
    storage.on_unavailable = lambda: shell.act({"storage_unavailable": True})

    async def switch_language(lang):
        try:
            switch = await lazy.load("ui.language.switch")
        except lazy.LazyLoadError:
            shell.act({"say": "load.failed"})
            return
        if await switch.switch(texts, lang):
            storage.set(keys.LANG, lang)

    await asyncio.sleep_ms(1)   # the views made; the first drawing in a task of its own
    bind(shell, storage, switch_language)     # the markup is worded: boot.js did it
    saved = storage.stored()
    if isinstance(saved["game"], str):
        # Reading a save is not a start module (a link's first turn has none). If it
        # cannot be fetched the page does not start (boot.js says so): the save is
        # kept as it is, not taken for a damaged one.
        await lazy.load("dicepoker.savefile")
    params = query_params()
    if "daily" in params:           # ?daily=: today's game is on the first screen (ui.daily.door)
        try:
            await asyncio.gather(lazy.load("ui.daily.door"), texts.complete())
        except lazy.LazyLoadError:
            pass                    # said when the request cannot be carried out
    shell.act({"start": {"saved": saved["game"], "meta": saved["meta"],
                         "params": params, "last_setup": storage.get_json(keys.SETUP),
                         "speed": storage.get(keys.SPEED),
                         "settings": storage.get_json(keys.SETTINGS), "today": clock.today()}})
    if params.get("practice"):      # ?practice=SEED&rules=ID: that sequence of positions
        shell.act({"practice": {"open": {"seed": params["practice"], "rules": params.get("rules")}}})
    if window.location.hash or "remote" in str(saved["meta"]):
        await (await lazy.load("ui.remote.door")).start(shell)   # a game by link (ui.remote.door)
    notice = shell.state.notice
    if notice is not None and texts.cat.say(notice["text"]) is None:
        await texts.complete()      # a damaged save is explained before the page is ready
    if _on_setup(shell.state):
        await asyncio.sleep_ms(1)   # the form made and drawn in a task after the start's
        await setup.prepare(texts)  # cannot be fetched: the page does not start (boot.js says so)
    screens.starting = False
    shell.draw()
    screens.take_over()
    return shell
