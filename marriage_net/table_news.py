"""What a laptop knows of its table, from the host's messages: the caller's-thread half of
``RemoteMatch``.

The network thread (``marriage_net.line``) puts each message it read on a queue, as the typed
message itself (``Heard``), with the connection's statuses between them. ``TableNews.take``
applies them in order, on the screen's own thread, through one ``match`` over the message
types: the one place the table's news is taken in. It returns what should happen next (a
snapshot to ask for, a match that is over, a host to hang up on) rather than doing it.

Views, each seat's history and the version gap live here. The host sends each update's view
without the seat's history (to keep it small); the history is kept here, from the snapshot and
every update's events since, so each view is the host's own view of the seat, history and all.
A gap in the versions is the one thing that asks for a snapshot again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_never

from engine.events import Event
from engine.match import Update
from engine.view import PlayerView
from engine.words import Said
from marriage_net import protocol as p
from marriage_net.line import CONNECTING, LOBBY, PLAYING, SEAT_LOST, Heard, HostError, Status
from marriage_net.news import SeatState, TurnClock, seat_state, turn_clock


@dataclass(frozen=True)
class CannotRead:
    """The host sent something this game cannot take in (``why``): hang up on it."""

    why: str


#: What a message of the host's calls for next: a snapshot to ask for, or a host to hang up on.
Next = p.Resync | CannotRead


def _view(data: p.ViewData, seat: int) -> PlayerView:
    if data.seat != seat:
        raise HostError(f"a view for seat {data.seat + 1} came as seat {seat + 1}'s")
    try:
        return PlayerView.from_wire(data)  # checked as it was decoded: now only as a whole
    except ValueError as exc:
        raise HostError(f"a damaged view ({exc})") from None


def _events(data: list[p.EventData]) -> tuple[Event, ...]:
    try:
        return tuple(map(Event.from_wire, data))
    except ValueError as exc:
        raise HostError(f"a damaged event ({exc})") from None


class TableNews:
    """Everything this laptop has heard of its table (read and changed on one thread only).

    ``wanted`` is the seats this laptop sits in or has asked for (shared with the line, which
    adds the seats the host gives): a refusal about any other seat is only words."""

    def __init__(self, wanted: dict[int, str]) -> None:
        self.wanted = wanted
        self.status = Status()
        self.paused_at: float | None = None  # when this screen stopped hearing the table
        self.lobby: p.Lobby | None = None
        self.names: tuple[str, ...] = ()
        #: Each seat's latest view, with the seat's whole history, and its version.
        self.views: dict[int, PlayerView] = {}
        self.versions: dict[int, int] = {}
        #: Each seat's last view of the match it last saw finish (its final standings), kept
        #: when the table calls a new match and let go when a view of another match comes.
        self.final: dict[int, PlayerView] = {}
        #: Each seat's updates not yet polled, oldest first.
        self.pending: dict[int, list[Update]] = {}
        #: Reasons the host gave for turning requests down, oldest first (cleared when shown).
        self.refusals: list[Said] = []
        #: Seats taken from this connection: shown on a newer one, or given away by the host.
        self.lost: set[int] = set()
        self.seat_status: dict[int, p.SeatStatus] = {}
        self.seat_news: dict[int, tuple[p.SeatStatus, float]] = {}  # stamped: when sent
        self.clock: tuple[p.Clock, float] | None = None  # stamped with when it was sent
        self.lead = 0.0  # seconds a move from here takes to reach the host (half a round trip)
        #: By seat of ours, what a computer played for it while its person was away.
        self.played_for: dict[int, list[Event]] = {}
        #: By seat of ours, why a computer last played for it (``p.WHY_*``), when the host said.
        self.played_why: dict[int, str] = {}
        self.emotes: list[p.Emoted] = []
        self._asked: set[int] = set()  # seats a snapshot has been asked for (after a gap)
        self._deaf = False  # the host sent what cannot be taken in: nothing more of it is

    # ------------------------------------------------------------------ taking news in
    def take(self, item: Heard | Status) -> Next | None:
        """Take in one thing the line put on the queue; what should happen next, if anything.

        A message that cannot be taken in (a view or events that do not hold together) changes
        nothing, and nothing the host sends after it is taken in."""
        if isinstance(item, Status):
            self._take_status(item)
            return None
        if self._deaf:
            return None
        try:
            return self._take(item)
        except HostError as exc:
            self._deaf = True
            return CannotRead(str(exc))

    def _take(self, heard: Heard) -> Next | None:
        """Apply one of the host's messages: the one dispatch over the message types."""
        match heard.msg:
            case p.Snapshot() as msg:
                return self._take_snapshot(msg)
            case p.Updated() as msg:
                return self._take_update(msg)
            case p.Refused() as msg:
                return self._take_refusal(msg)
            case p.Lobby() as msg:
                self._take_lobby(msg)
            case p.SeatStatus() as msg:
                self.seat_status[msg.seat] = msg
                self.seat_news[msg.seat] = (msg, heard.sent_at)
            case p.Clock() as msg:
                self.clock, self.lead = (msg, heard.sent_at), heard.lead
            case p.Covered() as msg:
                self._take_covered(msg)
            case p.Emoted() as msg:
                if msg.id in p.EMOTES:
                    self.emotes.append(msg)
            case p.Welcome() as msg:
                self._asked.discard(msg.seat)  # a new connection: the seat's snapshot follows
            case p.Closing():
                pass  # the connection's status says it
            case _:
                assert_never(heard.msg)
        return None

    def _take_status(self, status: Status) -> None:
        self.status = status
        if status.state in (PLAYING, LOBBY, CONNECTING):
            self.paused_at = None
        elif self.paused_at is None:
            self.paused_at = status.since

    def _take_snapshot(self, msg: p.Snapshot) -> Next | None:
        view = _view(msg.view, msg.seat)
        self.names = view.names
        self._asked.discard(msg.seat)
        return self._keep(msg.seat, msg.v, view, Update(msg.seat, msg.v, (), view))

    def _take_update(self, msg: p.Updated) -> Next | None:
        seat = msg.seat
        before = self.views.get(seat)
        if before is None or msg.v != self.versions[seat] + 1:
            # A gap (a move not heard): ask once for the whole picture rather than guess.
            if seat in self._asked:
                return None
            self._asked.add(seat)
            return p.Resync(seat)
        view = _view(msg.view, seat)
        events = _events(msg.events)
        # The seat's history is kept here, not sent again: the one it had and these events; a
        # new hand's history starts with the events that dealt it.
        history = events if view.hand_no != before.hand_no else before.history + events
        return self._keep(
            seat, msg.v, view.with_history(history), Update(seat, msg.v, events, view)
        )

    def _keep(self, seat: int, v: int, view: PlayerView, update: Update) -> Next | None:
        """``view`` (with its history) is ``seat``'s now, at version ``v``; ``update`` is news."""
        self.views[seat] = view
        self.versions[seat] = v
        self.lost.discard(seat)
        self.pending.setdefault(seat, []).append(update)
        if view.phase == "match_over":
            self.final[seat] = view
        else:
            self.final.pop(seat, None)
        return None

    def _take_refusal(self, msg: p.Refused) -> Next | None:
        # The words are made here, from the code (the engine's own: from its sentence code).
        reason = p.refusal_words(msg.code, msg.reason)
        self.refusals.append(reason)
        seat = msg.seat
        if seat is None or seat not in self.wanted:
            return None  # not about a seat of ours
        ask = None
        if msg.code in SEAT_LOST:
            self.views.pop(seat, None)
            self.versions.pop(seat, None)
            self.final.pop(seat, None)
            self.lost.add(seat)
        elif msg.code == p.Refusal.STALE:
            ask = p.Resync()  # the table has moved on: look again
        if seat in self.views:
            refused = Update(seat, self.versions[seat], (), self.views[seat], reason)
            self.pending.setdefault(seat, []).append(refused)
        return ask

    def _take_lobby(self, msg: p.Lobby) -> None:
        if not msg.started and self.names:
            # A new match at this table (Play again): the finished one is let go.
            self.views.clear()
            self.versions.clear()
            self.pending.clear()
            self._asked.clear()
            self.played_for.clear()
            self.names = ()
            self.clock = None
        self.lobby = msg

    def _take_covered(self, msg: p.Covered) -> None:
        self.played_for.setdefault(msg.seat, []).extend(_events(msg.events))
        if msg.why in (p.WHY_AWAY, p.WHY_CLOCK, p.WHY_HOST, p.WHY_LATE):
            self.played_why[msg.seat] = msg.why

    # ------------------------------------------------------------------ reading it
    def seat_states(self) -> dict[int, SeatState]:
        """Every seat as the screens show it, countdowns worked out for now (see ``SeatState``)."""
        lobby = self.lobby
        count = len(lobby.seats) if lobby is not None else len(self.names)
        infos = {s.seat: s for s in lobby.seats} if lobby is not None else {}
        return {
            seat: seat_state(seat, self.seat_news.get(seat), infos.get(seat))
            for seat in range(count)
        }

    def turn_clock(self) -> TurnClock | None:
        """Whose turn the clock counts and the seconds they have left (see
        ``RemoteMatch.turn_clock``)."""
        clock = self.clock
        lead = self.lead if clock is not None and clock[0].seat in self.views else 0.0
        return turn_clock(clock, lead, self.paused_at)


__all__ = ["CannotRead", "Next", "TableNews"]
