"""The effects a dispatch returns: plain data, one key each.

The shell (``ui.effects``) carries them out; tests read them.  Each is
``{kind: value}``, added with ``fx.add(kind, value)`` by the modules named
after it:

- ``save`` ``{"game": json, "meta": {...}, "base": rev}``: the game (with the
  dice kept) and its meta, to be written unless another tab saved a newer
  game since revision ``base`` (:func:`control.saves.may_write`) (autosave)
- ``announce`` message: for screen readers (play, games, daily, remote)
- ``record`` ``{"ruleset": id, "results": [[name, total], ...], "players": n, "game":
  save text}``: a finished game's results (its people's) for the high-score
  table, how many played it, computers included, and the game for the history
  (ending)
- ``history`` ``{"delete": id or None}``, ``{"keep_aside": id}`` or ``{"given":
  {...}, "id": id or None}``: change the kept games (incoming)
- ``remember`` ``{"name": "setup" | "computer-speed" | "settings" | "win-chances", "value":
  ...}``: a setting or the last setup (games, remote, assist, settings)
- ``keep_aside`` text: a saved game that could not be restored, kept for export (games)
- ``timer`` ``{"ms": n, "action": action}``: dispatch ``action`` after ``ms`` (play,
  games, remote, controller)
- ``advise`` ``{"for": position}``: compute the hint, answer ``advice`` (assist)
- ``think`` ``{"for": version, "level": level}``: choose the computer's move,
  answer ``computer_move`` (assist)
- ``forget_link`` True: drop the link's query from the address bar (games, daily,
  practice)
- ``download_bad_save`` True: offer the save kept aside at start as a file (incoming)
- ``focus`` element id: move the keyboard focus there (ending, daily, practice)
- ``daily`` ``{"date": text or None, "link": bool}``, or ``{"date": text, "again":
  True}`` (Play again on its end): today's game asked for (the top bar,
  ``?daily=``): the shell answers ``daily_open`` with today's date and the
  player (games, ending)
- ``daily_result`` ``{"daily": meta's daily, "score": total}``: a finished daily game, for
  the day's result (the first of its date counts) (ending)
- ``practice`` ``{"read": True}``, ``{"save": progress}`` or ``{"position": {"for", "rules",
  "seed", "game", "nth"}}``: the practice screen's progress read or written, a position
  worked out (answered as ``practice`` actions) (practice)
- ``remote`` ``{"store": record, "index": entry}`` or ``{"forget": True}``: a game
  played by link's record and its line in the kept games' list, to be stored; or the
  link's fragment to be dropped from the address bar, once it is read (remote_game,
  remote; the shell carries it out once ``ui.remote`` is in)
- ``load`` ``{"module": name, "then": action}``: fetch the controller's module
  (page start left it out), then dispatch ``then`` (controller)
"""


class Effects:
    """Collects the effects of one dispatch, in order."""

    def __init__(self):
        self.list = []

    def add(self, kind, value=True):
        self.list.append({kind: value})
