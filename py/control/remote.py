"""A game played by link, in the controller: set up, take a link in, play, send.

What each device keeps of such a game (its record) and works out after every
action (the link to send) is :class:`control.remote_game.Remote`
(``state.remote``); this module has the actions that make and open one.

Actions (``control.controller.LATER``: this module is fetched on first use):

- ``remote_setup`` ``{"players", "seats", "ruleset", "entropy": hex}``: a new
  game with remote seats, set up here (device 0);
- ``remote_open`` ``{"fragment", "record": record or None, "entropy": hex}``:
  a link was opened; ``record`` is this device's record of that game, if any;
- ``remote_resume`` ``{"record": record}``: a kept game opened from the list
  (or the page reloaded on one);
- ``remote_sent`` id: the link was shared (Share, or the link itself): the
  turns in it are sent, undo stops there.

Every refusal says why (``remote.bad_<code>``) and leaves the game this
device holds as it was.  Effects: ``remote`` ``{"store": record, "index":
entry}`` (write the record and the list entry) and ``{"forget": True}``
(drop the fragment from the address bar).
"""

from dicepoker import bylink, fair, link_form
from dicepoker.errors import DicePokerError
from dicepoker.fair import LinkError, from_hex
from dicepoker.game import Game
from dicepoker.seats import HUMAN, is_computer

from .autosave import autosave
from .dialogs import ask, say
from .games import load_text, show
from .messages import about, error_message, message, names_list
from .remote_game import Remote
from .saves import new_meta


def _entropy(arg, size):
    data = from_hex(arg.get("entropy")) or b""
    if len(data) < size:
        raise LinkError("secret", "no random bytes")
    return data


def _bad(state, error):
    """Say why a link or a setup was refused (the game held stays as it was)."""
    code = getattr(error, "code", None)
    params = dict(getattr(error, "params", None) or {})
    text = {"key": "remote.bad_damaged", "params": {}}
    if code in ("other_game", "older", "forked", "impossible", "not_yours", "secret",
                "unverified", "not_here"):
        text = {"key": "remote.bad_" + code, "params": {}}
    turn, shared = params.get("turn"), params.get("shared")
    if isinstance(turn, int) and shared is not None:
        seat = turn % len(shared.names)
        text["params"] = {"name": shared.names[seat], "round": turn // len(shared.names) + 1}
        device = params.get("device")
        if isinstance(device, int):
            text["params"]["device"] = names_list([shared.names[s]
                                                   for s in shared.plan.seats_of(device)])
    if "names" in params:
        text["params"]["name"] = names_list(params["names"])
    say(state, text)


def _show(state, remote, game, fx, held=()):
    remote.game = game
    recorded = game.is_over and (remote.device is None or remote.recorded)
    meta = new_meta(recorded=recorded, rev=state.meta["rev"])
    meta["remote"] = remote.id      # saved with the game: a reload shows this game's panel
    state.dialogs = []
    show(state, game, meta, held, screen="game")    # a finished, recorded game: its end screen
    state.remote = remote
    remote.update()
    autosave(state, fx)
    if game.is_over and not state.meta["recorded"]:
        fx.add("timer", {"ms": 0, "action": {"finish": state.version}})
    elif not game.is_over:
        fx.add("announce", about("announce.next", game.players[game.current_player]))


# ------------------------------------------------------------------ setup
def check_setup(setup):
    """Raise InvalidSetup unless ``setup`` makes a game by link: 2 to 8 players, people on
    this device and at least one friend on another, no computer."""
    from dicepoker.errors import InvalidSetup
    seats = setup.get("seats") or []
    Game(setup["players"], ruleset=setup["ruleset"], seed=1, seats=seats)
    if any(is_computer(s) for s in seats):
        raise InvalidSetup("remote_computer", "a game by link is between people")
    if HUMAN not in seats:
        raise InvalidSetup("remote_alone", "someone plays on this device")


def on_setup(state, setup, fx, ctl):
    try:
        check_setup(setup)
        entropy = _entropy(setup, 22)
    except DicePokerError as error:
        state.setup_error = error_message(error)
        return
    except (KeyError, TypeError, AttributeError):
        state.setup_error = message("error.unknown")
        return
    state.setup_error = None
    if state.game is not None and not state.game.is_over and not setup.get("sure"):
        ask(state, "leave", {"remote_setup": dict(setup, sure=True)})
        return
    secret = fair.new_secret(entropy[:16])
    base = bylink.act(bylink.new_shared(entropy[16:22], setup["ruleset"], setup["players"],
                                        setup["seats"]), 0, secret)
    remote = Remote(base, 0, secret)
    state.setup = {"players": list(base.names), "seats": list(setup["seats"]),
                   "ruleset": base.ruleset}
    fx.add("remember", {"name": "setup", "value": state.setup})
    _show(state, remote, remote.local_game(), fx)


# ------------------------------------------------------------------ links
def from_record(record):
    """(Remote, game, held) of a kept record; LinkError if it cannot be read."""
    if not isinstance(record, dict):
        raise LinkError("damaged", "no record")
    base = link_form.from_fragment(record.get("base"))
    device = record.get("device")
    secret = from_hex(record.get("secret"))
    if device is not None and (not isinstance(device, int) or not 0 <= device < base.plan.devices
                               or secret is None):
        raise LinkError("damaged", "a damaged record")
    remote = Remote(base, device, secret)
    remote.recorded = record.get("recorded") is True
    if record.get("sent") is True:          # base is the link last shared from here
        remote.sent = base.fragment()
    game, held, error = load_text(record.get("save"))
    if error is not None or not _follows(game, base):
        game, held = remote.local_game(), ()
    return remote, game, held


def _follows(game, base):
    """The kept local game plays on from ``base`` (its turns start with base's)."""
    turns = bylink.turns_of(game)
    return turns[:base.done] == base.turns and game.players == base.names


def on_resume(state, arg, fx, ctl):
    try:
        remote, game, held = from_record(arg.get("record") if isinstance(arg, dict) else None)
    except DicePokerError as error:
        _bad(state, error)
        return
    _show(state, remote, game, fx, held)


def on_open(state, arg, fx, ctl):
    """A link was opened: take it in, or say why not (the game held stays)."""
    if not isinstance(arg, dict):
        return
    fx.add("remote", {"forget": True})
    try:
        incoming = link_form.from_fragment(arg.get("fragment"))
        record = arg.get("record")
        if record is not None:
            _open_kept(state, incoming, record, arg, fx)
        else:
            _open_new(state, incoming, arg, fx)
    except LinkError as error:
        if "turn" in error.params:
            error.params["shared"] = incoming
        _bad(state, error)
    except DicePokerError as error:
        _bad(state, error)


def _open_kept(state, incoming, record, arg, fx):
    remote, game, held = from_record(record)
    if remote.id != incoming.id:
        raise LinkError("other_game", "another game")
    shared, what = bylink.merged(remote.base, incoming)
    if what != "newer":
        if state.remote is not None and state.remote.id == remote.id:
            remote, game, held = state.remote, state.game, state.held   # as on screen
        _show(state, remote, game, fx, held)
        if what == "older":
            say(state, message("remote.bad_older"))
        return
    _check_secret(remote, shared)
    if remote.device is not None:
        shared = bylink.act(shared, remote.device, remote.secret)
    remote = Remote(shared, remote.device, remote.secret)
    remote.recorded = record.get("recorded") is True
    _show(state, remote, remote.local_game(), fx)
    _said_verified(state, shared)


def _open_new(state, incoming, arg, fx):
    shared = bylink.taken(incoming)
    actor = shared.next_actor()
    if actor is None:                       # a finished game: anyone may check it
        remote = Remote(shared, None, None)
    elif shared.commits[actor] is None:     # joining: this device takes the seats asked for
        secret = fair.new_secret(_entropy(arg, 16)[:16])
        shared = bylink.act(shared, actor, secret)
        remote = Remote(shared, actor, secret)
    else:
        seats = shared.plan.seats_of(actor)
        raise LinkError("not_here", "that player's secret is on another device",
                        names=[shared.names[s] for s in seats])
    _show(state, remote, remote.local_game(), fx)
    _said_verified(state, shared)


def _check_secret(remote, shared):
    if remote.device is not None and not fair.secret_matches(
            shared.plan, remote.device, remote.secret, shared.commits[remote.device]):
        raise LinkError("secret", "this device's secret is not the one it committed to")


def _said_verified(state, shared):
    if shared.over:
        say(state, message("remote.verified_all", count=bylink.rolls_checked(shared)))


def on_sent(state, arg, fx, ctl):
    remote = state.remote
    if remote is not None and remote.id == arg and remote.link is not None:
        remote.base = remote.shared
        remote.sent = remote.link
        remote.stored = None


HANDLERS = {"remote_setup": on_setup, "remote_open": on_open, "remote_resume": on_resume,
            "remote_sent": on_sent}
