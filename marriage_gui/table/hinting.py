"""The hint: the hard bot's advice for the person to act, worked out in the bot worker.

The table asks; the answer is taken only if it is still about the position on the table, and
shown in a toast. What it advised stays until the person acts (See and Go out follow it; a
hinted discard stands up). The work runs in the match's worker, or in one of the hint's own
when the match brings none (a match played on another laptop).
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, Discard
from engine.cards import code_of
from engine.match import Match
from engine.view import PlayerView
from engine.words import Said
from engine.worker import BotWorker, hint
from marriage_gui.language import N_, _, fill
from marriage_gui.ui.card_names import readable
from marriage_gui.ui.toast import Toasts
from marriage_gui.ui.widget import Reworded

#: What the table says while the hint is being worked out.
THINKING = N_("thinking about a hint…")


@dataclass(frozen=True)
class Advice:
    """A finished hint: the action, the card it would throw (in the hand), and the words."""

    action: Action | None
    card: int | None
    reason: Said | str


class HintAsk:
    """One question to the bot worker at a time, what it last advised, and its words on the
    table's toasts."""

    def __init__(self, match: Match, toast: Toasts) -> None:
        self.match = match
        self.toast = toast
        self._own_worker: BotWorker | None = None
        self.job: Future[Any] | None = None
        #: The match version the advice being worked out is about.
        self.version = -1
        #: The card of the hand the advice would throw (it stands up until the next move).
        self.card: int | None = None
        #: The hint's words while they may be on screen (withdrawn once the player acts).
        self.text: str | None = None
        #: What the hint advised, until the player acts (See and Go out follow it).
        self.action: Action | None = None

    @property
    def worker(self) -> BotWorker:
        """Where hints are worked out: the match's worker, else one of the hint's own."""
        shared = self.match.worker
        if shared is not None:
            return shared
        if self._own_worker is None:
            self._own_worker = BotWorker()
        return self._own_worker

    def ask(self, view: PlayerView, version: int) -> None:
        """Start working out advice for ``view`` (its whole history) at ``version``."""
        self.toast.show(THINKING, seconds=10)
        self.text = THINKING
        self.job = self.worker.submit(hint, view)
        self.version = version

    def answer(self, version: int, still_mine: bool, hand: list[int]) -> Advice | Exception | None:
        """A finished hint still about the table (``version``, the person's turn), else None;
        the exception if working it out failed."""
        job = self.job
        if job is None or not job.done():
            return None
        self.job = None
        if self.version != version or not still_mine:
            return None
        try:
            result = job.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint must not stop the game
            return exc
        action = getattr(result, "action", None)
        self.action = action if isinstance(action, Action) else None
        if self.action is None:
            return Advice(None, None, "")
        card = None
        if isinstance(action, Discard):
            card = next((c for c in reversed(hand) if code_of(c) == action.card.code), None)
        self.card = card
        # The reason starts with the action in words ("discard AH: ..."), so it stands alone.
        # It stays the engine's sentence (its template and facts), worded as it is shown.
        reason = getattr(result, "reason", "")
        return Advice(action, card, reason if isinstance(reason, Said) and reason else str(action))

    def show(self, version: int, still_mine: bool, hand: list[int], names: tuple[str, ...]) -> bool:
        """Show a finished hint, if it is still about the position on the table; True when a
        card of the hand now stands up for it."""
        advice = self.answer(version, still_mine, hand)
        if advice is None:
            return False
        if isinstance(advice, Exception):
            # Translators: {error} is what went wrong, in the computer's words.
            self.toast.show(_("no hint now ({error})").format(error=advice), "error")
            return False
        if advice.action is None:
            self.toast.show(_("no hint now"))
            return False
        self.toast.show(self.words(advice.reason, names), seconds=7)
        return advice.card is not None

    def words(self, reason: Said | str, names: tuple[str, ...]) -> str:
        """The hint as the table shows it, worded again whenever it is shown (a change of
        language while it shows re-words it), and kept as what to withdraw later."""

        def make() -> str:
            # Translators: {advice} is the computer's advice, e.g. "discard 7♣: it goes with
            # nothing in your hand".
            return fill(_("Hint: {advice}"), advice=readable(reason, names))

        self.text = Reworded(make)
        return self.text

    def forget(self) -> str | None:
        """The player acted: the advice no longer holds; the words to take off the screen."""
        self.card = None
        self.action = None
        text, self.text = self.text, None
        return text

    def close(self) -> None:
        """Stop the hint's own worker, if it started one."""
        if self._own_worker is not None:
            self._own_worker.shutdown()
            self._own_worker = None


__all__ = ["THINKING", "Advice", "HintAsk"]
