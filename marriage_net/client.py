"""RemoteMatch: the ``Match`` port over a connection to a host, for a table on another laptop.

The connection lives on its own thread with its own asyncio loop. Everything received is
decoded strictly there (a hostile "host" on café Wi-Fi must not crash a player's game) and put
on a queue that ``poll`` and ``view`` empty on the caller's thread; what the caller sends goes
to the loop with ``call_soon_threadsafe``. A dropped connection is taken up again by itself with
the seats' tokens; a host that is gone for good leaves a clear status, never a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.actions import Action
from engine.events import Event
from engine.match import Unshared, Update
from engine.view import PlayerView
from engine.words import from_code, say
from marriage_net import protocol as p
from marriage_net.news import SeatState, TurnClock, seat_state, turn_clock
from marriage_net.tokens import TokenStore, table_key

log = logging.getLogger("marriage.client")

#: Connection states, as the table shows them. CLOSED: the host saved the table and closed it;
#: this laptop keeps its seat and comes back by itself when the host opens the table again.
CONNECTING, LOBBY, PLAYING, RECONNECTING, CLOSED, GONE = (
    "connecting",
    "lobby",
    "playing",
    "reconnecting",
    "closed",
    "gone",
)
#: Waits between tries while the table is away: short at first, longer after a while.
FIRST_RETRY, QUICK_RETRIES, LAST_RETRY, SLOW_AFTER = 0.05, 1.0, 5.0, 30.0


AWAY = say("Reconnecting to the table…")
STILL_TRYING = say(
    "The host cannot be reached. Still trying: you will be back in your seat when it answers."
)
#: The first words of a connection.
CONNECTING_WORDS = say("Connecting to the table…")
#: Refusals that mean a seat is no longer this connection's.
SEAT_LOST = frozenset({p.Refusal.SEAT_MOVED, p.Refusal.SEAT_GIVEN})


class HostError(ValueError):
    """The host sent something that breaks the protocol."""


@dataclass
class Status:
    """Where the connection stands, with a sentence for the player."""

    state: str = CONNECTING
    message: str = CONNECTING_WORDS
    since: float = field(default_factory=time.monotonic)


def _view(data: p.ViewData, seat: int, players: int | None) -> PlayerView:
    if data.seat != seat:
        raise HostError(f"a view for seat {data.seat + 1} came as seat {seat + 1}'s")
    if players is not None and len(data.names) != players:
        raise HostError("the number of players changed")
    try:
        return PlayerView.from_wire(data)  # checked as it was decoded: now only as a whole
    except ValueError as exc:
        raise HostError(f"a damaged view ({exc})") from None


def _events(data: list[p.EventData]) -> tuple[Event, ...]:
    try:
        return tuple(map(Event.from_wire, data))
    except ValueError as exc:
        raise HostError(f"a damaged event ({exc})") from None


class RemoteMatch(Unshared):
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
        self._clock: tuple[p.Clock, float] | None = None
        self._played_for: dict[int, list[Event]] = {}
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
        """Whose turn the clock counts and the seconds they have left; None when none runs."""
        self._drain()
        return turn_clock(self._clock)

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
        """Take a seat (another one: a second person at this laptop); a welcome says which."""
        token = self.tokens.tokens(self.key).get(seat) if seat is not None else None
        self._send(p.encode(p.Sit(name, token, seat)))

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
                self._clock = item
            elif kind == "covered":
                seat, events = item
                self._played_for.setdefault(seat, []).extend(events)
            elif kind == "lost":
                self._views.pop(item, None)
                self._versions.pop(item, None)
                self.lost.add(item)
            elif kind == "lobby":
                self._lobby = item
            elif kind == "emoted":
                self.emotes.append(item)

    # ------------------------------------------------------------------ network thread
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never let the thread die silently: the table must know
            log.exception("the connection thread stopped")
            self._status(GONE, say("The connection stopped: {why}", why=str(exc)))

    def _status(self, state: str, message: str) -> None:
        self._net_state = state
        self._net_message = message
        self._inbox.put(("status", Status(state, message)))

    _net_message = ""

    def status_message(self) -> str:
        """The network thread's latest words for the status (safe from any thread)."""
        return self._net_message

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._stopped = asyncio.Event()
        if self._stop.is_set():  # closed before the loop was there to hear it
            self._stopped.set()
        self._ready.set()
        stopper = asyncio.create_task(self._stopped.wait())
        session = asyncio.create_task(self._sessions())
        await asyncio.wait({stopper, session}, return_when=asyncio.FIRST_COMPLETED)
        ws = self._ws
        if ws is not None:  # leave politely: the host frees the seat at once, not at a timeout
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(1000, "left the table"), 1.0)
            ws.transport.abort()
        session.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await session
        self._stop.set()
        stopper.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await stopper

    async def _sessions(self) -> None:
        uri = f"ws://{self.address}:{self.port}"
        if ":" in self.address:
            uri = f"ws://[{self.address}]:{self.port}"
        lost_at: float | None = None
        delay = FIRST_RETRY
        while not self._stop.is_set():
            outcome = await self._session(uri)
            if outcome is None:
                return  # refused for good or gone for good: the status says why
            now = time.monotonic()
            if outcome == "connected":
                lost_at, delay = now, FIRST_RETRY
            elif lost_at is None:
                lost_at = now
            away = now - lost_at
            if away > self.give_up and self._net_state != CLOSED:
                if self._net_state == CONNECTING:
                    self._status(
                        GONE,
                        say(
                            "No table answers at {address}: check the address.",
                            address=self.address,
                        ),
                    )
                    return
                if not self._wanted:
                    self._status(
                        GONE, say("The host has gone: the table cannot be reached any more.")
                    )
                    return
                # A seat waits for us (the host's laptop may be asleep or restarting): keep
                # trying, more slowly, for as long as this table stays open on our screen.
                self._away = STILL_TRYING
                if self.status_message() != STILL_TRYING:
                    self._status(RECONNECTING, STILL_TRYING)
            # Several laptops cut off at once should not all knock at the same instant.
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, QUICK_RETRIES if away < SLOW_AFTER else LAST_RETRY)

    async def _session(self, uri: str) -> str | None:
        """One connection: 'connected' if it got in and later dropped, 'failed' if it never did,
        None when there is no point in trying again."""
        try:
            ws = await connect(
                uri,
                max_size=p.MAX_HOST_MESSAGE,
                compression=None,
                open_timeout=3,
                ping_interval=self._ping[0],
                ping_timeout=self._ping[1],
                close_timeout=1,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            log.info("could not reach %s: %s", uri, exc)
            if isinstance(exc, InvalidURI):
                self._status(GONE, say("That address cannot be used: {why}", why=str(exc)))
                return None
            if self._net_state in (PLAYING, LOBBY, RECONNECTING):
                self._status(RECONNECTING, self._away)
            return "failed"
        assert self._out is not None
        while not self._out.empty():  # acts queued while away were for an old position
            self._out.get_nowait()
        self._held, self._net_versions, self._history, self._resyncing = set(), {}, {}, set()
        self._hand_no = {}
        self._inside, self._door = False, None
        self._ws = ws
        welcomed = False
        try:
            await ws.send(self._hello())
            sender = asyncio.create_task(self._sender(ws))
            try:
                async for raw in ws:
                    if not isinstance(raw, str):
                        raise HostError("the host sent binary data")
                    try:
                        msg = p.decode_host(raw)
                    except p.ProtocolError as exc:
                        raise HostError(exc.reason) from None
                    if self.on_message is not None:
                        self.on_message(msg)
                    outcome = self._receive(ws, msg)
                    if isinstance(msg, p.Welcome):
                        welcomed = True
                    if outcome is not None:
                        return outcome or None
            finally:
                sender.cancel()
        except HostError as exc:
            self._status(
                GONE, say("The host sent something this game cannot read: {why}", why=str(exc))
            )
            with contextlib.suppress(Exception):
                await ws.close(1002, "protocol error")
            return None
        except ConnectionClosed:
            pass
        code = ws.close_code
        reason = ws.close_reason or ""
        if self._stop.is_set():
            return None
        door = self._door
        if not welcomed and (door is not None or code == 1008):
            words = p.refusal_words(door.code, door.reason) if door is not None else reason
            # Translators: {why} is the table's reason ("wrong table code").
            self._status(GONE, say("The table turned us away: {why}.", why=words))
            return None
        if welcomed or self._net_state != CLOSED:
            # A table the host closed stays closed on this screen until it lets us back in
            # (a knock while it is still shutting down is not news).
            self._status(RECONNECTING, self._away)
        return "connected" if welcomed else "failed"

    refusals_seen: str = ""
    _inside = False  # this session got past the door (a welcome or the lobby came)
    _door: p.Refused | None = None  # the refusal that turned this session away at the door

    def _hello(self) -> str:
        tokens = self.tokens.tokens(self.key)
        if not self._wanted:
            return p.encode(p.Hello(p.PROTO, self.code, self.name, None, None, self.owner))
        seat, name = next(iter(self._wanted.items()))
        return p.encode(p.Hello(p.PROTO, self.code, name, tokens.get(seat), seat, self.owner))

    async def _sender(self, ws: ClientConnection) -> None:
        assert self._out is not None
        while True:
            text = await self._out.get()
            await ws.send(text)

    def _check_seat(self, seat: int) -> None:
        if seat not in self._held:
            raise HostError(f"news of seat {seat + 1}, which is not ours")

    def _receive(self, ws: ClientConnection, msg: p.HostMessage) -> str | None:
        """Take in one message; a non-None return ends the session ('' = for good)."""
        if isinstance(msg, p.Welcome | p.Lobby):
            self._inside = True
        if isinstance(msg, p.Welcome):
            if not 0 <= msg.seat < 5:
                raise HostError("a seat that does not exist")
            self._away = AWAY
            first_time = not self._held
            self._held.add(msg.seat)
            self.tokens.remember(self.key, msg.seat, msg.token)
            self._wanted.setdefault(msg.seat, msg.name)
            if first_time:
                # The other seats this laptop holds come back on the same connection.
                tokens = self.tokens.tokens(self.key)
                for seat, name in list(self._wanted.items()):
                    if seat != msg.seat and seat not in self._held:
                        self._out.put_nowait(p.encode(p.Sit(name, tokens.get(seat), seat)))  # type: ignore[union-attr]
        elif isinstance(msg, p.Snapshot):
            self._check_seat(msg.seat)
            view = _view(msg.view, msg.seat, None)
            self._inbox.put(("names", view.names))
            update = Update(seat=msg.seat, version=msg.v, events=(), view=view, refused=None)
            self._net_versions[msg.seat] = msg.v
            self._history[msg.seat] = view.history
            self._hand_no[msg.seat] = view.hand_no
            self._resyncing.discard(msg.seat)
            self._inbox.put(("view", (msg.seat, msg.v, view, update)))
            self._status(PLAYING, say("Playing."))
        elif isinstance(msg, p.Updated):
            self._check_seat(msg.seat)
            last = self._net_versions.get(msg.seat)
            if last is None or msg.v != last + 1:
                # A gap: ask once for the whole picture rather than guess.
                if msg.seat not in self._resyncing:
                    self._resyncing.add(msg.seat)
                    self._out.put_nowait(p.encode(p.Resync(msg.seat)))  # type: ignore[union-attr]
                return None
            view = _view(msg.view, msg.seat, None)
            events = _events(msg.events)
            update = Update(seat=msg.seat, version=msg.v, events=events, view=view, refused=None)
            self._net_versions[msg.seat] = msg.v
            # The seat's story is its snapshot's history plus every update's events since; a
            # new hand starts a new story, which a fresh snapshot brings whole.
            history = self._history.get(msg.seat, ()) + events
            if view.hand_no != self._hand_no.get(msg.seat, view.hand_no):
                history = events
                self._out.put_nowait(p.encode(p.Resync(msg.seat)))  # type: ignore[union-attr]
            self._hand_no[msg.seat] = view.hand_no
            self._history[msg.seat] = history
            full = view.with_history(history)
            self._inbox.put(("view", (msg.seat, msg.v, full, update)))
        elif isinstance(msg, p.Refused):
            # Decisions follow the code alone; the words are only ever shown.
            if not self._inside and self._door is None:
                self._door = msg  # turned away at the door: the session ends with it
            self.refusals_seen = msg.reason
            mine = msg.seat if msg.seat is not None and msg.seat in self._held else None
            if mine is not None and msg.code in SEAT_LOST:
                self._held.discard(mine)
                self._inbox.put(("lost", mine))
            elif mine is not None and msg.code == p.Refusal.STALE:
                self._out.put_nowait(p.encode(p.Resync()))  # type: ignore[union-attr]
            if msg.code == p.Refusal.UNKNOWN_TOKEN:
                self.tokens.forget(self.key)  # that table is no more: stop offering to rejoin
            # The words are made here, from the code (the engine's own: from its sentence code).
            self._inbox.put(("refused", (mine, p.refusal_words(msg.code, msg.reason))))
        elif isinstance(msg, p.Lobby):
            if len(msg.seats) > 5 or any(s.seat != i for i, s in enumerate(msg.seats)):
                raise HostError("a damaged list of seats")
            self._inbox.put(("lobby", msg))
            if self._held and self.owner is None:  # a table to sit back down at after a restart
                self.tokens.note_table(self.key, self.address, self.port, self.code, msg.table)
            if not (msg.started and self._held):
                self._status(LOBBY, say("In the lobby: waiting for the host to start."))
        elif isinstance(msg, p.SeatStatus):
            if not 0 <= msg.seat < 5:
                raise HostError("news of a seat that does not exist")
            self._inbox.put(("seat_status", (msg, time.monotonic())))
        elif isinstance(msg, p.Clock):
            if msg.seat is not None and not 0 <= msg.seat < 5:
                raise HostError("a clock for a seat that does not exist")
            self._inbox.put(("clock", (msg, time.monotonic())))
        elif isinstance(msg, p.Covered):
            self._check_seat(msg.seat)
            self._inbox.put(("covered", (msg.seat, _events(msg.events))))
        elif isinstance(msg, p.Emoted):
            if msg.id in p.EMOTES:
                self._inbox.put(("emoted", msg))
        elif isinstance(msg, p.Closing):
            if msg.saved:
                # One message until the table is back: the seat is kept, the return is automatic.
                why = from_code(msg.why)
                if self._wanted:
                    # Translators: {why} is the host's words on closing the table.
                    why = say(
                        "{why} Your seat is kept: you will be back in it by yourself.", why=why
                    )
                self._status(CLOSED, why)
                return "connected"
            self._status(GONE, from_code(msg.why))
            return ""
        return None
