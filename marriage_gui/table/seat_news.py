"""How seats at other laptops are doing, in words: a plate's note, the banner while a seat is
missing, and the log's lines when a computer takes a seat over or its person comes back.

Everything is worked out from ``RemoteMatch.seat_states()`` (``marriage_net.news.SeatState``):
the host says what each seat is; this screen only says it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from engine.words import Said, say
from marriage_gui.language import N_, _, fill, ngettext, together, word
from marriage_net import protocol as p
from marriage_net.news import SeatState

#: How the banner says why a computer plays a person's seat ({name}: their name).
_WHY = {
    p.WHY_AWAY: N_("A computer plays for {name} until {name} is back"),
    p.WHY_CLOCK: N_("A computer plays for {name}: the turn clock ran out"),
    p.WHY_HOST: N_("A computer plays for {name}, as the host asked"),
    # Translators: the new match was dealt while {name} still looked at the standings.
    p.WHY_LATE: N_("A computer plays for {name} until {name} says Play again"),
}


def _seconds(s: SeatState) -> str:
    if s.seconds_left is None:
        # Translators: how long until a computer plays for a missing person.
        return _("soon")
    # Translators: a number of seconds, short.
    return _("{seconds} s").format(seconds=max(0, math.ceil(s.seconds_left)))


def plate_note(s: SeatState) -> str | None:
    """A seat's plate line while it is news (None: its person plays it, or a table's own bot);
    short, as a plate has little room: the banner says it in full."""
    if s.state == p.RECONNECTING:
        # Translators: short, on a plate: the person's connection dropped; {time}: "12 s".
        return _("Away · {time}").format(time=_seconds(s))
    if s.state == p.COMPUTER and s.why is not None:
        # Translators: short, on a plate: a computer plays this person's seat for now.
        return _("Computer plays")
    if s.state == p.LEFT:
        # Translators: short, on a plate: the person left the table.
        return _("Left")
    return None


def banner_line(s: SeatState, mine: bool) -> str | None:
    """The banner's line for a missing seat (``mine``: this screen's own seat)."""
    if s.state == p.RECONNECTING and not mine:
        # Translators: {time} is how long until then, e.g. "12 s" or "soon".
        return _("{name}'s connection dropped: a computer plays for {name} in {time}").format(
            name=s.name, time=_seconds(s)
        )
    if s.state == p.COMPUTER and s.why is not None:
        if mine:
            return _("A computer is playing for you: press B (or make any move) to play again")
        why = _WHY.get(s.why, N_("A computer plays for {name}"))
        return _(why).format(name=s.name)
    if s.state == p.LEFT and not mine:
        return _("{name} left the table: a computer plays for {name}").format(name=s.name)
    return None


def change_lines(before: Mapping[int, SeatState], now: Mapping[int, SeatState]) -> list[Said]:
    """The log's lines for what changed between two looks at the seats (sentences, worded when
    the log is drawn)."""
    lines: list[Said] = []
    for seat, s in sorted(now.items()):
        old = before.get(seat)
        if old is None or (old.state, old.why) == (s.state, s.why):
            continue
        if s.state == p.RECONNECTING:
            lines.append(say("{name}'s connection dropped", name=s.name))
        elif s.state == p.COMPUTER and s.why is not None:
            lines.append(say("A computer took over {name}'s seat", name=s.name))
        elif s.state == p.LEFT:
            lines.append(say("{name} left the table", name=s.name))
        elif s.state == p.CONNECTED and old.state != p.CONNECTED:
            lines.append(say("{name} is back", name=s.name))
    return lines


def played_words(lines: list[str], most: int = 6) -> str:
    """What a computer played for the person, as one sentence (the first ``most`` moves)."""
    shown = [word(line) for line in lines[:most]]
    more = len(lines) - len(shown)
    said = together("; ", shown)
    if more > 0:
        # Translators: the moves played, then how many more were not listed.
        return fill(
            ngettext("{moves}; and {n} more", "{moves}; and {n} more", more), moves=said, n=more
        )
    return said


__all__ = ["banner_line", "change_lines", "plate_note", "played_words"]
