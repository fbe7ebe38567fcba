"""A game played by link: the moves and the game a link's state stands for, and
how a device takes a link in (the link's form and bytes: ``dicepoker.link_form``).

A device takes a link in with :func:`merged`: a damaged link (refused by
``link_form.from_fragment``), one that says another thing about this game
than the device holds (``other_game``), one that is older than what it holds
(``older``) or branches off it (``forked``), one whose values do not hash to
their commitments (``unverified``, naming the roll) and one with a move the
rules refuse (``impossible``) are all refused with
:class:`~dicepoker.fair.LinkError`; the caller keeps what it had.  Pure
Python for CPython and MicroPython.
"""

from .errors import DicePokerError
from .fair import MAX_DEVICES, LinkError, known_values, turn_keys, verify
from .game import Game, check_players
from .keyed_dice import KeyedDice
from .link_form import ID_BYTES, Shared
from .rules import get_ruleset
from .seats import REMOTE


def turns_of(game):
    """The complete turns of an engine game, as a link stores them."""
    turns, holds, boxes = [], [], game.ruleset.boxes
    for move in game.moves:
        if "roll" in move:
            holds.append(sum(1 << i for i in move["roll"]))
        else:                           # the first roll keeps nothing: not stored
            turns.append((tuple(holds[1:]), boxes.index(move["score"])))
            holds = []
    return turns


def moves_of(shared, turn):
    holds, box = shared.turns[turn]
    moves = [{"roll": []}]
    for mask in holds:
        moves.append({"roll": [i for i in range(5) if mask >> i & 1]})
    moves.append({"score": get_ruleset(shared.ruleset).boxes[box]})
    return moves


def game_of(shared, device=None, secret=None):
    """The engine game of ``shared`` as ``device`` sees it (its seats are people once the
    game can start; its secret gives it its own turns' dice); LinkError ``impossible``
    for a move the rules refuse."""
    plan = shared.plan
    values = known_values(plan, shared.commits, shared.revealed, device, secret)
    keys = turn_keys(shared.game_id, plan, values) if None not in shared.commits else {}
    game = Game(shared.names, ruleset=shared.ruleset,
                seats=plan.kinds(device, shared.started()),
                dice=KeyedDice(keys, plan.players))
    for turn in range(shared.done):
        try:
            for move in moves_of(shared, turn):
                game.apply(move)
        except DicePokerError:
            raise LinkError("impossible", "a move the rules do not allow", turn=turn)
    return game


def check(shared, held=None):
    """Raise LinkError unless every value of ``shared`` comes from its commitments (and
    follows what this device ``held``) and every past turn has both its values."""
    plan = shared.plan
    if any(count and None in shared.commits for count, _ in shared.revealed):
        raise LinkError("unverified", "a value revealed before everyone committed", turn=0)
    for d in range(plan.devices):
        if shared.revealed[d][0] < plan.used_before(d, shared.done):
            raise LinkError("unverified", "a played turn's value is missing",
                            turn=_first_missing(shared, d))
    failed = verify(plan, shared.commits, shared.revealed,
                    held.revealed if held is not None else None)
    if failed is not None:
        raise LinkError("unverified", "a value does not match its commitment",
                        device=failed[0], turn=failed[1])


def _first_missing(shared, device):
    count = shared.revealed[device][0]
    for t in range(shared.done):
        if shared.plan.index.get((device, t), 0) > count:
            return t
    return 0


def rolls_checked(shared):
    """How many rolls of the played turns come from revealed, checked values."""
    return sum(len(holds) + 1 for holds, _ in shared.turns)


def compare(held, incoming):
    """``"newer"``, ``"same"`` or ``"older"`` for a link of the game ``held``; LinkError
    ``other_game`` or ``forked`` when the two cannot both be this game."""
    if held.header() != incoming.header():
        raise LinkError("other_game", "another game with this game's id")
    more = less = False
    for mine, theirs in zip(held.commits, incoming.commits):
        if mine is not None and theirs is not None and mine != theirs:
            raise LinkError("forked", "another commitment")
        more = more or (theirs is not None and mine is None)
        less = less or (mine is not None and theirs is None)
    short = min(held.done, incoming.done)
    if held.turns[:short] != incoming.turns[:short]:
        raise LinkError("forked", "another move", turn=_fork_at(held, incoming))
    if incoming.done > held.done:
        more = True
    elif incoming.done < held.done:
        less = True
    for (mine, _), (theirs, _) in zip(held.revealed, incoming.revealed):
        more = more or theirs > mine
        less = less or theirs < mine
    if more and not less:
        return "newer"
    if not more and not less:
        return "same"
    if less and not more:
        return "older"
    raise LinkError("forked", "a link that branches off this game")


def _fork_at(held, incoming):
    for t, (a, b) in enumerate(zip(held.turns, incoming.turns)):
        if a != b:
            return t
    return 0


def merged(held, incoming):
    """What this device holds after the link ``incoming``: ``(shared, what)`` where
    ``what`` is ``"newer"``, ``"same"`` or ``"older"`` (then ``held``, unchanged).
    LinkError for a link that cannot be taken; ``held`` is never changed."""
    what = compare(held, incoming)
    if what != "newer":
        check(incoming, held)       # the same turns with other values is no replay
        return held, what
    # what the device held that the link lacks (a commitment or a reveal of its own
    # that the sender did not know yet) stays
    out = incoming.copy()
    out.commits = [a if a is not None else b for a, b in zip(incoming.commits, held.commits)]
    out.revealed = [a if a[0] >= b[0] else b for a, b in zip(incoming.revealed, held.revealed)]
    check(out, held)
    game_of(out)
    return out, what


def taken(incoming):
    """A link this device has never seen: checked from its commitments alone."""
    check(incoming)
    game_of(incoming)
    return incoming


def new_shared(game_id, ruleset, names, seats):
    """A game set up on this device (device 0), before anyone has committed."""
    if len(game_id) != ID_BYTES:
        raise LinkError("secret", "a game id has 6 bytes")
    if REMOTE not in seats:
        raise LinkError("damaged", "no remote seat")
    shared = Shared(game_id, ruleset, check_players(names), seats)
    if shared.plan.devices > MAX_DEVICES:
        raise LinkError("damaged", "too many devices")
    return shared


def act(shared, device, secret):
    """What ``device`` adds when it acts: its commitment, then (once everyone has
    committed) the values it owes (:meth:`~dicepoker.fair.Plan.owed`).  A new Shared."""
    from .fair import chain
    plan = shared.plan
    out = shared.copy()
    values = chain(secret, plan.lengths[device])
    if out.commits[device] is None:
        out.commits[device] = values[0]
    if None not in out.commits:
        owed = plan.owed(device, out.done)
        if owed > out.revealed[device][0]:
            out.revealed[device] = (owed, values[owed])
    return out


def rolls_now(shared, device):
    """``device`` is to play the turn on now (everyone committed, its partner revealed)."""
    return None not in shared.commits and not shared.over \
        and shared.next_actor() == device == shared.plan.roller(shared.done)


def with_turns(shared, game):
    """``shared`` with the complete turns of the engine game played on this device."""
    out = shared.copy()
    out.turns = turns_of(game)
    return out
