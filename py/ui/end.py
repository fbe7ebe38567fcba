"""The end view: ``#end-dialog``, who won, the standings, the high scores, Share and Review.

Its texts are not in the start catalogue: it opens once the rest is in."""

from dicepoker.seats import HUMAN

from control.links import link_params
from control.messages import names_list

from . import highscores
from .later import sync
from .dom import by_id, clone_template, local_date, window
from .scores import fill_highscores


def share_link(game):
    """The URL that replays this game's dice for the same players."""
    query = window.URLSearchParams.new()
    for name, value in link_params(game.players, game.ruleset.id, game.seed):
        query.append(name, value)
    return "%s%s?%s" % (window.location.origin, window.location.pathname, query.toString())


def run_effect(kind, value, shell):
    """``record``: a finished game's results into the high-score table (``ui.effects.LATER``).

    The controller dispatches the ``finish`` that asks for this only once
    this module is in (``ui.shell``), so it runs in the same task as the
    save that marks the results recorded."""
    table = highscores.load(shell.storage)
    highscores.add_results(table, value["ruleset"], [tuple(r) for r in value["results"]],
                           local_date())
    highscores.save(shell.storage, table)


class End:
    def __init__(self, shell):
        self.storage = shell.storage
        self.dialog = by_id("end-dialog")
        self._drawn = None

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
        key = (state.version, cat, state.meta["recorded"])
        if key != self._drawn:
            self._drawn = key
            self._fill(game, cat)
        if sync(self.dialog, True):
            by_id("play-again").focus()

    def _fill(self, game, cat):
        t = cat.t
        totals = game.totals()
        order = sorted(range(len(totals)), key=lambda p: (-totals[p], p))
        winners = game.winners()
        if len(game.players) == 1:
            text = t("end.winner_solo", points=totals[0])
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
            li.querySelector(".standing-name").textContent = game.players[p]
            li.querySelector(".standing-score").textContent = t("end.points", count=totals[p])
            standings.appendChild(li)
        by_id("end-scores-title").textContent = t(
            "end.scores_title", ruleset=t("ruleset." + game.ruleset.id))
        fill_highscores(by_id("end-scores"), highscores.load(self.storage), game.ruleset.id, cat)
        by_id("open-review").hidden = HUMAN not in game.seats
        by_id("share").hidden = game.seed is None
        if game.seed is not None:
            by_id("share-link").value = share_link(game)


def _names(cat, game, players):
    return names_list([game.players[p] for p in players])
