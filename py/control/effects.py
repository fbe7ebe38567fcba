"""The effects a dispatch returns: plain data, one key each, built only here.

The shell (``ui.effects``) carries them out; tests read them.  Kinds:

- ``save``        the game (with the dice kept) and its meta, to be written unless another tab saved
  a newer game since ``base`` (see :func:`control.saves.may_write`)
- ``announce``    a message for screen readers
- ``record``      a finished game's results for the high-score table
- ``remember``    a setting or the last setup, under a storage name
- ``keep_aside``  a saved game that could not be restored, kept for export
- ``timer``       dispatch ``action`` after ``ms`` milliseconds
- ``advise``      compute the hint for position ``for`` and dispatch ``advice``
- ``think``       choose the computer's move at ``for`` and dispatch ``computer_move``
- ``forget_link`` drop the challenge link from the address bar
- ``download_bad_save``  offer the save kept aside at start as a file
- ``focus``       move the keyboard focus to an element (by id)
- ``load``        fetch the controller's ``module`` (page start left it out), then
  dispatch ``then``, the action that needs it
"""


class Effects:
    """Collects the effects of one dispatch, in order."""

    def __init__(self):
        self.list = []

    def add(self, kind, value=True):
        self.list.append({kind: value})

    def save(self, game_json, meta, base):
        self.add("save", {"game": game_json, "meta": meta, "base": base})

    def announce(self, text):
        self.add("announce", text)

    def record(self, ruleset, results):
        self.add("record", {"ruleset": ruleset, "results": results})

    def remember(self, name, value):
        self.add("remember", {"name": name, "value": value})

    def keep_aside(self, text):
        self.add("keep_aside", text)

    def timer(self, ms, action):
        self.add("timer", {"ms": ms, "action": action})

    def advise(self, position):
        self.add("advise", {"for": position})

    def think(self, position, level):
        self.add("think", {"for": position, "level": level})

    def forget_link(self):
        self.add("forget_link")

    def download_bad_save(self):
        self.add("download_bad_save")

    def focus(self, element_id):
        self.add("focus", element_id)

    def load(self, module, then):
        self.add("load", {"module": module, "then": then})
