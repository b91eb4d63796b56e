"""The host: the table's one authoritative match behind a websockets server.

Every laptop, the host's own screen included, is a client: it says ``hello`` with the table
code, gets a seat and a token, and from then on receives only its own seats' views and events.
The host keeps the table alive through faults: a player who drops keeps their seat for the grace
time, then a computer player plays it until they come back; every action is saved, and a table
closed with "save and close" comes back with the same code, seats and tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.actions import parse_action
from engine.rules import MAX_HANDS, RuleSet
from marriage_net import protocol as p
from marriage_net.matches import load_match, new_match
from marriage_net.seats import (
    BOT_LEVELS,
    BOT_NAMES,
    Seat,
    TableSave,
    new_code,
    new_token,
    same_secret,
)

if TYPE_CHECKING:
    from marriage_net.matches import TableMatch

log = logging.getLogger("marriage.host")
WRONG_CODES_FORGOTTEN = 600.0  # seconds after the last wrong code that an address starts afresh


@dataclass
class HostSettings:
    """The host's knobs; the defaults are what players get, tests make them small."""

    grace: float = 60.0  # seconds a missing player's seat waits before a bot plays it
    hello_timeout: float = 5.0
    ping_interval: float | None = 5.0
    ping_timeout: float | None = 10.0
    # Flood limit: a token bucket charged for every message except an accepted action (those
    # come at most one per turn, so an honest client never pays for playing fast).
    flood_rate: float = 20.0
    flood_burst: float = 60.0
    substitute: str = "medium"  # the level of the bot that plays for a missing player
    auto_start: bool = False  # start as soon as every open seat is taken (no host screen)
    max_connections: int = 32
    max_per_address: int = 8  # a laptop needs one; a few spare for reconnects that overlap
    outbox_limit: int = 512  # messages queued for one slow client before it is dropped
    tick: float = 0.02  # how often bots are given a chance to move


@dataclass(eq=False)
class Conn:
    """One client connection and the seats it holds."""

    ws: ServerConnection
    address: str
    owner: bool = False
    seats: set[int] = field(default_factory=set)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    allowance: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    close_code: int = 1000
    close_reason: str = "goodbye"

    def send(self, text: str, limit: int) -> None:
        """Queue ``text``; a client that stops reading is dropped, not waited for."""
        if self.outbox.qsize() >= limit:
            self.close_code, self.close_reason = 1008, "too slow: messages piled up"
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)

    def charge(self, rate: float, burst: float) -> bool:
        """Take one message from the flood allowance; False when it is used up."""
        now = time.monotonic()
        self.allowance = min(burst, self.allowance + (now - self.stamp) * rate)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class _Refuse(Exception):
    """A request turned down: the reason goes back to the client, the table is unchanged."""

    def __init__(self, reason: str, close: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.close = close


class TableHost:
    """A table: its seats, its match once started, and the server that players reach it by."""

    def __init__(
        self,
        seats: list[Seat],
        rules: RuleSet,
        hands: int,
        *,
        table: str = "Marriage table",
        code: str | None = None,
        owner: str | None = None,
        save_path: Path | None = None,
        settings: HostSettings | None = None,
        match: TableMatch | None = None,
        port: int = 0,
    ) -> None:
        self.seats = seats
        self.rules = rules
        self.hands = hands  # 0: one hand per player (or the rules' own count), seats may change
        self.table = table
        self.code = code or new_code()
        self.owner = owner or secrets.token_hex(16)
        self.save_path = save_path
        self.settings = settings or HostSettings()
        self.match = match
        self.port = port
        self.conns: set[Conn] = set()
        self.holder: dict[int, Conn] = {}
        now = time.monotonic()
        self.missing_since: dict[int, float] = {i: now for i in range(len(seats))}
        self.substituted: set[int] = set()
        self.wrong_codes: dict[str, tuple[int, float]] = {}
        self.open_sockets: dict[str, int] = {}  # by address, with or without a hello yet
        self.work_ms: list[float] = []  # host time per accepted action, for the benchmark
        self.discoverable = False  # whether "find tables" questions are answered (run_table)
        self.closed = asyncio.Event()
        self.closing_why: str | None = None
        self._server: Server | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        if self.match is not None:
            self._attach_match()

    # ------------------------------------------------------------------ opening and closing
    @classmethod
    def reopen(cls, save_path: Path, settings: HostSettings | None = None) -> TableHost:
        """The table saved at ``save_path``, as it was; ValueError when the save is damaged."""
        save = TableSave.read(save_path)
        drivers = [s.kind if s.is_bot else "human" for s in save.seats]
        match = load_match(save.match, drivers) if save.match is not None else None
        host = cls(
            save.seats,
            RuleSet.from_dict(save.rules),
            save.hands,
            table=save.table,
            code=save.code,
            owner=save.owner,
            save_path=save_path,
            settings=settings,
            match=match,
            port=save.port,
        )
        return host

    @property
    def started(self) -> bool:
        """The match has been dealt."""
        return self.match is not None

    async def start(self, address: str = "127.0.0.1", port: int | None = None) -> int:
        """Listen on ``address``:``port`` (0 picks a free one); returns the port."""
        s = self.settings
        self._server = await serve(
            self._handle,
            address,
            self.port if port is None else port,
            max_size=p.MAX_CLIENT_MESSAGE,
            compression=None,  # small messages on a LAN; and no zip bombs to worry about
            ping_interval=s.ping_interval,
            ping_timeout=s.ping_timeout,
            close_timeout=2,
            open_timeout=s.hello_timeout,
        )
        self.port = self._server.sockets[0].getsockname()[1]
        self._tasks.append(asyncio.create_task(self._ticker()))
        self._request_save()
        return self.port

    async def close(self, why: str = "The host closed the table.", saved: bool = False) -> None:
        """Tell every client why, save, and stop serving."""
        if self.closing_why is not None:
            await self.closed.wait()
            return
        self.closing_why = why
        for conn in list(self.conns):
            conn.send(p.encode(p.Closing(why, saved)), self.settings.outbox_limit)
            conn.outbox.put_nowait(None)
        for task in self._tasks:
            task.cancel()
        if saved:
            self._request_save(durable=True)
        elif self.save_path is not None:
            with contextlib.suppress(OSError):
                self.save_path.unlink()
        # Let every writer deliver the closing message before the server drops the sockets.
        end = time.monotonic() + 2.0
        while self.conns and time.monotonic() < end:
            await asyncio.sleep(0.02)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 3)
        if self.match is not None:
            self.match.close()
        self.closed.set()

    # ------------------------------------------------------------------ saving
    def save(self) -> TableSave:
        """The table as it stands, ready to be written."""
        return TableSave(
            self.code,
            self.table,
            self.seats,
            self.port,
            self.owner,
            self.rules.to_dict(),
            self.hands,
            self.match.save_dict() if self.match is not None else None,
        )

    def _request_save(self, durable: bool = False) -> None:
        """Write the save now, before any client hears of the change it records.

        Written whole and renamed into place, so a crash leaves the old save or the new one;
        ``fsync`` (slow on some disks) only when closing, since a killed process loses nothing
        that reached the operating system.
        """
        if self.save_path is None:
            return
        try:
            self.save().write(self.save_path, durable=durable)
        except OSError as exc:
            log.warning("could not save the table: %s", exc)

    # ------------------------------------------------------------------ the match
    def _attach_match(self) -> None:
        assert self.match is not None
        self.match.on_change = lambda _match: self._request_save()
        for i, seat in enumerate(self.seats):
            if not seat.is_bot and i not in self.holder:
                self.missing_since.setdefault(i, time.monotonic())

    def start_match(self) -> None:
        """Deal: the seats' names, a seed from ``secrets`` that never leaves this process."""
        if self.match is not None:
            raise _Refuse("the match has already started")
        for i, seat in enumerate(self.seats):
            if seat.free:
                raise _Refuse(
                    f"seat {i + 1} is still open: wait for its player or make it a computer player"
                )
        names = [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]
        drivers = [s.kind if s.is_bot else "human" for s in self.seats]
        hands = self.match_hands()
        self.match = new_match(names, self.rules, hands, drivers, secrets.randbits(128))
        now = time.monotonic()
        self.missing_since = {i: now for i in range(len(self.seats)) if i not in self.holder}
        self._attach_match()
        self._request_save()
        self._broadcast_lobby()
        for i, conn in list(self.holder.items()):
            self._send_snapshot(conn, i)

    def _flush(self) -> None:
        """Pass every seat's new updates to whoever holds that seat."""
        if self.match is None:
            return
        limit = self.settings.outbox_limit
        for seat in range(len(self.seats)):
            updates = self.match.poll(seat)
            conn = self.holder.get(seat)
            if conn is None:
                continue
            for u in updates:
                if u.refused is not None:
                    msg = p.encode_raw("refused", seat=seat, v=u.version, reason=u.refused)
                else:
                    msg = p.encode_raw(
                        "update",
                        seat=seat,
                        v=u.version,
                        events=[e.to_dict() for e in u.events],
                        view=u.view.to_dict(),
                    )
                conn.send(msg, limit)

    async def _ticker(self) -> None:
        # Bots move, missing players' seats pass to a bot after the grace time.
        while True:
            await asyncio.sleep(self.settings.tick)
            try:
                self._grace_check()
                if self.match is not None:
                    self._pump()
            except Exception:  # a bug here must not silently stop every bot at the table
                log.exception("the table's ticker failed")

    def _grace_check(self) -> None:
        if self.match is None:
            return
        now = time.monotonic()
        for i, seat in enumerate(self.seats):
            if seat.is_bot or i in self.holder or i in self.substituted:
                continue
            since = self.missing_since.get(i)
            if since is not None and now - since >= self.settings.grace:
                self.substituted.add(i)
                self.match.set_driver(i, self.settings.substitute)
                self._broadcast_status(i)

    # ------------------------------------------------------------------ messages out
    def match_hands(self) -> int:
        """How many hands the match lasts (or will, dealt now)."""
        if self.match is not None:
            return self.match.hands_total
        return self.hands or self.rules.match_hands or len(self.seats)

    def _lobby(self) -> p.Lobby:
        return p.Lobby(
            self.table,
            [
                s.info(i, i in self.holder or s.is_bot, i in self.substituted)
                for i, s in enumerate(self.seats)
            ],
            self.started,
            self.rules.name,
            self.match_hands(),
            self.rules.to_dict(),
        )

    def _broadcast_lobby(self) -> None:
        text = p.encode(self._lobby())
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)

    def _broadcast_status(self, seat: int) -> None:
        s = self.seats[seat]
        text = p.encode(
            p.SeatStatus(seat, seat in self.holder or s.is_bot, seat in self.substituted, s.name)
        )
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)
        if self.match is None:  # before the deal the screens read who is here off the lobby
            self._broadcast_lobby()

    def _send_snapshot(self, conn: Conn, seat: int) -> None:
        assert self.match is not None
        self.match.poll(seat)  # what the snapshot covers need not follow it as updates
        view = self.match.view(seat)
        msg = p.encode_raw("snapshot", seat=seat, v=self.match.version, view=view.to_dict())
        conn.send(msg, self.settings.outbox_limit)

    def describe(self) -> dict[str, object]:
        """What discovery answers: the table's name, port, open seats and whether it plays."""
        free = sum(1 for s in self.seats if s.free)
        return {"table": self.table, "port": self.port, "open": free, "started": self.started}

    # ------------------------------------------------------------------ seats
    def _attach(self, conn: Conn, seat: int) -> None:
        old = self.holder.get(seat)
        if old is not None and old is not conn:
            # The newest connection with a seat's token wins: the old one is told and let go.
            old.seats.discard(seat)
            old.send(
                p.encode(
                    p.Refused(self._version(), "this seat was taken up on another connection", seat)
                ),
                self.settings.outbox_limit,
            )
            if not old.seats and not old.owner:
                old.outbox.put_nowait(None)
        self.holder[seat] = conn
        conn.seats.add(seat)
        self.missing_since.pop(seat, None)
        s = self.seats[seat]
        conn.send(p.encode(p.Welcome(seat, s.token, s.name)), self.settings.outbox_limit)
        if seat in self.substituted and self.match is not None:
            self.substituted.discard(seat)
            self.match.set_driver(seat, "human")
        if self.match is not None:
            self._send_snapshot(conn, seat)
        self._broadcast_status(seat)

    def _detach(self, conn: Conn) -> None:
        now = time.monotonic()
        for seat in conn.seats:
            if self.holder.get(seat) is conn:
                del self.holder[seat]
                self.missing_since[seat] = now
                self._broadcast_status(seat)
        conn.seats.clear()

    def _claim(self, conn: Conn, name: str, token: str | None, seat: int | None) -> int | None:
        """Seat ``conn`` by token, or in a free open seat; _Refuse says why not."""
        if token is not None:
            for i, s in enumerate(self.seats):
                if same_secret(token, s.token) and not s.is_bot:
                    self._attach(conn, i)
                    return i
            raise _Refuse("that seat token is not for this table: join as a new player")
        if seat is None:
            if conn.owner or not name.strip():
                return None  # the host's screen, or a player still choosing a seat
            free = [i for i, s in enumerate(self.seats) if s.free]
            if not free:
                raise _Refuse("there is no free seat at this table")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise _Refuse(f"there is no seat {seat + 1}")
        if not self.seats[seat].free:
            raise _Refuse(f"seat {seat + 1} is taken")
        self.seats[seat].name = p.check_name(name)
        self.seats[seat].taken = True
        self._request_save()
        self._attach(conn, seat)  # before the deal, everyone hears of it in the lobby
        if self.match is not None:
            self._broadcast_lobby()
        if self.settings.auto_start and self.match is None and not any(s.free for s in self.seats):
            self.start_match()
        return seat

    def _version(self) -> int:
        return self.match.version if self.match is not None else 0

    # ------------------------------------------------------------------ a connection
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        crowd = sum(self.open_sockets.values())
        if (
            crowd >= self.settings.max_connections
            or self.open_sockets.get(address, 0) >= self.settings.max_per_address
            or self.closing_why is not None
        ):
            await ws.close(1013, "the table is not taking connections")
            return
        self.open_sockets[address] = self.open_sockets.get(address, 0) + 1
        conn = Conn(ws, address, allowance=self.settings.flood_burst)
        try:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.settings.hello_timeout)
            except TimeoutError:
                await ws.close(1008, "no hello in time")
                return
            if not await self._hello(conn, raw):
                return
            writer = asyncio.create_task(self._writer(conn))
            try:
                async for raw in ws:
                    if not self._receive(conn, raw):
                        break
            finally:
                conn.outbox.put_nowait(None)
                await writer
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self._detach(conn)
            self.open_sockets[address] -= 1
            if not self.open_sockets[address]:
                del self.open_sockets[address]

    async def _refuse_and_close(self, ws: ServerConnection, reason: str, code: int = 1008) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.encode(p.Refused(self._version(), reason)))
            await ws.close(code, reason[:120])

    async def _hello(self, conn: Conn, raw: str | bytes) -> bool:
        try:
            if not isinstance(raw, str):
                raise p.ProtocolError("messages are JSON text")
            msg = p.decode_client(raw)
        except p.ProtocolError as exc:
            await self._refuse_and_close(conn.ws, exc.reason)
            return False
        if not isinstance(msg, p.Hello):
            await self._refuse_and_close(conn.ws, "say hello first")
            return False
        if msg.proto != p.PROTO:
            await self._refuse_and_close(
                conn.ws, "this table runs another version of Marriage: update both games"
            )
            return False
        fails, last = self.wrong_codes.get(conn.address, (0, 0.0))
        if fails and time.monotonic() - last > WRONG_CODES_FORGOTTEN:
            fails = 0
        if fails >= 20:
            await self._refuse_and_close(conn.ws, "too many wrong codes: try again later")
            return False
        if not same_secret(msg.code, self.code):
            self.wrong_codes[conn.address] = (fails + 1, time.monotonic())
            # Each wrong code from one address waits longer: guessing a million codes stalls.
            await asyncio.sleep(min(0.2 * 2**fails, 5.0))
            await self._refuse_and_close(conn.ws, "wrong table code")
            return False
        self.wrong_codes.pop(conn.address, None)
        conn.owner = same_secret(msg.owner, self.owner)
        if msg.owner is not None and not conn.owner:
            await self._refuse_and_close(conn.ws, "this is not your table")
            return False
        self.conns.add(conn)
        try:
            self._claim(conn, msg.name, msg.token, msg.seat)
        except (_Refuse, p.ProtocolError) as exc:
            self.conns.discard(conn)
            await self._refuse_and_close(conn.ws, exc.reason)
            return False
        if conn.owner:
            for i, s in enumerate(self.seats):
                if s.kind == "here" and i not in conn.seats:
                    self._attach(conn, i)
        conn.send(p.encode(self._lobby()), self.settings.outbox_limit)
        return True

    async def _writer(self, conn: Conn) -> None:
        while True:
            text = await conn.outbox.get()
            if text is None:
                code, reason = conn.close_code, conn.close_reason
                if self.closing_why is not None:
                    code, reason = 1001, self.closing_why
                with contextlib.suppress(ConnectionClosed):
                    await conn.ws.close(code, reason[:120])
                return
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    def _receive(self, conn: Conn, raw: str | bytes) -> bool:
        """Handle one message; False closes the connection."""
        limit = self.settings.outbox_limit
        try:
            if not isinstance(raw, str):
                raise p.ProtocolError("messages are JSON text")
            msg = p.decode_client(raw)
        except p.ProtocolError as exc:
            return self._refused(conn, exc.reason, None, charge=True)
        if isinstance(msg, p.Act):
            start = time.perf_counter()
            try:
                accepted = self._act(conn, msg)
            except _Refuse as exc:
                return self._refused(conn, exc.reason, msg.seat, charge=True)
            if accepted:
                self.work_ms.append((time.perf_counter() - start) * 1000)
                return True
            # The engine said no (its reason is on its way): that costs like any other refusal.
            return conn.charge(self.settings.flood_rate, self.settings.flood_burst) or (
                self._flooded(conn)
            )
        if not conn.charge(self.settings.flood_rate, self.settings.flood_burst):
            return self._flooded(conn)
        try:
            self._dispatch(conn, msg)
        except _Refuse as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.reason)), limit)
            return not exc.close
        except p.ProtocolError as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.reason)), limit)
        return True

    def _refused(self, conn: Conn, reason: str, seat: int | None, charge: bool) -> bool:
        if charge and not conn.charge(self.settings.flood_rate, self.settings.flood_burst):
            return self._flooded(conn)
        conn.send(p.encode(p.Refused(self._version(), reason, seat)), self.settings.outbox_limit)
        return True

    def _flooded(self, conn: Conn) -> bool:
        log.info("closing a flooding connection from %s", conn.address)
        conn.send(
            p.encode(p.Refused(self._version(), "too many messages")), self.settings.outbox_limit
        )
        conn.close_code, conn.close_reason = 1008, "too many messages"
        return False

    def _act(self, conn: Conn, msg: p.Act) -> bool:
        """Play an action; True if the engine took it (False: it sent the seat its reason)."""
        if self.match is None:
            raise _Refuse("the match has not started")
        if msg.seat not in conn.seats:
            raise _Refuse("that is not your seat")
        if msg.v != self.match.version:
            raise _Refuse(f"the table has moved on (it is at {self.match.version}): look again")
        try:
            action = parse_action(msg.action)
        except ValueError as exc:
            raise _Refuse(str(exc)) from None
        before = self.match.version
        self.match.submit(msg.seat, action)
        accepted = self.match.version != before
        self._pump()
        return accepted

    def _pump(self) -> None:
        """Give the bots their turn and pass on what happened; a failure is logged, not fatal."""
        assert self.match is not None
        try:
            self.match.pump()
        except Exception:  # a broken bot worker must not drop the player who just acted
            log.exception("the bots could not move")
        self._flush()

    def _dispatch(self, conn: Conn, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Hello):
            raise _Refuse("you have already said hello")
        if isinstance(msg, p.Resync):
            if self.match is None:
                conn.send(p.encode(self._lobby()), self.settings.outbox_limit)
            for seat in sorted(conn.seats):
                if self.match is not None and msg.seat in (None, seat):
                    self._send_snapshot(conn, seat)
            return
        if isinstance(msg, p.Sit):
            self._claim(conn, msg.name, msg.token, msg.seat)
            return
        if isinstance(msg, p.Ready):
            if msg.seat not in conn.seats:
                raise _Refuse("that is not your seat")
            self.seats[msg.seat].ready = True
            self._broadcast_lobby()
            return
        if isinstance(msg, p.Emote):
            if msg.seat not in conn.seats:
                raise _Refuse("that is not your seat")
            if msg.id not in p.EMOTES:
                raise _Refuse("no such emote")
            text = p.encode(p.Emoted(msg.seat, msg.id))
            for other in self.conns:
                other.send(text, self.settings.outbox_limit)
            return
        if not conn.owner:
            raise _Refuse("only the host's screen may do that")
        if isinstance(msg, p.SetSeat):
            self._set_seat(conn, msg)
        elif isinstance(msg, p.SetRules):
            self._set_rules(msg)
        elif isinstance(msg, p.Start):
            self.start_match()
        elif isinstance(msg, p.Kick):
            self._kick(msg.seat)
        elif isinstance(msg, p.Close):
            asyncio.ensure_future(
                self.close(
                    "The host saved the table and closed it: it comes back when they open it again.",
                    saved=True,
                )
            )

    def _set_seat(self, conn: Conn, msg: p.SetSeat) -> None:
        if self.match is not None:
            raise _Refuse("the match has started: seats can no longer change")
        if msg.kind == "none":  # the last seat goes: one player fewer
            if msg.seat != len(self.seats) - 1 or len(self.seats) <= 2:
                raise _Refuse("only the last seat can go, and a table keeps at least two")
            if msg.seat in self.holder:
                self._kick(msg.seat)
            self.seats.pop()
            self.missing_since.pop(msg.seat, None)
            self._request_save()
            self._broadcast_lobby()
            return
        if msg.seat == len(self.seats) < 5 and msg.kind in p.SEAT_KINDS:
            self.seats.append(Seat("open", ""))  # one player more; set up just below
            self.missing_since[msg.seat] = time.monotonic()
        if not 0 <= msg.seat < len(self.seats):
            raise _Refuse(f"there is no seat {msg.seat + 1}")
        if msg.kind not in p.SEAT_KINDS:
            raise _Refuse(f"a seat is one of {', '.join(p.SEAT_KINDS)}")
        if self.holder.get(msg.seat) not in (None, conn):
            self._kick(msg.seat)
        seat = self.seats[msg.seat]
        name = p.check_name(msg.name) if msg.name.strip() else ""
        if msg.kind in BOT_LEVELS:
            name = name or BOT_NAMES[msg.seat]
        elif msg.kind == "here":
            name = name or f"Player {msg.seat + 1}"
        self.seats[msg.seat] = Seat(
            msg.kind, name, seat.token if msg.kind == "here" else new_token()
        )
        if msg.kind == "here":
            self._attach(conn, msg.seat)
        elif self.holder.get(msg.seat) is conn:
            del self.holder[msg.seat]
            conn.seats.discard(msg.seat)
        self._request_save()
        self._broadcast_lobby()

    def _set_rules(self, msg: p.SetRules) -> None:
        if self.match is not None:
            raise _Refuse("the match has started: the rules can no longer change")
        hands = self.hands if msg.hands is None else msg.hands
        if not 0 <= hands <= MAX_HANDS:
            raise _Refuse(f"a match lasts 1 to {MAX_HANDS} hands (0: one hand per player)")
        rules = self.rules
        if msg.rules is not None:
            try:
                rules = RuleSet.from_dict(msg.rules)
            except ValueError as exc:
                raise _Refuse(f"those rules cannot be played: {exc}") from None
        self.rules, self.hands = rules, hands
        self._request_save()
        self._broadcast_lobby()

    def _kick(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise _Refuse(f"there is no seat {seat + 1}")
        s = self.seats[seat]
        old = self.holder.pop(seat, None)
        if old is not None:
            old.seats.discard(seat)
            old.send(
                p.encode(
                    p.Refused(self._version(), "the host gave your seat to someone else", seat)
                ),
                self.settings.outbox_limit,
            )
            if not old.seats and not old.owner:
                old.outbox.put_nowait(None)
        if s.kind == "open":
            s.taken, s.token, s.ready = False, new_token(), False
        self.missing_since[seat] = time.monotonic() - self.settings.grace
        self._request_save()
        self._broadcast_lobby()
