"""What the table's actions leave for the scene to do: the values ``TableActions.dispatch``
returns, in the order the scene does them.

The actions act on what they are built with (the match, the seats' views, the board, the fans,
the toasts, the question asked). What only the scene can do comes back as one of these: lay the
cards out on its layout, ease dragged cards home once they have their places, hear the match's
news (sounds, flights, a new deal), start its clock for the next move, open the pause menu or
the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event


@dataclass(frozen=True)
class Relayout:
    """Every card to where the view says it is now, in ``duration`` seconds (None: the table's
    usual pace); ``gap_at``: the hand opens a gap there for the cards a drag holds."""

    duration: float | None = None
    gap_at: int | None = None


@dataclass(frozen=True)
class EaseBack:
    """Dragged cards that found no home return to their places (after the layout that gives
    them their places)."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class Hear:
    """The match's news for the seat at the bottom: its sounds and flights, a new deal;
    ``moves``: how many of the match's actions it moved on."""

    events: tuple[Event, ...]
    moves: int


@dataclass(frozen=True)
class Sent:
    """An action left for the match: the table's clock for the next move starts again."""


@dataclass(frozen=True)
class Pause:
    """The pause menu."""


@dataclass(frozen=True)
class ToggleLog:
    """The log opens (the discard row makes room for it), or closes."""


Effect = Relayout | EaseBack | Hear | Sent | Pause | ToggleLog
Effects = list[Effect]

__all__ = ["EaseBack", "Effect", "Effects", "Hear", "Pause", "Relayout", "Sent", "ToggleLog"]
