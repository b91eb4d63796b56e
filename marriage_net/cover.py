"""Who plays a person's seat when the person does not: the grace time, the turn clock, the host.

A computer player covers a person's seat when their connection has been gone longer than the
grace time (or they left on purpose), for one turn when the turn clock runs out, for good once
it has run out twice in a row, or when the host hands the seat over. The person takes the seat
back by coming back (when away) or by acting (in every other case). What the computer plays
for a seat is kept, so the person can be told when they are back.

Pure bookkeeping on the host's loop: no sockets, no match. The host asks ``computer(seat)``
after every change and sets the seat's driver to match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marriage_net import protocol as p

#: What is kept of the moves a computer made for one seat (a long absence keeps the latest).
MAX_COVERED = 200
#: Turn clocks that run out in a row before the computer keeps the seat.
EXPIRIES_TO_KEEP = 2
#: Seconds past a turn's deadline that a move on its way still counts: a player who acted in
#: time on their screen keeps the turn when the line holds the move up a moment.
LATE_GRACE = 0.5


@dataclass
class TurnClock:
    """The clock of the turn being played: whose, and when it runs out (monotonic seconds)."""

    key: tuple[int, ...] | None = None
    seat: int | None = None
    deadline: float | None = None


@dataclass
class Cover:
    """The computer's cover of the people's seats, seat by seat."""

    grace: float  # seconds a missing person's seat waits before a computer plays it
    clock: int = 0  # seconds per turn (0: no clock)
    missing_since: dict[int, float] = field(default_factory=dict)
    left: set[int] = field(default_factory=set)  # left the table on purpose: no grace
    away: set[int] = field(default_factory=set)  # missing past the grace time
    kept: dict[int, str] = field(default_factory=dict)  # seat -> why (clock or host)
    one_turn: int | None = None  # the clock ran out once: the computer plays this turn only
    expiries: dict[int, int] = field(default_factory=dict)  # clocks run out in a row
    covered: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    covered_why: dict[int, str] = field(default_factory=dict)  # why, the last time it played
    #: Seats whose person was not here, nor back from the last match's standings, when this
    #: match was dealt: what a computer plays for them before they are back began without them.
    late: set[int] = field(default_factory=set)
    turn: TurnClock = field(default_factory=TurnClock)

    # ------------------------------------------------------------------ questions
    def computer(self, seat: int) -> bool:
        """Whether a computer plays ``seat`` now."""
        return seat in self.away or seat in self.kept or seat == self.one_turn

    def why(self, seat: int) -> str | None:
        """Why a computer plays ``seat`` (``p.WHY_*``), or None when its person does."""
        if seat in self.away:
            return p.WHY_AWAY
        if seat in self.kept:
            return self.kept[seat]
        if seat == self.one_turn:
            return p.WHY_CLOCK
        return None

    def status(self, seat: int, name: str, connected: bool, now: float) -> p.SeatStatus:
        """``seat`` of a person as every screen should show it."""
        computer = self.computer(seat)
        seconds = None
        if computer:
            state = p.LEFT if seat in self.left else p.COMPUTER
        elif connected:
            state = p.CONNECTED
        elif seat in self.left:
            state = p.LEFT
        else:
            state = p.RECONNECTING
            since = self.missing_since.get(seat)
            if since is not None:
                seconds = round(max(0.0, self.grace - (now - since)), 2)
        why = self.why(seat) if computer else None
        return p.SeatStatus(seat, connected, computer, name, state, seconds, why, round(now, 3))

    def clock_message(self, now: float) -> p.Clock:
        """The turn clock as clients hear it: whose, and the seconds left from now (``now``
        goes with it: see ``protocol.Clock``)."""
        t = self.turn
        if t.deadline is None or t.seat is None:
            return p.Clock(None, 0.0, self.clock, round(now, 3))
        return p.Clock(t.seat, round(max(0.0, t.deadline - now), 2), self.clock, round(now, 3))

    def shift(self, seconds: float) -> None:
        """The host itself was away for ``seconds`` (its laptop asleep, its process stopped):
        nobody could play then, so no clock and no grace time counts them."""
        if self.turn.deadline is not None:
            self.turn.deadline += seconds
        for seat in self.missing_since:
            self.missing_since[seat] += seconds

    # ------------------------------------------------------------------ connections
    def gone(self, seat: int, now: float, on_purpose: bool = False) -> None:
        """``seat``'s connection went (``on_purpose``: the person left the table)."""
        self.missing_since[seat] = now
        if on_purpose:
            self.left.add(seat)

    def back(self, seat: int) -> bool:
        """``seat``'s person is connected again; whether a computer stopped covering for them."""
        self.missing_since.pop(seat, None)
        self.left.discard(seat)
        self.late.discard(seat)
        was = seat in self.away
        self.away.discard(seat)
        return was

    def due(self, seats: list[int], now: float) -> list[int]:
        """Of the missing ``seats``, those whose grace has just run out (now covered)."""
        out = []
        for seat in seats:
            since = self.missing_since.get(seat)
            if seat in self.away or since is None:
                continue
            if seat in self.left or now - since >= self.grace:
                self.away.add(seat)
                out.append(seat)
        return out

    # ------------------------------------------------------------------ the turn clock
    def new_position(
        self, key: tuple[int, ...] | None, seat: int | None, person: bool, now: float
    ) -> tuple[bool, int | None]:
        """The match moved to position ``key`` with ``seat`` to act (``person``: a person's
        seat). Returns (whether the turn changed, the seat a one-turn cover just ended for)."""
        if key == self.turn.key:
            return False, None
        ended = self.one_turn
        self.one_turn = None
        self.turn.key, self.turn.seat = key, seat
        timed = person and self.clock > 0 and seat is not None and not self.computer(seat)
        self.turn.deadline = now + self.clock if timed else None
        return True, ended

    def expired(self, now: float) -> int | None:
        """The seat whose clock ran out just now (the computer covers it), or None."""
        t = self.turn
        if t.deadline is None or t.seat is None or now < t.deadline + LATE_GRACE:
            return None
        seat = t.seat
        t.deadline = None
        self.expiries[seat] = self.expiries.get(seat, 0) + 1
        if self.expiries[seat] >= EXPIRIES_TO_KEEP:
            self.kept[seat] = p.WHY_CLOCK
        else:
            self.one_turn = seat
        return seat

    def set_clock(self, seconds: int, now: float) -> None:
        """A new clock; the turn being played starts it afresh."""
        self.clock = seconds
        t = self.turn
        timed = seconds > 0 and t.seat is not None and not self.computer(t.seat)
        t.deadline = now + seconds if timed and t.key is not None else None

    # ------------------------------------------------------------------ the person acts
    def acted(self, seat: int, now: float) -> bool:
        """``seat``'s person acted; whether the seat came back from the computer (then a turn
        of theirs being played gets a fresh clock)."""
        self.expiries.pop(seat, None)
        self.late.discard(seat)
        was = seat in self.kept or seat == self.one_turn
        self.kept.pop(seat, None)
        if self.one_turn == seat:
            self.one_turn = None
        t = self.turn
        if was and t.seat == seat and t.key is not None and self.clock > 0:
            t.deadline = now + self.clock
        return was

    def hand_over(self, seat: int, computer: bool, now: float, why: str = p.WHY_HOST) -> bool:
        """The host hands ``seat`` to a computer (or back to its person); whether it changed.
        (``why`` WHY_LATE: a new match was dealt while its person was not back from the last.)"""
        if computer:
            if seat in self.kept:
                return False
            self.kept[seat] = why
            if self.turn.seat == seat:
                self.turn.deadline = None
            return True
        return self.acted(seat, now)

    # ------------------------------------------------------------------ what was played
    def record(self, seat: int, events: list[dict[str, Any]]) -> None:
        """Keep ``events`` (already filtered for ``seat``) that a computer played for it."""
        kept = self.covered.setdefault(seat, [])
        kept.extend(events)
        del kept[:-MAX_COVERED]
        self.covered_why[seat] = p.WHY_LATE if seat in self.late else self.why(seat) or p.WHY_AWAY

    def take_covered(self, seat: int) -> tuple[list[dict[str, Any]], str | None]:
        """What was played for ``seat`` since it was last told, and why the computer played
        (and forget both)."""
        return self.covered.pop(seat, []), self.covered_why.pop(seat, None)

    def forget(self, seat: int) -> None:
        """``seat`` changes hands for good (the host opened it again)."""
        for part in (self.missing_since, self.kept, self.expiries, self.covered, self.covered_why):
            part.pop(seat, None)
        self.left.discard(seat)
        self.away.discard(seat)
        self.late.discard(seat)
        if self.one_turn == seat:
            self.one_turn = None
