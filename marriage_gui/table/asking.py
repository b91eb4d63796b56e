"""The question the table has up, at most one: the tunnela prompt, the go-out preview, the pause
menu, a host's seats.

``Ask`` keeps the dialog, what it asks (so news can withdraw a question it made stale) and how
to make it again in another language. A question about the game answers with an intent
(``answer``): its buttons put the question away and leave the intent here, and the scene's loop
acts on it like any other, so the actions never call back into the scene.
"""

from __future__ import annotations

from collections.abc import Callable

from . import intents as i
from .overlays import Dialog

#: What a question's button does: put the question away, and leave its intent (if any).
Answer = Callable[[i.Intent | None], Callable[[], None]]


class Ask:
    """The question up now, and the answers its buttons gave."""

    def __init__(self) -> None:
        self.dialog: Dialog | None = None
        #: What the question asks ("expose", "out", "menu", "seats"; None: nothing is asked).
        self.kind: str | None = None
        self._make: Callable[[Answer], Dialog] | None = None
        self._answers: list[i.Intent] = []

    def put(self, kind: str, make: Callable[[Answer], Dialog]) -> None:
        """Ask the question ``make`` builds (made again whenever the words change)."""
        self.kind, self._make = kind, make
        self.dialog = make(self.answer)

    def answer(self, intent: i.Intent | None) -> Callable[[], None]:
        """A button's doing: the question goes, and ``intent`` waits for the scene's loop."""

        def reply() -> None:
            self.close()
            if intent is not None:
                self._answers.append(intent)

        return reply

    def close(self) -> None:
        """Put the question away."""
        self.dialog, self.kind, self._make = None, None, None

    def again(self) -> None:
        """The question in the language in use."""
        if self._make is not None:
            self.dialog = self._make(self.answer)

    def answers(self) -> list[i.Intent]:
        """The intents the buttons gave since last asked, oldest first (taken away)."""
        taken, self._answers = self._answers, []
        return taken


__all__ = ["Answer", "Ask"]
