"""A player's share of a hand in words: what they held, and their net in its parts.

The score sheet after a played hand and the score keeper of a real table both say a
``engine.ledger.Share`` so: the maal difference, the fee, any dublee bonus (or the points for
going out, or the deadwood charged), and the net they add up to.
"""

from __future__ import annotations

from engine.ledger import Share
from marriage_gui.language import _


def split_line(share: Share, scoring: str, points: int, seen: bool) -> tuple[str, str]:
    """(what the player held, their net for the hand in its parts ending in the net)."""
    parts: list[str] = []
    if scoring == "settlement":
        parts.append(_("maal difference {points}").format(points=f"{share.maal:+d}"))
        if share.fee > 0:
            # Translators: the fees the winner collected, signed: "fees +16".
            parts.append(_("fees {points}").format(points=f"{share.fee:+d}"))
        elif share.fee:
            # Translators: the fee a loser paid the winner, signed: "fee -3".
            parts.append(_("fee {points}").format(points=f"{share.fee:+d}"))
        if share.bonus:
            parts.append(_("dublee bonus {points}").format(points=f"{share.bonus:+d}"))
    elif scoring == "contract":
        parts.append(_("maal {points}").format(points=f"{share.maal:+d}"))
        if share.bonus:
            # Translators: the points for going out first, signed: "going out +30".
            parts.append(_("going out {points}").format(points=f"{share.bonus:+d}"))
    else:  # deadwood: only the cards left over are charged (that is the net), maal does not count
        charged = (
            _("deadwood {points} pts").format(points=share.deadwood)
            if share.deadwood
            else _("no deadwood  ·  0 pts")
        )
        return seen_word(seen), charged
    if scoring == "settlement" and share.counted < points:
        maal = _("maal {points} (lost: never saw)").format(points=points)
    elif scoring == "settlement" and share.counted > points:
        maal = _("maal {points} (counts {counted} with kidnapped maal)").format(
            points=points, counted=share.counted
        )
    else:
        maal = _("maal {points}").format(points=points)
    # Translators: a row of the score sheet: whether the player saw, then their maal.
    head = _("{seen}  ·  {maal}").format(seen=seen_word(seen), maal=maal)
    return head, "  ".join(parts) + f"  =  {share.net:+d}"


def seen_word(seen: bool) -> str:
    """Whether a player saw the maal, as the sheet says it."""
    # Translators: the player saw the maal this hand (माल हेरेको).
    return _("seen") if seen else _("not seen")
