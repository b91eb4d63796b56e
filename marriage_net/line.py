"""The line to a host: the network thread's half of ``RemoteMatch``.

It connects, says hello with the seats' tokens, reads every message strictly (a hostile "host"
on café Wi-Fi must not crash a player's game), does what the connection itself must do with it
(seats held, the door, the status, the host closing), and hands the message itself, whole and
typed, to the caller's thread through a queue (``Heard``), where ``TableNews`` applies it. It
takes a dropped connection up again by itself: quickly at first, then more calmly, for as long as
a seat waits for this laptop. A refusal at the door that may pass (another table answering at the
address for now) is tried again while a seat is kept here; one that will not ends with words that
say how to put it right.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.words import UNSAID, Said, from_code, say
from marriage_net import protocol as p
from marriage_net.news import Lateness
from marriage_net.tokens import TokenStore

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
#: A seat kept for us, turned away at the door (another table answers there for now, or this
#: laptop is locked out a while): tries come at these waits, doubling, for this long at most.
#: (A try with a code the table there does not know counts as a guess at its code: these
#: stay well below its lockout, so this laptop can still join that table itself.)
DOOR_RETRY, DOOR_LAST_RETRY, DOOR_PATIENCE = 0.5, 30.0, 150.0
#: Refusals at the door that may pass while our seat is kept.
DOOR_PASSING = frozenset({p.Refusal.WRONG_CODE, p.Refusal.LOCKED_OUT})


AWAY = say("Reconnecting to the table…")
STILL_TRYING = say(
    "The host cannot be reached. Still trying: you will be back in your seat when it answers."
)
#: The first words of a connection.
CONNECTING_WORDS = say("Connecting to the table…")
#: Refusals that mean a seat is no longer this connection's.
SEAT_LOST = frozenset({p.Refusal.SEAT_MOVED, p.Refusal.SEAT_GIVEN})
#: Refusals of a seat asked for with ``sit``.
SIT_REFUSED = frozenset(
    {
        p.Refusal.SEAT_TAKEN,
        p.Refusal.NO_FREE_SEAT,
        p.Refusal.NO_SUCH_SEAT,
        p.Refusal.BAD_NAME,
        p.Refusal.UNKNOWN_TOKEN,
    }
)
#: While a seat kept for us is turned away at the door, by the door's reason.
KEPT_AT_DOOR = {
    p.Refusal.WRONG_CODE: say(
        "Another table answers at this address for now: it does not know our table code. "
        "Your seat is kept, so this screen keeps trying."
    ),
    p.Refusal.LOCKED_OUT: say(
        "The table does not listen to this laptop for a while (too many wrong codes from "
        "here). Your seat is kept, so this screen keeps trying."
    ),
}
#: A table code the table does not know, with how to put it right.
WRONG_CODE = say(
    "The table turned us away: wrong table code. Check the six digits on the host's screen "
    "and type them again."
)
#: A seat kept for us, but the table at its address has not known our code for a long while.
CODE_GONE = say(
    "The table at this address no longer knows our table code: ask the host for the code "
    "on their screen and join again."
)


class HostError(ValueError):
    """The host sent something that breaks the protocol."""


@dataclass
class Status:
    """Where the connection stands, with a sentence for the player."""

    state: str = CONNECTING
    message: Said = CONNECTING_WORDS
    since: float = field(default_factory=time.monotonic)


@dataclass(frozen=True, slots=True)
class Heard:
    """One of the host's messages as the network thread heard it, for the caller's thread.

    ``sent_at`` is when the host sent it, on this laptop's clock (from the host's stamp ``at``
    where the message has one: see ``Lateness``); ``lead`` is half the round trip then, the
    time a move from here takes to reach the host."""

    msg: p.HostMessage
    sent_at: float
    lead: float


def _real_seat(seat: int, what: str) -> None:
    if not 0 <= seat < 5:
        raise HostError(what)


class Line:
    """The network thread's half of ``RemoteMatch`` (a mixin: the state is the match's; what
    the caller's thread keeps is in its ``TableNews``)."""

    address: str
    port: int
    code: str
    name: str
    key: str
    tokens: TokenStore
    owner: str | None
    give_up: float
    on_message: Callable[[p.HostMessage], None] | None
    _ping: tuple[float | None, float | None]
    _inbox: queue.SimpleQueue[Heard | Status]
    _wanted: dict[int, str]
    _held: set[int]
    _net_state: str
    _ws: ClientConnection | None
    _late: Lateness
    _hello_at: float
    _resting: bool
    _wake: asyncio.Event | None
    _pending_sit: str | None
    _away: Said
    _loop: asyncio.AbstractEventLoop | None
    _out: asyncio.Queue[str] | None
    _stop: threading.Event
    _stopped: asyncio.Event | None
    _ready: threading.Event

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never let the thread die silently: the table must know
            log.exception("the connection thread stopped")
            self._status(GONE, say("The connection stopped: {why}", why=str(exc)))

    def _status(self, state: str, message: Said) -> None:
        self._net_state = state
        self._net_message = message
        self._inbox.put(Status(state, message))

    _net_message = UNSAID

    def status_message(self) -> Said:
        """The network thread's latest words for the status (safe from any thread)."""
        return self._net_message

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._stopped = asyncio.Event()
        self._wake = asyncio.Event()
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
        refused_since: float | None = None  # turned away at the door, our seat kept, since
        delay = FIRST_RETRY
        while not self._stop.is_set():
            outcome = await self._session(uri)
            if outcome is None:
                return  # refused for good or gone for good: the status says why
            now = time.monotonic()
            if outcome == "rest":
                await self._rest()
                lost_at, delay = None, FIRST_RETRY
                continue
            if outcome == "refused":
                refused_since = refused_since if refused_since is not None else now
                if now - refused_since > DOOR_PATIENCE:
                    self._status(GONE, CODE_GONE)
                    return
                delay = min(max(delay * 2, DOOR_RETRY), DOOR_LAST_RETRY)
                await asyncio.sleep(delay * random.uniform(0.8, 1.2))
                continue
            refused_since = None
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

    async def _rest(self) -> None:
        """The host let this seatless connection go: wait, without a connection, until the
        person picks a seat (``sit``), then come back for it."""
        assert self._wake is not None
        self._resting = True
        self._wake.clear()
        if self._pending_sit is None:  # a sit may have come just as the host let go
            await self._wake.wait()
        self._resting = False

    async def _session(self, uri: str) -> str | None:
        """One connection: 'connected' if it got in and later dropped, 'failed' if it never did,
        'rest' or 'refused' (see ``_sessions``), None when there is no point in trying again."""
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
        self._held = set()
        self._inside, self._door, self._welcomed = False, None, False
        self._late.reset()
        self._ws = ws
        try:
            outcome = await self._listen(ws)
        except HostError as exc:
            await self._cut(str(exc))
            return None
        if outcome is not None:
            return outcome or None
        return self._closed(ws)

    async def _listen(self, ws: ClientConnection) -> str | None:
        """Say hello and hear the host until the connection closes (None) or a message ends
        the session (its outcome: '' = for good)."""
        sender: asyncio.Task[None] | None = None
        try:
            self._hello_at = time.monotonic()
            await ws.send(self._hello())
            sit = self._pending_sit
            if sit is not None and not self._wanted:  # back from a rest for the seat picked
                await ws.send(sit)
            sender = asyncio.create_task(self._sender(ws))
            async for raw in ws:
                outcome = self._hear(self._read(raw))
                if outcome is not None:
                    return outcome
        except ConnectionClosed:
            pass
        finally:
            if sender is not None:
                sender.cancel()
        return None

    def _closed(self, ws: ClientConnection) -> str | None:
        """The connection closed: what comes next (as ``_session`` says)."""
        code = ws.close_code
        reason = ws.close_reason or ""
        if self._stop.is_set():
            return None
        if code == p.CLOSE_IDLE and not self._held:
            # Let go for holding no seat: no error; back when the person picks one.
            self._status(LOBBY, say("Choose a free seat."))
            return "rest"
        door = self._door
        if not self._welcomed and (door is not None or code == 1008):
            return self._turned_away(door, reason)
        if self._welcomed or self._net_state != CLOSED:
            # A table the host closed stays closed on this screen until it lets us back in
            # (a knock while it is still shutting down is not news).
            self._status(RECONNECTING, self._away)
        return "connected" if self._welcomed else "failed"

    async def _cut(self, why: str) -> None:
        """The host sent something this game cannot read: the line stops for good (as when
        closed), with words for the player, whichever thread found it (see ``_hang_up``)."""
        self._stop.set()  # no point in trying again
        if self._stopped is not None:
            self._stopped.set()
        self._status(GONE, say("The host sent something this game cannot read: {why}", why=why))
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                await ws.close(1002, "protocol error")

    def _hang_up(self, why: str) -> None:
        """(The caller's thread.) A message of the host's could not be taken in (a view or
        events that do not hold together): the connection ends as when this thread finds one."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has ended already
                self._cutting = asyncio.run_coroutine_threadsafe(self._cut(why), loop)

    def _turned_away(self, door: p.Refused | None, reason: str) -> str | None:
        """Refused at the door: 'refused' to try again (a seat is kept for us, and the refusal
        may pass), None when it ends here (the status says why, and how to put it right)."""
        kept = any(seat in self.tokens.tokens(self.key) for seat in self._wanted)
        if door is not None and door.code in DOOR_PASSING and kept:
            self._status(RECONNECTING, KEPT_AT_DOOR[door.code])
            return "refused"
        if door is not None and door.code == p.Refusal.WRONG_CODE:
            self._status(GONE, WRONG_CODE)
            return None
        words = p.refusal_words(door.code, door.reason) if door is not None else reason
        # Translators: {why} is the table's reason ("too many wrong codes: try again later").
        self._status(GONE, say("The table turned us away: {why}.", why=words))
        return None

    refusals_seen: str = ""
    _inside = False  # this session got past the door (a welcome or the lobby came)
    _door: p.Refused | None = None  # the refusal that turned this session away at the door
    _welcomed = False  # this session was given a seat
    _cutting: concurrent.futures.Future[None] | None = None  # the caller's thread's hang-up

    def _sent_at(self, at: float | None) -> float:
        """When a message the host stamped ``at`` was sent, on this laptop's clock."""
        ws = self._ws
        if ws is not None and ws.latency > 0:
            self._late.rtt = ws.latency  # the pings' latest measure
        return self._late.sent_at(at, time.monotonic())

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

    def _put(self, message: p.ClientMessage) -> None:
        assert self._out is not None
        self._out.put_nowait(p.encode(message))

    def _read(self, raw: str | bytes) -> p.HostMessage:
        """A message of the host's, decoded strictly (``HostError`` when it cannot be)."""
        if not isinstance(raw, str):
            raise HostError("the host sent binary data")
        try:
            msg = p.decode_host(raw)
        except p.ProtocolError as exc:
            raise HostError(exc.reason) from None
        if self.on_message is not None:
            self.on_message(msg)
        return msg

    def _check_seat(self, seat: int) -> None:
        if seat not in self._held:
            raise HostError(f"news of seat {seat + 1}, which is not ours")

    def _hear(self, msg: p.HostMessage) -> str | None:
        """What the connection itself does with one of the host's messages (the seats it holds,
        the door, its status) before the message goes on, whole, to the caller's thread, where
        ``TableNews.take`` applies it; a non-None return ends the session ('' = for good)."""
        outcome: str | None = None
        at: float | None = None  # the host's stamp of when it sent the message
        match msg:
            case p.Welcome():
                self._hear_welcome(msg)
            case p.Lobby():
                self._hear_lobby(msg)
            case p.Snapshot():
                self._check_seat(msg.seat)
                self._status(PLAYING, say("Playing."))
            case p.Updated() | p.Covered():
                self._check_seat(msg.seat)
            case p.Refused():
                self._hear_refusal(msg)
            case p.SeatStatus():
                _real_seat(msg.seat, "news of a seat that does not exist")
                at = msg.at
            case p.Clock():
                if msg.seat is not None:
                    _real_seat(msg.seat, "a clock for a seat that does not exist")
                at = msg.at
            case p.Closing():
                outcome = self._hear_closing(msg)
            case p.Emoted():
                pass  # only words: the caller's thread checks the emote is one of ours
        self._inbox.put(Heard(msg, self._sent_at(at), self._late.rtt / 2))
        return outcome

    def _let_in(self) -> None:
        """A welcome or the lobby came: this session is past the door."""
        if not self._inside and self._hello_at:
            self._late.rtt = time.monotonic() - self._hello_at  # the hello's answer came
        self._inside = True

    def _hear_welcome(self, msg: p.Welcome) -> None:
        _real_seat(msg.seat, "a seat that does not exist")
        self._let_in()
        self._welcomed = True
        self._away = AWAY
        self._pending_sit = None
        first_time = not self._held
        self._held.add(msg.seat)
        self.tokens.remember(self.key, msg.seat, msg.token)
        self._wanted.setdefault(msg.seat, msg.name)
        if first_time:
            # The other seats this laptop holds come back on the same connection.
            tokens = self.tokens.tokens(self.key)
            for seat, name in list(self._wanted.items()):
                if seat not in self._held:
                    self._put(p.Sit(name, tokens.get(seat), seat))

    def _hear_lobby(self, msg: p.Lobby) -> None:
        if len(msg.seats) > 5 or any(s.seat != i for i, s in enumerate(msg.seats)):
            raise HostError("a damaged list of seats")
        self._let_in()
        if not (msg.started and self._held):
            # Before the lobby itself (a new match at the table lets the finished one go):
            # nobody reads "playing" with the views gone.
            self._status(LOBBY, say("In the lobby: waiting for the host to start."))
        if self._held and self.owner is None:  # a table to sit back down at after a restart
            self.tokens.note_table(self.key, self.address, self.port, self.code, msg.table)

    def _hear_refusal(self, msg: p.Refused) -> None:
        # Decisions follow the code alone; the words are only ever shown.
        if not self._inside and self._door is None:
            self._door = msg  # turned away at the door: the session ends with it
        elif msg.code in SIT_REFUSED:
            self._pending_sit = None  # that seat was turned down: not to be asked again
        self.refusals_seen = msg.reason
        if msg.code in SEAT_LOST and msg.seat is not None:
            self._held.discard(msg.seat)
        if msg.code == p.Refusal.UNKNOWN_TOKEN:
            self.tokens.forget(self.key)  # that table is no more: stop offering to rejoin

    def _hear_closing(self, msg: p.Closing) -> str:
        if msg.saved:
            # One message until the table is back: the seat is kept, the return is automatic.
            why = from_code(msg.why)
            if self._wanted:
                # Translators: {why} is the host's words on closing the table.
                why = say("{why} Your seat is kept: you will be back in it by yourself.", why=why)
            self._status(CLOSED, why)
            return "connected"
        self._status(GONE, from_code(msg.why))
        return ""
