"""Block counts of a whole hand by one pass over the ranks (used by ``solver_distance``).

A suit is read as fourteen positions: the ace below the two, the two up to the king, the ace
above the king. Every run or partial run of a suit spans at most three neighbouring positions,
and a set lies on one rank, so the ranks can be read in order keeping only, per suit, how
many cards of the next two positions are already promised to blocks (and how many aces were
used low). The result is every reachable count of blocks, as packed integers; the caller
scores them.

Fields of a packed count, nine bits each from the lowest (the top bit kept clear): complete pure blocks, pure
partials, pure partials a wild completes, dirty-only pairs, complete sets, set pairs one
available card completes, other set pairs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

SHIFT = 9
FIELD = (1 << (SHIFT - 1)) - 1
C, P, U, Z, CN, AN, ZN = (1 << (SHIFT * k) for k in range(7))
#: The top bit of every field: a subtraction that keeps them all did not borrow anywhere.
GUARD = sum(1 << (SHIFT * k + SHIFT - 1) for k in range(7))


def unpack(value: int) -> tuple[int, ...]:
    """The seven counts of a packed value."""
    return tuple((value >> (SHIFT * k)) & FIELD for k in range(7))


def pareto(values: set[int]) -> set[int]:
    """The packed counts no other one matches or beats in every field."""
    kept: list[int] = []
    for value in sorted(values, reverse=True):
        for k in kept:
            if ((k | GUARD) - value) & GUARD == GUARD:
                break
        else:
            kept.append(value)
    return set(kept)


def _index(position: int) -> int:
    """The rank index (0 the two, 12 the ace) at a position of the suit."""
    return 12 if position == 0 else position - 1


def _pair_step(mask: int, dirty: bool, avail: int, mode: int) -> int | None:
    """The packed step of a two-card block of a suit, or None when it is no block."""
    if mask & avail:
        return P + (U if dirty and mode else 0)
    if dirty and mode:
        return Z
    return None


@lru_cache(maxsize=65536)
def _suit_options(
    q: int, m: int, lim1: int, lim2: int, avail: int, mode: int
) -> tuple[tuple[int, int, int, int, int], ...]:
    """Ways one suit uses its ``m`` free cards at position ``q``.

    Each is (cards promised at q + 1, at q + 2, cards given to sets, packed step, cards of q
    used). Cards left over are singles.
    """
    adj = gap = same = None
    if q + 1 <= 13:
        mask = 1 << _index(q + 2) if q + 2 <= 13 else 0
        if q >= 1:
            mask |= 1 << _index(q - 1)
        adj = _pair_step(mask, True, avail, mode)
    if q + 2 <= 13:
        gap = _pair_step(1 << _index(q + 1), True, avail, mode)
    if q >= 1:
        same = _pair_step(1 << _index(q), False, avail, mode)
    found: set[tuple[int, int, int, int, int]] = set()
    for x in range(min(m, lim1, lim2) + 1):
        for y in range((0 if adj is None else min(m - x, lim1 - x)) + 1):
            for g in range((0 if gap is None else min(m - x - y, lim2 - x)) + 1):
                left = m - x - y - g
                step = x * C + y * (adj or 0) + g * (gap or 0)
                if q == 0:
                    found.add((x + y, x + g, 0, step, x + y + g))
                    continue
                for t in range(left // 3 + 1):
                    for e in range((0 if same is None else (left - 3 * t) // 2) + 1):
                        rest = left - 3 * t - 2 * e
                        total = step + t * C + e * (same or 0)
                        for w in range(rest + 1):
                            found.add((x + y, x + g, w, total, m - rest + w))
    return tuple(sorted(found))


@lru_cache(maxsize=65536)
def _set_options(uses: tuple[int, ...], avail: int, mode: int) -> tuple[int, ...]:
    """Packed set counts using exactly ``uses[s]`` cards of suit s at one rank.

    ``avail`` has bit s when suit s's card of the rank is available.
    """
    if not any(uses):
        return (0,)
    first = next(s for s in range(4) if uses[s])
    found: set[int] = set()
    others = [s for s in range(4) if s != first and uses[s]]
    for size in (2, 1):
        for group in combinations(others, size):
            members = (first, *group)
            if size == 2:
                step = CN
            else:
                rest = sum(1 << s for s in range(4) if s not in members)
                if rest & avail:
                    step = AN
                elif mode:
                    step = ZN
                else:
                    continue
            after = list(uses)
            for s in members:
                after[s] -= 1
            for value in _set_options(tuple(after), avail, mode):
                found.add(value + step)
    return tuple(found)


def block_counts(nat: list[int], avail: int, mode: int) -> set[int]:
    """Every packed block count the natural cards of the four suits allow."""
    counts = [[0] * 15 for _ in range(4)]
    masks = []
    for s in range(4):
        row = counts[s]
        for i in range(13):
            row[i + 1] = nat[s * 13 + i]
        row[0] = row[13]
        masks.append((avail >> (13 * s)) & 0x1FFF)
    # A state: per suit, cards promised at the next two positions and aces used low.
    states: dict[tuple[int, ...], set[int]] = {(0,) * 12: {0}}
    for q in range(14):
        rank_avail = 0
        if q >= 1:
            for s in range(4):
                rank_avail |= ((masks[s] >> _index(q)) & 1) << s
        after: dict[tuple[int, ...], set[int]] = {}
        for state, values in states.items():
            lists = []
            for s in range(4):
                row = counts[s]
                have = row[q] - state[s]
                if q == 13:
                    have -= state[8 + s]
                lim1 = row[q + 1] - state[4 + s] if q + 1 <= 13 else 0
                lim2 = row[q + 2] if q + 2 <= 13 else 0
                if q + 1 == 13:
                    lim1 -= state[8 + s]
                if q + 2 == 13:
                    lim2 -= state[8 + s]
                if have <= 0:
                    lists.append(((0, 0, 0, 0, 0),))
                else:
                    lists.append(_suit_options(q, max(have, 0), lim1, lim2, masks[s], mode))
            for combo in product(*lists):
                uses = tuple(o[2] for o in combo)
                sets = _set_options(uses, rank_avail, mode)
                if not sets:
                    continue
                step = sum(o[3] for o in combo)
                key = (
                    *(state[4 + s] + combo[s][0] for s in range(4)),
                    *(combo[s][1] for s in range(4)),
                    *(combo[s][4] if q == 0 else state[8 + s] for s in range(4)),
                )
                bucket = after.setdefault(key, set())
                for extra in sets:
                    shift = step + extra
                    bucket.update(v + shift for v in values)
        for key, bucket in after.items():
            if len(bucket) > 8:
                after[key] = pareto(bucket)
        states = after
    found: set[int] = set()
    for values in states.values():
        found |= values
    return pareto(found)
