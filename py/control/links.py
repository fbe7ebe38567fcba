"""Challenge links as a game setup, in two forms:

- ``?players=Ann,Ben&seed=42&rules=yahtzee``: names separated by commas (the
  first form; still what a link without commas in its names looks like);
- ``?player=Smith, J&player=Ben&seed=42``: one ``player`` per seat, so a name
  may hold a comma.

Either form may add ``seats=human,good``: who plays each seat (a person or a
computer level, ``dicepoker.seats``); without it every seat is a person.  The
dice are a function of the seat (``dicepoker.dice``), so whoever opens the
link gets the same dice in the same seat.

Imported only for a page opened with a query (``control.games.on_link``).
Pure Python: the shell decodes the query string (``URLSearchParams``, see
``ui.platform.dom.query_params``) and passes a plain dict: strings, and the list of
``player`` values.  A link is identified by its ``link_key`` so that
reloading the link's own game resumes it instead of asking to replace it.
"""

from dicepoker.dice import normalise_seed
from dicepoker.errors import InvalidSetup
from dicepoker.game import check_players, check_seats
from dicepoker.rules import DEFAULT_RULESET, get_ruleset
from dicepoker.seats import HUMAN, REMOTE


def setup_from_params(params):
    """The setup a link asks for, or None when the URL names no players.

    Raises the engine's ``InvalidSetup`` (with its code) for a bad link, so the
    page can say what is wrong with it in the player's language.
    """
    names = params.get("player")
    if names is None:
        names = params.get("players")
        if names is None:
            return None
        if not isinstance(names, str):
            raise InvalidSetup("bad_players", "players must be a list of names")
        names = names.split(",")
    players = check_players(names)
    seats = params.get("seats")
    seats = check_seats(seats.split(",") if isinstance(seats, str) else None, len(players))
    if REMOTE in seats:                 # a game by link comes by its fragment, not a query
        raise InvalidSetup("bad_seats", "")
    ruleset = params.get("rules") or DEFAULT_RULESET
    get_ruleset(ruleset)
    seed = params.get("seed")
    seed = normalise_seed(seed) if seed not in (None, "") else None
    return {"players": players, "ruleset": ruleset, "seed": seed, "seats": seats}


def _computers(seats):
    return seats is not None and any(seat != HUMAN for seat in seats)


def link_key(setup):
    """A canonical text naming the game a link starts (same link -> same key; names are
    trimmed, so "Smith, J" is not "Smith" and "J")."""
    key = "%s|%s|%s" % (setup["ruleset"], setup["seed"] or "", ",".join(setup["players"]))
    seats = setup.get("seats")
    return key + "|" + ",".join(seats) if _computers(seats) else key


def link_params(players, ruleset, seed, seats=None):
    """The query parameters that replay a game: what the Share button offers."""
    if any("," in name for name in players):
        params = [("player", name) for name in players]
    else:
        params = [("players", ",".join(players))]
    if _computers(seats):
        params.append(("seats", ",".join(seats)))
    if seed is not None:
        params.append(("seed", str(seed)))
    if ruleset != DEFAULT_RULESET:
        params.append(("rules", ruleset))
    return params
