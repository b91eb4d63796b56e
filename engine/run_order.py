"""A run laid out as a player lays it: in rank order, the ace low (A 2 3) or high (Q K A) as
the run uses it, and each wild card in the place it stands for (A♠ 9♣ 3♠ with 9♣ wild as the
two). Sets and marriages keep their order."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARDS, Card, code_of
from engine.melds import ACE, MeldKind, classify_meld
from engine.rules import NEPALI, RuleSet
from engine.wilds import Wilds

_RUNS = frozenset({MeldKind.PURE_SEQUENCE, MeldKind.DIRTY_SEQUENCE})
#: The ranks a card may stand at in a run, by its rank index: 2 to 14, the ace at 14 or 1.
_RANKS = tuple((i + 2, 1) if i == ACE else (i + 2,) for i in range(13))


def in_run_order(
    cards: Sequence[Card], wilds: Wilds | None = None, rules: RuleSet = NEPALI
) -> tuple[Card, ...]:
    """``cards`` in the order of the run they make (as they are, if they make no run)."""
    held = tuple(cards)
    if classify_meld(held, wilds, rules) not in _RUNS:
        return held
    suits = sorted({c.suit for c in held if not c.is_joker})
    n = len(held)
    if any(_as_laid(held, suit, start, wilds) for suit in suits for start in range(1, 16 - n)):
        return held  # already in the order of a run, as it was played: kept
    best: tuple[tuple[int, int], tuple[Card, ...]] | None = None
    for suit in suits:
        # A run of n from rank ``start`` (1: the ace low) up to at most 14 (the ace high).
        for start in range(1, 16 - n):
            laid = _laid(held, suit, start, wilds)
            if laid is None:
                continue
            slots, naturals, first = laid
            # The most cards standing as themselves; then the naturals first (5 6 and a wild).
            key = (-naturals, first)
            if best is None or key < best[0]:
                best = (key, tuple(slots))
    return held if best is None else best[1]


def _as_laid(held: tuple[Card, ...], suit: int, start: int, wilds: Wilds | None) -> bool:
    """Whether ``held`` is, as it stands, the run in ``suit`` from rank ``start``: each card
    its place's own rank or a wild card."""
    for p, c in enumerate(held):
        rank = start + p
        natural = not c.is_joker and c.suit == suit and rank in _RANKS[c.code % 13]
        if not natural and (wilds is None or not wilds.is_wild(c)):
            return False
    return True


def _laid(
    held: tuple[Card, ...], suit: int, start: int, wilds: Wilds | None
) -> tuple[list[Card], int, int] | None:
    """The run of ``held`` in ``suit`` from rank ``start``: its cards, how many stand as
    themselves and where the first of those is; None if a card neither fits its own rank nor
    is wild."""
    n = len(held)
    slots: list[Card | None] = [None] * n
    rest: list[Card] = []
    for c in held:
        if not c.is_joker and c.suit == suit:
            free = [
                r - start
                for r in _RANKS[c.code % 13]
                if 0 <= r - start < n and slots[r - start] is None
            ]
            spot = free[0] if free else None
            if spot is not None:
                slots[spot] = c
                continue
        rest.append(c)
    if any(wilds is None or not wilds.is_wild(c) for c in rest):
        return None
    naturals = n - len(rest)
    first = next((i for i, c in enumerate(slots) if c is not None), n)
    laid = [c if c is not None else rest.pop(0) for c in slots]
    return laid, naturals, first


def run_of_ids(ids: Sequence[int], wilds: Wilds | None, rules: RuleSet) -> tuple[int, ...]:
    """Card ids of a meld in the order of the run they make (``in_run_order``)."""
    left = list(ids)
    out = []
    for c in in_run_order([CARDS[code_of(i)] for i in ids], wilds, rules):
        i = next(i for i in left if code_of(i) == c.code)
        left.remove(i)
        out.append(i)
    return tuple(out)
