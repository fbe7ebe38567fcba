"""The end view: ``#end-dialog``, who won, the standings, the high scores, Share and Review.

Share offers the challenge link (:func:`share_link`): the system's share
sheet where the browser has one, else the clipboard (``ui.platform.share``), with
"Link copied" (or the link itself, if the copy was refused) under the
button; the button's title shows the link.  Today's game has its own Share
(``ui.daily.door``): its end hides this one.

Its texts are not in the start catalogue: it opens once the rest is in."""

import sys

from dicepoker.seats import HUMAN, is_you

from control.links import link_params
from control.messages import names_list

import asyncio

from ..records import game_record, highscores, history
from ..platform import lazy
from ..advice import luck
from ..later import sync
from ..platform.dom import by_id, clone_template, listen, window
from .scores import fill_highscores
from ..platform.share import Sharer, page_address


def share_link(game):
    """The URL that replays this game's dice for the same players."""
    query = window.URLSearchParams.new()
    for name, value in link_params(game.players, game.ruleset.id, game.seed, game.seats):
        query.append(name, value)
    return "%s?%s" % (page_address(), query.toString())


_history_warned = []        # "history is not being kept" was said (once a page)
# results written into the high-score table this visit: the end screen, drawn in the same
# action as the finish that asks for them (its code in from a game before), fills again
_recorded = [0]


def run_effect(kind, value, shell):
    """``record``: a finished game's results into the high-score table, and the game into
    the history (``ui.effects.LATER``).

    The controller dispatches the ``finish`` that asks for this only once
    this module is in (``ui.shell``), so it runs in the same task as the
    save that marks the results recorded.  If storage refuses the history,
    the game goes on and the player is told once (unless storage refuses
    everything: that was said already)."""
    storage, clock = shell.storage, shell.clock
    table = highscores.load(storage)
    before = table.get(value["ruleset"], [])
    results = [tuple(r) for r in value["results"]]
    highscores.add_results(table, value["ruleset"], results, clock.today(), value.get("players"))
    highscores.save(storage, table)
    _recorded[0] += 1                   # the end screen lists the table again (End.draw)
    _celebrate(before, results)
    if "game" in value:         # the game on screen, just finished, into the history
        record = game_record.summarize(shell.state.game, clock.local_time())
        if "daily" in value:
            record["daily"] = value["daily"]        # today's game, of this date
        if not history.add(storage, record, value["game"], clock.now()) \
                and storage.available and not _history_warned:
            _history_warned.append(True)
            shell.act({"say": "notice.history_off"})


def _celebrate(before, results):
    """A new high score (above every kept one) or a player's best (above each of their
    kept scores), with ``ui.feel.door``'s celebration if it is in (none on a first game)."""
    feel = sys.modules.get("ui.feel.door")
    if feel is None or not before or not results:
        return
    name, score = max(results, key=lambda result: result[1])
    if score > before[0]["score"]:
        feel.celebrate({"key": "feel.high_score", "params": {"name": name, "points": score}})
        return
    for name, score in results:
        own = [entry["score"] for entry in before if entry["name"] == name]
        if own and score > max(own):
            feel.celebrate({"key": "feel.best", "params": {"name": name, "points": score}})


class End:
    def __init__(self, shell):
        self.shell = shell
        self.storage = shell.storage
        self.dialog = by_id("end-dialog")
        self._drawn = None
        self.link = None
        self.status = by_id("share-status")
        self._said = None                   # (key, params) under the Share button
        self._cat = None
        sharer = Sharer(lambda: self._say("end.share_copied"),
                        lambda: self._say("end.share_failed", link=self.link))
        listen(by_id("share-button"), "click", lambda event: sharer.share(url=self.link))

    def _say(self, key, **params):
        self._said = (key, params)
        self.status.textContent = self._cat.t(key, **params)

    def draw(self, state, texts):
        game = state.game
        if "end" not in state.dialogs or game is None:
            self._drawn = None
            sync(self.dialog, False)
            return
        cat = texts.cat
        if not cat.complete:
            texts.need_all()
            return
        key = (state.version, cat, state.meta["recorded"], _recorded[0])
        if key != self._drawn:
            if self._drawn is None or self._drawn[0] != state.version:
                self._said = None           # "Link copied" was about another game's link
            self._drawn = key
            self._cat = cat
            self._fill(game, cat)
            self.status.textContent = cat.t(self._said[0], **self._said[1]) if self._said else ""
        if sync(self.dialog, True):
            # Enter plays again, but the results open at their top: taller than a
            # phone's screen, focusing the last button had scrolled the winner away.
            by_id("play-again").focus()
            self.dialog.scrollTop = 0

    def _fill(self, game, cat):
        t = cat.t
        totals = game.totals()
        order = sorted(range(len(totals)), key=lambda p: (-totals[p], p))
        winners = game.winners()
        if len(game.players) == 1 and is_you(game.players[0]):
            text = t("end.winner_solo", points=totals[0])
        elif len(game.players) == 1:            # a named player: not "You" above their name
            text = t("end.winner_solo_named", name=game.players[0], points=totals[0])
        elif len(winners) == 1:
            text = t("end.winner", name=game.players[winners[0]])
        else:
            text = cat.say({"key": "end.tie", "params": {"names": _names(cat, game, winners)}})
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
            li.querySelector(".standing-name").textContent = cat.player(game.players[p])
            li.querySelector(".standing-score").textContent = t("end.points", count=totals[p])
            standings.appendChild(li)
        by_id("end-scores-title").textContent = t(
            "end.scores_title", ruleset=t("ruleset." + game.ruleset.id))
        fill_highscores(by_id("end-scores"), highscores.load(self.storage), game.ruleset.id, cat)
        by_id("open-review").hidden = HUMAN not in game.seats
        luck.reserve(self.dialog, cat, game, by_id("end-scores-title"))
        asyncio.create_task(self._luck(game))
        by_id("share").hidden = game.seed is None or self.shell.state.meta.get("daily") is not None
        if game.seed is not None:
            self.link = share_link(game)
            by_id("share-button").title = self.link


    async def _luck(self, game):
        """Luck and skill's figures, in the place :func:`luck.reserve` held for them (so
        the buttons below do not move), once the strategy is in."""
        try:
            await lazy.load("ui.advice.assistants")
            await lazy.load("dicepoker.strategy")
        except lazy.LazyLoadError:
            luck.withdraw(self.dialog)      # the rest of the end screen is all there
            return
        await luck.show(self.shell, self.dialog, game)


def _names(cat, game, players):
    return names_list([game.players[p] for p in players])
