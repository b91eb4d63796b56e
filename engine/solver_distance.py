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
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from engine.cards import CARDS, JOKER_CODE, Card
from engine.melds import meld_kind_of_codes
from engine.rules import RuleSet
from engine.solver_search import (
    BITS,
    GUARD,
    NCODES,
    UNIT,
    Table,
    Template,
    pack,
    search_for,
    templates,
)
from engine.wilds import Wilds

NEG = -(10**6)
CACHE_LIMIT = 200_000

#: A two-card block: (packed pair, natural completions as (code, pure), fits with a wild).
PairTemplate = tuple[int, tuple[tuple[int, int], ...], bool]


@dataclass(frozen=True)
class Distance:
    """Missing cards to see and to go out (see the module notes for the exact convention)."""

    to_see: int
    to_go_out: int


@cache
def _pair_templates() -> tuple[tuple[PairTemplate, ...], ...]:
    """Per code x: every two-card block whose lower card is x, with how it completes."""
    rows: list[tuple[PairTemplate, ...]] = []
    full = templates(False)
    for x in range(NCODES):
        found: dict[int, tuple[list[tuple[int, int]], bool]] = {}
        for _, k, pure, naturals in _all_three_card(full):
            if k == 0 and x in naturals:
                rest = list(naturals)
                for z in set(naturals):
                    pair = list(rest)
                    pair.remove(z)
                    if min(pair) != x:
                        continue
                    delta = sum(UNIT[c] for c in pair)
                    entry = found.setdefault(delta, ([], False))
                    if (z, pure) not in entry[0]:
                        entry[0].append((z, pure))
            elif k == 1 and naturals[0] == x:
                delta = sum(UNIT[c] for c in naturals)
                completions = found.get(delta, ([], False))[0]
                found[delta] = (completions, True)
        rows.append(
            tuple(
                (delta, tuple(sorted(comp, key=lambda t: -t[1])), dirty)
                for delta, (comp, dirty) in sorted(found.items())
            )
        )
    return tuple(rows)


def _all_three_card(full: tuple[tuple[Template, ...], ...]) -> list[Template]:
    return [t for row in full for t in row if len(t[3]) + t[1] == 3]


class _Context:
    """The block search for one set of wild codes; memo keys carry the available cards."""

    def __init__(self, wild: Sequence[bool] | None) -> None:
        full = templates(False)
        self.full: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple(
                (d, k, p)
                for d, k, p, naturals in row
                if len(naturals) + k == 3 and (k == 0 or wild is not None)
            )
            for row in full
        )
        # Two-card blocks: (packed pair, codes that complete it, codes that complete it pure,
        # whether a wild completes it).
        self.pairs: tuple[tuple[tuple[int, int, int, bool], ...], ...] = tuple(
            tuple(
                (
                    delta,
                    sum(1 << z for z, _ in completions),
                    sum(1 << z for z, pure in completions if pure),
                    dirty and wild is not None,
                )
                for delta, completions, dirty in row
            )
            for row in _pair_templates()
        )
        self.with_wilds = wild is not None
        self.memo: dict[tuple[int, int, int, int, int], int] = {}

    def end_value(self, pool: int, slots: int, need: int) -> int:
        """Best value of leftover pool wilds alone, with ``need`` slots kept for pure melds."""
        if need > slots:
            return NEG
        best = 0
        free = slots - need
        for triples in range(min(pool // 3, free) + 1):
            pairs = min((pool - 3 * triples) // 2, free - triples)
            best = max(best, 2 * triples + pairs)
        return best

    def best(self, hand: int, pool: int, slots: int, need: int, avail: int) -> int:
        """Max of 2 per complete block plus 1 per two-card block, in at most ``slots`` blocks.

        ``avail`` has bit c set when code c is unseen (so may still be drawn); bit 53 when
        some wild card is.
        """
        if not hand:
            return self.end_value(pool, slots, need)
        key = (hand, pool, slots, need, avail)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > CACHE_LIMIT:
            memo.clear()
        x = ((hand & -hand).bit_length() - 1) // BITS
        unit = UNIT[x]
        cap = 2 * slots
        best = self.best(hand - unit, pool, slots, need, avail)
        if slots and best < cap:
            guarded = hand + GUARD
            for delta, k, pure in self.full[x]:
                if k > pool:
                    continue
                rest = guarded - delta
                if rest & GUARD != GUARD:
                    continue
                nxt = need - pure if need else 0
                value = 2 + self.best(rest - GUARD, pool - k, slots - 1, nxt, avail)
                if value > best:
                    best = value
                    if best >= cap:
                        break
            if best < cap:
                wild_avail = avail >> NCODES & 1
                for delta, complete, complete_pure, dirty in self.pairs[x]:
                    rest = guarded - delta
                    if rest & GUARD != GUARD:
                        continue
                    if complete & avail:
                        pure = 1 if complete_pure & avail else 0
                    elif dirty and wild_avail:
                        pure = 0
                    else:
                        continue
                    nxt = need - pure if need else 0
                    value = 1 + self.best(rest - GUARD, pool, slots - 1, nxt, avail)
                    if value > best:
                        best = value
                        if best >= cap:
                            break
            if best < cap and pool:
                value = 1 + self.best(hand - unit, pool - 1, slots - 1, need, avail)
                best = max(best, value)
        memo[key] = best
        return best


_CONTEXTS: dict[tuple[bool, ...] | None, _Context] = {}


def _context(wild: Sequence[bool] | None) -> _Context:
    key = None if wild is None else tuple(wild)
    found = _CONTEXTS.get(key)
    if found is None:
        if len(_CONTEXTS) > 16:
            _CONTEXTS.clear()
        found = _CONTEXTS[key] = _Context(wild)
    return found


def clear_distance_cache() -> None:
    """Forget every memoised distance (for benchmarks and tests)."""
    _CONTEXTS.clear()


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


def meld_cost(
    counts: Sequence[int], wild: Sequence[bool] | None, unseen: Sequence[int], need: int
) -> int:
    """Missing cards for the three-card meld route with ``need`` pure melds still to show.

    Wild cards in the hand are all counted as wilds here (never as their natural selves).
    """
    n = sum(counts)
    slots = n // 3
    context = _context(wild)
    avail = sum(1 << c for c in range(NCODES) if unseen[c] > 0)
    natural = list(counts)
    pool = 0
    if wild is not None:
        for c in range(NCODES):
            if wild[c]:
                pool += natural[c]
                natural[c] = 0
        if any(unseen[c] > 0 for c in range(NCODES) if wild[c]):
            avail |= 1 << NCODES
    value = context.best(pack(natural), pool, slots, need, avail)
    if value <= NEG // 2:
        return 99
    return 2 * slots - value


def is_pure_shown(group: Sequence[Card], long_melds: bool) -> bool:
    """Whether a group on the table is a pure meld (wilds never used)."""
    kind = meld_kind_of_codes([c.code for c in group], None, None, long_melds)
    return kind is not None and kind.is_pure


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


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
    groups = [list(g) for g in shown]
    counts = _counts(hand)
    unseen = (
        list(unseen_counts) if unseen_counts is not None else default_unseen(hand, groups, rules)
    )
    table = Table(groups, rules, players)
    seen = seen or table.pure >= 3 or (table.pairs > 0 and table.pairs >= rules.dublee_see)
    need = 0 if seen else table.need
    wild = None if wilds is None else wilds.wild
    to_see = 0
    if not seen:
        costs = [99]
        if table.melds_route:
            costs.append(pure_see_cost(counts, unseen, need))
        if table.dublee_route:
            costs.append(pair_cost(counts, unseen, rules.dublee_see - table.pairs, 0))
        to_see = min(costs)
    go = [99]
    if table.melds_route:
        cost = meld_cost(counts, wild, unseen, need)
        # The block count never uses a wild card as itself; an exact search settles a finish.
        ready = len(hand) % 3 == 1 or (rules.long_melds and len(hand) >= 4)
        if cost and ready and search_for(rules.long_melds, wild).feasible(pack(counts), 0, 1, need):
            cost = 0
        go.append(cost)
    if table.dublee_route:
        go.append(_dublee_go_cost(counts, wilds, rules, unseen, table))
    return Distance(to_see, min(go))


def _dublee_go_cost(
    counts: list[int], wilds: Wilds | None, rules: RuleSet, unseen: list[int], table: Table
) -> int:
    wanted = rules.dublee_out - table.pairs
    if rules.dublee_wild_pair and wilds is not None:
        wild_cards = sum(counts[c] for c in range(NCODES) if wilds.wild[c])
        plain = [0 if wilds.wild[c] else counts[c] for c in range(NCODES)]
        return pair_cost(plain, unseen, wanted, wild_cards // 2)
    return pair_cost(counts, unseen, wanted, 0)


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
    """
    hand = list(cards)
    groups = [list(g) for g in shown]
    unseen = (
        list(unseen_counts) if unseen_counts is not None else default_unseen(hand, groups, rules)
    )
    base = distance(hand, wilds, rules, groups, seen, unseen, players)
    use_see = base.to_see > 0
    found: dict[int, int] = {}
    held = _counts(hand)
    for code in range(NCODES):
        if unseen[code] <= 0 or held[code] >= 3:
            continue
        after = distance(hand + [CARDS[code]], wilds, rules, groups, seen, unseen, players)
        if (after.to_see < base.to_see) if use_see else (after.to_go_out < base.to_go_out):
            found[code] = unseen[code]
    return found
