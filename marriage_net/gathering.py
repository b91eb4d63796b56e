"""The table gathers for a new match (Play again): the same seats, tokens and rules; at a
table without a host screen it deals once every person is back from the standings, or once the
wait has run out (a computer then plays for each person not back).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from marriage_net import protocol as p
from marriage_net.cover import Cover
from marriage_net.seats import Seat
from marriage_net.table_parts import Refuse, TableParts, log

if TYPE_CHECKING:
    pass


class Gathering(TableParts):
    """The host's Play again and the gathering it starts (a mixin of ``TableHost``)."""

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
        # Kept for the people at other laptops: the host's own screen called the new match (or,
        # reopening its table, opens the lobby itself), so its seats need no standings back.
        self.standings.keep(self.match, [i for i, s in enumerate(self.seats) if s.kind == "open"])
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
        self._request_save()  # who is back is kept, should the table close and open again
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


__all__ = ["Gathering"]
