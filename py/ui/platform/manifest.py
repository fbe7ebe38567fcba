"""What the page loads, and when: the one manifest.

- **At start**: every module ``py/main.py`` imports at module level, and what
  those import, found by the build from the imports (``.ci/start_bundle.py``):
  not listed here.  Making a module lazy is moving its import into the
  function that needs it.
- **On first use**: each module in ``LATER``, a *door*, fetched by
  :mod:`ui.platform.lazy` the first time it is needed, with the files its imports
  need beyond the start modules (the build works them out: ``GROUPS`` in
  :mod:`ui.platform.loads`, generated) and the modules named beside it, fetched in
  the same round trip because they are needed soon after.
- **With the setup screen**: ``SETUP``'s files come with the start bundle when
  the page may open on the setup form (``static/js/boot.js``).
- **Routes**: the addresses the page opens with, and the first screen each
  shows before Python runs (boot.js) and after (``ui.page``).

Read by ``.ci/manifest.py``, which writes ``ui/platform/loads.py`` and
boot.js's ``MANIFEST`` line from it; ``python3 .ci/refresh_site.py`` after a
change.  tests/test_manifest.py fails if a module the code loads on first use
is not a door here, or a door is not loaded anywhere.
"""

# door -> modules fetched with it ahead of need (each with its own imports, and a door
# with what it brings)
LATER = {
    # the engine's strategy package: hints, computer seats, the review, practice
    # (its package imports each part when first asked for: the parts the page uses come along)
    "dicepoker.strategy": ("dicepoker.strategy.advisor", "dicepoker.strategy.players",
                           "dicepoker.strategy.review", "dicepoker.strategy.chances",
                           "dicepoker.strategy.luck_skill", "dicepoker.strategy.to_win"),
    "dicepoker.savefile": ("dicepoker.keyed_dice",),    # reading a saved game (a game by link's dice)
    # the controller's handlers of actions no first turn sends (control.controller.LATER)
    "control.assist": (),
    "control.daily": (),
    "control.ending": (),
    "control.incoming": ("dicepoker.savefile",),
    "control.practice": ("dicepoker.strategy",),
    "control.remote": ("dicepoker.savefile",),
    "control.settings": (),
    # the play surface's parts that no first turn shows
    "ui.table.computer_bar": (),
    "ui.table.joker": (),
    "ui.table.hint": (),
    "ui.table.win_chances": ("ui.advice.assistants",),
    "ui.advice.assistants": (),                     # hints and computer seats
    # dialogs
    "ui.dialogs.back": (),
    "ui.dialogs.end": (),
    "ui.dialogs.review": ("dicepoker.strategy", "ui.advice.assistants"),
    "ui.dialogs.rules": (),
    "ui.dialogs.scores": (),
    "ui.dialogs.transfer": ("dicepoker.savefile",),     # Save and load
    "ui.stylesheets": (),                  # the later views' look and markup
    "ui.language.switch": (),
    # feature rooms, each through its door
    "ui.setup.form": (),
    "ui.feel.door": (),
    "ui.stats.door": (),
    "ui.stats.screen": (),
    "ui.stats.warm": (),
    "ui.records.history": (),
    "ui.daily.door": ("control.daily",),
    "ui.practice.door": ("dicepoker.strategy", "ui.advice.assistants", "control.practice"),
    "ui.remote.door": (),
    "ui.remote.panel": ("control.remote",),
}

SETUP = "ui.setup.form"     # its files come with the start bundle when the page may open on it

# The page's addresses: a query's names and a fragment's, and the screen each opens.
# "game": the card (a game by link, today's game: boot.js paints the card before Python);
# "practice": the practice screen over what the page shows without a query.
QUERY = {"players": "game", "player": "game", "seats": "game", "seed": "game", "rules": "game",
         "daily": "game", "practice": "practice"}
FRAGMENT = {"play": "game"}
