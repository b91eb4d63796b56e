"""How seats at other laptops are doing, in words: a plate's note, the banner while a seat is
missing, and the log's lines when a computer takes a seat over or its person comes back.

Everything is worked out from ``RemoteMatch.seat_states()`` (``marriage_net.news.SeatState``):
the host says what each seat is; this screen only says it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from marriage_net import protocol as p
from marriage_net.news import SeatState

#: How the banner says why a computer plays a person's seat ({n}: their name).
_WHY = {
    p.WHY_AWAY: "A computer plays for {n} until {n} is back",
    p.WHY_CLOCK: "A computer plays for {n}: the turn clock ran out",
    p.WHY_HOST: "A computer plays for {n}, as the host asked",
}


def _seconds(s: SeatState) -> str:
    return f"{max(0, math.ceil(s.seconds_left))} s" if s.seconds_left is not None else "soon"


def plate_note(s: SeatState) -> str | None:
    """A seat's plate line while it is news (None: its person plays it, or a table's own bot);
    short, as a plate has little room: the banner says it in full."""
    if s.state == p.RECONNECTING:
        return f"Away · {_seconds(s)}"
    if s.state == p.COMPUTER and s.why is not None:
        return "Computer plays"
    if s.state == p.LEFT:
        return "Left"
    return None


def banner_line(s: SeatState, mine: bool) -> str | None:
    """The banner's line for a missing seat (``mine``: this screen's own seat)."""
    if s.state == p.RECONNECTING and not mine:
        return f"{s.name}'s connection dropped: a computer plays for {s.name} in {_seconds(s)}"
    if s.state == p.COMPUTER and s.why is not None:
        if mine:
            return "A computer is playing for you: press B (or make any move) to play again"
        return _WHY.get(s.why, "A computer plays for {n}").format(n=s.name)
    if s.state == p.LEFT and not mine:
        return f"{s.name} left the table: a computer plays for {s.name}"
    return None


def change_lines(before: Mapping[int, SeatState], now: Mapping[int, SeatState]) -> list[str]:
    """The log's lines for what changed between two looks at the seats."""
    lines = []
    for seat, s in sorted(now.items()):
        old = before.get(seat)
        if old is None or (old.state, old.why) == (s.state, s.why):
            continue
        if s.state == p.RECONNECTING:
            lines.append(f"{s.name}'s connection dropped")
        elif s.state == p.COMPUTER and s.why is not None:
            lines.append(f"A computer took over {s.name}'s seat")
        elif s.state == p.LEFT:
            lines.append(f"{s.name} left the table")
        elif s.state == p.CONNECTED and old.state != p.CONNECTED:
            lines.append(f"{s.name} is back")
    return lines


def played_words(lines: list[str], most: int = 6) -> str:
    """What a computer played for the person, as one sentence (the first ``most`` moves)."""
    shown = lines[:most]
    more = len(lines) - len(shown)
    said = "; ".join(shown)
    return f"{said}; and {more} more" if more > 0 else said


__all__ = ["banner_line", "change_lines", "plate_note", "played_words"]
