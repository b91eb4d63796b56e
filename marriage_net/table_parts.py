"""What every part of a table host shares: its state, and the few words each part asks of
another (the host is ``TableHost``; each of its parts, a mixin, is a module of its own: the door,
the gathering for a new match, the turn clock, the messages in, the host's screen, the news out).

The declarations are for the type checker only: ``TableHost`` sets the state up and each part
defines its own methods.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection

from engine.words import Said
from marriage_net import protocol as p

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from engine.match import LocalMatch as TableMatch
    from engine.rules import RuleSet
    from marriage_net.cover import Cover
    from marriage_net.lockout import WrongCodes
    from marriage_net.seats import Seat
    from marriage_net.standings import Standings

log = logging.getLogger("marriage.host")


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
    # Connections that said hello without a seat's token (seat holders never count).
    max_connections: int = 32
    # Sockets without a seat from one address (seated players behind one router never count).
    max_per_address: int = 8
    max_waiting: int = 64  # sockets not yet past hello, from everywhere; the oldest makes room
    seatless_idle: float = 90.0  # seconds a connection without a seat stays before it is let go
    wrong_code_limit: int = 20  # seatless wrong codes from one address before it is turned away
    wrong_code_wait: float = 5.0  # the longest a wrong code waits for its answer
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
    arrived: float = field(default_factory=time.monotonic)
    greeted: bool = False  # past the hello
    strict: bool = False  # over its address's budget: only a seat's token gets it in
    heard: float = field(default_factory=time.monotonic)  # its last message

    def send(self, text: str, limit: int) -> None:
        """Queue ``text``; a client that stops reading is dropped, not waited for."""
        if self.outbox.qsize() >= limit:
            self.let_go(1008, "too slow: messages piled up")
            return
        self.outbox.put_nowait(text)

    def let_go(self, code: int, reason: str) -> None:
        """Close the connection once what is queued for it has gone."""
        self.close_code, self.close_reason = code, reason
        self.outbox.put_nowait(None)

    def charge(self, rate: float, burst: float) -> bool:
        """Take one message from the flood allowance; False when it is used up."""
        now = time.monotonic()
        self.allowance = min(burst, self.allowance + (now - self.stamp) * rate)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class Refuse(Exception):
    """A request turned down: the code and the reason go back to the client, the table is
    unchanged."""

    def __init__(self, code: p.Refusal, reason: Said | str, close: bool = False) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.close = close

    def __str__(self) -> str:
        # For a log: a screen words ``reason``.
        return self.reason.english if isinstance(self.reason, Said) else self.reason


class TableParts:
    """The table's state as its parts see it, and the names a part may call in another."""

    if TYPE_CHECKING:
        seats: list[Seat]
        rules: RuleSet
        hands: int
        table: str
        code: str
        owner: str
        save_path: Path | None
        settings: HostSettings
        match: TableMatch | None
        port: int
        conns: set[Conn]
        holder: dict[int, Conn]
        cover: Cover
        wrong_codes: WrongCodes
        sockets: set[Conn]
        _sat: set[int]
        work_ms: list[float]
        closed: asyncio.Event
        closing_why: Said | None
        gathering: float | None
        rematch: bool
        standings: Standings
        _position_version: int

        @property
        def started(self) -> bool: ...
        async def close(self, why: Said | str = ..., saved: bool = False) -> None: ...
        def start_match(self) -> None: ...
        def play_again(self, seat: int | None = None) -> None: ...
        def match_hands(self) -> int: ...
        def _request_save(self, durable: bool = False) -> None: ...
        def _flush(self) -> None: ...
        def _pump(self) -> None: ...
        def _position(self, view: Any) -> None: ...
        def _seated(self) -> bool: ...
        def _gather_check(self) -> None: ...
        def _not_back(self, person: Callable[[Seat], bool]) -> list[int]: ...
        def _deal_gathered(self, late: Sequence[int] = ()) -> None: ...
        def _drive(self, seat: int) -> None: ...
        def _person_acts(self, seat: int) -> None: ...
        def _tell_covered(self, seat: int) -> None: ...
        def _broadcast_clock(self) -> None: ...
        def _broadcast_lobby(self) -> None: ...
        def _broadcast_status(self, seat: int) -> None: ...
        def _seat_status(self, seat: int) -> p.SeatStatus: ...
        def _lobby(self) -> p.Lobby: ...
        def _send_snapshot(self, conn: Conn, seat: int) -> None: ...
        def _send_standings(self, conn: Conn, seat: int) -> None: ...
        def _claim(
            self, conn: Conn, name: str, token: str | None, seat: int | None
        ) -> int | None: ...
        def _attach(self, conn: Conn, seat: int) -> None: ...
        def _detach(self, conn: Conn, on_purpose: bool = False) -> None: ...
        def _kick(self, seat: int) -> None: ...
        def _receive(self, conn: Conn, raw: str | bytes) -> bool: ...
        def _let_idle_go(self, now: float) -> None: ...
        def _host_says(self, conn: Conn, msg: p.ClientMessage) -> None: ...

    def _version(self) -> int:
        """The match's version (0 before the deal): what a refusal is stamped with."""
        return self.match.version if self.match is not None else 0

    def _let_seat_go(self, old: Conn, seat: int, code: p.Refusal, reason: str) -> None:
        """``old`` no longer holds ``seat``: it is told why (``code``), and let go when it holds
        no other seat and is not the host's screen."""
        old.seats.discard(seat)
        refused = p.Refused(self._version(), code, reason, seat)
        old.send(p.encode(refused), self.settings.outbox_limit)
        if not old.seats and not old.owner:
            old.outbox.put_nowait(None)

    def _who(self, seat: int) -> str:
        """``seat``'s person, for the log."""
        return self.seats[seat].name or f"seat {seat + 1}"


__all__ = ["Conn", "HostSettings", "Refuse", "TableParts", "log"]
