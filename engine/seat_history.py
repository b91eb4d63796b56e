"""Each seat's history of the hand, kept as the events come instead of rebuilt per view.

A seat's history is the hand's events with what that seat may not see removed. It is cached on
the game per seat and extended by the new events only (events are only ever appended); a new
hand (a new event list), a shorter list or a different event where it stopped starts afresh.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import Event

if TYPE_CHECKING:
    from engine.game import Game

#: The attribute of a Game holding the per-seat caches (dropped by ``Game.clone``).
ATTR = "_seat_history"


class _SeatLog:
    __slots__ = ("events", "last", "items", "frozen")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.last: Event | None = None
        self.items: list[Event] = []
        self.frozen: tuple[Event, ...] = ()


#: The hidden form of each private event, made once for all the seats that may not see it
#: (``Event.for_seat`` hides the same way from every such seat). Keyed on identity, with the
#: event kept in the entry so that its id cannot be reused by another.
_HIDDEN: dict[int, tuple[Event, Event]] = {}
LIMIT = 4096


def _hidden(e: Event, seat: int) -> Event:
    """``e.for_seat(seat)`` for a seat that may not see ``e``, one copy shared by the seats."""
    hit = _HIDDEN.get(id(e))
    if hit is not None and hit[0] is e:
        return hit[1]
    hidden = e.for_seat(seat)
    if len(_HIDDEN) >= LIMIT:
        _HIDDEN.clear()
    _HIDDEN[id(e)] = (e, hidden)
    return hidden


def history(g: Game, seat: int) -> tuple[Event, ...]:
    """``tuple(e.for_seat(seat) for e in g.events)``, paying only for events not seen before."""
    cache: dict[int, _SeatLog] | None = g.__dict__.get(ATTR)
    if cache is None:
        cache = g.__dict__[ATTR] = {}
    events = g.events
    log = cache.get(seat)
    n = 0 if log is None else len(log.items)
    # Reuse only the same list, not shorter, with the event we stopped at still in its place.
    if (
        log is None
        or log.events is not events
        or len(events) < n
        or (n and events[n - 1] is not log.last)
    ):
        log = cache[seat] = _SeatLog(events)
        n = 0
    if len(events) > n:
        items = log.items
        for e in events[n:]:
            p = e.private_to
            items.append(e if p is None or p == seat else _hidden(e, seat))
        log.last = events[-1]
        log.frozen = tuple(items)
    return log.frozen
