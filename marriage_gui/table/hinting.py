"""The hint: the hard bot's advice for the person to act, worked out in the bot worker.

The table asks; the answer is taken only if it is still about the position on the table. What
it advised stays until the person acts (See and Go out follow it; a hinted discard stands up).
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Discard
from engine.cards import code_of
from engine.view import PlayerView
from engine.worker import BotWorker, hint
from marriage_gui.language import N_, _, word
from marriage_gui.ui.card_names import said
from marriage_gui.ui.widget import Worded

#: What the table says while the hint is being worked out.
THINKING = N_("thinking about a hint…")


@dataclass(frozen=True)
class Advice:
    """A finished hint: the action, the card it would throw (in the hand), and the words."""

    action: Action | None
    card: int | None
    reason: str


class HintAsk:
    """One question to the bot worker at a time, and what it last advised."""

    def __init__(self) -> None:
        self.hint_job: Future[Any] | None = None
        self.hint_version = -1
        self.hint_card: int | None = None
        #: The hint's words while they may be on screen (withdrawn once the player acts).
        self.hint_text: str | None = None
        #: What the hint advised, until the player acts (See and Go out follow it).
        self.hint_action: Action | None = None

    def ask(self, worker: BotWorker, view: PlayerView, version: int) -> None:
        """Start working out advice for ``view`` (its whole history) at ``version``."""
        self.hint_text = THINKING
        self.hint_job = worker.submit(hint, view)
        self.hint_version = version

    def answer(self, version: int, still_mine: bool, hand: list[int]) -> Advice | Exception | None:
        """A finished hint still about the table (``version``, the person's turn), else None;
        the exception if working it out failed."""
        job = self.hint_job
        if job is None or not job.done():
            return None
        self.hint_job = None
        if self.hint_version != version or not still_mine:
            return None
        try:
            result = job.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint must not stop the game
            return exc
        action = getattr(result, "action", None)
        self.hint_action = action if isinstance(action, Action) else None
        if self.hint_action is None:
            return Advice(None, None, "")
        card = None
        if isinstance(action, Discard):
            card = next((c for c in reversed(hand) if code_of(c) == action.card.code), None)
        self.hint_card = card
        # The reason starts with the action in words ("discard AH: ..."), so it stands alone.
        # It stays the engine's sentence (its template and facts), worded as it is shown.
        reason = getattr(result, "reason", "")
        return Advice(action, card, reason if isinstance(reason, str) and reason else str(action))

    def words(self, reason: str, names: tuple[str, ...]) -> str:
        """The hint as the table shows it, worded again whenever it is shown (a change of
        language while it shows re-words it), and kept as what to withdraw later."""

        def make() -> str:
            # Translators: {advice} is the computer's advice, e.g. "discard 7♣: it goes with
            # nothing in your hand".
            return _("Hint: {advice}").format(advice=said(word(reason), names))

        self.hint_text = Worded(make)
        return self.hint_text

    def forget(self) -> str | None:
        """The player acted: the advice no longer holds; the words to take off the screen."""
        self.hint_card = None
        self.hint_action = None
        text, self.hint_text = self.hint_text, None
        return text


__all__ = ["THINKING", "Advice", "HintAsk"]
