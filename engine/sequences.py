"""Which cards of a suit stand near one another in a sequence.

The ace is high (Q K A) or low (A 2 3), but a sequence never wraps (K A 2): a king and a two
are twelve ranks apart, never one. This is the one place that measures how far apart two
cards stand in a sequence: ``engine.facts`` words what a card goes with from it, and the bots
judge their cards by it.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import JOKER_CODE
from engine.melds import ACE

#: Ranks in a suit (rank index 0 is the two, ``ACE`` the ace).
RANKS = 13


def _low(i: int) -> int:
    """A rank index with the ace counted low, below the two."""
    return -1 if i == ACE else i


def gap(i: int, j: int) -> int:
    """How many ranks apart two rank indices stand in a sequence, the ace high or low (the
    nearer of the two)."""
    return min(abs(i - j), abs(_low(i) - _low(j)))


def in_sequence(ranks: tuple[int, ...]) -> bool:
    """Whether distinct rank indices are consecutive, the ace high or low (never both)."""
    if len(set(ranks)) != len(ranks):
        return False
    span = len(ranks) - 1
    return any(
        max(mapped) - min(mapped) == span for mapped in (ranks, tuple(_low(i) for i in ranks))
    )


class Mate(NamedTuple):
    """A card of the same suit at most two ranks from another (``code``, ``gap`` ranks away),
    and the cards that would make a pure sequence of the two (``fills``)."""

    code: int
    gap: int
    fills: tuple[int, ...]


def _mates(code: int) -> tuple[Mate, ...]:
    suit, i = divmod(code, RANKS)
    base = suit * RANKS
    found = []
    for j in range(RANKS):
        if j == i or gap(i, j) > 2:
            continue
        fills = tuple(base + k for k in range(RANKS) if k not in (i, j) and in_sequence((i, j, k)))
        found.append(Mate(base + j, gap(i, j), fills))
    return tuple(found)


#: For each card code, its mates in a sequence (the printed joker has none).
MATES: tuple[tuple[Mate, ...], ...] = (*(_mates(c) for c in range(JOKER_CODE)), ())


def run_gap(a: int, b: int) -> int | None:
    """How many ranks apart two card codes stand in a sequence; None unless both are natural
    cards of one suit."""
    if a >= JOKER_CODE or b >= JOKER_CODE or a // RANKS != b // RANKS:
        return None
    return gap(a % RANKS, b % RANKS)


__all__ = ["MATES", "RANKS", "Mate", "gap", "in_sequence", "run_gap"]
