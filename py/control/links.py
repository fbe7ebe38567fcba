"""Challenge links: ``?players=Ann,Ben&seed=42&rules=yahtzee`` as a game setup.

Pure Python: the shell decodes the query string (``URLSearchParams``)
and passes a plain dict of strings here.  A link is identified by its
``link_key`` so that reloading the link's own game resumes it instead of
asking to replace it.
"""

from dicepoker.dice import normalise_seed
from dicepoker.errors import InvalidSetup
from dicepoker.game import check_players
from dicepoker.rules import DEFAULT_RULESET, get_ruleset
from dicepoker.seats import HUMAN


def setup_from_params(params):
    """The setup a link asks for, or None when the URL names no players.

    Raises the engine's ``InvalidSetup`` (with its code) for a bad link, so the
    page can say what is wrong with it in the player's language.
    """
    players_text = params.get("players")
    if players_text is None:
        return None
    if not isinstance(players_text, str):
        raise InvalidSetup("bad_players", "players must be a list of names")
    players = check_players([name for name in players_text.split(",")])
    ruleset = params.get("rules") or DEFAULT_RULESET
    get_ruleset(ruleset)
    seed = params.get("seed")
    seed = normalise_seed(seed) if seed not in (None, "") else None
    return {"players": players, "ruleset": ruleset, "seed": seed,
            "seats": [HUMAN] * len(players)}


def link_key(setup):
    """A canonical text naming the game a link starts (same link -> same key)."""
    return "%s|%s|%s" % (setup["ruleset"], setup["seed"] or "", ",".join(setup["players"]))


def link_params(players, ruleset, seed):
    """The query parameters that replay a game: what the Share button offers."""
    params = [("players", ",".join(players))]
    if seed is not None:
        params.append(("seed", str(seed)))
    if ruleset != DEFAULT_RULESET:
        params.append(("rules", ruleset))
    return params
