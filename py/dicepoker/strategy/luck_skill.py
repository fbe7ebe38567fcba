"""Was it luck: the luck/skill split of a game, along its moves.

Every change of a player's expected final total (the advisor's value of the
position) is either the dice's doing (a roll: expected value after it minus
the value of the hold before it) or the player's (a choice: the value of the
option taken minus the best one, i.e. minus the review's points given away,
:func:`.review.iter_decisions`).  ``start + luck + skill == total`` holds
exactly once the game is over (and for an unfinished game with the current
expected final instead of a total).

Pure Python, CPython and MicroPython.
"""

from .advisor import Advisor
from .review import iter_decisions


def luck_and_skill(game, advisor):
    """Per player ``{"start", "luck", "skill", "total"}`` along ``game``'s moves.

    ``start``: the expected final score of optimal play from the start;
    ``luck``: the sum of the changes of expected final score the dice made
    (each roll: value after it minus the value of the choice that led to it);
    ``skill``: the sum of the changes the player's choices made (0 or less:
    minus the review's points given away, from :func:`.review.iter_decisions`);
    ``total``: the final total, or the expected final from the current
    position of an unfinished game, so ``start + luck + skill == total``.
    """
    if not isinstance(advisor, Advisor):
        advisor = Advisor(advisor)
    count = len(game.players)
    start = advisor.table.start_value
    out = [{"start": start, "luck": 0.0, "skill": 0.0, "total": start} for _ in range(count)]
    losses = {}
    for decision in iter_decisions(game, advisor, tuple(set(game.seats))):
        key = len(losses)
        losses[key] = decision["loss"]
    # Walk the moves again: the value before each roll (the option that led to
    # it) and after it; decisions are consumed in the same order as above.
    replay = game.replay_from_start()
    expected = [start] * count           # current expected final per player
    index = 0
    for move in game.moves:
        player = replay.current_player
        row = out[player]
        if replay.rolls_used:
            loss = losses[index]
            index += 1
            row["skill"] -= loss
            expected[player] -= loss
        if "roll" in move:
            replay.apply(move)
            value = advisor.advise(replay)["best"]["value"]
            row["luck"] += value - expected[player]
            expected[player] = value
        else:
            replay.apply(move)
            value = _value_between_turns(advisor, replay, player)
            row["luck"] += value - expected[player]     # scoring is certain: ~0 but rounding
            expected[player] = value
    for player in range(count):
        row = out[player]
        row["total"] = expected[player]
    return out


def _value_between_turns(advisor, game, player):
    """Expected final of ``player`` whose turn is over (exact total once the card is full)."""
    card = game.cards[player]
    banked = game.breakdown(player)["total"]
    if len(card) == len(game.ruleset.boxes):
        return float(banked)
    return banked + advisor.table.value_of_card(card)
