"""The table's time: the ticker that lets bots move, the grace time of a missing player, the
turn clock, and the computer that plays a seat while its person is away or out of time.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from marriage_net import protocol as p
from marriage_net.table_parts import TableParts, log

if TYPE_CHECKING:
    pass

#: A pause of the table's own loop longer than this (seconds) is the host away, not a slow tick.
HOST_AWAY = 1.0


class TableClock(TableParts):
    """The table's ticker, grace time and turn clock (a mixin of ``TableHost``)."""

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


__all__ = ["TableClock"]
