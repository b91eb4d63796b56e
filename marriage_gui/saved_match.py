"""A match on this computer that saves itself, so that closing (or killing) the game loses nothing.

Whoever starts or resumes a match wraps it here; the table only speaks the ``Match`` port. The
match is saved after every applied action, and an arrangement a person makes between moves is
saved too: once it stops changing under a drag (the table hands it over only on the drop), at
most once every ``ARRANGEMENT_SAVE_GAP`` seconds, and once more when the match is closed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.match import LocalMatch, Update
from engine.record import MatchRecord
from engine.replay import HandReplay
from engine.view import PlayerView
from engine.words import Said, say
from engine.worker import BotWorker

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices
    from marriage_gui.setup import MatchSetup
    from marriage_gui.storage import Storage

#: The fewest seconds between two saves of a changed arrangement.
ARRANGEMENT_SAVE_GAP = 1.0


class SavedMatch:
    """``local`` played here and saved in ``storage`` (the ``Match`` port, plus the save)."""

    def __init__(self, local: LocalMatch, setup: MatchSetup, storage: Storage | None) -> None:
        self.local = local
        self.setup = setup
        self.storage = storage
        self._notices: list[Said] = []
        #: The arrangements as last written, and the seconds since the last save.
        self._written = dict(local.arrangements)
        self._since = ARRANGEMENT_SAVE_GAP
        local.on_change = self._applied
        if storage is not None:
            # Statistics and saves know this match by one id, whichever object they are handed.
            storage.same_match(self, local)

    # ------------------------------------------------------------------ saving
    def _applied(self, _match: LocalMatch) -> None:
        """An action was applied: save at once."""
        self.save()

    def save(self) -> bool:
        """Write the match and its arrangements now; False (and a notice) if it failed."""
        self._since = 0.0
        if self.storage is None:
            return False
        try:
            saved = self.storage.save_game(self.setup, self.local)
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            # The system's own words go to the log; the player is told in theirs.
            self.storage.log(f"could not save the game: {exc!r}")
            self._notices.append(say("The game could not be saved."))
            return False
        if saved:
            self._written = dict(self.local.arrangements)
        return saved

    def _unsaved(self) -> bool:
        return self.storage is not None and self.local.arrangements != self._written

    def save_dict(self) -> dict[str, Any]:
        """What the save file holds (see ``LocalMatch.save_dict``)."""
        return self.local.save_dict()

    # ------------------------------------------------------------------ the port
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.local.names

    @property
    def version(self) -> int:
        """How many actions have been applied."""
        return self.local.version

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know now."""
        return self.local.view(seat)

    def submit(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` (saved at once when applied)."""
        self.local.submit(seat, action)

    def poll(self, seat: int) -> list[Update]:
        """``seat``'s news."""
        return self.local.poll(seat)

    def close(self) -> None:
        """Write an arrangement not yet saved, then stop the bot worker."""
        if self._unsaved():
            self.save()
        self.local.close()

    def advance(self, dt: float, move: bool) -> bool:
        """Time passes: a waiting arrangement is saved when its gap is over; the bots get on."""
        self._since += dt
        if self._unsaved() and self._since >= ARRANGEMENT_SAVE_GAP:
            self.save()
        return self.local.advance(dt, move)

    @property
    def thinking(self) -> int | None:
        """The bot seat whose move is being worked out."""
        return self.local.thinking

    @property
    def worker(self) -> BotWorker | None:
        """The bots' worker (hints run there too)."""
        return self.local.worker

    @property
    def can_replay(self) -> bool:
        """Finished hands can be replayed here."""
        return True

    def replay(self, hand_no: int) -> HandReplay | None:
        """Every move of finished hand ``hand_no``."""
        return self.local.replay(hand_no)

    def record(self) -> MatchRecord | None:
        """The match's record (see ``LocalMatch.record``)."""
        return self.local.record()

    def arrangement(self, seat: int) -> dict[str, Any] | None:
        """``seat``'s arrangement as kept in the save."""
        return self.local.arrangement(seat)

    def keep_arrangement(self, seat: int, arranged: dict[str, Any]) -> None:
        """Keep ``seat``'s arrangement; saved now, or when the gap since the last save ends."""
        self.local.keep_arrangement(seat, arranged)
        if self._unsaved() and self._since >= ARRANGEMENT_SAVE_GAP:
            self.save()

    def notices(self) -> list[Said]:
        """Saves that failed, to tell the player (sentences to show through
        ``language.word``)."""
        out, self._notices = self._notices, []
        return out

    def due(self) -> float | None:
        """Seconds until a changed arrangement is saved (None: nothing waits)."""
        if not self._unsaved():
            return None
        return max(0.0, ARRANGEMENT_SAVE_GAP - self._since)


def saved(app: AppServices, setup: MatchSetup, local: LocalMatch | None = None) -> SavedMatch:
    """``local`` (else a new match from ``setup``), saved in ``app``'s storage as it is played."""
    match = local if local is not None else setup.start()
    return SavedMatch(match, setup, app.storage)


__all__ = ["ARRANGEMENT_SAVE_GAP", "SavedMatch", "saved"]
