"""The shell: an action in, the state drawn, the effects carried out.

:meth:`Shell.act` is the one way anything happens on the page: a tap, a key,
a timer, another tab, an answer from the strategy.  It hands the action to
the controller, has every view draw the new state (each view owns its
elements and skips what has not changed), then runs the effects.  An action
that arrives while another is being handled (an effect that answers at once)
waits its turn, so views always draw a state that one action left whole.
"""

from control.state import computer_turn

from .platform.dom import flush


class Shell:
    """Also what code fetched on first use may use of the page: ``act``, ``draw``,
    ``state``, ``texts``, ``storage`` and ``clock``, the page's one clock
    (``ui.platform.clock.Clock``, given by ``ui.page``: the date and the time)."""

    def __init__(self, controller, texts, storage, effects):
        self.controller = controller
        self.texts = texts
        self.storage = storage
        self.effects = effects
        self.views = []
        self._queue = None          # actions waiting while one is handled

    @property
    def state(self):
        return self.controller.state

    @property
    def busy(self):
        """A computer is playing: people's game keys do nothing."""
        return computer_turn(self.controller.state)

    def act(self, action):
        if self._queue is not None:
            self._queue.append(action)
            return
        self._queue = [action]
        try:
            while self._queue:
                effects = self.controller.dispatch(self._queue.pop(0))
                self.draw()
                if self.effects.run(effects):
                    self.draw()
        finally:
            self._queue = None

    def draw(self):
        state, texts = self.controller.state, self.texts
        for view in self.views:
            view.draw(state, texts)
        flush()             # the views' writes, in one call (ui.platform.dom)
