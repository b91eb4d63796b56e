"""The last match's final standings, kept by a host while its table sets up the next one.

Play again lets the finished match go at once (the table goes back to its lobby), but a person
whose app was closed on the standings and who comes back before the next deal should find the
same standings the others are looking at, with the same Play again. So the host keeps each
person's last view of the finished match until the next deal, and sends it (a ``snapshot`` of
that match's last version) to a seat's person who comes back without having said Play again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.view import PlayerView

if TYPE_CHECKING:
    from engine.match import LocalMatch as TableMatch

log = logging.getLogger("marriage.host")


class Standings:
    """Each person's seat's last view of the finished match, and that match's last version."""

    def __init__(self) -> None:
        self.version = 0
        self._views: dict[int, dict[str, object]] = {}

    def keep(self, match: TableMatch, seats: Iterable[int]) -> None:
        """Keep ``seats``' last views of ``match`` (over), before it is let go."""
        self.version = match.version
        self._views = {seat: match.view(seat).to_dict() for seat in seats}

    def view(self, seat: int) -> PlayerView | None:
        """``seat``'s last view of the finished match (a fresh object each time: a phone's
        connection works parts of it out, a laptop's is sent it plain); None when none is kept."""
        data = self._views.get(seat)
        return None if data is None else PlayerView.from_dict(data)

    def to_dict(self) -> dict[str, Any] | None:
        """Plain data for the table's save (None when nothing is kept)."""
        if not self._views:
            return None
        return {"version": self.version, "views": {str(k): v for k, v in self._views.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Standings:
        """The standings a table was saved with. What is damaged of them is left out (logged):
        the table itself still opens, and a person back to a damaged view finds the lobby."""
        kept = cls()
        if data is None:
            return kept
        version, views = data.get("version"), data.get("views")
        if not isinstance(version, int) or version < 0 or not isinstance(views, dict):
            log.warning("the saved standings are damaged: left out")
            return kept
        kept.version = version
        for key, view in views.items():
            try:
                seat = int(key)
                PlayerView.from_dict(view)  # it must read back, or it is left out now
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                log.warning("a saved standings view is damaged (%s): left out", exc)
                continue
            kept._views[seat] = view
        return kept

    def forget(self, seat: int) -> None:
        """``seat`` changes hands (the host opened it again, or changed who plays it)."""
        self._views.pop(seat, None)

    def clear(self) -> None:
        """A new match is dealt: the last one's standings are no one's news any more."""
        self._views.clear()


__all__ = ["Standings"]
