"""A quick bound for finishes that lay cards off: which discards could finish at all.

A finish that lays cards off splits the hand into melds kept, cards laid off and a discard.
Before the sets of cards to lay off are listed and each rest is searched, one search asks a
looser question: may the hand split into melds, a discard and any cards that fit onto some
shown meld (each alone or beside others), however many and whichever? Every real finish is
such a split, so a discard this search rules out has no finish that lays cards off; in most
turns it rules out every discard the plain search did not already finish with, and the rest
of the work is skipped.

It is the meld search of ``engine.solver.search`` (lowest card first, wild cards in a pool)
with one more move: the lowest card may be put aside when it is one that could be laid off.
Pure melds are not asked for: the bound stays loose, never wrong.
"""

from __future__ import annotations

from engine.solver.search import BITS, GUARD, UNIT, MeldSearch


def could_finish(search: MeldSearch, hand: int, layable: int) -> int:
    """Bit mask of the codes that could be the discard of ``hand`` (packed) when any cards of
    the codes in ``layable`` (a bit mask) may be put aside and the rest must make melds."""
    return _discards(search, hand, 0, layable, {}, {})


def _discards(
    search: MeldSearch,
    hand: int,
    pool: int,
    layable: int,
    memo: dict[tuple[int, int], int],
    done: dict[tuple[int, int], bool],
) -> int:
    if not hand:
        return 0
    paid = search.payable(hand, pool)
    if paid < 0:
        return 0
    key = (hand, pool)
    hit = memo.get(key)
    if hit is not None:
        return hit
    x = ((hand & -hand).bit_length() - 1) // BITS
    unit = UNIT[x]
    mask = 0
    guarded = hand + GUARD
    most = search.most
    for delta, k, _pure, _ in search.rows[x][paid if paid < most else most]:
        rest = guarded - delta
        if rest & GUARD == GUARD:
            mask |= _discards(search, rest - GUARD, pool - k, layable, memo, done)
    if search.wild_bits & unit:
        mask |= _discards(search, hand - unit, pool + 1, layable, memo, done)
    if layable >> x & 1:
        mask |= _discards(search, hand - unit, pool, layable, memo, done)
    if _melds(search, hand - unit, pool, layable, done):
        mask |= 1 << x
    memo[key] = mask
    return mask


def _melds(
    search: MeldSearch, hand: int, pool: int, layable: int, memo: dict[tuple[int, int], bool]
) -> bool:
    """Whether ``hand`` and ``pool`` make melds once some cards of ``layable`` are put aside."""
    if not hand:
        return search.end_ok(pool)
    paid = search.payable(hand, pool)
    if paid < 0:
        return False
    key = (hand, pool)
    hit = memo.get(key)
    if hit is not None:
        return hit
    x = ((hand & -hand).bit_length() - 1) // BITS
    unit = UNIT[x]
    ok = False
    guarded = hand + GUARD
    most = search.most
    for delta, k, _pure, _ in search.rows[x][paid if paid < most else most]:
        rest = guarded - delta
        if rest & GUARD == GUARD and _melds(search, rest - GUARD, pool - k, layable, memo):
            ok = True
            break
    if not ok and search.wild_bits & unit:
        ok = _melds(search, hand - unit, pool + 1, layable, memo)
    if not ok and layable >> x & 1:
        ok = _melds(search, hand - unit, pool, layable, memo)
    memo[key] = ok
    return ok
