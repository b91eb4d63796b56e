"""Each seat's history of the hand, kept as the events come instead of rebuilt per view.

A seat's history is the hand's events with what that seat may not see removed. It is cached on
the game per seat and extended by the new events only (events are only ever appended); a new
hand (a new event list), a shorter list or a different event where it stopped starts afresh.

A view holds its seat's history as a ``History``: the seat's list and how far it went when the
view was made. The list is only ever appended to, so that prefix never changes; it becomes a
tuple when somebody reads it (most views are built for their legal actions only, and copying
hundreds of events into a tuple was most of a view's cost).
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

    def upto(self, n: int) -> tuple[Event, ...]:
        """The first ``n`` items as a tuple, shared by every view that asks for the same."""
        if len(self.frozen) != n:
            frozen = tuple(self.items[:n])
            if n == len(self.items):
                self.frozen = frozen
            return frozen
        return self.frozen


class History:
    """A seat's history as it stood when a view was made, made a tuple when first read."""

    __slots__ = ("_log", "_n")

    def __init__(self, log: _SeatLog, n: int) -> None:
        self._log = log
        self._n = n

    def events(self) -> tuple[Event, ...]:
        """The events of this history."""
        return self._log.upto(self._n)

    def __reduce__(self) -> tuple[type[tuple[Event, ...]], tuple[tuple[Event, ...]]]:
        # A copy or a pickle carries these events as a tuple, not the seat's whole log.
        return (tuple, (self.events(),))


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


def _log(g: Game, seat: int) -> _SeatLog:
    """The seat's log, extended to every event of ``g``."""
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
        # Event.visible_to, spelled out: this runs for every event and every seat.
        for e in events[n:]:
            p = e.private_to
            items.append(e if p is None or p == seat else _hidden(e, seat))
        log.last = events[-1]
    return log


def history(g: Game, seat: int) -> History:
    """``tuple(e.for_seat(seat) for e in g.events)`` as it stands now, made a tuple only when
    read, paying only for events not seen before."""
    log = _log(g, seat)
    return History(log, len(log.items))
