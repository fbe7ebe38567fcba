"""The fair-dice protocol (dicepoker.fair, dicepoker.bylink): commit, derive, verify,
the link's form, and every way a link can be bad; the same vectors on MicroPython."""

import hashlib
import json
import random

import pytest

from dicepoker import bylink, fair
from dicepoker.fair import LinkError
from dicepoker.link_form import from_fragment
from dicepoker.game import Game
from dicepoker.keyed_dice import KeyedDice, keyed_from_dict
from fair_sim import SimDevice, play_game
from fair_vectors import vectors
from mpyrun import run_micropython

ID = b"\x01\x02\x03\x04\x05\x06"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


# ------------------------------------------------------------------ commit, derive
def test_the_chain_reveals_backwards_and_binds_to_the_commitment():
    secret = fair.new_secret(b"x" * 16)
    values = fair.chain(secret, 10)
    assert values[-1] == secret and values[0] == fair.walk(secret, 10)
    for k in range(1, 11):
        assert fair.digest(values[k]) == values[k - 1]          # v[k] reveals v[k-1] ...
        assert fair.walk(values[k], k) == values[0]             # ... down to the commitment
    assert fair.digest(b"abc") == hashlib.sha256(b"abc").digest()[:16]
    assert fair.secret_matches(fair.Plan(["human", "remote"], 1), 0, secret,
                               fair.walk(secret, 2))


def test_the_partner_is_the_device_that_sends_the_link():
    plan = fair.Plan(["human", "human", "remote"], 15)
    assert [plan.partner(s) for s in range(3)] == [1, 1, 0]
    assert plan.run_end(0) == 1 and plan.run_end(2) == 2
    # each value is used once, in turn order: every turn has two indices, one per device
    for d in range(plan.devices):
        indices = [plan.index[(d, t)] for t in range(plan.turns) if (d, t) in plan.index]
        assert indices == list(range(1, plan.lengths[d] + 1))
    assert sum(plan.lengths) == 2 * plan.turns
    # the partner of the first turn commits last, so it can reveal at once
    assert fair.Plan(["human", "remote", "remote"], 15).commit_order == [0, 1, 2]
    assert fair.Plan(["remote", "human", "human"], 15).commit_order == [0, 1]


def test_turn_keys_need_both_values():
    devices, links = play_game("dice-poker", ["Ann", "Ben"], ["human", "remote"])
    # the invite (host committed) and the start (the partner's first value): nobody but
    # the roller can know the first turn's dice
    start = from_fragment(links[1])
    plan = start.plan
    values = fair.known_values(plan, start.commits, start.revealed)
    assert fair.turn_keys(start.game_id, plan, values) == {}
    host = devices[0]
    mine = fair.known_values(plan, start.commits, start.revealed, 0, host.secret)
    assert list(fair.turn_keys(start.game_id, plan, mine)) == [0]


def test_keyed_dice_round_trip_and_faces_are_fair():
    dice = KeyedDice({0: b"\x05" * 16, 3: b"\x06" * 16}, 2)
    again = keyed_from_dict(json.loads(json.dumps(dice.to_dict())))
    assert [again.face(1, 1, r, s) for r in range(3) for s in range(5)] == \
        [dice.face(1, 1, r, s) for r in range(3) for s in range(5)]
    counts = [0] * 7
    for k in range(3000):
        key = hashlib.sha256(bytes([k % 256, k // 256])).digest()[:16]
        for face in bylink.faces(key, 0) if hasattr(bylink, "faces") else __import__(
                "dicepoker.keyed_dice", fromlist=["faces"]).faces(key, 0):
            counts[face] += 1
    assert min(counts[1:]) > 2300 and max(counts[1:]) < 2700     # 15000 dice, 2500 a face


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("ruleset", ["dice-poker", "dice-poker-classic", "yahtzee"])
@pytest.mark.parametrize("seats", [["human", "remote"], ["human", "human", "remote"],
                                   ["human", "remote", "remote"], ["remote", "human"],
                                   ["remote", "human", "remote", "human"]])
def test_whole_games_agree_on_every_device(ruleset, seats):
    names = ["Ann", "Ben", "Cy", "Dan"][:len(seats)]
    checked = []

    def each(dev, fragment):
        checked.append(bylink.game_of(dev.shared).totals())

    devices, links = play_game(ruleset, names, seats, check_each=each)
    final = bylink.game_of(from_fragment(links[-1]))
    assert final.is_over
    assert len(devices) == fair.Plan(seats, 1).devices
    for dev in devices.values():
        assert dev.shared.over
        assert bylink.game_of(dev.shared).totals() == final.totals()
        assert dev.shared.revealed == from_fragment(links[-1]).revealed
    # the engine's replay of the same moves with the same keys
    plan = final_shared = from_fragment(links[-1])
    keys = fair.turn_keys(plan.game_id, plan.plan, fair.known_values(
        plan.plan, plan.commits, plan.revealed))
    assert len(keys) == plan.plan.turns
    replay = Game(names, ruleset=ruleset, dice=KeyedDice(keys, len(names)))
    for t in range(final_shared.done):
        for move in bylink.moves_of(final_shared, t):
            replay.apply(move)
    assert replay.totals() == final.totals()
    # every final secret is revealed: the whole chain of every device
    assert all(c == plan.plan.lengths[d] for d, (c, _) in enumerate(plan.revealed))
    # every link's turns are a prefix of the next one's (never rewritten)
    turns = [from_fragment(link).turns for link in links]
    for a, b in zip(turns, turns[1:]):
        assert b[:len(a)] == a


def test_an_eight_player_link_at_the_last_turn_is_under_2000_characters():
    names = ["Player %d" % i for i in range(1, 9)]
    devices, links = play_game("dice-poker", names, ["human"] + ["remote"] * 7)
    url = "https://someone.github.io/dice-poker/#" + links[-1]
    assert from_fragment(links[-1]).over
    assert len(url) < 2000, len(url)
    # the longest names (24 Cyrillic letters, 2 bytes each) still fit
    long_names = [("Аляксандра" * 3)[:23] + chr(0x430 + i) for i in range(8)]
    devices, links = play_game("dice-poker", long_names, ["human"] + ["remote"] * 7)
    assert len("https://someone.github.io/dice-poker/#" + links[-1]) < 2000
    print("8 players, last link:", len(url), "characters; long names:",
          len("https://someone.github.io/dice-poker/#" + links[-1]))


# ------------------------------------------------------------------ bad links
def _midgame():
    devices, links = play_game("dice-poker", ["Ann", "Ben"], ["human", "remote"])
    return links


def test_a_link_edited_at_any_position_or_cut_anywhere_is_refused():
    links = _midgame()
    link = links[9]
    held = from_fragment(links[8])
    refused = 0
    for at in range(len(link)):
        for other in ("A", "z", "-") if link[at] not in "Az-" else ("B", "y", "_"):
            edited = link[:at] + other + link[at + 1:]
            with pytest.raises(LinkError):
                bylink.merged(held, from_fragment(edited))
            refused += 1
    for cut in range(len(link)):
        with pytest.raises(LinkError):
            from_fragment(link[:cut])
    assert refused == 3 * len(link)


def test_older_same_newer():
    links = _midgame()
    held = from_fragment(links[10])
    assert bylink.merged(held, from_fragment(links[4]))[1] == "older"
    assert bylink.merged(held, from_fragment(links[10]))[1] == "same"
    shared, what = bylink.merged(held, from_fragment(links[11]))
    assert what == "newer" and shared.done == from_fragment(links[11]).done


def test_a_forked_move_is_refused():
    links = _midgame()
    held = from_fragment(links[10])
    fork = from_fragment(links[10])
    holds, box = fork.turns[-1]
    fork.turns[-1] = (holds, (box + 1) % 15)
    with pytest.raises(LinkError) as caught:
        bylink.merged(held, from_fragment(fork.fragment()))
    assert caught.value.code in ("forked", "impossible")
    # a device that played the same turn two ways: the second branch is refused
    newer = from_fragment(links[11])
    branch = newer.copy()
    branch.turns[-1] = (branch.turns[-1][0], (branch.turns[-1][1] + 1) % 15)
    shared, _ = bylink.merged(held, newer)
    with pytest.raises(LinkError) as caught:
        bylink.merged(shared, from_fragment(branch.fragment()))
    assert caught.value.code == "forked"


def test_another_game_with_the_same_id_is_refused():
    links = _midgame()
    other, _ = play_game("dice-poker", ["Ann", "Cy"], ["human", "remote"])
    with pytest.raises(LinkError) as caught:
        bylink.merged(from_fragment(links[5]), other[0].shared)
    assert caught.value.code == "other_game"
    # the same players, other secrets: other commitments
    other, _ = play_game("dice-poker", ["Ann", "Ben"], ["human", "remote"],
                         entropy_of=lambda d: bytes([d + 9]) * 16)
    with pytest.raises(LinkError) as caught:
        bylink.merged(from_fragment(links[5]), other[0].shared)
    assert caught.value.code == "forked"


def test_a_swapped_secret_fails_verification_at_its_roll():
    """Ben's device swaps its secret after turn 4: the link it sends next reveals a value
    that does not hash to Ben's commitment; Ann's device names Ben's roll."""
    links = _midgame()
    ann = SimDevice(b"\x01" * 16)
    ann.device, ann.shared = 0, from_fragment(links[0])
    ben = SimDevice(b"\x02" * 16)
    ben.open(links[0])
    for link in links[1:6]:
        (ann if from_fragment(link).next_actor() == 0 else ben).open(link)
    assert ben.shared.next_actor() == 0
    ann.open(ben.fragment())              # ann plays, the link goes to Ben
    ben.secret = fair.new_secret(b"\x99" * 16)      # Ben's device swaps its secret
    ben.shared = bylink.merged(ben.shared, from_fragment(ann.fragment()))[0]
    turn = ben.shared.done
    ben.step()
    with pytest.raises(LinkError) as caught:
        bylink.merged(ann.shared, from_fragment(ben.fragment()))
    assert caught.value.code == "unverified"
    assert caught.value.params["turn"] == turn and caught.value.params["device"] == 1
    # and from the commitments alone (a device that never saw the game)
    with pytest.raises(LinkError):
        bylink.taken(from_fragment(ben.fragment()))


def test_random_junk_and_other_fragments_are_refused():
    rng = random.Random(4)
    for _ in range(300):
        text = "".join(rng.choice(B64) for _ in range(rng.randrange(0, 200)))
        with pytest.raises(LinkError):
            from_fragment("#play=" + text)
    for text in ("", "#", "#x", "#play", "#players=Ann", None, 5):
        with pytest.raises(LinkError):
            from_fragment(text)


# ------------------------------------------------------------------ MicroPython
def test_the_same_vectors_on_micropython():
    out = run_micropython("tests/engine/fair_vectors.py", paths=["py", "tests"])
    assert json.loads(out.strip().splitlines()[-1]) == vectors()
