"""Small word helpers of the screens: who "You" is, the names the game proposes, a match's
total, who is ready at a table gathering for Play again, a wrap that never runs a long word out
of its box. (Counts are said with ``language.ngettext``: a whole phrase for each
form, in every language.)"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

from marriage_gui.language import N_, Worded, _
from marriage_gui.ui import theme

if TYPE_CHECKING:
    from marriage_net.protocol import Lobby

#: The name the game proposes for the person at the screen (as in "You win").
YOU = N_("You")
#: The names the game proposes for the other seats (a new game, the guide, a hosted table's
#: computer players), each written as the language in use writes it: Sita, सीता. Only a
#: proposal follows the language; a name a person typed is never translated.
PROPOSED_NAMES = (
    # Translators: a name the game proposes for a player: write it as your readers do (सीता).
    N_("Sita"),
    # Translators: a name the game proposes for a player: write it as your readers do (राम).
    N_("Ram"),
    # Translators: a name the game proposes for a player: write it as your readers do (हरि).
    N_("Hari"),
    # Translators: a name the game proposes for a player: write it as your readers do (गीता).
    N_("Gita"),
    # Translators: a name the game proposes for a player: write it as your readers do (माया).
    N_("Maya"),
    # Translators: a name the game proposes for a player: write it as your readers do (विष्णु).
    N_("Bishnu"),
)
#: The name a seat gets when friends share one screen (hot-seat): "Player 2".
# Translators: a seat's name when friends share one screen: "Player 2".
PLAYER_N = N_("Player {number}")
#: A name the game proposed: one of the names above (or ``YOU``), or ``PLAYER_N`` and its number.
Proposal = tuple[str, int]


def proposed(proposal: Proposal) -> str:
    """A name the game proposes, in the language in use."""
    key, number = proposal
    return _(key).format(number=number) if key == PLAYER_N else _(key)


def proposed_name(seat: int) -> str:
    """The name the game proposes for a computer player at ``seat`` (0: the first)."""
    return proposed((PROPOSED_NAMES[seat % len(PROPOSED_NAMES)], 0))


def proposal_of(name: str) -> Proposal | None:
    """The proposal ``name`` reads as, in English or in the language in use (None: a name a
    person gave)."""
    said = name.strip()
    for key in (YOU, *PROPOSED_NAMES):
        if said in (key, _(key)):
            return key, 0
    return None


def is_you(name: str) -> bool:
    """Whether a seat is called "You" (the default name of the person at the screen), in
    English or in the language in use."""
    said = name.strip().lower()
    # Translators: the default name of the person at this screen (as in "You win").
    return said in ("you", _("You").strip().lower())


def wins(name: str) -> str:
    """``name`` and the verb: "Sita wins", but "You win"."""
    if is_you(name):
        return _("You win")
    # Translators: a player won the match.
    return _("{name} wins").format(name=name)


def match_total(total: int, lowest_wins: bool) -> str:
    """A match total as players read it: money or points signed ("+12", "-5", "0"); where the
    lowest total wins (deadwood scoring), the points charged so far ("50 pts")."""
    if lowest_wins:
        # Translators: points charged so far, where the lowest total wins ("50 pts").
        return _("{points} pts").format(points=total)
    return f"{total:+d}" if total else "0"


def wrapped(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``theme.wrap``, and a word wider than a whole line (a long word of another language, a
    web address) broken where the line ends rather than left to run out of its box (never
    inside a letter: a vowel sign or a conjunct stays with the letter it belongs to)."""
    lines: list[str] = []
    for line in theme.wrap(s, size, width, bold):
        while theme.text_width(line, size, bold) > width:
            cut = len(line) - 1
            while cut > 0 and (
                theme.text_width(line[:cut], size, bold) > width or not _breakable(line, cut)
            ):
                cut -= 1
            if cut <= 0:
                break  # not one letter fits: the line stays whole
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return list(s.pieces(lines)) if isinstance(s, Worded) else lines


def _breakable(line: str, at: int) -> bool:
    """Whether ``line`` may be broken before index ``at`` without splitting a letter."""
    if unicodedata.category(line[at]).startswith("M") or line[at] in "\u200c\u200d":
        return False
    return line[at - 1] not in "\u094d\u200c\u200d"


def gather_line(lobby: Lobby | None) -> str | None:
    """At a table without a host screen gathering for a new match: who has said Play again and
    who it waits for (marked away when nothing of theirs is connected), in words (None: it is
    not gathering)."""
    if lobby is None or lobby.started or lobby.host_screen:
        return None
    people = [s for s in lobby.seats if s.kind in ("open", "here")]
    ready = [s.name for s in people if s.ready]
    if not ready:
        return None
    waiting = [
        # Translators: a player the table waits for whose laptop or phone is not connected now.
        s.name if s.connected else _("{name} (away)").format(name=s.name)
        for s in people
        if not s.ready
    ]
    names = ", "
    if not waiting:
        # Translators: at the end of a match across laptops; {ready} lists players' names.
        return _("Ready for a new match: {ready}.").format(ready=names.join(ready))
    # Translators: at the end of a match across laptops; {ready} and {waiting} list players'
    # names (those who pressed Play again, and the others).
    return _("Ready for a new match: {ready}. Waiting for {waiting}.").format(
        ready=names.join(ready), waiting=names.join(waiting)
    )
