"""Optimal play: strategy tables, the advisor (hints), computer players and the review.

Everything here except :mod:`.build` and its :mod:`.dice_arrays` is pure Python and runs unchanged on
CPython and on the browser's MicroPython.  The one heavy computation, the
expected final score of every between-turns state, is done offline by the
builder and shipped as a table (``static/strategy/<rules>.dpst.gz``, 0.4-1.6 MB)::

    PYTHONPATH=py python -m dicepoker.strategy.build --rules dice-poker

Modules: ``build`` (numpy solver, CPython only; its keep arithmetic in
``dice_arrays``), ``table`` (file format and
reader), ``states`` (which states exist and where they sit in a table),
``dicesets`` (throws, keeps and their odds), ``advisor`` (values of every
option), ``players`` (computer moves), ``review`` (post-game review).

API for the UI
==============

Load a table — lazily, when a hint, a computer seat or the review first needs
it, never at page start; one per rule set, keep it for the session::

    from dicepoker.strategy.table import Table
    table = Table.from_file(path)               # a file in MicroPython's FS, or on CPython
    table = Table.from_bytes(data)              # Python bytes (CPython, tests)
    table = Table.from_buffer(data)             # decompressed bytes, read in place

Each accepts the gzip file as served or its decompressed bytes.
In the browser, decompress first (``DecompressionStream('gzip')``): it saves
the ~0.7 s MicroPython needs to inflate dice-poker's table, and a
decompressed table stays outside MicroPython's heap, where the collector
would scan it on every collection (table.py says more).  Do not pass the data through
``bytes(js_array)`` or PyScript's ``fetch(...).bytearray()``: they convert
byte by byte (minutes).  In the browser::

    import js
    response = await js.fetch("static/strategy/%s.dpst.gz" % game.ruleset.id)
    buffer = await response.arrayBuffer()
    table = read_fetched(Table, js.Uint8Array.new(buffer), "/table.tmp")

(``read_fetched`` is the shell's, :mod:`ui.platform.tables`: reading the browser's
memory needs ``js``, which this package never imports.)

A table built for other rules raises ``TableError`` (a ValueError).
``table.start_value`` is the expected score of optimal play from the start.

Hints — one :class:`~.advisor.Advisor` per table, reused (it memoises the
current turn's computation; ~10-20 ms for a turn's first decision, ~1 ms for
the next ones, on MicroPython in Node)::

    from dicepoker.strategy.advisor import Advisor
    advisor = Advisor(table)
    advice = advisor.advise(game)          # the current player's position
    advice["best"]                          # == advice["options"][0]
    for option in advice["options"]:        # ranked, best first
        option["kind"]      # "hold" (re-roll the others), "score" (fill a box),
                            # or "roll" before the turn's first roll (the only move)
        option["value"]     # expected final total (points banked so far included)
        option["loss"]      # points given away against the best (0 for the best)
        option["move"]      # {"roll": [held positions]} / {"score": box}: game.apply(move)
        option["hold"]      # hold: positions 0-4 to hold (one per distinct keep)
        option["keep"]      # hold: the faces kept, sorted
        option["box"], option["points"], option["bonus"]   # score: box, its points, poker bonus

For the Hint button: the best hold is the first option of kind "hold" (to
show on the dice even when scoring now is better), the best box the first of
kind "score"; ``advice["best"]`` says which of the two to do.
Holding all five dice is not offered as a hold: it is the same as scoring
now, which the "score" options cover.  Any hold a player makes is matched to
its option by the faces kept (equal dice are interchangeable).

Computer players::

    from dicepoker.strategy.players import choose_move
    move = choose_move(game, level, advisor, rng)   # level: "optimal" | "good" | "beginner" | "to_win"
    game.apply(move)                                # a roll or a score, one step at a time

``rng`` is anything with ``.random()`` (the ``random`` module will do); only
"good" uses it.  "beginner" needs no table (pass ``None``).
``players.position_rng(game)`` gives draws fixed by the game's seed and the
position, so a reloaded or replayed game makes the same slips (the browser's
computer seats use it).

Review after (or during) a game::

    from dicepoker.strategy.review import iter_decisions, review_game
    review = review_game(game, advisor)            # seats=("human",) by default
    review["decisions"]    # [{player, round, rolls_used, dice, move, chosen, best, loss}]
    review["totals"]       # {player: total points given away}
    for decision in iter_decisions(game, advisor):   # the same, one at a time
        ...

One decision::

    advisor.evaluate(game, move)   # {"chosen", "best", "loss", "options"} before applying move

Win chances, and luck against skill::

    from dicepoker.strategy.chances import win_chances, luck_and_skill
    win_chances(game, table)       # [chance of winning per player], sums to 1
    luck_and_skill(game, advisor)  # per player {"start", "luck", "skill", "total"}

Playing to win (issue 49)::

    from dicepoker.strategy.to_win import win_advice, WinTables
    advice = win_advice(game, table)       # a Table from Table.from_file, or its Advisor
    advice["best"]                          # == advice["options"][0]: the best chance to win
    for option in advice["options"]:        # the advisor's options, same keys and values,
        option["win"]                       # each with its chance to win (0..1, a tie shared),
                                            # best for winning first
    advice["method"]    # "tables" (4 open boxes or fewer: exact turn on the end-of-game
                        # tables), "model" (earlier: the normal model), "alone" (solo: 1)
    advice["exact"]     # every opponent has finished: the chances are exact

The end-of-game tables are ``static/strategy/<rules>.win.gz`` (1-2 MB gzip;
built by ``build_win``), found beside a table read with ``Table.from_file``.
In the browser fetch them on first use like the spread table and pass them:
``win_advice(game, model, wins=read_fetched(WinTables, array, path))`` with the
page's :class:`.chances.Model` (its spread is needed before the tables
apply), or ``choose_move(game, "to_win", advisor, rng, model=model,
wins=wins)``.  Without ``wins`` the "to win" computer plays by the model.

A table (or an Advisor of one) read with ``Table.from_file`` finds its spread
table (``<rules>.spread.gz``) in the same folder; otherwise pass
``spread=Spread.from_...`` or a ``chances.Model``, which the page keeps for a
session (``ui.advice.coach``).
"""
