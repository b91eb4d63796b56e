"""The score sheet's *Review*: the coach looks at each hand played at this screen.

When a hand ends, the hands of the people at this screen are reviewed in the bot worker (never
on this thread) from the match's seed and log; each review adds to the coach's tally as soon as
it is done, and *Review* opens the replay at that person's marks. Only seats played at this
screen are offered: in hot-seat each person picks their own hand; a match played on another
laptop cannot be replayed here, and the button says so as *Replay* does.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from engine.ai.coach import Review, review_seat
from engine.words import Said
from marriage_gui import coach_tally
from marriage_gui.language import N_, _, word
from marriage_gui.ui.button import Button
from marriage_gui.ui.theme import TABLE_BUTTON

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_gui.storage import Storage
    from marriage_gui.table.scene import TableScene

#: Why a match played on another laptop offers no review.
NO_REVIEW_REMOTE = N_(
    "The coach replays the hand from its whole deal, which only the laptop hosting the match knows."
)
#: Why a table of computer players only offers no review.
NO_REVIEW_NOBODY = N_("Nobody played a hand at this screen: there is no hand of yours to review.")
#: While the worker is still looking.
LOOKING = N_("The coach is still looking at the hand…")
#: When every review failed.
NO_REVIEW_FAILED = N_("The coach could not review this hand.")
#: How often the score sheet looks for a finished review (seconds).
POLL = 0.1


class ReviewOffer:
    """The *Review* button of one score sheet and the reviews behind it."""

    def __init__(
        self, app: AppServices, table: TableScene, names: tuple[str, ...], hand_no: int | None
    ) -> None:
        self.app, self.table, self.names, self.hand_no = app, table, names, hand_no
        self.button = Button(_("Review"), self.open, hotkey="V", look=TABLE_BUTTON)
        self.hover = False
        #: Why the button is greyed, untranslated (``label`` says it in the language in use).
        self.why: str | None = None
        match = table.match
        #: The seats of the people at this screen: only their own hands are reviewed.
        self.seats = people = tuple(
            s for s in table.seats.local if table.setup.seats[s].kind == "human"
        )
        self.jobs: dict[int, Future[Any]] = {}
        self.reviews: dict[int, Review] = {}
        self.failures: dict[int, str] = {}
        record = match.record()
        if record is None:
            self._refuse(NO_REVIEW_REMOTE)
            return
        if not people or hand_no is None:
            self._refuse(NO_REVIEW_NOBODY)
            return
        storage = None if table.frozen else app.storage
        match_id = storage.match_id(match) if storage is not None else ""
        for seat in people:
            job = table.hint.worker.submit(review_seat, record, hand_no, seat)
            self.jobs[seat] = job
            if storage is not None:
                # Recorded when done, even if the sheet has gone by then (any thread may add).
                job.add_done_callback(self._recorder(storage, match_id, names[seat]))
        self.button.enabled = False
        self.why = LOOKING
        self.label()

    def _refuse(self, why: str) -> None:
        self.button.enabled = False
        self.why = why
        self.label()

    def label(self) -> None:
        """The button's words and its tooltip in the language in use (called as the sheet
        draws, so a change of language shows at once)."""
        self.button.text = _("Review")
        self.button.tooltip = _(self.why) if self.why is not None else None

    @staticmethod
    def _recorder(storage: Storage, match_id: str, name: str) -> Callable[[Future[Any]], None]:
        def record(job: Future[Any]) -> None:
            if job.cancelled() or job.exception() is not None:
                return
            review = job.result()
            if isinstance(review, Review):
                coach_tally.record(storage, match_id, name, review)

        return record

    @property
    def pending(self) -> bool:
        """Whether a review is still being worked out."""
        return any(seat not in self.reviews and seat not in self.failures for seat in self.jobs)

    def update(self) -> None:
        """Take the reviews the worker has finished; the button wakes when they are all in."""
        for seat, job in self.jobs.items():
            if seat in self.reviews or seat in self.failures or not job.done():
                continue
            try:
                review = job.result()
            except Exception as exc:  # noqa: BLE001 - a failed review must not stop the sheet
                self.failures[seat] = str(exc) or type(exc).__name__
                continue
            if isinstance(review, Review):
                self.reviews[seat] = review
            else:
                self.failures[seat] = "the coach gave no review"
        if self.jobs and not self.pending and not self.button.enabled:
            self.button.enabled = bool(self.reviews)
            self.why = None if self.reviews else NO_REVIEW_FAILED
            self.label()

    def wake_after(self) -> float | None:
        """Look again soon while a review is being worked out."""
        return POLL if self.pending else None

    def handle_event(self, event: pygame.event.Event) -> None:
        """Its hotkey, its clicks, and the pointer over it (a disabled button explains itself)."""
        if event.type == pygame.KEYDOWN and self.button.answers(event.key):
            self.button.click()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button.hit(event.pos)
        self.button.handle_event(event)

    def open(self) -> None:
        """The replay at the marks: of the one person here, or of the one who says it is theirs."""
        ready = [s for s in self.seats if s in self.reviews]
        if not ready:
            return
        if len(ready) == 1:
            self.show(ready[0])
            return
        from marriage_gui.scenes.review_choice import ReviewChoiceScene

        self.app.push(ReviewChoiceScene(self.app, [(s, self.names[s]) for s in ready], self.show))

    def show(self, seat: int) -> None:
        """The replay of this hand opened at ``seat``'s costliest mark."""
        review = self.reviews.get(seat)
        if review is None or self.hand_no is None:
            return
        try:
            replay = self.table.match.replay(self.hand_no)
        except ValueError as exc:
            said = exc.args[0] if exc.args and isinstance(exc.args[0], Said | str) else str(exc)
            self.app.toast(_("This hand cannot be reviewed: {reason}").format(reason=word(said)))
            return
        if replay is None:
            self.app.toast(_(NO_REVIEW_REMOTE))
            return
        self.app.open("replay", replay=replay, names=self.names, review=review)


__all__ = ["NO_REVIEW_NOBODY", "NO_REVIEW_REMOTE", "ReviewOffer"]
