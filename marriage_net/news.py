"""What the host says about the seats and the turn clock, as a screen draws it.

The host sends times as seconds left when it spoke (the laptops' clocks need not agree); each
piece of news is stamped with this laptop's monotonic clock on arrival, so a countdown can be
drawn on every frame without asking again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from engine.words import say
from marriage_net import protocol as p


@dataclass(frozen=True)
class SeatState:
    """One seat as every screen shows it.

    ``state`` is ``"connected"`` (its person plays it), ``"reconnecting"`` (their connection is
    away; ``seconds_left`` until a computer plays for them, when known), ``"computer"`` (a
    computer plays for them: ``why`` is ``"away"``, ``"clock"`` or ``"host"``; a computer player
    of the table's own has ``why`` None) or ``"left"`` (they left the table; a computer plays
    once the match is on).
    """

    seat: int
    name: str
    state: str
    seconds_left: float | None = None
    why: str | None = None
    connected: bool = False

    @property
    def computer_player(self) -> bool:
        """A computer player of the table's own, not covering for anybody."""
        return self.state == p.COMPUTER and self.why is None


@dataclass(frozen=True)
class TurnClock:
    """Whose turn the clock is counting, and how long they have left."""

    seat: int
    seconds_left: float
    total: int


def seat_state(
    seat: int, news: tuple[p.SeatStatus, float] | None, info: p.SeatInfo | None
) -> SeatState:
    """``seat`` from its latest status (stamped on arrival) or, before any, the lobby."""
    if news is not None:
        msg, at = news
        left = None
        if msg.seconds is not None:
            left = max(0.0, msg.seconds - (time.monotonic() - at))
        state = msg.state if msg.state in p.SEAT_STATES else p.CONNECTED
        return SeatState(seat, msg.name, state, left, msg.why, msg.connected)
    if info is None:
        return SeatState(seat, "", p.CONNECTED)
    if info.kind in ("easy", "medium", "hard"):
        return SeatState(seat, info.name, p.COMPUTER, None, None, True)
    if info.bot_playing:
        return SeatState(seat, info.name, p.COMPUTER, None, p.WHY_AWAY, info.connected)
    state = p.CONNECTED if info.connected else p.RECONNECTING
    return SeatState(seat, info.name, state, None, None, info.connected)


def turn_clock(news: tuple[p.Clock, float] | None) -> TurnClock | None:
    """The running turn clock, from its latest news (stamped on arrival); None when none runs."""
    if news is None:
        return None
    msg, at = news
    if msg.seat is None:
        return None
    return TurnClock(msg.seat, max(0.0, msg.seconds - (time.monotonic() - at)), msg.total)


def describe_clock(seconds: int) -> str:
    """The turn clock in a few words, as the join screen and the lobby show it."""
    if not seconds:
        return say("no turn clock")
    # Translators: a turn clock, in seconds ("60 s a turn").
    return say("{seconds} s a turn", seconds=seconds)
