"""Small word helpers of the screens: who "You" is, a match's total, a wrap that never runs a
long word out of its box. (Counts are said with ``language.ngettext``: a whole phrase for each
form, in every language.)"""

from __future__ import annotations

import unicodedata

from marriage_gui.language import _
from marriage_gui.ui import theme


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
    return lines


def _breakable(line: str, at: int) -> bool:
    """Whether ``line`` may be broken before index ``at`` without splitting a letter."""
    if unicodedata.category(line[at]).startswith("M") or line[at] in "\u200c\u200d":
        return False
    return line[at - 1] not in "\u094d\u200c\u200d"
