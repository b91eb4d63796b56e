"""RemoteMatch: the ``Match`` port over a connection to a host, for a table on another laptop.

The connection lives on its own thread with its own asyncio loop (``marriage_net.line``: it
connects, reads strictly, and takes a dropped connection up again by itself). What it read is
put on a queue that ``poll`` and ``view`` empty on the caller's thread; what the caller sends
goes to the loop with ``call_soon_threadsafe``. A host that is gone for good leaves a clear
status, never a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection

from engine.actions import Action
from engine.events import Event
from engine.match import Unshared, Update
from engine.view import PlayerView
from marriage_net import protocol as p
from marriage_net.line import (
    AWAY,
    CLOSED,
    CODE_GONE,
    CONNECTING,
    GONE,
    KEPT_AT_DOOR,
    LOBBY,
    PLAYING,
    RECONNECTING,
    STILL_TRYING,
    WRONG_CODE,
    HostError,
    Line,
    Status,
)
from marriage_net.news import Lateness, SeatState, TurnClock, seat_state, turn_clock
from marriage_net.tokens import TokenStore, table_key


class RemoteMatch(Line, Unshared):
    """A seat (or several, behind the curtain) at a table hosted elsewhere."""

    def __init__(
        self,
        address: str,
        port: int,
        code: str,
        name: str,
        *,
        seat: int | None = None,
        tokens: TokenStore | None = None,
        owner: str | None = None,
        give_up: float = 60.0,
        on_message: Callable[[p.HostMessage], None] | None = None,
        ping_interval: float | None = 5.0,
        ping_timeout: float | None = 10.0,
    ) -> None:
        self.address, self.port, self.code, self.name = address, port, code, name
        self.key = table_key(address, port, code)
        self.tokens = tokens or TokenStore(None)
        self.owner = owner
        self.give_up = give_up
        self.on_message = on_message
        self._ping = (ping_interval, ping_timeout)
        self.status = Status()
        self._net_state = CONNECTING  # the network thread's own idea of the status
        self._lobby: p.Lobby | None = None
        self.emotes: list[p.Emoted] = []
        #: Seats taken from this connection: shown on a newer one, or given away by the host.
        self.lost: set[int] = set()
        self._refusals: list[str] = []
        self._seat_status: dict[int, p.SeatStatus] = {}
        self._seat_news: dict[int, tuple[p.SeatStatus, float]] = {}
        self._clock: tuple[p.Clock, float] | None = None  # stamped with when it was sent
        self._lead = 0.0  # seconds a move from here takes to reach the host (half a round trip)
        self._paused_at: float | None = None  # when this screen stopped hearing the table
        self._played_for: dict[int, list[Event]] = {}
        #: By seat of ours, why a computer last played for it (``p.WHY_*``), when the host said.
        self.played_why: dict[int, str] = {}
        self._inbox: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._views: dict[int, PlayerView] = {}
        self._versions: dict[int, int] = {}
        self._pending: dict[int, list[Update]] = {}
        self._names: tuple[str, ...] = ()
        # Seats to hold on every (re)connection, with their names; tokens come from the store.
        # No seat and no name: a connection that only looks at the lobby until ``sit``.
        self._wanted: dict[int, str] = {} if seat is None else {seat: name}
        # The network thread's own state: seats the host confirmed, versions and stories.
        self._held: set[int] = set()
        self._net_versions: dict[int, int] = {}
        self._history: dict[int, tuple[Event, ...]] = {}
        self._hand_no: dict[int, int] = {}
        self._resyncing: set[int] = set()
        self._ws: ClientConnection | None = None
        # How late messages come (the round trip: the hello's answer, then the pings').
        self._late = Lateness()
        self._hello_at = 0.0
        self._seen_match = False  # a match was dealt at this table (a new lobby: a new match)
        # Let go for holding no seat (``p.CLOSE_IDLE``): the connection rests until ``sit``.
        self._resting = False
        self._wake: asyncio.Event | None = None
        self._pending_sit: str | None = None  # a sit to send once the connection is back
        self._away = AWAY  # what the banner says while the connection is being taken up again
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str] | None = None
        self._stop = threading.Event()
        # The same word inside the network thread's loop. Not a thread waiting on ``_stop``: the
        # interpreter waits for such threads when it exits, so a match never closed would keep
        # the program from ending.
        self._stopped: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="marriage-net", daemon=True)
        self._thread.start()
        self._ready.wait(5)

    # ------------------------------------------------------------------ the Match port
    @property
    def lobby(self) -> p.Lobby | None:
        """The table's seats as the host last described them."""
        self._drain()
        return self._lobby

    @property
    def refusals(self) -> list[str]:
        """Reasons the host gave for turning requests down, oldest first (clear when shown)."""
        self._drain()
        return self._refusals

    @property
    def seat_status(self) -> dict[int, p.SeatStatus]:
        """The latest news of each seat: connected, or a bot playing for a missing player."""
        self._drain()
        return self._seat_status

    def seat_states(self) -> dict[int, SeatState]:
        """Every seat as the screens show it, countdowns worked out for now (see ``SeatState``)."""
        self._drain()
        lobby = self._lobby
        count = len(lobby.seats) if lobby is not None else len(self._names)
        infos = {s.seat: s for s in lobby.seats} if lobby is not None else {}
        return {
            seat: seat_state(seat, self._seat_news.get(seat), infos.get(seat))
            for seat in range(count)
        }

    def turn_clock(self) -> TurnClock | None:
        """Whose turn the clock counts and the seconds they have left; None when none runs.

        The seconds are those a move made now on this screen still has when it reaches the
        host (the clock of a seat of ours starts half a round trip early). While this screen
        does not hear the table, the clock stands where it was (``paused``)."""
        self._drain()
        clock = self._clock
        lead = self._lead if clock is not None and clock[0].seat in self._views else 0.0
        return turn_clock(clock, lead, self._paused_at)

    @property
    def played_for(self) -> dict[int, list[Event]]:
        """By seat of ours, what a computer played for it while its person was away (the seat's
        own events, oldest first). Take a seat's list out (``pop``) once the player is told."""
        self._drain()
        return self._played_for

    def take_back(self, seat: int) -> None:
        """``seat``'s person plays again: a computer keeping the seat lets go of it."""
        self._send(p.encode(p.Back(seat)))

    def hand_to_computer(self, seat: int, computer: bool = True) -> None:
        """The host's screen only: a computer player plays ``seat`` (False: its person again)."""
        self._send(p.encode(p.Handover(seat, computer)))

    def set_clock(self, seconds: int) -> None:
        """The host's screen only: the turn clock (one of ``protocol.TURN_CLOCKS``; 0: off)."""
        self._send(p.encode(p.SetRules(clock=seconds)))

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, once the match is known."""
        self._drain()
        return self._names

    @property
    def players(self) -> int:
        """Number of seats at the table (0 until the match is known)."""
        return len(self.names)

    @property
    def version(self) -> int:
        """Actions applied so far, as far as this client knows."""
        self._drain()
        return max(self._versions.values(), default=0)

    @property
    def seats(self) -> list[int]:
        """The seats this client holds."""
        self._drain()
        return sorted(self._views) if self._views else sorted(self._wanted)

    def seat_version(self, seat: int) -> int:
        """The version of the latest view of ``seat`` (-1 before any)."""
        self._drain()
        return self._versions.get(seat, -1)

    def view(self, seat: int) -> PlayerView:
        """The latest view of ``seat``; KeyError until the host has sent one."""
        self._drain()
        return self._views[seat]

    @property
    def dealt(self) -> bool:
        """A match is being played and this connection holds a view of each of its seats (the
        table can be shown)."""
        self._drain()
        seats = self.seats
        return self.status.state == PLAYING and bool(seats) and all(s in self._views for s in seats)

    @property
    def finished(self) -> bool:
        """The match this connection last saw is over (a new match at the table clears it)."""
        self._drain()
        return any(v.phase == "match_over" for v in self._views.values())

    def has_view(self, seat: int) -> bool:
        """Whether a view of ``seat`` has arrived."""
        self._drain()
        return seat in self._views

    def submit(self, seat: int, action: Action | str) -> None:
        """Send ``action`` for ``seat``; the outcome (an update or a refusal) comes via poll."""
        self._drain()
        v = self._versions.get(seat, 0)
        self._send(p.encode(p.Act(seat, v, str(action))))

    def poll(self, seat: int) -> list[Update]:
        """Updates for ``seat`` since the last poll."""
        self._drain()
        out = self._pending.get(seat, [])
        self._pending[seat] = []
        return out

    def close(self) -> None:
        """Leave the table (the seat stays ours: the token is kept)."""
        self._stop.set()
        loop, stopped = self._loop, self._stopped
        if loop is not None and stopped is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                loop.call_soon_threadsafe(stopped.set)
        self._thread.join(5)

    # ------------------------------------------------------------------ more than the port
    def sit(self, name: str, seat: int | None = None) -> None:
        """Take a seat (another one: a second person at this laptop); a welcome says which.
        A connection the host let rest (no seat for a while) comes back for it by itself."""
        token = self.tokens.tokens(self.key).get(seat) if seat is not None else None
        text = p.encode(p.Sit(name, token, seat))
        self._pending_sit = text
        loop, wake = self._loop, self._wake
        if self._resting and loop is not None and wake is not None:
            with contextlib.suppress(RuntimeError):  # the loop has just stopped
                loop.call_soon_threadsafe(wake.set)
            return
        self._send(text)

    def again(self) -> None:
        """Ask for a new match at this table (``p.Again``): the host's screen, or a player at a
        table without one, once the match is over."""
        self._send(p.encode(p.Again()))

    def send(self, message: p.ClientMessage) -> None:
        """Send any message (the host's own screen: seat, start, kick, close; emotes)."""
        self._send(p.encode(message))

    def reconnect(self) -> None:
        """Drop the connection now and take it up again (a "reconnect" button; fault tests)."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(ws.transport.abort)

    def resync(self) -> None:
        """Ask for fresh snapshots of every seat held."""
        self._send(p.encode(p.Resync()))

    def refresh(self) -> Status:
        """Take in whatever has arrived; the connection's status."""
        self._drain()
        return self.status

    # ------------------------------------------------------------------ caller's thread
    def _send(self, text: str) -> None:
        loop, out = self._loop, self._out
        if loop is None or out is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop has just stopped
            loop.call_soon_threadsafe(out.put_nowait, text)

    def _drain(self) -> None:
        while True:
            try:
                kind, item = self._inbox.get_nowait()
            except queue.Empty:
                return
            if kind == "status":
                self.status = item
                hearing = item.state in (PLAYING, LOBBY, CONNECTING)
                if hearing:
                    self._paused_at = None
                elif self._paused_at is None:
                    self._paused_at = item.since
            elif kind == "reset":  # a new match at the table: the finished one is let go
                self._views.clear()
                self._versions.clear()
                self._pending.clear()
                self._played_for.clear()
                self._names = ()
                self._clock = None
            elif kind == "names":
                self._names = item
            elif kind == "view":
                seat, v, view, update = item
                self._views[seat] = view
                self._versions[seat] = v
                self.lost.discard(seat)
                if view.phase == "match_over":
                    self.tokens.finished(self.key)  # nothing to sit back down at
                if update is not None:
                    self._pending.setdefault(seat, []).append(update)
            elif kind == "refused":
                seat, reason = item
                self._refusals.append(reason)
                if seat is not None and seat in self._views:
                    update = Update(
                        seat=seat,
                        version=self._versions[seat],
                        events=(),
                        view=self._views[seat],
                        refused=reason,
                    )
                    self._pending.setdefault(seat, []).append(update)
            elif kind == "seat_status":
                msg, _at = item
                self._seat_status[msg.seat] = msg
                self._seat_news[msg.seat] = item
            elif kind == "clock":
                self._clock, self._lead = item
            elif kind == "covered":
                seat, events, why = item
                self._played_for.setdefault(seat, []).extend(events)
                if why in (p.WHY_AWAY, p.WHY_CLOCK, p.WHY_HOST):
                    self.played_why[seat] = why
            elif kind == "lost":
                self._views.pop(item, None)
                self._versions.pop(item, None)
                self.lost.add(item)
            elif kind == "lobby":
                self._lobby = item
            elif kind == "emoted":
                self.emotes.append(item)


__all__ = [
    "AWAY",
    "CLOSED",
    "CODE_GONE",
    "CONNECTING",
    "GONE",
    "KEPT_AT_DOOR",
    "LOBBY",
    "PLAYING",
    "RECONNECTING",
    "STILL_TRYING",
    "WRONG_CODE",
    "HostError",
    "RemoteMatch",
    "Status",
]
