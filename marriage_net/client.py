"""RemoteMatch: the ``Match`` port over a connection to a host, for a table on another laptop.

Two halves, one per thread. The connection lives on its own thread with its own asyncio loop
(``marriage_net.line``: it connects, reads strictly, and takes a dropped connection up again by
itself); each message it reads goes, as the typed message itself, on a queue. Whenever the
caller asks anything, its thread empties that queue into ``TableNews``
(``marriage_net.table_news``), which applies each message once and says what should happen
next. What the caller sends goes to the loop with ``call_soon_threadsafe``. A host that is gone
for good leaves a clear status, never a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection

from engine.actions import Action
from engine.events import Event
from engine.match import Unshared, Update
from engine.view import PlayerView
from engine.words import Said
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
    Heard,
    HostError,
    Line,
    Status,
)
from marriage_net.news import Lateness, SeatState, TurnClock
from marriage_net.table_news import CannotRead, TableNews
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
        # Seats to hold on every (re)connection, with their names; tokens come from the store.
        # No seat and no name: a connection that only looks at the lobby until ``sit``.
        self._wanted: dict[int, str] = {} if seat is None else {seat: name}
        # The caller's thread's own state: what it has taken in of the line's queue.
        self._inbox: queue.SimpleQueue[Heard | Status] = queue.SimpleQueue()
        self._news = TableNews(self._wanted)
        # The network thread's own state: its idea of the status, the seats the host confirmed.
        self._net_state = CONNECTING
        self._held: set[int] = set()
        self._ws: ClientConnection | None = None
        # How late messages come (the round trip: the hello's answer, then the pings').
        self._late = Lateness()
        self._hello_at = 0.0
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
    def status(self) -> Status:
        """Where the connection stood when this thread last took the news in (``refresh``)."""
        return self._news.status

    @property
    def lobby(self) -> p.Lobby | None:
        """The table's seats as the host last described them."""
        self._drain()
        return self._news.lobby

    @property
    def refusals(self) -> list[Said]:
        """Reasons the host gave for turning requests down, oldest first (clear when shown)."""
        self._drain()
        return self._news.refusals

    @property
    def seat_status(self) -> dict[int, p.SeatStatus]:
        """The latest news of each seat: connected, or a bot playing for a missing player."""
        self._drain()
        return self._news.seat_status

    def seat_states(self) -> dict[int, SeatState]:
        """Every seat as the screens show it, countdowns worked out for now (see ``SeatState``)."""
        self._drain()
        return self._news.seat_states()

    def turn_clock(self) -> TurnClock | None:
        """Whose turn the clock counts and the seconds they have left; None when none runs.

        The seconds are those a move made now on this screen still has when it reaches the
        host (the clock of a seat of ours starts half a round trip early). While this screen
        does not hear the table, the clock stands where it was (``paused``)."""
        self._drain()
        return self._news.turn_clock()

    @property
    def played_for(self) -> dict[int, list[Event]]:
        """By seat of ours, what a computer played for it while its person was away (the seat's
        own events, oldest first). Take a seat's list out (``pop``) once the player is told."""
        self._drain()
        return self._news.played_for

    @property
    def played_why(self) -> dict[int, str]:
        """By seat of ours, why a computer last played for it (``p.WHY_*``), when the host said
        (take it out, ``pop``, with ``played_for``)."""
        return self._news.played_why

    @property
    def lost(self) -> set[int]:
        """Seats taken from this connection: shown on a newer one, or given away by the host."""
        return self._news.lost

    @property
    def emotes(self) -> list[p.Emoted]:
        """The emotes heard, oldest first (take them out once shown)."""
        return self._news.emotes

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
        return self._news.names

    @property
    def players(self) -> int:
        """Number of seats at the table (0 until the match is known)."""
        return len(self.names)

    @property
    def version(self) -> int:
        """Actions applied so far, as far as this client knows."""
        self._drain()
        return max(self._news.versions.values(), default=0)

    @property
    def seats(self) -> list[int]:
        """The seats this client holds."""
        self._drain()
        views = self._news.views
        return sorted(views) if views else sorted(self._wanted)

    def seat_version(self, seat: int) -> int:
        """The version of the latest view of ``seat`` (-1 before any)."""
        self._drain()
        return self._news.versions.get(seat, -1)

    def view(self, seat: int) -> PlayerView:
        """The latest view of ``seat``, with its history; KeyError until the host sent one.
        Once the table has called a new match, and until it is dealt, the latest view of a
        seat is its last of the finished match (``standings``)."""
        self._drain()
        news = self._news
        return news.views[seat] if seat in news.views else news.final[seat]

    @property
    def dealt(self) -> bool:
        """A match is being played and this connection holds a view of each of its seats (the
        table can be shown)."""
        seats = self.seats
        views = self._news.views
        return self.status.state == PLAYING and bool(seats) and all(s in views for s in seats)

    @property
    def finished(self) -> bool:
        """The match this connection last saw is over (a new match at the table clears it)."""
        self._drain()
        return any(v.phase == "match_over" for v in self._news.views.values())

    @property
    def standings(self) -> dict[int, PlayerView]:
        """By seat of ours, its last view of the match it last saw finish: the final
        standings, kept after the table calls a new match until the next one is dealt."""
        self._drain()
        return self._news.final

    def has_view(self, seat: int) -> bool:
        """Whether a view of ``seat`` has arrived."""
        self._drain()
        return seat in self._news.views

    def submit(self, seat: int, action: Action | str) -> None:
        """Send ``action`` for ``seat``; the outcome (an update or a refusal) comes via poll."""
        self._drain()
        v = self._news.versions.get(seat, 0)
        self._send(p.encode(p.Act(seat, v, str(action))))

    def poll(self, seat: int) -> list[Update]:
        """Updates for ``seat`` since the last poll."""
        self._drain()
        pending = self._news.pending
        out = pending.get(seat, [])
        pending[seat] = []
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

    def ready(self) -> None:
        """Say each seat held here is ready for the next match (Play again at a table whose
        host starts it): its screen shows it, and the seat is not handed to a computer."""
        for seat in self.seats:
            self._send(p.encode(p.Ready(seat)))

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

    def resync(self, seat: int | None = None) -> None:
        """Ask for a fresh snapshot of ``seat``, or of every seat held."""
        self._send(p.encode(p.Resync(seat)))

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
        """Take in, in order, what the line put on the queue (``TableNews.take``), and do what
        each thing calls for next."""
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return
            match self._news.take(item):
                case p.Resync() as ask:
                    self._send(p.encode(ask))
                case CannotRead(why=why):
                    self._hang_up(why)
                case None:
                    pass


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
