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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import Server, serve

from engine.actions import parse_action
from engine.rules import MAX_HANDS, RuleSet
from engine.words import Said, say, to_code, words
from marriage_net import protocol as p
from marriage_net.cover import Cover
from marriage_net.door import Conn, Door, HostSettings, Refuse
from marriage_net.lockout import WrongCodes
from marriage_net.matches import load_match, new_match
from marriage_net.page import PageDoor
from marriage_net.seats import (
    BOT_LEVELS,
    BOT_NAMES,
    Seat,
    TableSave,
    new_code,
    new_token,
    same_secret,
)
from marriage_net.standings import Standings

if TYPE_CHECKING:
    from engine.match import LocalMatch as TableMatch
    from engine.view import PlayerView

#: What the clients are told when the host closes the table (a sentence: each words it itself).
CLOSED_WHY = say("The host closed the table.")

log = logging.getLogger("marriage.host")


def _plain_view(view: PlayerView, conn: Conn) -> dict[str, Any]:
    """A seat's view as ``conn`` reads it. A phone page cannot run the engine, so what it asks
    of the seat's cards (the hand grouped, the maal, the wild cards) travels worked out; a
    laptop's game works that out itself from the view, so it is not worked out for it. The
    page's browser names its origin on the websocket's handshake, a laptop's game sends none
    (``marriage_net.page``)."""
    request = getattr(conn.ws, "request", None)
    if request is not None and request.headers.get("Origin") is not None:
        view.worked_out()
    return view.to_dict()


#: A pause of the table's own loop longer than this (seconds) is the host away, not a slow tick.
HOST_AWAY = 1.0


class TableHost(Door):
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

    def play_again(self, seat: int | None = None) -> None:
        """A new match at this table once this one is over: the same seats, tokens and rules,
        back in the lobby, where every screen hears of it.

        At a table without a host screen (``auto_start``) ``seat``'s person asked for it: the
        table gathers, and deals once every person's seat has said Play again (``Ready`` says
        it too), or once the wait has run out (see ``_gather_check``)."""
        gathering = self.settings.auto_start and seat is not None
        if self.match is None and gathering and self._seated():
            # Gathering (or the table reopened from a save made while it gathered).
            if self.gathering is None:
                self.gathering = time.monotonic()
            self._gather(seat)
            return
        if self.match is None:
            raise Refuse(p.Refusal.NOT_STARTED, "the match has not started")
        if not self.match.is_over:
            if gathering:  # dealt without them (the wait ran out): they play their seat again
                assert seat is not None
                self._person_acts(seat)
                return
            raise Refuse(p.Refusal.NOT_OVER, "the match is not over yet")
        log.info("a new match at the table: everyone is invited")
        self.standings.keep(self.match, [i for i, s in enumerate(self.seats) if not s.is_bot])
        self.match.close()
        self.match = None
        self._position_version = -1
        left = self.cover.left
        self.cover = Cover(self.settings.grace, self.cover.clock)
        now = time.monotonic()
        self.cover.missing_since = {i: now for i in range(len(self.seats)) if i not in self.holder}
        self.cover.left = {i for i in left if i in self.cover.missing_since}
        self.rematch = True
        self._request_save()
        if gathering:
            self.gathering = now
            self._gather(seat)
            return
        self._broadcast_lobby()
        if self.settings.auto_start and not any(s.free for s in self.seats):
            self.start_match()

    def _seated(self) -> bool:
        """Every seat has its player (or is a computer player's)."""
        return not any(s.free for s in self.seats)

    def _gather(self, seat: int | None) -> None:
        """``seat``'s person is ready for the new match; deal when every person is."""
        if seat is not None:
            self.seats[seat].ready = True
            log.info("%s is ready for a new match (seat %d)", self._who(seat), seat + 1)
        self._broadcast_lobby()
        if all(s.ready for s in self.seats if not s.is_bot):
            self._deal_gathered()

    def gather_wait(self) -> float:
        """Seconds a gathering table waits for its people: one turn clock (the grace time when
        the table plays without one)."""
        return float(self.cover.clock or self.settings.grace)

    def _gather_check(self) -> None:
        """The wait for Play again ran out: deal, and a computer plays each seat whose person
        has not said it until they are back (they say Play again, or make any move)."""
        since = self.gathering
        if since is None or time.monotonic() - since < self.gather_wait():
            return
        late = self._not_back(lambda s: not s.is_bot)
        log.info("the wait for a new match ran out: a computer plays seats %s", late)
        self._deal_gathered(late)

    def _not_back(self, person: Callable[[Seat], bool]) -> list[int]:
        """The ``person`` seats whose player is here but has not said Play again (still on the
        standings). A player who is not here is missing as usual: the grace time, then a
        computer until they are back."""
        return [
            i for i, s in enumerate(self.seats) if person(s) and not s.ready and i in self.holder
        ]

    def _deal_gathered(self, late: Sequence[int] = ()) -> None:
        """Deal the next match; a computer plays each seat in ``late`` (its person is here but
        still on the standings) until its person says Play again or moves."""
        self.gathering = None
        # Who is neither here nor back from the standings: missing as usual (the grace time),
        # and what a computer plays for them is told as the match that began without them.
        gone = [
            i
            for i, s in enumerate(self.seats)
            if self.rematch and not s.is_bot and not s.ready and i not in self.holder
        ]
        self.start_match()
        self.cover.late.update(gone)
        for seat in late:
            self.cover.hand_over(seat, True, time.monotonic(), p.WHY_LATE)
            self._drive(seat)
            self._broadcast_status(seat)
        if late:
            self._broadcast_clock()

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
                        view=_plain_view(u.view, conn),
                    )
                conn.send(msg, limit)
        if self.match.version != self._position_version:
            self._position(latest)

    async def _ticker(self) -> None:
        # Bots move, missing players' seats pass to a bot after the grace time, turn clocks
        # run out, connections without a seat are let go after a while.
        last = swept = time.monotonic()
        while True:
            await asyncio.sleep(self.settings.tick)
            now = time.monotonic()
            away = now - last - self.settings.tick
            last = now
            try:
                if away > HOST_AWAY:
                    # This process did not run (its laptop slept, it was stopped): nobody could
                    # play meanwhile, so no clock and no grace time counts that time.
                    log.info("the table was away for %.0f s: no clock counts that", away)
                    self.cover.shift(away)
                    self._tell_times()
                if now - swept >= 1.0:
                    swept = now
                    self._let_idle_go(now)
                self._grace_check()
                self._gather_check()
                self._clock_check()
                if self.match is not None:
                    self._pump()
            except Exception:  # a bug here must not silently stop every bot at the table
                log.exception("the table's ticker failed")

    def _grace_check(self) -> None:
        if self.match is None:
            return
        missing = [i for i, s in enumerate(self.seats) if not s.is_bot and i not in self.holder]
        for seat in self.cover.due(missing, time.monotonic()):
            log.info(
                "a computer plays for %s (seat %d) until they are back", self._who(seat), seat + 1
            )
            self._drive(seat)
            self._broadcast_status(seat)

    # ------------------------------------------------------------------ the turn clock
    _position_version = -1

    def _position(self, view: Any) -> None:
        """The match moved: whose turn it is now, and its clock."""
        assert self.match is not None
        self._position_version = self.match.version
        if view is None:
            view = self.match.view(0)
        acting = view.current_player if view.phase in ("draw", "play") else None
        key = None if acting is None else (view.hand_no, view.turn, acting)
        person = acting is not None and not self.seats[acting].is_bot
        now = time.monotonic()
        changed, ended = self.cover.new_position(key, acting, person, now)
        if ended is not None:  # the computer played the one turn the clock gave it
            self._drive(ended)
            self._broadcast_status(ended)
            self._tell_covered(ended)
        if changed:
            self._broadcast_clock()

    def _clock_check(self) -> None:
        if self.match is None:
            return
        seat = self.cover.expired(time.monotonic())
        if seat is None:
            return
        kept = seat in self.cover.kept
        log.info(
            "%s's turn clock ran out (seat %d): %s",
            self._who(seat),
            seat + 1,
            "a computer plays for them until they act" if kept else "a computer makes the move",
        )
        self._drive(seat)
        self._broadcast_status(seat)
        self._broadcast_clock()

    def _tell_times(self) -> None:
        """Every screen hears the clock and the missing seats' grace again (pushed back)."""
        if self.match is not None:
            self._broadcast_clock()
        for seat in self.cover.missing_since:
            if seat not in self.holder and not self.cover.computer(seat):
                self._broadcast_status(seat)

    def _broadcast_clock(self) -> None:
        text = p.encode(self.cover.clock_message(time.monotonic()))
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)

    def _drive(self, seat: int) -> None:
        """Give ``seat`` to whoever should play it now: its person or the substitute."""
        if self.match is None or self.seats[seat].is_bot:
            return
        want = self.settings.substitute if self.cover.computer(seat) else "human"
        if self.match.driver(seat) != want:
            self.match.set_driver(seat, want, stand_in=True)

    def _person_acts(self, seat: int) -> None:
        """``seat``'s person acted: a computer covering for them lets go."""
        if self.cover.acted(seat, time.monotonic()):
            log.info("%s plays their seat again (seat %d)", self._who(seat), seat + 1)
            self._drive(seat)
            self._broadcast_status(seat)
            self._tell_covered(seat)
            self._broadcast_clock()

    def _tell_covered(self, seat: int) -> None:
        """Tell ``seat``'s person what a computer played for them, if they are here."""
        conn = self.holder.get(seat)
        if conn is None or self.cover.computer(seat):
            return
        events, why = self.cover.take_covered(seat)
        if events:
            told = p.encode_raw("covered", seat=seat, events=events, why=why)
            conn.send(told, self.settings.outbox_limit)

    def _who(self, seat: int) -> str:
        return self.seats[seat].name or f"seat {seat + 1}"

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
                s.info(i, i in self.holder or s.is_bot, self.cover.computer(i))
                for i, s in enumerate(self.seats)
            ],
            self.started,
            self.rules.name,
            self.match_hands(),
            self.rules.to_dict(),
            self.cover.clock,
            not self.settings.auto_start,
        )

    def _broadcast_lobby(self) -> None:
        text = p.encode(self._lobby())
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)

    def _seat_status(self, seat: int) -> p.SeatStatus:
        s = self.seats[seat]
        if s.is_bot:
            return p.SeatStatus(seat, True, True, s.name, p.COMPUTER)
        return self.cover.status(seat, s.name, seat in self.holder, time.monotonic())

    def _broadcast_status(self, seat: int) -> None:
        text = p.encode(self._seat_status(seat))
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)
        if self.match is None:  # before the deal the screens read who is here off the lobby
            self._broadcast_lobby()

    def _send_snapshot(self, conn: Conn, seat: int) -> None:
        assert self.match is not None
        self.match.poll(seat)  # what the snapshot covers need not follow it as updates
        view = self.match.view(seat)
        msg = p.encode_raw(
            "snapshot", seat=seat, v=self.match.version, view=_plain_view(view, conn)
        )
        conn.send(msg, self.settings.outbox_limit)

    def _send_standings(self, conn: Conn, seat: int) -> None:
        """Between two matches, to a person back who has not said Play again: their last view
        of the finished match, so their screen shows its standings as the others' do (the
        lobby that follows says a new match is called)."""
        view = None if self.seats[seat].ready else self.standings.view(seat)
        if view is None:
            return
        v = self.standings.version
        msg = p.encode_raw("snapshot", seat=seat, v=v, view=_plain_view(view, conn))
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
                    p.Refused(
                        self._version(),
                        p.Refusal.SEAT_MOVED,
                        "this seat was taken up on another connection",
                        seat,
                    )
                ),
                self.settings.outbox_limit,
            )
            if not old.seats and not old.owner:
                old.outbox.put_nowait(None)
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

    def _version(self) -> int:
        return self.match.version if self.match is not None else 0

    # ------------------------------------------------------------------ the phone page
    def page_busy(self) -> bool:
        """Whether the phone page's files wait: the table is full of connections, or closing."""
        return len(self.conns) >= self.settings.max_connections or self.closing_why is not None

    # ------------------------------------------------------------------ messages in
    def _receive(self, conn: Conn, raw: str | bytes) -> bool:
        """Handle one message; False closes the connection."""
        limit = self.settings.outbox_limit
        try:
            if not isinstance(raw, str):
                raise p.ProtocolError("messages are JSON text")
            msg = p.decode_client(raw)
        except p.ProtocolError as exc:
            return self._refused(conn, exc.code, p.english(exc.reason), None, charge=True)
        if isinstance(msg, p.Act):
            start = time.perf_counter()
            try:
                accepted = self._act(conn, msg)
            except Refuse as exc:
                return self._refused(conn, exc.code, p.english(exc.reason), msg.seat, charge=True)
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
        except Refuse as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.code, p.english(exc.reason))), limit)
            return not exc.close
        except p.ProtocolError as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.code, p.english(exc.reason))), limit)
        return True

    def _refused(
        self, conn: Conn, why: p.Refusal, reason: str, seat: int | None, charge: bool
    ) -> bool:
        if charge and not conn.charge(self.settings.flood_rate, self.settings.flood_burst):
            return self._flooded(conn)
        message = p.Refused(self._version(), why, reason, seat)
        conn.send(p.encode(message), self.settings.outbox_limit)
        return True

    def _flooded(self, conn: Conn) -> bool:
        log.info("closing a flooding connection from %s", conn.address)
        conn.send(
            p.encode(p.Refused(self._version(), p.Refusal.FLOOD, "too many messages")),
            self.settings.outbox_limit,
        )
        conn.close_code, conn.close_reason = 1008, "too many messages"
        return False

    def _act(self, conn: Conn, msg: p.Act) -> bool:
        """Play an action; True if the engine took it (False: it sent the seat its reason)."""
        if self.match is None:
            raise Refuse(p.Refusal.NOT_STARTED, "the match has not started")
        if msg.seat not in conn.seats:
            raise Refuse(p.Refusal.NOT_YOUR_SEAT, "that is not your seat")
        # Any move of theirs, even one too late, shows the person is there: a computer covering
        # for them lets go first.
        self._person_acts(msg.seat)
        if msg.v != self.match.version:
            raise Refuse(
                p.Refusal.STALE,
                f"the table has moved on (it is at {self.match.version}): look again",
            )
        try:
            action = parse_action(msg.action)
        except ValueError as exc:
            raise Refuse(p.Refusal.BAD_ACTION, str(exc)) from None
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
        """One message of a connection that has said hello: a player's, or the host screen's."""
        match msg:
            case p.Hello():
                raise Refuse(p.Refusal.ALREADY_HELLO, "you have already said hello")
            case p.Resync():
                self._resync(conn, msg.seat)
            case p.Sit():
                self._claim(conn, msg.name, msg.token, msg.seat)
            case p.Ready():
                self._ready(self._own(conn, msg.seat))
            case p.Back():
                self._person_acts(self._own(conn, msg.seat))
            case p.Emote():
                self._emote(self._own(conn, msg.seat), msg.id)
            case p.Again() if conn.seats and self.settings.auto_start:
                for seat in sorted(conn.seats):  # no host screen here: a player asks for it
                    self.play_again(seat)
            case _:
                if not conn.owner:
                    raise Refuse(p.Refusal.HOST_ONLY, "only the host's screen may do that")
                self._host_says(conn, msg)

    def _host_says(self, conn: Conn, msg: p.ClientMessage) -> None:
        """What only the host's screen may ask: seats, rules, the start, and the table's end."""
        match msg:
            case p.SetSeat():
                self._set_seat(conn, msg)
            case p.SetRules():
                self._set_rules(msg)
            case p.Start():
                if self.match is not None:
                    raise Refuse(p.Refusal.STARTED, "the match has already started")
                late = self._not_back(lambda s: s.kind == "open") if self.rematch else []
                self._deal_gathered(late)
            case p.Kick():
                self._kick(msg.seat)
            case p.Handover():
                self._hand_over(msg.seat, msg.computer)
            case p.Again():
                self.play_again()
            case p.Close():
                asyncio.ensure_future(
                    self.close(
                        words(
                            "The host saved the table and closed it: "
                            "it comes back when they open it again."
                        ),
                        saved=True,
                    )
                )

    @staticmethod
    def _own(conn: Conn, seat: int) -> int:
        """``seat``, when it is one of this connection's (else the message is refused)."""
        if seat not in conn.seats:
            raise Refuse(p.Refusal.NOT_YOUR_SEAT, "that is not your seat")
        return seat

    def _resync(self, conn: Conn, wanted: int | None) -> None:
        """The lobby again, or a snapshot of each of the connection's seats asked for."""
        if self.match is None:
            conn.send(p.encode(self._lobby()), self.settings.outbox_limit)
            return
        for seat in sorted(conn.seats):
            if wanted in (None, seat):
                self._send_snapshot(conn, seat)

    def _ready(self, seat: int) -> None:
        """A person is back: from the standings after the deal, for the new match the table
        gathers for, or ready in the lobby."""
        if self.match is not None and not self.match.is_over:
            self._person_acts(seat)
        elif self.settings.auto_start and self.match is None and self._seated():
            self.play_again(seat)
        else:
            self.seats[seat].ready = True
            self._broadcast_lobby()

    def _emote(self, seat: int, emote: str) -> None:
        if emote not in p.EMOTES:
            raise Refuse(p.Refusal.NO_SUCH_EMOTE, "no such emote")
        text = p.encode(p.Emoted(seat, emote))
        for other in self.conns:
            other.send(text, self.settings.outbox_limit)

    def _set_seat(self, conn: Conn, msg: p.SetSeat) -> None:
        if self.match is not None:
            raise Refuse(p.Refusal.STARTED, "the match has started: seats can no longer change")
        if msg.kind == "none":  # the last seat goes: one player fewer
            if msg.seat != len(self.seats) - 1 or len(self.seats) <= 2:
                raise Refuse(
                    p.Refusal.BAD_SEATS,
                    "only the last seat can go, and a table keeps at least two",
                )
            if msg.seat in self.holder:
                self._kick(msg.seat)
            self.seats.pop()
            self.cover.forget(msg.seat)
            self.standings.forget(msg.seat)
            self._request_save()
            self._broadcast_lobby()
            return
        if msg.seat == len(self.seats) < 5 and msg.kind in p.SEAT_KINDS:
            self.seats.append(Seat("open", ""))  # one player more; set up just below
            self.cover.gone(msg.seat, time.monotonic())
        if not 0 <= msg.seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {msg.seat + 1}")
        if msg.kind not in p.SEAT_KINDS:
            raise Refuse(p.Refusal.BAD_SEATS, f"a seat is one of {', '.join(p.SEAT_KINDS)}")
        if self.holder.get(msg.seat) not in (None, conn):
            self._kick(msg.seat)
        seat = self.seats[msg.seat]
        self.standings.forget(msg.seat)  # the host set the seat up again
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
        if msg.clock is not None:
            if msg.clock not in p.TURN_CLOCKS:
                clocks = ", ".join(str(c) for c in p.TURN_CLOCKS)
                raise Refuse(p.Refusal.BAD_RULES, f"a turn clock is one of {clocks} seconds")
            if msg.rules is None and msg.hands is None:  # the clock may change at any time
                self.cover.set_clock(msg.clock, time.monotonic())
                log.info("the turn clock is now %s", f"{msg.clock} s" if msg.clock else "off")
                self._request_save()
                self._broadcast_lobby()
                if self.match is not None:
                    self._broadcast_clock()
                return
        if self.match is not None:
            raise Refuse(p.Refusal.STARTED, "the match has started: the rules can no longer change")
        hands = self.hands if msg.hands is None else msg.hands
        if not 0 <= hands <= MAX_HANDS:
            raise Refuse(
                p.Refusal.BAD_RULES,
                f"a match lasts 1 to {MAX_HANDS} hands (0: one hand per player)",
            )
        rules = self.rules
        if msg.rules is not None:
            try:
                rules = RuleSet.from_dict(msg.rules)
            except ValueError as exc:
                raise Refuse(p.Refusal.BAD_RULES, f"those rules cannot be played: {exc}") from None
        self.rules, self.hands = rules, hands
        if msg.clock is not None:
            self.cover.set_clock(msg.clock, time.monotonic())
        self._request_save()
        self._broadcast_lobby()

    def _kick(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {seat + 1}")
        s = self.seats[seat]
        old = self.holder.pop(seat, None)
        if old is not None:
            old.seats.discard(seat)
            old.send(
                p.encode(
                    p.Refused(
                        self._version(),
                        p.Refusal.SEAT_GIVEN,
                        "the host gave your seat to someone else",
                        seat,
                    )
                ),
                self.settings.outbox_limit,
            )
            if not old.seats and not old.owner:
                old.outbox.put_nowait(None)
        if s.kind == "open":
            s.taken, s.token, s.ready = False, new_token(), False
            self._sat.discard(seat)
        log.info("the host opens seat %d again", seat + 1)
        self.cover.forget(seat)
        self.standings.forget(seat)
        self.cover.gone(seat, time.monotonic(), on_purpose=True)  # a computer plays it at once
        self._request_save()
        self._broadcast_lobby()

    def _hand_over(self, seat: int, computer: bool) -> None:
        """The host hands a person's seat to a computer player, or back to its person."""
        if self.match is None:
            raise Refuse(p.Refusal.NOT_STARTED, "the match has not started")
        if not 0 <= seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {seat + 1}")
        if self.seats[seat].is_bot:
            raise Refuse(p.Refusal.BAD_SEATS, f"seat {seat + 1} is a computer player already")
        if not self.cover.hand_over(seat, computer, time.monotonic()):
            return
        log.info(
            "the host hands %s (seat %d) %s",
            self._who(seat),
            seat + 1,
            "to a computer player" if computer else "back to them",
        )
        self._drive(seat)
        self._broadcast_status(seat)
        self._broadcast_clock()
        if not computer:
            self._tell_covered(seat)


__all__ = ["CLOSED_WHY", "HostSettings", "TableHost"]
