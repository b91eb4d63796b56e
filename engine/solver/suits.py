"""The block count behind ``distance``: the best value of a hand's blocks.

A block of three cards that forms a meld is worth 2, a block of two that one card completes is
worth 1 (see ``distance`` for what the value means to a player).

Runs and tunnelas live inside one suit, so each suit's natural cards give a small Pareto set of
block counts, memoised on the suit's counts (hands change one card a turn). Same-rank sets, the
only blocks across suits, are chosen by a bounded search over the ranks that hold them; wild
cards held are then shared out among the blocks by a small cached optimisation. Every memo is a
plain dict keyed on ints or tuples of ints, which the garbage collector stops tracking.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from engine.cards import JOKER_CODE
from engine.solver.search import NCODES, templates

CACHE_LIMIT = 200_000
NO_WILDS, WILD_AVAIL, WILD_GONE = 0, 1, 2

#: A suit's block counts: (complete, pure partial, of which a wild completes, dirty-only pair).
Counts = tuple[int, int, int, int]
#: Sets chosen: (complete sets, set pairs one available card completes, other set pairs).
SetCounts = tuple[int, int, int]


@cache
def _suit_shapes() -> tuple[
    tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, bool], ...]], ...
]:
    """Per index i of a suit: runs (j, k) and pairs (j, completion mask, dirty) above i.

    Read off the meld templates of the first suit, so the shapes follow the meld rules.
    """
    full = templates(False)
    runs: set[tuple[int, int, int]] = set()
    dirty: set[tuple[int, int]] = set()
    for i in range(13):
        for _, k, _, naturals in full[i]:
            if any(c >= 13 for c in naturals):
                continue
            if k == 0 and len(naturals) == 3 and len(set(naturals)) == 3:
                runs.add(tuple(sorted(naturals)))  # type: ignore[arg-type]
            elif k == 1 and len(naturals) == 2:
                dirty.add((min(naturals), max(naturals)))
    completes: dict[tuple[int, int], int] = {(i, i): 1 << i for i in range(13)}
    for run in runs:
        for a, b in combinations(run, 2):
            (z,) = set(run) - {a, b}
            completes[a, b] = completes.get((a, b), 0) | 1 << z
    for pair in dirty:
        completes.setdefault(pair, 0)
    rows = []
    for i in range(13):
        row_runs = tuple(sorted((b, c) for a, b, c in runs if a == i))
        row_pairs = tuple(
            (b, mask, (a, b) in dirty) for (a, b), mask in sorted(completes.items()) if a == i
        )
        rows.append((row_runs, row_pairs))
    return tuple(rows)


def _pareto(items: Iterable[Counts]) -> tuple[Counts, ...]:
    """The items no other item matches or beats in every place."""
    kept: list[Counts] = []
    # Sorted from the top, an item can only be matched by one kept before it.
    for item in sorted(set(items), reverse=True):
        a, b, c, d = item
        for k0, k1, k2, k3 in kept:
            if k0 >= a and k1 >= b and k2 >= c and k3 >= d:
                break
        else:
            kept.append(item)
    return tuple(kept)


_SUIT_MEMO: dict[tuple[int, int, int], tuple[Counts, ...]] = {}
#: The same sets packed as walk items: (``_pack_counts`` of the counts, cards they use).
#: Filed per (avail, mode), then by the suit's key alone: the walk reads it at every node.
_SUIT_ITEMS: dict[tuple[int, int], dict[int, tuple[tuple[int, int], ...]]] = {}

#: A suit's key holds each of its 13 counts in a byte (``int.from_bytes`` of the counts).
SHIFT = 8
FIELD = (1 << SHIFT) - 1


def suit_key(nat: Sequence[int], suit: int) -> int:
    """The key of one suit of the natural counts ``nat``."""
    base = 13 * suit
    return int.from_bytes(bytes(nat[base : base + 13]), "little")


def _suit(key: int, avail: int, mode: int) -> tuple[Counts, ...]:
    """Pareto set of block counts of one suit: ``key`` packs 13 counts, a byte each."""
    if not key:
        return ((0, 0, 0, 0),)
    memo_key = (key, avail, mode)
    hit = _SUIT_MEMO.get(memo_key)
    if hit is not None:
        return hit
    i = ((key & -key).bit_length() - 1) >> 3
    unit = 1 << (SHIFT * i)
    n = (key >> (SHIFT * i)) & FIELD
    runs, pairs = _suit_shapes()[i]
    found: list[Counts] = list(_suit(key - unit, avail, mode))
    if n >= 3:
        found += [(c + 1, p, u, z) for c, p, u, z in _suit(key - 3 * unit, avail, mode)]
    for j, k in runs:
        if (key >> (SHIFT * j)) & FIELD and (key >> (SHIFT * k)) & FIELD:
            rest = key - unit - (1 << (SHIFT * j)) - (1 << (SHIFT * k))
            found += [(c + 1, p, u, z) for c, p, u, z in _suit(rest, avail, mode)]
    for j, mask, dirty in pairs:
        if j == i:
            if n < 2 or not mask & avail:
                continue
        elif not (key >> (SHIFT * j)) & FIELD:
            continue
        rest = key - unit - (1 << (SHIFT * j))
        if mask & avail:
            up = 1 if dirty and mode else 0
            found += [(c, p + 1, u + up, z) for c, p, u, z in _suit(rest, avail, mode)]
        elif dirty and mode:
            found += [(c, p, u, z + 1) for c, p, u, z in _suit(rest, avail, mode)]
    result = _pareto(found)
    if len(_SUIT_MEMO) > CACHE_LIMIT:
        _SUIT_MEMO.clear()
        _SUIT_ITEMS.clear()
    _SUIT_MEMO[memo_key] = result
    _suit_items_at(avail, mode)[key] = tuple(
        (_pack_counts(c, p, u, z), 3 * c + 2 * (p + z)) for c, p, u, z in result
    )
    return result


# Plain dicts keyed on ints: the garbage collector does not track such entries, so a full
# cache does not slow every collection down (an ``lru_cache`` keeps linked lists).
#: Per (wilds held, slots, free slots, mode): block values keyed by ``_pack_counts``.
_VALUES: dict[tuple[int, int, int, int], dict[int, int]] = {}

#: Counts, sets and singles share one int key, a byte each (a hand has far fewer cards).
_BYTE = 8
_C, _P, _U, _Z = (1 << (_BYTE * k) for k in (7, 6, 5, 4))
_CN, _AN, _ZN = (1 << (_BYTE * k) for k in (3, 2, 1))


def _pack_counts(c: int, p: int, u: int, z: int) -> int:
    """The part of a value key that holds a suit's block counts."""
    return c * _C + p * _P + u * _U + z * _Z


#: Block values held in all of ``_VALUES``: the limit counts them together.
_values_held = 0


def _values_for(w: int, slots: int, free: int, mode: int) -> dict[int, int]:
    """The memo of block values for these wilds, slots and mode."""
    ctx = (w, slots, free, mode)
    memo = _VALUES.get(ctx)
    if memo is None:
        memo = _VALUES[ctx] = {}
    return memo


def _value_of_key(key: int, w: int, slots: int, free: int, mode: int) -> int:
    """``_block_value`` of a packed key (see ``_pack_counts``), memoised."""
    global _values_held
    memo = _values_for(w, slots, free, mode)
    hit = memo.get(key)
    if hit is None:
        if _values_held > CACHE_LIMIT:
            _clear_values()
            memo = _values_for(w, slots, free, mode)
        _values_held += 1
        field = (1 << _BYTE) - 1
        c, p, u, z, cn, an, zn, single = (key >> (_BYTE * k) & field for k in range(7, -1, -1))
        hit = memo[key] = _block_value(c, p, u, z, (cn, an, zn), single, w, slots, free, mode)
    return hit


def _block_value(
    cp: int,
    p: int,
    pu: int,
    z: int,
    s: SetCounts,
    single: int,
    w: int,
    slots: int,
    free: int,
    mode: int,
) -> int:
    """Best block value (2 a complete block, 1 a partial) of these counts and ``w`` wilds.

    At most ``slots`` blocks, at most ``free`` of them not pure. A single only counts with at
    least one wild card, so any ``single`` of ``w`` or more gives the same value.
    """
    cn, an, zn = s
    if mode == WILD_AVAIL:
        npu, zx = an + z + zn, 0
    elif mode == WILD_GONE:
        npu, zx = an, z + zn
    else:
        npu, zx = an, 0
    take = cp if cp < slots else slots
    left0 = slots - take
    cap = free if free > 0 else 0
    most = cap if cap < left0 else left0  # non-pure complete blocks that can count
    best = 0
    # A pure pair no wild completes (two identical cards: a wild never makes a tunnela) may do
    # better as two singles, each with two wild cards: ``split`` of them are taken so.
    whole = p - pu if w >= 2 else 0
    for a in range(min(w, npu) + 1):
        for b in range(min(w - a, p if mode else 0) + 1):
            if b > pu:
                break
            for split in range(whole + 1):
                pure_part = p - b - split
                for zc in range(min(w - a - b, zx) + 1):
                    r = w - a - b - zc
                    loose = single + 2 * (zx - zc) + 2 * split
                    done0 = cn + a + b + zc
                    part0 = npu - a
                    for s2 in range(min(r // 2, loose) + 1):
                        r2 = r - 2 * s2
                        for s1 in range(min(r2, loose - s2) + 1):
                            rem = r2 - s1
                            t3 = rem // 3
                            done_np = done0 + s2 + t3
                            part_np = part0 + s1 + (rem - 3 * t3) // 2
                            cn_take = done_np if done_np < most else most
                            room = cap - cn_take
                            extra = pure_part + (part_np if part_np < room else room)
                            left = left0 - cn_take
                            value = 2 * (take + cn_take) + (extra if extra < left else left)
                            if value > best:
                                best = value
    return best


@cache
def _rank_blocks(
    r: int, present: int, near: int, mode: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The same-rank blocks of rank ``r``: ``present`` and ``near`` (available) are suit bits."""
    suits = [s for s in range(4) if present >> s & 1]
    blocks: list[tuple[tuple[int, ...], int]] = []
    for trio in combinations(suits, 3):
        blocks.append((tuple(s * 13 + r for s in trio), 0))
    for duo in combinations(suits, 2):
        if any(near >> s & 1 for s in range(4) if s not in duo):
            blocks.append((tuple(s * 13 + r for s in duo), 1))
        elif mode:
            blocks.append((tuple(s * 13 + r for s in duo), 2))
    return tuple(blocks)


def _set_blocks(nat: Sequence[int], avail: int, mode: int) -> list[tuple[tuple[int, ...], int]]:
    """Same-rank blocks the natural cards allow: (codes, 0 complete / 1 pair / 2 dirty pair)."""
    blocks: list[tuple[tuple[int, ...], int]] = []
    on = 1 if mode else 0
    for r in range(13):
        present = (
            (nat[r] > 0) | (nat[13 + r] > 0) << 1 | (nat[26 + r] > 0) << 2 | (nat[39 + r] > 0) << 3
        )
        if present & (present - 1):  # two suits or more
            near = (
                (avail >> r & 1)
                | (avail >> (13 + r) & 1) << 1
                | (avail >> (26 + r) & 1) << 2
                | (avail >> (39 + r) & 1) << 3
            )
            blocks += _rank_blocks(r, present, near, on)
    return blocks


#: A frontier item as the walk reads it: its packed counts (``_pack_counts``) and its cards.
Item = tuple[int, int]


def _suit_items_at(avail: int, mode: int) -> dict[int, tuple[Item, ...]]:
    """The packed suit sets of one suit's ``avail`` and ``mode``, by suit key."""
    at = _SUIT_ITEMS.get((avail, mode))
    if at is None:
        at = _SUIT_ITEMS[avail, mode] = {0: ((0, 0),)}
    return at


def _suit_items(key: int, avail: int, mode: int) -> tuple[Item, ...]:
    """``_suit`` packed as walk items (``_suit`` files them as it finds them)."""
    _suit(key, avail, mode)
    return _suit_items_at(avail, mode)[key]


def block_value(
    nat: list[int], pool: int, avail: int, mode: int, slots: int, need: int, floor: int = -1
) -> int:
    """Best block value of the natural counts ``nat`` with ``pool`` wild cards (-1: none).

    With a ``floor`` of 0 or more the answer is only whether the value beats it (``outs``
    asks whether a drawn card beats the hand's value): ``floor`` when it does not, else some
    value above ``floor`` and no higher than the best. The default -1 asks for the best.
    """
    free = slots - need
    if free < 0:
        return -1
    keys = [suit_key(nat, 0), suit_key(nat, 1), suit_key(nat, 2), suit_key(nat, 3)]
    # Printed jokers held as themselves: a complete or a partial block, added to every item.
    joker_key, joker_cards = _held_jokers(nat, avail)
    cards = sum(nat) - joker_cards
    blocks = sorted(_set_blocks(nat, avail, mode), key=lambda b: b[1])
    # Per block: its codes, kind, rank, whether a trio, and (code, suit, key unit) of each card.
    plan = [
        (
            codes,
            kind,
            codes[0] % 13,
            kind == 0,
            [(c, c // 13, 1 << (SHIFT * (c % 13))) for c in codes],
        )
        for codes, kind in blocks
    ]
    count = len(plan)
    # The codes of each block padded to three with a code always held (one past the joker).
    nat = [*nat, 1]
    pad = NCODES
    firsts = [p[0][0] for p in plan]
    seconds = [p[0][1] for p in plan]
    thirds = [p[0][2] if len(p[0]) > 2 else pad for p in plan]
    set_units = (_CN, _AN, _ZN)
    rank_bits = [1 << p[2] for p in plan]
    trio_bits = [1 << p[2] if p[3] else 0 for p in plan]

    suit_items = _suit_items
    a0, a1, a2, a3 = (avail >> (13 * s) & 0x1FFF for s in range(4))
    i0, i1, i2, i3 = (_suit_items_at(a, mode) for a in (a0, a1, a2, a3))
    best = max(0, floor)
    target = 2 * slots if floor < 0 else min(2 * slots, floor + 1)

    # The memos are read here directly: a node asks them many times and most answers are known.
    values = _values_for(pool, slots, free, mode)
    value_of = _value_of_key

    def walk(cands: list[int], left: int, sets_key: int, rest: int) -> None:
        """Value the node, then try adding each set block of ``cands`` that still fits."""
        nonlocal best
        k0, k1, k2, k3 = keys
        s0 = i0.get(k0) or suit_items(k0, a0, mode)
        s1 = i1.get(k1) or suit_items(k1, a1, mode)
        s2 = i2.get(k2) or suit_items(k2, a2, mode)
        s3 = i3.get(k3) or suit_items(k3, a3, mode)
        # Each item of the four suits' sum, with its singles: singles beyond the wild cards
        # held cannot change the value (see ``_block_value``).
        frontier = []
        for x0, w0 in s0:
            for x1, w1 in s1:
                for x2, w2 in s2:
                    for x3, w3 in s3:
                        single = rest - w0 - w1 - w2 - w3
                        frontier.append(
                            x0 + x1 + x2 + x3 + joker_key + (single if single < pool else pool)
                        )
        for item in frontier:
            value = values.get(item + sets_key)
            if value is None:
                value = value_of(item + sets_key, pool, slots, free, mode)
            if value > best:
                best = value
        if not left or best >= target:
            return
        fitting = [i for i in cands if nat[firsts[i]] and nat[seconds[i]] and nat[thirds[i]]]
        if not fitting:
            return
        # Taking more sets only takes cards from the suits: bound by adding the sets for free.
        trios, sets_up = _sets_at_most(fitting, rank_bits, trio_bits, nat)
        more = (
            sets_key
            + (trios if trios < left else left) * _CN
            + (sets_up if sets_up < left else left) * _AN
        )
        # A block is worth no less than its cards alone, so the singles may stay as they are.
        for item in frontier:
            value = values.get(item + more)
            if value is None:
                value = value_of(item + more, pool, slots, free, mode)
            if value > best:
                break
        else:
            return
        # A block may be taken again (three decks), so each child starts at its own block.
        for pos, index in enumerate(fitting):
            _, kind, _, _, moves = plan[index]
            for c, suit, unit in moves:
                nat[c] -= 1
                keys[suit] -= unit
            walk(fitting[pos:], left - 1, sets_key + set_units[kind], rest - len(moves))
            for c, suit, unit in moves:
                nat[c] += 1
                keys[suit] += unit

    walk(list(range(count)), min(free, slots), 0, cards)
    return best


def _held_jokers(nat: list[int], avail: int) -> tuple[int, int]:
    """The printed jokers of ``nat`` held as themselves: the key of their complete or partial
    block, and how many cards it takes (none: 0, 0)."""
    if nat[JOKER_CODE] >= 3:
        return _C, 3
    if nat[JOKER_CODE] == 2 and avail >> JOKER_CODE & 1:
        return _P, 2
    return 0, 0


def _sets_at_most(
    fitting: list[int], rank_bits: list[int], trio_bits: list[int], nat: list[int]
) -> tuple[int, int]:
    """How many trios, and how many sets in all, the ``fitting`` set blocks could still add.

    A block may be taken again, so a rank of ``held`` cards gives at most held // 3 trios and
    held // 2 sets in all.
    """
    rank_mask = trio_mask = 0
    for index in fitting:
        rank_mask |= rank_bits[index]
        trio_mask |= trio_bits[index]
    trios = sets_up = 0
    while rank_mask:
        bit = rank_mask & -rank_mask
        rank_mask ^= bit
        rank = bit.bit_length() - 1
        held = nat[rank] + nat[13 + rank] + nat[26 + rank] + nat[39 + rank]
        if trio_mask & bit:
            trios += held // 3
        sets_up += held >> 1
    return trios, sets_up


def clear_block_cache() -> None:
    """Forget every memoised block count (for benchmarks and tests)."""
    _SUIT_MEMO.clear()
    _SUIT_ITEMS.clear()
    _clear_values()


def _clear_values() -> None:
    """Empty the block values of every context."""
    global _values_held
    _VALUES.clear()
    _values_held = 0
