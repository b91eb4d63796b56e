"""Quick necessary conditions for going out, checked before any search."""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import JOKER_CODE

LANE = 16
_LANES = sum(((1 << 14) - 1) << (LANE * s) for s in range(4))
#: Each card code's bit in the lanes of the bound (16 bits a suit, the ace also at the bottom).
LANE_BIT: tuple[int, ...] = tuple(1 << (LANE * (c // 13) + c % 13 + 1) for c in range(JOKER_CODE))


def _lane_masks(counts: Sequence[int], wild: Sequence[bool] | None) -> tuple[int, int, int, int]:
    """Presence (with the ace also at the low end), count 2+, count 3, and natural-only bits."""
    p1 = p2 = p3 = nat = 0
    for code in range(JOKER_CODE):
        n = counts[code]
        if n:
            bit = LANE_BIT[code]
            p1 |= bit
            if n >= 2:
                p2 |= bit
                if n >= 3:
                    p3 |= bit
            if wild is None or not wild[code]:
                nat |= bit
    return p1, p2, p3, nat


def _cards_in(mask: int, p1: int, p2: int, p3: int) -> int:
    return (mask & p1).bit_count() + (mask & p2).bit_count() + (mask & p3).bit_count()


def hopeless(counts: Sequence[int], wild: Sequence[bool] | None, need: int) -> bool:
    """A cheap proof that three-card melds cannot take all but one card: too few wilds.

    A natural card in no natural meld of the hand needs a wild in its meld, which holds at most
    two such cards; one with no partner at all needs two wilds. (``need`` is checked by the
    search itself, which counts repeated pure melds.)
    """
    p1, p2, p3, nat = _lane_masks(counts, wild)
    wilds_held = 0 if wild is None else sum(counts[c] for c in range(JOKER_CODE + 1) if wild[c])
    jokers = counts[JOKER_CODE] if wild is None else 0
    return hopeless_masks(p1, p2, p3, nat, wilds_held, jokers)


def hopeless_masks(p1: int, p2: int, p3: int, nat: int, wilds_held: int, jokers: int) -> bool:
    """``hopeless`` from the lane masks of a hand (see ``_lane_masks``), the wild cards held
    and, when nothing is wild, the printed jokers held."""
    aces = p1 & 0x2000_2000_2000_2000  # rank A at bit 13 of each lane: copy to bit 0
    p1 |= aces >> 13
    runs = p1 & (p1 >> 1) & (p1 >> 2) & _LANES
    in_run = runs | (runs << 1) | (runs << 2)
    in_run |= (in_run & 0x0001_0001_0001_0001) << 13
    lanes = [(p1 >> (LANE * s)) & 0x3FFE for s in range(4)]
    a, b, c, d = lanes
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    three = (a & b & (c | d)) | (c & d & (a | b))
    two_all = two | (two << 16) | (two << 32) | (two << 48)
    three_all = three | (three << 16) | (three << 32) | (three << 48)
    near = (p1 << 1) | (p1 >> 1) | (p1 << 2) | (p1 >> 2)
    near |= (near & 0x0001_0001_0001_0001) << 13
    partnered = (near | two_all | p3) & p1
    covered = (in_run | (three_all & p1) | p3) & ~0x0001_0001_0001_0001
    nat &= ~0x0001_0001_0001_0001
    lone = _cards_in(nat & ~partnered, p1, p2, p3)
    loose = _cards_in(nat & ~covered, p1, p2, p3) - lone
    if jokers and jokers < 3:
        lone += jokers
    if lone:
        lone -= 1
    elif loose:
        loose -= 1
    return 2 * lone + (loose + 1) // 2 > wilds_held
