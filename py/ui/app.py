"""The controller: applies moves to the engine, saves, renders, announces.

One source of truth: ``self.game`` (a :class:`dicepoker.game.Game`).  Every
change goes through :meth:`App.play` (moves as data, the engine's own
language) or a screen action; each is saved at once and the page re-rendered
from the game.  The DOM is never read back as state (the setup form aside).

Plug-in points for the strategy work (hints, computer seats):

- ``App.observers``: callables ``f(app)`` run after every render.  A computer
  player registers one that, when ``app.game.seats[app.game.current_player]``
  is not ``"human"``, schedules its next move and applies it with
  ``app.play({"roll": [...]})`` / ``app.play({"score": box})`` — the same path
  a tap takes, so saving, announcing and the end screen come for free.
- ``App.busy``: set it while a computer is playing so input ignores taps.
- A hint button: add ``<button id="hint">`` to the tray, bind it in
  ``input.py`` and draw the advice with ``render.Renderer`` (e.g. a
  ``data-hint`` attribute on dice and cells).  Import the strategy lazily on
  first use (it is not in ``pyscript.toml``'s ``[files]``).
"""

import asyncio
import json

from dicepoker.errors import DicePokerError, InvalidSetup
from dicepoker.game import Game

from . import highscores, lazy, storage as keys
from .dom import by_id, clone_template, create_proxy, document, local_date, window
from .i18n import Catalogue, LANGUAGES, DEFAULT_LANGUAGE
from .links import link_key, link_params, setup_from_params
from .render import undo_allowed


CATALOGUE = "./static/i18n/%s.json"             # a whole catalogue
START_CATALOGUE = "./static/i18n/start/%s.json"  # what page start shows (.ci/start_catalogues.py)


async def load_start_catalogue():
    """The start part of the player's catalogue, which boot.js began fetching.

    If it cannot be had, the whole English catalogue (one more try)."""
    boot = getattr(window, "dicePokerBoot", None)
    lang = boot.lang if boot and boot.lang in LANGUAGES else DEFAULT_LANGUAGE
    try:
        text = await (boot.catalogue if boot else fetch_text(START_CATALOGUE % lang))
        return Catalogue(lang, json.loads(text), complete=False)
    except Exception:
        text = await fetch_text(CATALOGUE % DEFAULT_LANGUAGE)
        return Catalogue(DEFAULT_LANGUAGE, json.loads(text))


async def fetch_text(path):
    response = await window.fetch(path)
    if not response.ok:
        raise IOError("%s: HTTP %s" % (path, response.status))
    return await response.text()


def join_names(cat, names):
    if len(names) == 1:
        return names[0]
    return cat.t("list.and", first=", ".join(names[:-1]), last=names[-1])


class View:
    """UI-only state that is not part of the game (which screen, animation)."""

    def __init__(self):
        self.screen = "setup"
        self.roll_serial = 0      # counts rolls seen in this page, drives the animation
        self.rolled = ()          # dice thrown by the last roll


class App:
    def __init__(self, storage, catalogue, renderer, setup_form):
        self.storage = storage
        self.cat = catalogue
        self.renderer = renderer
        self.setup_form = setup_form
        self.view = View()
        self.game = None
        self.meta = {"link": None, "recorded": False, "rev": 0}
        self.observers = []
        self.busy = False
        self.assistants = None        # ui.assistants.Assistants (hint, computer seats), set by main.py
        self._pending = None          # what #confirm will do
        self._save_queued = False
        self._save_proxy = create_proxy(self.save)   # see save_after_render
        self._finishing = None                        # see _finish_soon
        self._finish_proxy = create_proxy(self._finish_game)
        self._pending_cancel = None   # what #cancel / Esc will do
        self.notice_action = None     # what the notice's button does
        self._notice = None           # (key, action key, params) of the last notice
        self._catalogues = {catalogue.lang: catalogue}
        self._rules_lang = None

    # ------------------------------------------------------------ start-up
    async def start(self, params):
        """Resume the saved game, start a linked one, or show setup."""
        game, meta, error = self.storage.load_game()
        if error is not None:
            await self._explain_bad_save(error)     # said before the page is ready
        link, link_error = None, None
        try:
            link = setup_from_params(params)
        except DicePokerError as problem:
            link_error = problem
        if link_error is not None:
            self.notice("notice.bad_link", reason=lambda cat: cat.error(link_error))
            self._forget_link_in_url()
        if game is not None:
            self.game, self.meta = game, meta
            self.view.screen = "game"
        if link is not None:
            key = link_key(link)
            if game is not None and meta["link"] == key:
                pass                                    # reload of the link's own game
            elif game is not None and not game.is_over:
                self.ask("link", lambda: self.new_game(link, key),
                         on_cancel=self._forget_link_in_url)
            else:
                self.new_game(link, key)
                return
        if self.game is None:
            self.show_setup()
        else:
            self.refresh()
            if self.game.is_over:
                self._show_results()          # records them if the page closed before it could

    # ---------------------------------------------------------------- state
    def refresh(self):
        self.renderer.render(self.game, self.view)
        for observer in self.observers:
            observer(self)

    def save(self):
        """Save the game; False (and the newer game shown) if another tab saved after us."""
        self._save_queued = False
        if self.game is not None and not self.storage.save_game(self.game, self.meta):
            self.follow_other_tab()
            return False
        return True

    def save_after_render(self):
        """Save the move right after this tap's handler has drawn it.

        A microtask: it runs as soon as the handler returns, in the same task,
        so no other event, timer or reload can come before it (a move is never
        lost), yet the page is updated first (the save, JSON of the whole game,
        is not on the tap-to-DOM path).  Several calls in one task save once.
        If another tab saved in between (``play`` checked just before), its
        game is shown instead, as :meth:`save` does."""
        if not self._save_queued:
            self._save_queued = True
            window.queueMicrotask(self._save_proxy)

    def notice(self, key, action=None, on_action=None, **params):
        """Show the message ``key`` with ``params``; ``action`` (a key) labels a button.

        Kept as keys, not text, so that a language switch words it again; a
        callable param is given the catalogue then (a translated reason)."""
        self._notice = (key, action, params)
        self.notice_action = on_action
        self._word_notice()
        by_id("notice").hidden = False

    def _word_notice(self):
        key, action, params = self._notice
        cat = self.cat
        values = {name: value(cat) if callable(value) else value for name, value in params.items()}
        by_id("notice-text").textContent = cat.t(key, **values)
        button = by_id("notice-action")
        button.hidden = action is None
        if action is not None:
            button.textContent = cat.t(action)

    # ------------------------------------------------- other tabs, files
    def on_storage(self, key):
        """Another tab changed storage (``storage`` event): follow a newer game."""
        if key in (keys.GAME_META, None) and self.storage.is_stale(self.meta):
            self.follow_other_tab()

    def follow_other_tab(self):
        """Show the game another tab saved, dropping this tab's older copy."""
        game, meta, error = self.storage.load_game()
        if error is not None:
            asyncio.create_task(self._explain_bad_save(error))
        if game is None:
            return
        self.adopt(game, meta)
        self.notice("notice.other_tab")

    def adopt(self, game, meta, screen=None):
        """Show ``game`` (another tab's, or an imported file's) instead of ours.

        A question about the old game (a 0, leaving it) no longer applies and is
        closed; the screen stays as it was unless ``screen`` is given.
        """
        self._pending = self._pending_cancel = None
        self.close_dialog("confirm-dialog")
        self.game, self.meta = game, meta
        screen = screen or self.view.screen
        self.view = View()
        self.view.screen = screen
        self.refresh()
        if game.is_over and screen == "game":
            self.show_end()
        else:
            self.close_dialog("end-dialog")

    async def _explain_bad_save(self, error):
        """Say why the saved game could not be restored (``save_error.*``: not in the start
        catalogue) and offer its file; the game goes on meanwhile."""
        await self.complete_catalogue()
        self.notice("notice.bad_save", "notice.bad_save_download", self._export_bad_save,
                    reason=lambda cat: cat.error(error, "save_error"))

    async def open_transfer(self, bad_save=None):
        """The Save and load dialog (``ui.transfer_dialog``, fetched on first use)."""
        try:
            await self.complete_catalogue()
            dialog = await lazy.load("ui.transfer_dialog")
        except lazy.LazyLoadError:
            self.notice("transfer.load_failed")
            return
        if bad_save is None:
            dialog.show(self)
        else:
            dialog.export_bad_save(self, bad_save)

    def _export_bad_save(self):
        asyncio.create_task(self.open_transfer(bad_save=self.storage.last_bad_save))

    def storage_unavailable(self):
        """Say once that progress won't be kept (storage blocked or full)."""
        self.notice("notice.no_storage")

    # ---------------------------------------------------------------- moves
    def play(self, move):
        """Apply one move given as data; save, draw, announce.  Errors become messages."""
        game = self.game
        if game is None or self._pending is not None:
            return
        if self.storage.is_stale(self.meta):
            self.follow_other_tab()       # another tab moved on: show that, ignore this tap
            return
        before_player = game.current_player
        kind = list(move)[0]
        if kind == "undo" and game.is_over:
            return                        # results are recorded; the game stays finished
        thrown = [i for i in range(5) if i not in game.held]
        last_box = game.moves[-1].get("score") if game.moves else None
        try:
            result = game.apply(move)
        except DicePokerError as error:
            self.renderer.announce(self.cat.error(error))
            return
        if kind == "roll":
            self.view.roll_serial += 1
            self.view.rolled = tuple(thrown)
        try:
            self.refresh()
            self._announce_move(kind, move, result, before_player, last_box)
        finally:
            self.save_after_render()
        if game.is_over:
            self._finish_soon()

    def _announce_move(self, kind, move, result, before_player, last_box):
        t, game = self.cat.t, self.game
        if kind == "roll":
            dice = ", ".join(str(d) for d in game.dice)
            if game.rolls_left:
                self.renderer.announce(t("announce.roll", dice=dice, count=game.rolls_left))
            else:
                self.renderer.announce(t("announce.roll_last", dice=dice))
        elif kind == "score":
            box = move["score"]
            text = t("announce.scored", name=game.players[before_player], points=result,
                     box=t("box." + box))
            if game.is_over:
                text += " " + t("announce.over")
            else:
                text += " " + t("announce.next", name=game.players[game.current_player])
            self.renderer.announce(text)
        elif kind == "undo":
            self.renderer.announce(t("announce.undone", box=t("box." + str(last_box)),
                                     name=game.players[game.current_player]))

    def toggle_hold(self, index):
        game = self.game
        if game is None or not game.can_hold:
            return
        held = [i for i in game.held if i != index]
        if len(held) == len(game.held):
            held.append(index)
        self.play({"hold": sorted(held)})

    def roll(self):
        if self.game is not None and self.game.can_roll:
            self.play({"roll": list(self.game.held)})

    def fill(self, box):
        """Fill ``box`` with the current dice; a 0 asks first."""
        game = self.game
        if game is None or self._pending is not None:
            return
        points = game.options().get(box)
        if points is None:
            return
        if points == 0:
            name = self.cat.t("box." + box)
            self.ask("zero", lambda: self.play({"score": box}), box=name)
        else:
            self.play({"score": box})

    def undo(self):
        """Take back the last box; allowed even while a computer waits for its first roll."""
        game = self.game
        if game is not None and undo_allowed(game):
            self.play({"undo": True})

    # ------------------------------------------------------- confirmations
    def ask(self, kind, on_confirm, on_cancel=None, **params):
        """Open the confirmation dialog; ``#confirm`` runs ``on_confirm``."""
        t = self.cat.t
        if self.game is not None:
            params.setdefault("players", join_names(self.cat, self.game.players))
            params.setdefault("round", min(self.game.round + 1, self.game.rounds))
            params.setdefault("rounds", self.game.rounds)
        self._pending, self._pending_cancel = on_confirm, on_cancel
        by_id("confirm-title").textContent = t("confirm.%s_title" % kind, **params)
        by_id("confirm-text").textContent = t("confirm.%s_text" % kind, **params)
        by_id("confirm").textContent = t("confirm.%s_ok" % kind, **params)
        cancel_key = "confirm.%s_cancel" % kind
        by_id("cancel").textContent = t(cancel_key if self.cat.has(cancel_key) else "confirm.cancel")
        dialog = by_id("confirm-dialog")
        if not dialog.open:
            dialog.showModal()

    def answer(self, accepted):
        action = self._pending if accepted else self._pending_cancel
        self._pending = self._pending_cancel = None
        dialog = by_id("confirm-dialog")
        if dialog.open:
            dialog.close()
        if action is not None:
            action()

    # ------------------------------------------------------------- screens
    def show_setup(self):
        last = self.storage.get_json(keys.SETUP, None)
        if self.game is not None:
            last = {"players": self.game.players, "seats": self.game.seats,
                    "ruleset": self.game.ruleset.id}
        if not isinstance(last, dict):
            last = {}
        self.setup_form.fill(last)
        self.view.screen = "setup"
        self.refresh()

    def back_to_game(self):
        if self.game is not None:
            self.view.screen = "game"
            self.refresh()

    def submit_setup(self):
        setup = self.setup_form.read()
        try:
            self._check_setup(setup)
        except InvalidSetup as error:
            self.setup_form.show_error(self.cat.error(error))
            self.setup_form.focus_first_problem()
            return
        self.setup_form.show_error(None)
        if self.game is not None and not self.game.is_over:
            self.ask("leave", lambda: self.new_game(setup))
        else:
            self.new_game(setup)

    @staticmethod
    def _check_setup(setup):
        Game(setup["players"], ruleset=setup["ruleset"], seed=setup["seed"] or 1,
             seats=setup["seats"])

    def new_game(self, setup, link=None):
        """Start a game; ``link`` is the key of the URL that asked for it, if any."""
        self.game = Game(setup["players"], ruleset=setup["ruleset"], seed=setup.get("seed"),
                         seats=setup.get("seats"))
        self.meta = {"link": link, "recorded": False, "rev": self.storage.stored_revision()}
        if link is None:
            self._forget_link_in_url()
        self.storage.set_json(keys.SETUP, {"players": self.game.players,
                                           "seats": self.game.seats,
                                           "ruleset": self.game.ruleset.id})
        self.view = View()
        self.view.screen = "game"
        self.close_dialog("end-dialog")
        self.save()
        self.refresh()
        self.renderer.announce(self.cat.t("announce.next",
                                          name=self.game.players[self.game.current_player]))

    def play_again(self):
        game = self.game
        if game is not None:
            self.new_game({"players": game.players, "seats": game.seats,
                           "ruleset": game.ruleset.id, "seed": None})
            by_id("roll").focus()

    def _forget_link_in_url(self):
        if window.location.search:
            window.history.replaceState(None, "", window.location.pathname)

    def share_link(self):
        """The URL that replays this game's dice for the same players."""
        game = self.game
        query = window.URLSearchParams.new()
        for name, value in link_params(game.players, game.ruleset.id, game.seed):
            query.append(name, value)
        return "%s%s?%s" % (window.location.origin, window.location.pathname, query.toString())

    # ---------------------------------------------------------- end of game
    def _finish_soon(self):
        """Record the results and open the end screen in a task of its own, right after this one.

        The tap that fills the last box draws the final card like any other
        tap; the high-score update and the results dialog (standings, table,
        a modal: ~20 ms) would double that tap's time to the screen, so they
        follow in the next task.  The finished game is saved by then
        (``save_after_render``), and a reload in between records the results
        on start (``start``), so they are never lost nor counted twice."""
        self._finishing = self.game
        window.setTimeout(self._finish_proxy, 0)

    def _finish_game(self, *_):
        game, self._finishing = self._finishing, None
        if game is None or game is not self.game or not game.is_over:
            return                        # another game, or an undo, came first
        self._show_results()

    def _show_results(self):
        """Record the finished game's results (once), then open the end screen.

        The end screen's texts are not in the start catalogue: it opens once
        the rest is added (at once if it already is), unless the game has
        changed or the player has left its screen by then."""
        if not self.meta.get("recorded"):
            self._record_results()
        asyncio.create_task(self._open_end(self.game))

    async def _open_end(self, game):
        await self.complete_catalogue()
        if game is self.game and game.is_over and self.view.screen == "game":
            self.show_end()

    def _record_results(self):
        game = self.game
        table = highscores.clean_table(self.storage.get_json(keys.HIGHSCORES, {}))
        results = [(game.players[p], total) for p, total in enumerate(game.totals())
                   if game.seats[p] == "human"]
        self.last_ranks = highscores.add_results(table, game.ruleset.id, results, local_date())
        self.storage.set_json(keys.HIGHSCORES, table)
        self.meta["recorded"] = True
        self.save()

    def show_end(self):
        t, game = self.cat.t, self.game
        totals = game.totals()
        order = sorted(range(len(totals)), key=lambda p: (-totals[p], p))
        winners = game.winners()
        if len(game.players) == 1:
            text = t("end.winner_solo", points=totals[0])
        elif len(winners) == 1:
            text = t("end.winner", name=game.players[winners[0]])
        else:
            text = t("end.tie", names=join_names(self.cat, [game.players[p] for p in winners]))
        by_id("end-winner").textContent = text
        standings = by_id("standings")
        standings.replaceChildren()
        rank = 0
        for position, p in enumerate(order):
            if position == 0 or totals[p] != totals[order[position - 1]]:
                rank = position + 1
            li = clone_template("tpl-standing")
            li.classList.toggle("winner", p in winners)
            li.querySelector(".standing-rank").textContent = t("end.rank", rank=rank)
            li.querySelector(".standing-name").textContent = game.players[p]
            li.querySelector(".standing-score").textContent = t("end.points", count=totals[p])
            standings.appendChild(li)
        by_id("end-scores-title").textContent = t(
            "end.scores_title", ruleset=t("ruleset." + game.ruleset.id))
        self._fill_highscores(by_id("end-scores"), game.ruleset.id)
        by_id("open-review").hidden = "human" not in game.seats
        by_id("share").hidden = game.seed is None
        if game.seed is not None:
            by_id("share-link").value = self.share_link()
        dialog = by_id("end-dialog")
        if not dialog.open:
            dialog.showModal()
        by_id("play-again").focus()

    async def show_review(self):
        """The post-game review (ui.review, fetched on first use)."""
        await self.complete_catalogue()          # the dialog's own texts first
        dialog = by_id("review-dialog")
        if not dialog.open:
            dialog.showModal()
        if not by_id("review-list").children.length:
            by_id("review-status").textContent = self.cat.t("review.loading")
        try:
            review = await lazy.load("ui.review")
            coach = await self.assistants.load()
        except lazy.LazyLoadError:
            by_id("review-status").textContent = self.cat.t("review.failed")
            return
        await review.show(self, coach)

    def _fill_highscores(self, target, ruleset):
        t = self.cat.t
        table = highscores.clean_table(self.storage.get_json(keys.HIGHSCORES, {}))
        entries = table.get(ruleset, [])
        target.replaceChildren()
        for entry in entries:
            li = clone_template("tpl-highscore")
            li.querySelector(".hs-name").textContent = entry["name"]
            li.querySelector(".hs-meta").textContent = t("scores.entry_meta", date=entry["date"],
                                                         count=entry["players"])
            li.querySelector(".hs-score").textContent = str(entry["score"])
            target.appendChild(li)
        return len(entries)

    def show_scores(self, ruleset=None):
        select = by_id("scores-ruleset")
        if ruleset is None:
            ruleset = self.game.ruleset.id if self.game is not None else select.value
        select.value = ruleset
        count = self._fill_highscores(by_id("scores-list"), ruleset)
        by_id("scores-empty").hidden = count > 0
        dialog = by_id("scores-dialog")
        if not dialog.open:
            dialog.showModal()

    def close_dialog(self, dialog_id):
        dialog = by_id(dialog_id)
        if dialog.open:
            dialog.close()

    # --------------------------------------------------------------- rules
    async def show_rules(self):
        dialog = by_id("rules-dialog")
        if not dialog.open:
            dialog.showModal()
        if self._rules_lang == self.cat.lang:
            return
        body = by_id("rules-body")
        try:
            html = await fetch_text("./static/i18n/" + self.cat.t("rules.file"))
        except Exception:
            body.textContent = self.cat.t("rules.failed")
            return
        body.innerHTML = html     # our own static page, never user text
        self._rules_lang = self.cat.lang

    # ------------------------------------------------------------ language
    async def switch_language(self, lang):
        if lang not in LANGUAGES or lang == self.cat.lang:
            return
        catalogue = self._catalogues.get(lang)
        if catalogue is None:
            try:
                text = await fetch_text(CATALOGUE % lang)
                catalogue = Catalogue(lang, json.loads(text))
            except Exception:
                by_id("lang").value = self.cat.lang
                return
            self._catalogues[lang] = catalogue
        elif not catalogue.complete:
            await self._complete(catalogue)   # back to the start language: its dialogs' texts
        self.storage.set(keys.LANG, lang)
        self.use_catalogue(catalogue)

    async def complete_catalogue(self):
        """Add the messages the start catalogue leaves out (hints, review, save and load).

        If they cannot be fetched, the page goes on: what it says then (a
        feature could not be loaded) is in the start part."""
        cat = self.cat
        if not cat.complete:
            await self._complete(cat)
            if cat is self.cat:
                apply_static_texts(cat)   # the dialogs' texts (LATER_MARKUP in the script)

    async def _complete(self, catalogue):
        try:
            catalogue.add(json.loads(await fetch_text(CATALOGUE % catalogue.lang)))
        except Exception:
            pass

    def use_catalogue(self, catalogue):
        self.cat = catalogue
        apply_static_texts(catalogue)
        self.renderer.set_catalogue(catalogue)
        self.setup_form.set_catalogue(catalogue)
        self._rules_lang = None
        self.refresh()
        if by_id("end-dialog").open:
            self.show_end()
        if self._notice is not None and not by_id("notice").hidden:
            self._word_notice()
        if by_id("rules-dialog").open:
            asyncio.create_task(self.show_rules())


def apply_static_texts(cat):
    """Translate the markup: ``data-i18n`` (text) and ``data-i18n-attr`` (attributes).

    A start catalogue lacks the texts of the dialogs that open only once it is
    complete (.ci/start_catalogues.py): those elements are left as they are."""
    document.documentElement.lang = cat.lang
    nodes = document.querySelectorAll("[data-i18n]")
    for i in range(nodes.length):
        el = nodes.item(i)
        key = el.getAttribute("data-i18n")
        if cat.has(key):
            el.textContent = cat.t(key)
    nodes = document.querySelectorAll("[data-i18n-attr]")
    for i in range(nodes.length):
        el = nodes.item(i)
        for pair in el.getAttribute("data-i18n-attr").split():
            attr, key = pair.split(":", 1)
            if cat.has(key):
                el.setAttribute(attr, cat.t(key))
    by_id("lang").value = cat.lang
    by_id("lang-code").textContent = cat.lang.upper()
