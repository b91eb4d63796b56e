"""What the host says about the seats and the turn clock, as a screen draws it.

The host sends times as seconds left when it spoke, with when it spoke on its own clock (the
laptops' clocks need not agree). Each piece of news is stamped with when it was sent as this
laptop reckons it (``Lateness``), so a countdown can be drawn on every frame without asking
again, and a message held up on a slow line does not show time that is already gone.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

from engine.words import Said, say
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
    """Whose turn the clock is counting, and how long they have left (``paused``: this screen
    does not hear the table now, so the clock stands where it was last seen)."""

    seat: int
    seconds_left: float
    total: int
    paused: bool = False


@dataclass
class Lateness:
    """How late the host's messages reach this laptop, from the host's stamps (``at``, on the
    host's clock) and their arrival (on this one's).

    ``arrival - at`` is the two clocks' difference plus the message's time on the way; its
    least value over the last ``window`` seconds is that difference plus the quickest time on
    the way, so a message that took longer than the quickest is seen to, by how much. The
    quickest time itself is taken as half a round trip (``rtt``). The window forgets: a host
    whose clock stood still while its laptop slept is read right again within it.
    """

    window: float = 30.0
    rtt: float = 0.0
    _lags: deque[tuple[float, float]] = field(default_factory=deque)

    def reset(self) -> None:
        """A new connection: nothing is known of it yet."""
        self._lags.clear()
        self.rtt = 0.0

    def sent_at(self, at: float | None, now: float) -> float:
        """When a message stamped ``at`` (None: not stamped) and arriving ``now`` was sent, on
        this laptop's clock."""
        if at is None:
            return now - self.rtt / 2
        lag = now - at
        lags = self._lags
        while lags and lags[0][0] < now - self.window:
            lags.popleft()
        lags.append((now, lag))
        quickest = min(lag for _t, lag in lags)
        return now - (lag - quickest) - self.rtt / 2


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


def turn_clock(
    news: tuple[p.Clock, float] | None, lead: float = 0.0, paused_at: float | None = None
) -> TurnClock | None:
    """The running turn clock, from its latest news (stamped with when it was sent, on this
    laptop's clock); None when none runs. ``lead``: seconds a move from here needs to reach the
    host, taken off so that a move made in time on this screen arrives in time; ``paused_at``:
    since when this screen has not heard the table (the clock stands at that moment)."""
    if news is None:
        return None
    msg, at = news
    if msg.seat is None:
        return None
    now = time.monotonic() if paused_at is None else paused_at
    left = max(0.0, msg.seconds - (now - at) - lead)
    return TurnClock(msg.seat, left, msg.total, paused_at is not None)


def describe_clock(seconds: int) -> Said:
    """The turn clock in a few words, as the join screen and the lobby show it."""
    if not seconds:
        return say("no turn clock")
    # Translators: a turn clock, in seconds ("60 s a turn").
    return say("{seconds} s a turn", seconds=seconds)
