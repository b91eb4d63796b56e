"""How far a hand is from seeing and from going out, and which cards bring it closer.

The measure is the number of cards still *missing*: the fewest cards of the hand that must be
exchanged for other cards (one draw and one discard each) before the player can see, or go
out. A hand after its draw holds one card more than the melds need; that card is the discard
and is never counted missing. So:

- ``to_go_out == 0``: after drawing, the player can go out now; before drawing, the hand is
  already complete and any draw lets the player go out.
- ``to_go_out == 1``: before drawing, the right draw lets the player go out ("one away");
  after drawing, the player is one useful draw away at a later turn.

The meld route counts a block of three cards as complete, a block of two that one available
card completes as one missing, and every other card as one of a meld still two short. A missing
card is available when at least one copy is unseen from this seat; copies are not shared out
between blocks, and a lone card is assumed completable. With long melds (the Indian game) the
blocks are three-card melds, so the value is an upper bound except when the hand can go out.

How it is computed: runs and tunnelas live inside one suit, so each suit's natural cards give a
small Pareto set of block counts, memoised on the suit's counts (hands change one card a turn).
Same-rank sets, the only blocks across suits, are enumerated rank by rank; wild cards held are
then shared out among the blocks by a small cached optimisation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

from engine.cards import JOKER_CODE, Card
from engine.melds import meld_kind_of_codes
from engine.rules import RuleSet
from engine.solver_search import NCODES, Table, pack, search_for, templates
from engine.wilds import Wilds

CACHE_LIMIT = 200_000
NO_WILDS, WILD_AVAIL, WILD_GONE = 0, 1, 2

#: A suit's block counts: (complete, pure partial, of which a wild completes, dirty-only pair).
Counts = tuple[int, int, int, int]
#: Sets chosen: (complete sets, set pairs one available card completes, other set pairs).
SetCounts = tuple[int, int, int]


@dataclass(frozen=True)
class Distance:
    """Missing cards to see and to go out (see the module notes for the exact convention)."""

    to_see: int
    to_go_out: int


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


def _pareto(items: Iterable[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The items no other item matches or beats in every place."""
    kept: list[tuple[int, ...]] = []
    for item in sorted(set(items), reverse=True):
        if not any(all(a >= b for a, b in zip(k, item, strict=True)) for k in kept):
            kept.append(item)
    return tuple(kept)


_SUIT_MEMO: dict[tuple[int, int, int], tuple[Counts, ...]] = {}


def _suit(key: int, avail: int, mode: int) -> tuple[Counts, ...]:
    """Pareto set of block counts of one suit: ``key`` packs 13 counts, two bits each."""
    if not key:
        return ((0, 0, 0, 0),)
    memo_key = (key, avail, mode)
    hit = _SUIT_MEMO.get(memo_key)
    if hit is not None:
        return hit
    i = ((key & -key).bit_length() - 1) >> 1
    unit = 1 << (2 * i)
    n = (key >> (2 * i)) & 3
    runs, pairs = _suit_shapes()[i]
    found: list[Counts] = list(_suit(key - unit, avail, mode))
    if n >= 3:
        found += [(c + 1, p, u, z) for c, p, u, z in _suit(key - 3 * unit, avail, mode)]
    for j, k in runs:
        if (key >> (2 * j)) & 3 and (key >> (2 * k)) & 3:
            rest = key - unit - (1 << (2 * j)) - (1 << (2 * k))
            found += [(c + 1, p, u, z) for c, p, u, z in _suit(rest, avail, mode)]
    for j, mask, dirty in pairs:
        if j == i:
            if n < 2 or not mask & avail:
                continue
        elif not (key >> (2 * j)) & 3:
            continue
        rest = key - unit - (1 << (2 * j))
        if mask & avail:
            up = 1 if dirty and mode else 0
            found += [(c, p + 1, u + up, z) for c, p, u, z in _suit(rest, avail, mode)]
        elif dirty and mode:
            found += [(c, p, u, z + 1) for c, p, u, z in _suit(rest, avail, mode)]
    result: tuple[Counts, ...] = _pareto(found)  # type: ignore[assignment]
    if len(_SUIT_MEMO) > CACHE_LIMIT:
        _SUIT_MEMO.clear()
    _SUIT_MEMO[memo_key] = result
    return result


def _add(a: tuple[Counts, ...], b: tuple[Counts, ...]) -> tuple[Counts, ...]:
    if len(a) == 1 and not any(a[0]):
        return b
    return _pareto(  # type: ignore[return-value]
        (x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3]) for x in a for y in b
    )


@lru_cache(maxsize=CACHE_LIMIT)
def _value(
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

    At most ``slots`` blocks, at most ``free`` of them not pure.
    """
    cn, an, zn = s
    if mode == WILD_AVAIL:
        npu, zx = an + z + zn, 0
    elif mode == WILD_GONE:
        npu, zx = an, z + zn
    else:
        npu, zx = an, 0
    best = 0
    for a in range(min(w, npu) + 1):
        for b in range(min(w - a, p if mode else 0) + 1):
            if b > pu:
                break
            for zc in range(min(w - a - b, zx) + 1):
                r = w - a - b - zc
                loose = single + 2 * (zx - zc)
                for s2 in range(min(r // 2, loose) + 1):
                    for s1 in range(min(r - 2 * s2, loose - s2) + 1):
                        rem = r - 2 * s2 - s1
                        t3 = rem // 3
                        t2 = (rem - 3 * t3) // 2
                        done_np = cn + a + b + zc + s2 + t3
                        part_np = npu - a + s1 + t2
                        take = min(cp, slots)
                        left = slots - take
                        cap = max(0, free)
                        cn_take = min(done_np, cap, left)
                        left -= cn_take
                        value = 2 * take + 2 * cn_take
                        value += min(left, p - b + min(part_np, cap - cn_take))
                        if value > best:
                            best = value
    return best


def _set_blocks(nat: Sequence[int], avail: int, mode: int) -> list[tuple[tuple[int, ...], int]]:
    """Same-rank blocks the natural cards allow: (codes, 0 complete / 1 pair / 2 dirty pair)."""
    blocks: list[tuple[tuple[int, ...], int]] = []
    for r in range(13):
        suits = [s for s in range(4) if nat[s * 13 + r]]
        if len(suits) < 2:
            continue
        for trio in combinations(suits, 3):
            blocks.append((tuple(s * 13 + r for s in trio), 0))
        for duo in combinations(suits, 2):
            others = sum(1 << (s * 13 + r) for s in range(4) if s not in duo)
            if others & avail:
                blocks.append((tuple(s * 13 + r for s in duo), 1))
            elif mode:
                blocks.append((tuple(s * 13 + r for s in duo), 2))
    return blocks


_COMBINED: dict[tuple[int, int, int, int], tuple[Counts, ...]] = {}


def _two_suits(low: int, high: int, avail: int, mode: int) -> tuple[Counts, ...]:
    """The summed Pareto set of two suits (``avail`` holds both suits' 13 bits)."""
    memo_key = (low, high, avail, mode)
    hit = _COMBINED.get(memo_key)
    if hit is not None:
        return hit
    total = _add(_suit(low, avail & 0x1FFF, mode), _suit(high, avail >> 13, mode))
    if len(_COMBINED) > CACHE_LIMIT:
        _COMBINED.clear()
    _COMBINED[memo_key] = total
    return total


_FOUR: dict[tuple[int, ...], tuple[Counts, ...]] = {}


def _suits(keys: list[int], avail: int, mode: int) -> tuple[Counts, ...]:
    """The summed Pareto set of the four suits, memoised on all four keys."""
    memo_key = (keys[0], keys[1], keys[2], keys[3], avail, mode)
    hit = _FOUR.get(memo_key)
    if hit is not None:
        return hit
    low = _two_suits(keys[0], keys[1], avail & 0x3FFFFFF, mode)
    total = _add(low, _two_suits(keys[2], keys[3], (avail >> 26) & 0x3FFFFFF, mode))
    if len(_FOUR) > CACHE_LIMIT:
        _FOUR.clear()
    _FOUR[memo_key] = total
    return total


def block_value(
    nat: list[int], pool: int, avail: int, mode: int, slots: int, need: int, floor: int = 0
) -> int:
    """Best block value of the natural counts ``nat`` with ``pool`` wild cards (-1: none).

    A value at or below ``floor`` may come back as ``floor``: choices that cannot beat it are
    not explored (``outs`` only asks whether a drawn card beats the hand's value).
    """
    free = slots - need
    if free < 0:
        return -1
    keys = [sum(nat[s * 13 + r] << (2 * r) for r in range(13)) for s in range(4)]
    joker: tuple[Counts, ...] | None = None
    if nat[JOKER_CODE] >= 3:
        joker = ((1, 0, 0, 0),)
    elif nat[JOKER_CODE] == 2 and avail >> JOKER_CODE & 1:
        joker = ((0, 1, 0, 0),)
    cards = sum(nat)
    blocks = sorted(_set_blocks(nat, avail, mode), key=lambda b: b[1])
    # Per block: its codes, kind, rank and the (suit, key unit) of each card.
    plan = [
        (codes, kind, codes[0] % 13, [(c // 13, 1 << (2 * (c % 13))) for c in codes])
        for codes, kind in blocks
    ]
    count = len(plan)
    heads = [codes for codes, _, _, _ in plan]

    def nat_ok(index: int) -> bool:
        codes = heads[index]
        return all(nat[c] for c in codes)

    two_suits = _two_suits
    avail_low, avail_high = avail & 0x3FFFFFF, (avail >> 26) & 0x3FFFFFF
    best = max(0, floor)
    chosen = [0, 0, 0]
    value_of = _value
    target = 2 * slots

    def walk(start: int, left: int) -> None:
        nonlocal best
        low = two_suits(keys[0], keys[1], avail_low, mode)
        if joker is not None:
            low = _add(joker, low)
        high = two_suits(keys[2], keys[3], avail_high, mode)
        # The sums of the two halves: a few tuples, so no Pareto filter is worth its cost.
        frontier = [
            (c1 + c2, p1 + p2, u1 + u2, z1 + z2) for c1, p1, u1, z1 in low for c2, p2, u2, z2 in high
        ]
        cn, an, zn = chosen
        rest = cards - 3 * cn - 2 * (an + zn)
        sets = (cn, an, zn)
        for c, p, u, z in frontier:
            value = value_of(c, p, u, z, sets, rest - 3 * c - 2 * (p + z), pool, slots, free, mode)
            if value > best:
                best = value
        if not left or best >= target:
            return
        fitting = [index for index in range(start, count) if nat_ok(index)]
        if not fitting:
            return
        # Taking more sets only takes cards from the suits: bound by adding the sets for free.
        # A block may be taken again, so a rank of ``held`` cards gives at most held // 3 trios
        # and held // 2 sets in all.
        ranks: dict[int, bool] = {}
        for index in fitting:
            rank = plan[index][2]
            ranks[rank] = ranks.get(rank, False) or plan[index][1] == 0
        trios = sets_up = 0
        for rank, trio in ranks.items():
            held = nat[rank] + nat[13 + rank] + nat[26 + rank] + nat[39 + rank]
            if trio:
                trios += held // 3
            sets_up += held // 2
        more = (cn + min(left, trios), an + min(left, sets_up), zn)
        loose = rest if pool else 0
        for c, p, u, z in frontier:
            if value_of(c, p, u, z, more, loose, pool, slots, free, mode) > best:
                break
        else:
            return
        for index in fitting:
            if not nat_ok(index):
                continue
            codes, kind, _, units = plan[index]
            for c in codes:
                nat[c] -= 1
            for suit, unit in units:
                keys[suit] -= unit
            chosen[kind] += 1
            walk(index, left - 1)
            chosen[kind] -= 1
            for c in codes:
                nat[c] += 1
            for suit, unit in units:
                keys[suit] += unit

    walk(0, min(free, slots))
    return best


def clear_distance_cache() -> None:
    """Forget every memoised distance (for benchmarks and tests)."""
    _SUIT_MEMO.clear()
    _COMBINED.clear()
    _FOUR.clear()
    _value.cache_clear()


def _natural(
    counts: Sequence[int], wild: Sequence[bool] | None, unseen: Sequence[int]
) -> tuple[list[int], int, int, int]:
    """Natural counts, wild cards held, the available-codes mask and the wild mode."""
    avail = sum(1 << c for c in range(NCODES) if unseen[c] > 0)
    if wild is None:
        return list(counts), 0, avail, NO_WILDS
    natural = [0 if wild[c] else counts[c] for c in range(NCODES)]
    pool = sum(counts[c] for c in range(NCODES) if wild[c])
    mode = WILD_AVAIL if any(unseen[c] > 0 for c in range(NCODES) if wild[c]) else WILD_GONE
    return natural, pool, avail, mode


def meld_cost(
    counts: Sequence[int],
    wild: Sequence[bool] | None,
    unseen: Sequence[int],
    need: int,
    cap: int = 99,
) -> int:
    """Missing cards for the three-card meld route with ``need`` pure melds still to show.

    Wild cards in the hand are all counted as wilds here (never as their natural selves).
    With a ``cap``, any cost at or above it may come back as ``cap``.
    """
    slots = sum(counts) // 3
    natural, pool, avail, mode = _natural(counts, wild, unseen)
    value = block_value(natural, pool, avail, mode, slots, need, 2 * slots - cap)
    return min(cap, 99 if value < 0 else 2 * slots - value)


def default_unseen(
    cards: Iterable[Card], shown: Iterable[Sequence[Card]], rules: RuleSet
) -> list[int]:
    """Copies of each card not in this player's hand or on their part of the table."""
    unseen = [3] * JOKER_CODE + [rules.printed_jokers]
    for c in cards:
        unseen[c.code] -= 1
    for group in shown:
        for c in group:
            unseen[c.code] -= 1
    return [max(0, n) for n in unseen]


def pair_cost(counts: Sequence[int], unseen: Sequence[int], wanted: int, wild_pairs: int) -> int:
    """Missing cards to hold ``wanted`` dublees: one per matched single, two per new pair."""
    pairs = sum(n // 2 for n in counts) + wild_pairs
    short = wanted - pairs
    if short <= 0:
        return 0
    singles = sum(1 for c in range(NCODES) if counts[c] % 2 == 1 and unseen[c] > 0)
    fresh = sum(1 for c in range(NCODES) if counts[c] == 0 and unseen[c] >= 2)
    cost = min(short, singles)
    rest = short - cost
    if rest > fresh:
        return 99
    return cost + 2 * rest


def pure_see_cost(counts: Sequence[int], unseen: Sequence[int], need: int) -> int:
    """Missing cards to hold ``need`` disjoint natural pure melds."""
    if need <= 0:
        return 0
    candidates: list[tuple[int, tuple[int, ...]]] = []
    for x in range(NCODES):
        have = min(counts[x], 3)
        if have and unseen[x] >= 3 - have:
            candidates.append((have, (x, x, x)))
    for suit in range(4):
        base = suit * 13
        for start in range(-1, 11):
            codes = tuple(base + (start + i) % 13 for i in range(3))
            have = sum(1 for c in codes if counts[c])
            if have and all(counts[c] or unseen[c] for c in codes):
                candidates.append((have, codes))
    candidates.sort(key=lambda t: -t[0])
    best = [0]

    def choose(start: int, left: int, present: int, used: list[int]) -> None:
        if present > best[0]:
            best[0] = present
        if left == 0 or present + 3 * left <= best[0]:
            return
        for i in range(start, len(candidates)):
            have, codes = candidates[i]
            if present + have * left <= best[0]:
                return
            got = 0
            for c in codes:
                if used[c] < counts[c]:
                    got += 1
                used[c] += 1
            choose(i + 1, left - 1, present + got, used)
            for c in codes:
                used[c] -= 1

    choose(0, need, 0, [0] * NCODES)
    return 3 * need - best[0]


def is_pure_shown(group: Sequence[Card], long_melds: bool) -> bool:
    """Whether a group on the table is a pure meld (wilds never used)."""
    kind = meld_kind_of_codes([c.code for c in group], None, None, long_melds)
    return kind is not None and kind.is_pure


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


class _Setup:
    """What stays fixed while ``outs`` tries one drawn card after another."""

    def __init__(
        self,
        hand: list[Card],
        wilds: Wilds | None,
        rules: RuleSet,
        shown: Iterable[Sequence[Card]],
        seen: bool,
        unseen_counts: Sequence[int] | None,
        players: int | None,
    ) -> None:
        groups = [list(g) for g in shown]
        self.unseen = (
            list(unseen_counts)
            if unseen_counts is not None
            else default_unseen(hand, groups, rules)
        )
        self.table = table = Table(groups, rules, players)
        self.seen = seen or table.pure >= 3 or (table.pairs > 0 and table.pairs >= rules.dublee_see)
        self.need = 0 if self.seen else table.need
        self.wilds = wilds
        self.wild = None if wilds is None else wilds.wild
        self.rules = rules
        # The block count is exact for three-card melds, but it never lets a wild card stand
        # as itself in a pure meld: only then (or with long melds) may an exact search differ.
        self.exact_check = rules.long_melds or (self.wild is not None and self.need > 0)

    def to_see(self, counts: list[int]) -> int:
        if self.seen:
            return 0
        table, rules = self.table, self.rules
        costs = [99]
        if table.melds_route:
            costs.append(pure_see_cost(counts, self.unseen, self.need))
        if table.dublee_route:
            costs.append(pair_cost(counts, self.unseen, rules.dublee_see - table.pairs, 0))
        return min(costs)

    def to_go_out(self, counts: list[int], cap: int = 99) -> int:
        """Missing cards to go out; any cost at or above ``cap`` may come back as ``cap``."""
        table, rules = self.table, self.rules
        go = [cap]
        if table.melds_route:
            cost = meld_cost(counts, self.wild, self.unseen, self.need, cap)
            n = sum(counts)
            ready = n % 3 == 1 or (rules.long_melds and n >= 4)
            if cost and ready and self.exact_check:
                search = search_for(rules.long_melds, self.wild)
                if search.feasible(pack(counts), 0, 1, self.need):
                    cost = 0
            go.append(cost)
        if table.dublee_route:
            go.append(_dublee_go_cost(counts, self.wilds, rules, self.unseen, table))
        return min(go)


def distance(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    seen: bool = False,
    unseen_counts: Sequence[int] | None = None,
    players: int | None = None,
) -> Distance:
    """Cards missing to see and to go out (0 to see once the player has seen)."""
    hand = list(cards)
    setup = _Setup(hand, wilds, rules, shown, seen, unseen_counts, players)
    counts = _counts(hand)
    return Distance(setup.to_see(counts), setup.to_go_out(counts))


def _dublee_go_cost(
    counts: list[int], wilds: Wilds | None, rules: RuleSet, unseen: list[int], table: Table
) -> int:
    wanted = rules.dublee_out - table.pairs
    if rules.dublee_wild_pair and wilds is not None:
        wild_cards = sum(counts[c] for c in range(NCODES) if wilds.wild[c])
        plain = [0 if wilds.wild[c] else counts[c] for c in range(NCODES)]
        return pair_cost(plain, unseen, wanted, wild_cards // 2)
    return pair_cost(counts, unseen, wanted, 0)


def _connected(counts: list[int], code: int) -> bool:
    """Whether a drawn ``code`` can share a block with a card held: same suit near, same rank."""
    if code == JOKER_CODE:
        return True
    suit, idx = divmod(code, 13)
    if any(counts[s * 13 + idx] for s in range(4)):
        return True
    base = suit * 13
    for step in (-2, -1, 1, 2):
        j = idx + step
        if 0 <= j < 13 and counts[base + j]:
            return True
    # The ace also sits below the two: A 2 3.
    if idx == 12:
        return counts[base] + counts[base + 1] > 0
    return idx in (0, 1) and counts[base + 12] > 0


def outs(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    seen: bool = False,
    unseen_counts: Sequence[int] | None = None,
    players: int | None = None,
) -> dict[int, int]:
    """Card codes whose draw would bring the hand closer, each with its unseen copies.

    Closer means a smaller ``to_see`` while the player still has to see, else a smaller
    ``to_go_out``. Meant for the hand before its draw.

    Only a drawn card that can share a block with the hand (or is wild) changes the block
    count; every other card acts alike (a lone card), so one of them stands for all.
    """
    hand = list(cards)
    setup = _Setup(hand, wilds, rules, shown, seen, unseen_counts, players)
    unseen = setup.unseen
    held = _counts(hand)
    base_see = setup.to_see(held)
    use_see = base_see > 0
    base = base_see if use_see else setup.to_go_out(held)
    found: dict[int, int] = {}
    lone: int | None = None
    lone_helps = False
    for code in range(NCODES):
        if unseen[code] <= 0 or held[code] >= 3:
            continue
        special = setup.exact_check or use_see
        special = special or setup.wild is not None and setup.wild[code]
        if not special and not _connected(held, code):
            if lone is None:
                lone = code
                held[code] += 1
                lone_helps = setup.to_go_out(held, base) < base
                held[code] -= 1
            if lone_helps:
                found[code] = unseen[code]
            continue
        held[code] += 1
        after = setup.to_see(held) if use_see else setup.to_go_out(held, base)
        held[code] -= 1
        if after < base:
            found[code] = unseen[code]
    return found
