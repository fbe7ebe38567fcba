"""Game feel: the settings, sounds, vibration and celebrations (one later view).

``ui.page`` makes it (``LaterView(shell, "ui.feel.door", "Feel", ...)``) when the
Settings dialog is opened or the second roll of the page is seen, so nothing
of it is on the first tap's way (the first roll is silent).  It draws the
Settings dialog (``ui.feel.settings``) it makes, and the rest itself (the first
game's tips, ``ui.feel.tips``, are a start view: they come with the first roll).
:class:`Feel` is drawn last, after every other view, and tells moves apart
by what changed in the state (a roll, a die kept or freed, a box written,
the end); the sounds, the buzz and the celebration it starts run in a timer
of their own, after the tap's drawing.

- **Sound** (``sound`` setting): tones made with the Web Audio API (no audio
  files), in an ``AudioContext`` made at the first sound, which is never
  before the player's first gesture: a tap or key seen here, or a person's
  move (a computer's moves make no sound until then).  Where the browser offers ``navigator.audioSession``
  (Safari), its type is ``ambient``: the phone's silent switch mutes it.
- **Vibration** (``vibration``): ``navigator.vibrate`` on a person's roll and
  box, where the device has it.
- **Celebrations**: a Poker thrown, the upper bonus reached, the winner,
  and (from ``ui.dialogs.end``, which knows the high scores) a new high score or a
  player's best: a word that pops up for under a second (``#celebration``,
  skipped with ``prefers-reduced-motion`` or the ``animations`` setting off)
  and the same words said to screen readers after what the move said.
"""

from dicepoker.seats import HUMAN

from control.messages import names_list
from control.settings import read

from ..platform.dom import by_id, create_proxy, document, listen, window
from .settings import SettingsDialog

SHOW_MS = 900               # a celebration's time on screen (the CSS animation's)
NOTES = {                   # (start s, Hz, length s, wave) of each sound
    "hold": ((0, 660, .05, "sine"),),
    "score": ((0, 784, .09, "triangle"), (.08, 1175, .16, "triangle")),
    "poker": tuple((i * .09, f, .14, "square") for i, f in enumerate((523, 659, 784, 1047, 1319))),
    "bonus": ((0, 659, .1, "triangle"), (.1, 880, .1, "triangle"), (.2, 1319, .22, "triangle")),
    "over": ((0, 523, .16, "triangle"), (.16, 659, .16, "triangle"), (.32, 784, .16, "triangle"),
             (.48, 1047, .4, "triangle")),
}
BUZZ = {"roll": 30, "score": (20, 40, 20)}      # ms of vibration (a person's move only)


def _get(target, name):
    """A property of a browser object, or None where the browser lacks it (read through
    ``Reflect``: a getter read off its object by a Python ``getattr`` is an illegal call)."""
    value = window.Reflect.get(target, name)
    return None if value is None or value == window.undefined else value


class Sound:
    """Web Audio tones; the context is made at the first sound after a gesture."""

    def __init__(self):
        self.context = None
        self.gestured = False
        for kind in ("pointerdown", "keydown"):
            listen(document, kind, self._gesture)

    def _gesture(self, event):
        self.gestured = True

    def _ready(self):
        if self.context is None:
            if not self.gestured:
                return None
            make = _get(window, "AudioContext") or _get(window, "webkitAudioContext")
            if make is None:
                return None
            session = _get(window.navigator, "audioSession")
            if session is not None:
                session.type = "ambient"        # the silent switch mutes the game
            self.context = make.new()
        if self.context.state == "suspended":
            self.context.resume()
        return self.context

    def play(self, kind):
        context = self._ready()
        if context is None:
            return
        now = context.currentTime
        if kind == "roll":          # dice in a cup: short clicks at random pitches
            notes = [(i * .045 + window.Math.random() * .02, 250 + window.Math.random() * 700,
                      .03, "square") for i in range(7)]
        else:
            notes = NOTES[kind]
        for start, pitch, length, wave in notes:
            osc = context.createOscillator()
            gain = context.createGain()
            osc.type = wave
            osc.frequency.value = pitch
            at = now + start
            gain.gain.setValueAtTime(.12, at)
            gain.gain.exponentialRampToValueAtTime(.001, at + length)
            osc.connect(gain)
            gain.connect(context.destination)
            osc.start(at)
            osc.stop(at + length)


class Feel:
    def __init__(self, shell):
        self.shell = shell
        self.sound = Sound()
        self.settings = SettingsDialog(shell)
        self._seen = None           # (game, rolls, held, version, over) drawn last
        self._bonus = []            # each player's upper bonus, as last seen
        self._pending = []          # (sound, buzz ms, celebration words) to play
        self._queue = []            # celebrations waiting for the one on screen
        self._showing = False
        self._play_proxy = create_proxy(self._play)
        self._next_proxy = create_proxy(self._next)
        self.banner = document.createElement("div")
        self.banner.id = "celebration"
        self.banner.className = "celebration"
        self.banner.setAttribute("aria-hidden", "true")     # the live region says it
        self.banner.hidden = True
        document.body.appendChild(self.banner)
        _feel[:] = [self]

    # ------------------------------------------------------------ what happened
    def draw(self, state, texts):
        self.settings.draw(state, texts)
        game = state.game
        if game is None or state.screen != "game":
            return
        seen = self._seen
        now = self._seen = (game, state.roll_serial, state.held, state.version, game.is_over)
        if seen is None or seen[0] is not game:
            self._bonus = [game.breakdown(p)["upper_bonus"] for p in range(len(game.players))]
            return
        person = game.seats[game.current_player] == HUMAN
        if now[1] != seen[1]:
            self.sound.gestured |= person   # a person's move comes from a tap or a key
            poker = game.dice and len(set(game.dice)) == 1
            self._event("poker" if poker else "roll", "roll" if person else None,
                        {"key": "feel.poker"} if poker else None)
        elif now[2] != seen[2] and now[3] == seen[3]:
            self.sound.gestured |= person
            self._event("hold")
        version, scored, seat = state.last_box
        if now[3] != seen[3] and version == state.version:
            self.sound.gestured |= seat == HUMAN
            scorer = (game.current_player - 1) % len(game.players)
            bonus = game.breakdown(scorer)["upper_bonus"]
            reached = bonus and not self._bonus[scorer]
            self._bonus[scorer] = bonus
            self._event("bonus" if reached else "score", "score" if seat == HUMAN else None,
                        {"key": "feel.bonus", "params": {"name": game.players[scorer]}}
                        if reached else None)
        elif now[3] != seen[3]:         # undo
            self._bonus = [game.breakdown(p)["upper_bonus"] for p in range(len(game.players))]
        if now[4] and not seen[4]:
            self._event("over", None, _winner(game))

    def celebrate(self, text):
        """A celebration from elsewhere (``ui.dialogs.end``: a high score, a player's best)."""
        self._event("bonus", None, text)

    def _event(self, sound, buzz=None, text=None):
        if not self._pending:
            window.setTimeout(self._play_proxy, 0)      # after the tap's drawing
        self._pending.append((sound, buzz, text))

    # ------------------------------------------------------------ carried out
    def _play(self, *_):
        pending, self._pending = self._pending, []
        settings = read(self.shell.state.settings)
        for sound, buzz, text in pending:
            if settings["sound"]:
                self.sound.play(sound)
            if buzz and settings["vibration"] and _get(window.navigator, "vibrate"):
                window.navigator.vibrate(BUZZ[buzz])
            if text is not None:
                self._say(text)
                self._queue.append(text)
        if self._queue and not self._showing:
            self._next()

    def _say(self, text):
        """After what the move said (the live region's text, set by now)."""
        words = self.shell.texts.say(text)
        if words:
            live = by_id("live")
            live.textContent = (live.textContent + " " + words).strip()

    def _next(self, *_):
        if not self._queue:
            self._showing = False
            self.banner.hidden = True
            return
        text = self._queue.pop(0)
        settings = read(self.shell.state.settings)
        motion = not window.matchMedia("(prefers-reduced-motion: reduce)").matches
        words = self.shell.texts.say(text)
        if not (motion and settings["animations"] and words):
            self._queue = []            # said in words only
            self._showing = False
            return
        self._showing = True
        self.banner.hidden = True
        self.banner.textContent = words
        self.banner.offsetWidth             # hidden, then shown: its animation starts again
        self.banner.hidden = False
        window.setTimeout(self._next_proxy, SHOW_MS)


def _winner(game):
    if len(game.players) < 2:
        return None
    totals = [game.breakdown(p)["total"] for p in range(len(game.players))]
    best = max(totals)
    names = [game.players[p] for p, total in enumerate(totals) if total == best]
    if len(names) > 1:
        return {"key": "feel.winners", "params": {"names": names_list(names)}}
    return {"key": "feel.winner", "params": {"name": names[0]}}


_feel = []                  # the view, once made (ui.dialogs.end celebrates through it)


def celebrate(text):
    if _feel:
        _feel[0].celebrate(text)
