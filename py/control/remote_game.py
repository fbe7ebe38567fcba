"""This device's part in a game played by link, as the controller holds it (``state.remote``).

Each device keeps, per game, a **record** (``ui.remote.panel`` stores it):
``{"id", "device", "secret": hex, "base": fragment, "sent": bool, "recorded":
bool, "save": engine JSON}``.  ``base`` is the shared state as this device
last took it in or sent it (``sent``: it was shared from here); the turns its
players have played since are in the local game (``save``), so an undo takes
a box back until the link is sent, and a reload loses nothing, nor asks again
for a link already sent.  :class:`Remote` is that record on screen;
:meth:`Remote.after` runs after every action (``control.controller.tidy``)
and works out the link to send from ``base`` and the local game.  The actions
that make, open and send such games are :mod:`control.remote`'s.
"""

from dicepoker import bylink
from dicepoker.fair import to_hex
from dicepoker.seats import HUMAN


class Remote:
    """This device's part in a game played by link (``state.remote``)."""

    def __init__(self, base, device, secret):
        self.base = base            # link_form.Shared: as taken in or sent
        self.device = device        # None: a device that only watches (a finished game)
        self.secret = secret
        self.shared = base          # base and the turns played here since
        self.game = None            # the engine game on screen
        self.stored = None          # (state.version, state.held) last stored
        self.recorded = False       # the results are in the high scores (a finished game)
        self._for = None            # (turns, base) update() last worked on
        self._setup = None          # the setup form's opening whose seats were set
        self._link = None
        self.sent = None            # the last link shared from this page (remote_sent)

    @property
    def id(self):
        return self.base.id

    def local_game(self):
        return bylink.game_of(self.base, self.device, self.secret)

    def update(self):
        """Work out ``shared``: ``base`` with the turns the local game has played."""
        game, base = self.game, self.base
        turns = bylink.turns_of(game)
        if self._for == (turns, base):
            return
        self._for = (turns, base)
        if self.device is None or turns == base.turns:
            self.shared = base
        else:
            self.shared = bylink.act(bylink.with_turns(base, game), self.device, self.secret)
        self._link = None if self.device is not None and self.to == self.device \
            else self.shared.fragment()

    @property
    def to(self):
        """The device that acts next (None: the game is over)."""
        return self.shared.next_actor()

    @property
    def link(self):
        """The fragment to send, or None while this device is to play."""
        return self._link

    def unsent(self):
        """This device has a link to send (the next move is another phone's) that it has
        not shared yet."""
        return self.link is not None and self.link != self.sent

    def step(self):
        """What this game waits for here: "joining" (not every phone has its part yet),
        "sending" (a link :meth:`unsent`), else None (to play here, or the link is sent)."""
        if not self.shared.started():
            return "joining"
        return "sending" if self.unsent() else None

    def locked(self):
        """An undo would take back a turn already sent (``base`` has it)."""
        return len(bylink.turns_of(self.game)) <= self.base.done

    def seat_kinds(self):
        """The seats as this device's player sees them: its own are people, the others a
        friend's phone (the setup form's, the card's head row), also before the game can
        start, when the local game has every seat remote."""
        return self.shared.plan.kinds(self.device) if self.device is not None \
            else [HUMAN] * len(self.shared.names)

    def names_of(self, device):
        plan = self.shared.plan
        return [self.shared.names[s] for s in plan.seats_of(device)]

    def after(self, state, fx):
        """After every action: drop out when another game is on screen; else the link."""
        if state.game is not self.game:
            state.remote = None
            return
        if state.screen == "setup" and self._setup != state.setup_serial:
            # the form shows this device's seats as people and the others as friends
            # (until the game can start, the local game has every seat remote)
            self._setup = state.setup_serial
            state.setup = dict(state.setup, seats=self.seat_kinds())
        self.update()
        stored = (state.version, state.held)   # the holds too: a reload gives them back
        if self.stored != stored:
            self.stored = stored
            fx.add("remote", {"store": self.record(state), "index": self.entry()})

    def record(self, state):
        base = self.base.fragment()
        return {"id": self.id, "device": self.device,
                "secret": to_hex(self.secret) if self.secret else None,
                "base": base, "sent": self.sent == base, "recorded": state.meta["recorded"],
                "save": self.game.to_json(held=state.held)}

    def entry(self):
        """The kept games' list: who plays, and whose turn it is."""
        to = self.to
        return {"players": list(self.shared.names),
                "to": self.names_of(to) if to is not None else [],
                "mine": to is not None and to == self.device,
                "over": self.shared.over}
