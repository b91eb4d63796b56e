"""Facts the coach's words say beyond a card's own (``engine.facts``): what the next player
took from the discards, the hard bot's own judgement, a wild card's role, what seeing or going
out one way leaves. Each is checked by a test by another route (the history, the bot asked
again, the scoring, the solver, the move played on a copy of the game).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, GoOut
from engine.cards import Card
from engine.wilds import Role


@dataclass(frozen=True)
class Took:
    """Cards ``seat`` (named ``name``) took from the discards this hand and holds, each going
    with ``card``; ``safe``, if said, goes with none of them."""

    seat: int
    name: str
    card: Card
    cards: tuple[Card, ...]
    safe: Card | None
    seen: bool = False


@dataclass(frozen=True)
class Judged:
    """The hard bot's own measure (``measure``: "feeds", "draw", "score") puts ``worse``
    behind ``better`` in a decision of ``kind``."""

    measure: str
    kind: str
    worse: Action
    better: Action


@dataclass(frozen=True)
class Wild:
    """``card`` is a wild card of ``role`` for the seat (``maal``: it scores maal points)."""

    card: Card
    role: Role
    maal: bool


@dataclass(frozen=True)
class SeeRule:
    """Seeing shows the tiplu and makes wild cards count; ``maal``: and a player's maal pays
    only once they have seen."""

    maal: bool


@dataclass(frozen=True)
class Seeing:
    """Seeing with ``melds`` leaves ``out`` cards missing to go out."""

    melds: tuple[tuple[Card, ...], ...]
    out: int


@dataclass(frozen=True)
class Kept:
    """Going out with ``action`` keeps ``maal`` maal points."""

    action: GoOut
    maal: int


@dataclass(frozen=True)
class Ends:
    """``action`` (a legal Go out) ends the hand."""

    action: GoOut


__all__ = ["Ends", "Judged", "Kept", "SeeRule", "Seeing", "Took", "Wild"]
