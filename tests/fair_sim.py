"""Devices of a game played by link, simulated with the protocol modules alone.

``SimDevice`` is what a page does with ``dicepoker.bylink``: it takes links in,
commits, plays its turns (a simple choice of holds and boxes from the engine)
and says the link it would send.  The protocol tests play whole games with
it on CPython (and the same script on MicroPython), and the browser tests use
it to know what the pages must show.
"""

from dicepoker import bylink, fair, link_form


def simple_turn(game):
    """Roll, keep the most common face once, roll again, fill the best-paying box."""
    game.roll([])
    counts = {}
    for face in game.dice:
        counts[face] = counts.get(face, 0) + 1
    best = max(counts, key=lambda f: (counts[f], f))
    kept = [i for i, f in enumerate(game.dice) if f == best]
    if len(kept) < 5:
        game.roll(kept)
    options = game.options()
    box = max(options, key=lambda b: (options[b], -game.ruleset.boxes.index(b)))
    game.score(box)


class SimDevice:
    def __init__(self, entropy):
        self.secret = fair.new_secret(entropy)
        self.device = None
        self.shared = None

    @classmethod
    def host(cls, entropy, game_id, ruleset, names, seats):
        dev = cls(entropy)
        dev.device = 0
        dev.shared = bylink.act(bylink.new_shared(game_id, ruleset, names, seats), 0, dev.secret)
        return dev

    def open(self, fragment):
        """Take a link in: ``"newer"``, ``"same"`` or ``"older"``; LinkError if refused."""
        incoming = link_form.from_fragment(fragment)
        if self.shared is None:
            self.shared = bylink.taken(incoming)
            self.device = incoming.next_actor()
            what = "newer"
        else:
            self.shared, what = bylink.merged(self.shared, incoming)
        self.step()
        return what

    def step(self, play=simple_turn):
        """Act as a page does: play this device's turns when it rolls, then commit and
        reveal what it owes."""
        shared = self.shared
        if bylink.rolls_now(shared, self.device):
            game = bylink.game_of(shared, self.device, self.secret)
            while bylink.rolls_now(bylink.with_turns(shared, game), self.device):
                play(game)
            shared = bylink.with_turns(shared, game)
        self.shared = bylink.act(shared, self.device, self.secret)

    def fragment(self):
        return self.shared.fragment()


def play_game(ruleset, names, seats, entropy_of=lambda d: bytes([d + 1]) * 16,
              game_id=b"\x01\x02\x03\x04\x05\x06", check_each=None):
    """A whole game between simulated devices, the link always going to the device that
    acts next; returns (devices, links sent)."""
    host = SimDevice.host(entropy_of(0), game_id, ruleset, names, seats)
    devices = {0: host}
    links = []
    current = host
    while True:
        fragment = current.fragment()
        links.append(fragment)
        nxt = current.shared.next_actor()
        if nxt is None:
            break
        dev = devices.get(nxt)
        if dev is None:
            dev = devices[nxt] = SimDevice(entropy_of(nxt))
        dev.open(fragment)
        if check_each is not None:
            check_each(dev, fragment)
        current = dev
    for d, dev in devices.items():
        if dev is not current:
            dev.open(links[-1])
    return devices, links
