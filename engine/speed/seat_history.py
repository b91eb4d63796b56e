"""Each seat's history of the hand, kept as the events come instead of rebuilt per view.

A seat's history is the hand's events with what that seat may not see removed. It is cached on
the game per seat and extended by the new events only (events are only ever appended); a new
hand (a new event list), a shorter list or a different event where it stopped starts afresh.

A view holds its seat's history as a ``History``: the hand's event list and how long it was
when the view was made. The engine only ever appends to that list, so the prefix never
changes; it is filtered and made a tuple when somebody reads it (most views are built for their
legal actions only, and filtering and copying hundreds of events was most of a view's cost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import Event

if TYPE_CHECKING:
    from engine.state import GameState

#: The attribute of a Game holding the per-seat caches (dropped by ``Game.clone``).
ATTR = "_seat_history"


class _SeatLog:
    __slots__ = ("events", "last", "items", "frozen", "wires")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.last: Event | None = None
        self.items: list[Event] = []
        self.frozen: tuple[Event, ...] = ()
        #: The plain data of the first items, as far as any view has been written out.
        self.wires: list[dict[str, Any]] = []

    def wire_upto(self, n: int) -> list[dict[str, Any]]:
        """The plain data of the first ``n`` items (each event's made once, and kept)."""
        wires = self.wires
        if len(wires) < n:
            wires.extend([e.wire() for e in self.items[len(wires) : n]])
        return wires[:n]

    def upto(self, n: int) -> tuple[Event, ...]:
        """The first ``n`` items as a tuple, shared by every view that asks for the same."""
        if len(self.frozen) != n:
            frozen = tuple(self.items[:n])
            if n == len(self.items):
                self.frozen = frozen
            return frozen
        return self.frozen


class _Logs(dict[int, _SeatLog]):
    """A game's seat logs, and its event list as the latest view found it (``live``): the
    hand's, as long as no view has been made since a new hand began."""

    __slots__ = ("live",)

    def __init__(self) -> None:
        super().__init__()
        self.live: list[Event] | None = None


class History:
    """A seat's history as it stood when a view was made: the first ``n`` events of the hand's
    list (the engine only ever appends to it), filtered for the seat and made a tuple when
    first read."""

    __slots__ = ("_logs", "_seat", "_events", "_n")

    def __init__(self, logs: _Logs, seat: int, events: list[Event]) -> None:
        # The game's seat logs, never the game itself: a view reaches no Game.
        self._logs = logs
        self._seat = seat
        self._events = events
        self._n = len(events)

    def events(self) -> tuple[Event, ...]:
        """The events of this history."""
        return self._log().upto(self._n)

    def wire(self) -> list[dict[str, Any]]:
        """``[e.to_dict() for e in self.events()]``, each event's plain data made once for the
        seat's whole hand and shared: read it or encode it, never change it."""
        return self._log().wire_upto(self._n)

    def _log(self) -> _SeatLog:
        """The seat's log, holding at least the events of this history."""
        seat, events, cache = self._seat, self._events, self._logs
        if cache.live is not events:  # read after its hand: the game's logs are not for it
            return _extend(_SeatLog(events), seat)
        log = cache.get(seat)
        n = 0 if log is None else len(log.items)
        # Reuse only the same list, not shorter, with the event we stopped at still in place.
        if (
            log is None
            or log.events is not events
            or len(events) < n
            or (n and events[n - 1] is not log.last)
        ):
            log = cache[seat] = _SeatLog(events)
        return _extend(log, seat)

    def __reduce__(self) -> tuple[type[tuple[Event, ...]], tuple[tuple[Event, ...]]]:
        # A copy or a pickle carries these events as a tuple, not the hand's whole list.
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


def _extend(log: _SeatLog, seat: int) -> _SeatLog:
    """``log`` with every event of its list, filtered for ``seat``."""
    events, items = log.events, log.items
    if len(events) > len(items):
        # Event.visible_to, spelled out: this runs for every event and every seat.
        for e in events[len(items) :]:
            p = e.private_to
            items.append(e if p is None or p == seat else _hidden(e, seat))
        log.last = events[-1]
    return log


def history(g: GameState, seat: int) -> History:
    """``tuple(e.for_seat(seat) for e in g.events)`` as it stands now, made a tuple only when
    read, paying then only for the events no view of the seat has read before."""
    try:
        logs: _Logs = getattr(g, ATTR)
    except AttributeError:
        # Set as an attribute, never through the game's ``__dict__``: once that is read or
        # written, every attribute of the game is slower to read from then on.
        logs = _Logs()
        setattr(g, ATTR, logs)
    events = logs.live = g.events
    return History(logs, seat, events)
