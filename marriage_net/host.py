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
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, serve

from engine.rules import RuleSet
from engine.words import Said, say, to_code, words
from marriage_net import protocol as p
from marriage_net.cover import Cover
from marriage_net.door import Door
from marriage_net.gathering import Gathering
from marriage_net.hosts_screen import HostsScreen
from marriage_net.inbox import Inbox
from marriage_net.lockout import WrongCodes
from marriage_net.matches import load_match, new_match
from marriage_net.page import PageDoor
from marriage_net.seats import Seat, TableSave, new_code, same_secret
from marriage_net.standings import Standings
from marriage_net.table_clock import TableClock
from marriage_net.table_parts import Conn, HostSettings, Refuse, log
from marriage_net.telling import Telling, plain_view

if TYPE_CHECKING:
    from engine.match import LocalMatch as TableMatch

#: What the clients are told when the host closes the table (a sentence: each words it itself).
CLOSED_WHY = say("The host closed the table.")


class TableHost(Gathering, TableClock, HostsScreen, Inbox, Telling, Door):
    """A table: its seats, its match once started, and the server that players reach it by.

    Its parts are modules of their own: the door (connections and the hello), the gathering
    for a new match, the turn clock, the messages in, the host's screen's requests, and the
    news out (``marriage_net.table_parts`` names what they share)."""

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
        clock: int = p.DEFAULT_CLOCK,
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
        self.cover = Cover(self.settings.grace, clock)
        self.cover.missing_since = {i: now for i in range(len(seats))}
        self.wrong_codes = WrongCodes(self.settings.wrong_code_limit, self.settings.wrong_code_wait)
        self.sockets: set[Conn] = set()  # every open connection, with or without a hello yet
        self._sat: set[int] = set()  # seats someone has sat in (a second time is a return)
        self.work_ms: list[float] = []  # host time per accepted action, for the benchmark
        self.discoverable = False  # whether "find tables" questions are answered (run_table)
        self.closed = asyncio.Event()
        self.closing_why: Said | None = None
        self._server: Server | None = None
        self._tasks: list[asyncio.Task[Any]] = []
        #: Since when a table without a host screen gathers its players for a new match (Play
        #: again; None: it does not).
        self.gathering: float | None = None
        #: A match has been played at this table and another is being set up (Play again): the
        #: host's Start stands a computer in for each player not back from the standings.
        self.rematch = False
        #: The finished match's standings, for a person back before the next deal.
        self.standings = Standings()
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
            clock=save.clock,
        )
        if match is None:  # saved between two matches: the table takes up where it was
            host.rematch = save.rematch
            host.standings = Standings.from_dict(save.standings)
            if save.gathering and host.settings.auto_start:
                host.gathering = time.monotonic()  # its wait starts again
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
            # The phone page: plain GETs of its files on this port (marriage_net/page.py).
            process_request=PageDoor(self).answer,
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

    async def close(self, why: Said | str = CLOSED_WHY, saved: bool = False) -> None:
        """Tell every client why (a sentence, or plain words), save, and stop serving."""
        if isinstance(why, str):
            why = words(why)
        if self.closing_why is not None:
            await self.closed.wait()
            return
        self.closing_why = why
        for conn in list(self.conns):
            conn.send(p.encode(p.Closing(to_code(why), saved)), self.settings.outbox_limit)
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
            self.cover.clock,
            self.rematch,
            self.gathering is not None,
            self.standings.to_dict(),
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
    @property
    def substituted(self) -> set[int]:
        """Seats a computer plays because their person has been away past the grace time."""
        return self.cover.away

    @property
    def clock(self) -> int:
        """Seconds per turn (0: no turn clock)."""
        return self.cover.clock

    def _attach_match(self) -> None:
        assert self.match is not None
        self.match.on_change = lambda _match: self._request_save()
        for i, seat in enumerate(self.seats):
            if not seat.is_bot and i not in self.holder:
                self.cover.missing_since.setdefault(i, time.monotonic())
        # A computer may have to move for any person (away, out of time, handed over): have
        # its worker ready, so the first such move does not wait for a process to start.
        try:
            self.match.worker.warm()
        except Exception:  # no worker now: the first move will start one
            log.exception("the computer players' worker could not start")
        self._position(None)

    def start_match(self) -> None:
        """Deal: the seats' names, a seed from ``secrets`` that never leaves this process."""
        if self.match is not None:
            raise Refuse(p.Refusal.STARTED, "the match has already started")
        for i, seat in enumerate(self.seats):
            if seat.free:
                raise Refuse(
                    p.Refusal.SEAT_OPEN,
                    f"seat {i + 1} is still open: wait for its player or make it a computer player",
                )
        names = [s.name or f"Player {i + 1}" for i, s in enumerate(self.seats)]
        drivers = [s.kind if s.is_bot else "human" for s in self.seats]
        hands = self.match_hands()
        self.match = new_match(names, self.rules, hands, drivers, secrets.randbits(128))
        self.standings.clear()
        for seat in self.seats:  # each says it again for the next match (Play again)
            seat.ready = False
        now = time.monotonic()
        self.cover.missing_since = {i: now for i in range(len(self.seats)) if i not in self.holder}
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
        latest: Any = None
        for seat in range(len(self.seats)):
            updates = self.match.poll(seat)
            if updates:
                latest = updates[-1].view
            if self.cover.computer(seat):
                for u in updates:
                    mine = [e.to_dict() for e in u.events if e.player == seat]
                    if mine:
                        self.cover.record(seat, mine)
            conn = self.holder.get(seat)
            if conn is None:
                continue
            for u in updates:
                if u.refused is not None:
                    msg = p.encode_raw(
                        "refused",
                        seat=seat,
                        v=u.version,
                        code=p.Refusal.ILLEGAL,
                        # The engine's sentence as its code: each laptop words it itself.
                        reason=to_code(u.refused),
                    )
                else:
                    msg = p.encode_raw(
                        "update",
                        seat=seat,
                        v=u.version,
                        events=[e.to_dict() for e in u.events],
                        view=plain_view(u.view, conn),
                    )
                conn.send(msg, limit)
        if self.match.version != self._position_version:
            self._position(latest)

    # ------------------------------------------------------------------ seats
    def _attach(self, conn: Conn, seat: int) -> None:
        old = self.holder.get(seat)
        if old is not None and old is not conn:
            # The newest connection with a seat's token wins: the old one is told and let go.
            self._let_seat_go(
                old, seat, p.Refusal.SEAT_MOVED, "this seat was taken up on another connection"
            )
        arriving = seat not in self.holder
        self.holder[seat] = conn
        conn.seats.add(seat)
        covered = self.cover.back(seat)
        if arriving:
            again = seat in self._sat
            log.info(
                "%s %s seat %d%s",
                self._who(seat),
                "is back in" if again else "sits in",
                seat + 1,
                ": the computer lets go of it" if covered else "",
            )
            self._sat.add(seat)
        self._drive(seat)
        s = self.seats[seat]
        conn.send(p.encode(p.Welcome(seat, s.token, s.name)), self.settings.outbox_limit)
        if self.match is not None:
            self._send_snapshot(conn, seat)
            self._tell_covered(seat)
        else:
            self._send_standings(conn, seat)
        self._broadcast_status(seat)
        if self.match is not None:
            conn.send(
                p.encode(self.cover.clock_message(time.monotonic())), self.settings.outbox_limit
            )
            for other in range(len(self.seats)):  # how every other seat stands
                if other != seat:
                    conn.send(p.encode(self._seat_status(other)), self.settings.outbox_limit)

    def _detach(self, conn: Conn, on_purpose: bool = False) -> None:
        now = time.monotonic()
        for seat in conn.seats:
            if self.holder.get(seat) is conn:
                del self.holder[seat]
                self.cover.gone(seat, now, on_purpose)
                log.info(
                    "%s %s (seat %d)",
                    self._who(seat),
                    "left the table" if on_purpose else "lost their connection",
                    seat + 1,
                )
                self._broadcast_status(seat)
        conn.seats.clear()

    def _claim(self, conn: Conn, name: str, token: str | None, seat: int | None) -> int | None:
        """Seat ``conn`` by token, or in a free open seat; Refuse says why not."""
        if token is not None:
            for i, s in enumerate(self.seats):
                if same_secret(token, s.token) and not s.is_bot:
                    self._attach(conn, i)
                    return i
            raise Refuse(
                p.Refusal.UNKNOWN_TOKEN,
                "that seat token is not for this table: join as a new player",
            )
        if seat is None:
            if conn.owner or not name.strip():
                return None  # the host's screen, or a player still choosing a seat
            free = [i for i, s in enumerate(self.seats) if s.free]
            if not free:
                raise Refuse(p.Refusal.NO_FREE_SEAT, "there is no free seat at this table")
            seat = free[0]
        if not 0 <= seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {seat + 1}")
        if not self.seats[seat].free:
            raise Refuse(p.Refusal.SEAT_TAKEN, f"seat {seat + 1} is taken")
        self.seats[seat].name = p.check_name(name)
        self.seats[seat].taken = True
        self._request_save()
        self._attach(conn, seat)  # before the deal, everyone hears of it in the lobby
        if self.match is not None:
            self._broadcast_lobby()
        if self.settings.auto_start and self.match is None and not any(s.free for s in self.seats):
            self.start_match()
        return seat

    # ------------------------------------------------------------------ the phone page
    def page_busy(self) -> bool:
        """Whether the phone page's files wait: the table is full of connections, or closing."""
        return len(self.conns) >= self.settings.max_connections or self.closing_why is not None


__all__ = ["CLOSED_WHY", "HostSettings", "TableHost"]
