"""The table's door: who gets a connection, how long one may wait to say hello, and how long
one without a seat may stay.

Seat holders are never kept out for room. Only connections that said hello count against the
table's limit, and only those without a seat's token; a socket that has not said hello yet
waits within a small budget per address (a guesser's pile of sockets from one address leaves
each of its sockets a second to show a seat's token), and when too many wait at once, the
oldest of them makes room for the newest. A connection that holds no seat (a join screen
looking at the lobby) is let go after a while; the join screen comes back by itself when its
person picks a seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from engine.digits import latin_digits
from marriage_net import protocol as p
from marriage_net.seats import same_secret
from marriage_net.table_parts import Conn, HostSettings, Refuse, TableParts

log = logging.getLogger("marriage.host")
BUSY = "the table is not taking connections"
#: Why a connection without a seat is let go (the client rests until its person picks a seat).
IDLE = "no seat taken for a while: pick a seat to come back"
STRICT_HELLO = 1.0  # seconds a socket past its address's budget has to show a seat's token


class Door(TableParts):
    """The connection handling of ``TableHost`` (a mixin: the host's seats and match are its)."""

    @property
    def open_sockets(self) -> dict[str, int]:
        """Open connections by address."""
        out: dict[str, int] = {}
        for conn in self.sockets:
            out[conn.address] = out.get(conn.address, 0) + 1
        return out

    def _seatless(self, address: str) -> int:
        # Players in their seats never count: five laptops behind one router all get in.
        return sum(1 for c in self.sockets if c.address == address and not c.seats and not c.owner)

    # ------------------------------------------------------------------ one connection
    async def _handle(self, ws: ServerConnection) -> None:
        """A connection from its first byte to its end: the door, then the table."""
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.closing_why is not None:
            await ws.close(p.CLOSE_BUSY, BUSY)
            return
        conn = Conn(ws, address, allowance=self.settings.flood_burst)
        self._make_room()
        # Past its address's budget a socket gets in only by showing a seat's token at once.
        conn.strict = self._seatless(address) >= self.settings.max_per_address
        self.sockets.add(conn)
        try:
            if await self._greet(conn):
                await self._serve(conn)
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self.sockets.discard(conn)
            # A player who closes their table says so (1000); a dropped line says nothing.
            self._detach(conn, on_purpose=_said_goodbye(ws))

    def _make_room(self) -> None:
        """Too many sockets wait for their hello: the oldest goes (one past its address's budget
        first), so the newest, perhaps a seat holder, is always heard."""
        waiting = [c for c in self.sockets if not c.greeted]
        if len(waiting) < self.settings.max_waiting:
            return
        oldest = min(waiting, key=lambda c: (not c.strict, c.arrived))
        oldest.greeted = True  # counted no more: it is on its way out
        task = asyncio.ensure_future(_close(oldest.ws, p.CLOSE_BUSY, BUSY))
        _closing.add(task)
        task.add_done_callback(_closing.discard)

    async def _greet(self, conn: Conn) -> bool:
        """Read the hello in time; whether the connection got in."""
        s = self.settings
        wait = min(s.hello_timeout, STRICT_HELLO) if conn.strict else s.hello_timeout
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), wait)
        except TimeoutError:
            if conn.strict:
                await _close(conn.ws, p.CLOSE_BUSY, BUSY)
            else:
                await _close(conn.ws, 1008, "no hello in time")
            return False
        finally:
            conn.greeted = True
        return await self._hello(conn, raw)

    async def _serve(self, conn: Conn) -> None:
        writer = asyncio.create_task(self._writer(conn))
        try:
            async for raw in conn.ws:
                conn.heard = time.monotonic()
                if not self._receive(conn, raw):
                    break
        finally:
            conn.outbox.put_nowait(None)
            await writer

    async def _writer(self, conn: Conn) -> None:
        while True:
            text = await conn.outbox.get()
            if text is None:
                code, reason = conn.close_code, conn.close_reason
                if self.closing_why is not None:
                    code, reason = 1001, self.closing_why.english
                await _close(conn.ws, code, reason[:120])
                return
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    def _let_idle_go(self, now: float) -> None:
        """Connections that have held no seat for the idle time are let go (the join screen
        rests until its person picks a seat, then comes back by itself)."""
        idle = self.settings.seatless_idle
        for conn in list(self.conns):
            if conn.seats or conn.owner or conn.close_code == p.CLOSE_IDLE:
                continue
            if now - conn.heard >= idle:
                log.info("letting go of a connection without a seat from %s", conn.address)
                conn.let_go(p.CLOSE_IDLE, IDLE)

    # ------------------------------------------------------------------ the hello
    async def _refuse_and_close(self, ws: ServerConnection, why: p.Refusal, reason: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(p.encode(p.Refused(self._version(), why, reason)))
            await ws.close(1008, reason[:120])

    def _known(self, msg: p.Hello) -> bool:
        """Whether ``msg`` shows a person's seat token or the host screen's secret."""
        if same_secret(msg.owner, self.owner):
            return True
        return msg.token is not None and any(
            same_secret(msg.token, s.token) and not s.is_bot for s in self.seats
        )

    async def _hello(self, conn: Conn, raw: str | bytes) -> bool:
        try:
            if not isinstance(raw, str):
                raise p.ProtocolError("messages are JSON text")
            msg = p.decode_client(raw)
        except p.ProtocolError as exc:
            await self._refuse_and_close(conn.ws, exc.code, p.english(exc.reason))
            return False
        if not isinstance(msg, p.Hello):
            await self._refuse_and_close(conn.ws, p.Refusal.HELLO_FIRST, "say hello first")
            return False
        if msg.proto != p.PROTO:
            await self._refuse_and_close(
                conn.ws,
                p.Refusal.OTHER_VERSION,
                "this table runs another version of Marriage: update both games",
            )
            return False
        # A seat's token (or the host screen's secret) is a stronger key than the code: who
        # shows one is never held up by the guesses of someone else at the same address, nor
        # kept out for room.
        known = self._known(msg)
        if not known and (conn.strict or len(self.conns) >= self.settings.max_connections):
            await _close(conn.ws, p.CLOSE_BUSY, BUSY)
            return False
        if not known and self.wrong_codes.locked(conn.address):
            await self._refuse_and_close(
                conn.ws, p.Refusal.LOCKED_OUT, "too many wrong codes: try again later"
            )
            return False
        # A code typed in Devanagari digits (as a Nepali keyboard types it) is the same code.
        if not same_secret(latin_digits(msg.code), self.code):
            if not known:
                await asyncio.sleep(self.wrong_codes.wrong(conn.address))
            await self._refuse_and_close(conn.ws, p.Refusal.WRONG_CODE, "wrong table code")
            return False
        if not known:
            self.wrong_codes.forget(conn.address)
        conn.owner = same_secret(msg.owner, self.owner)
        if msg.owner is not None and not conn.owner:
            await self._refuse_and_close(conn.ws, p.Refusal.NOT_OWNER, "this is not your table")
            return False
        self.conns.add(conn)
        try:
            self._claim(conn, msg.name, msg.token, msg.seat)
        except (Refuse, p.ProtocolError) as exc:
            self.conns.discard(conn)
            await self._refuse_and_close(conn.ws, exc.code, p.english(exc.reason))
            return False
        if conn.owner:
            for i, s in enumerate(self.seats):
                if s.kind == "here" and i not in conn.seats:
                    self._attach(conn, i)
        conn.heard = time.monotonic()
        conn.send(p.encode(self._lobby()), self.settings.outbox_limit)
        return True


#: Closings under way that nobody awaits (kept, so that they are not collected half done).
_closing: set[asyncio.Future[None]] = set()


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.close(code, reason)


def _said_goodbye(ws: ServerConnection) -> bool:
    """Whether the client closed the connection itself, normally (a player leaving the table)."""
    shake = ws.protocol
    rcvd = shake.close_rcvd
    return rcvd is not None and rcvd.code == 1000 and bool(shake.close_rcvd_then_sent)


__all__ = ["BUSY", "IDLE", "Conn", "Door", "HostSettings", "Refuse"]
