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

The block count itself lives in ``suits``. ``outs`` tries only the drawn cards that can
change it (one stands for every card that cannot, one wild for every wild when the count is all
that matters) and asks each only whether it beats the hand, which prunes most of the search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from engine.cards import JOKER_CODE, Card
from engine.rules import RuleSet
from engine.solver.search import NCODES, Table, pack, search_for
from engine.solver.setting import Setting
from engine.solver.suits import (
    NO_WILDS,
    WILD_AVAIL,
    WILD_GONE,
    block_value,
    clear_block_cache,
)
from engine.wilds import Wilds


@dataclass(frozen=True)
class Distance:
    """Missing cards to see and to go out (see the module notes for the exact convention)."""

    to_see: int
    to_go_out: int


def clear_distance_cache() -> None:
    """Forget every memoised distance (for benchmarks and tests)."""
    clear_block_cache()


def _natural(
    counts: Sequence[int], wild: Sequence[bool] | None, unseen: Sequence[int]
) -> tuple[list[int], int, int, int]:
    """Natural counts, wild cards held, the available-codes mask and the wild mode."""
    avail = _available(unseen)
    if wild is None:
        return list(counts), 0, avail, NO_WILDS
    natural = [0 if wild[c] else counts[c] for c in range(NCODES)]
    pool = sum(counts[c] for c in range(NCODES) if wild[c])
    mode = WILD_AVAIL if any(unseen[c] > 0 for c in range(NCODES) if wild[c]) else WILD_GONE
    return natural, pool, avail, mode


_AVAILABLE: dict[tuple[int, ...], int] = {}


def _available(unseen: Sequence[int]) -> int:
    """The mask of the codes with a copy unseen (memoised: a seat's unseen counts change
    little from one question to the next)."""
    key = tuple(unseen)
    mask = _AVAILABLE.get(key)
    if mask is None:
        mask = sum(1 << c for c in range(NCODES) if unseen[c] > 0)
        if len(_AVAILABLE) >= 4096:
            _AVAILABLE.clear()
        _AVAILABLE[key] = mask
    return mask


def meld_cost(
    counts: Sequence[int],
    wild: Sequence[bool] | None,
    unseen: Sequence[int],
    need: int,
    cap: int = 99,
) -> int:
    """Missing cards for the three-card meld route with ``need`` pure melds still to show.

    Wild cards in the hand are all counted as wilds here (never as their natural selves).
    With a ``cap`` the answer is only whether the cost is below it: ``cap`` when it is not,
    else some number below ``cap`` and no lower than the cost.
    """
    natural, pool, avail, mode = _natural(counts, wild, unseen)
    return _meld_cost(natural, pool, avail, mode, need, cap)


def _meld_cost(nat: list[int], pool: int, avail: int, mode: int, need: int, cap: int) -> int:
    slots = (sum(nat) + pool) // 3
    value = block_value(nat, pool, avail, mode, slots, need, 2 * slots - cap if cap < 99 else -1)
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
    pairs = wild_pairs
    singles = fresh = 0
    for n, left in zip(counts, unseen, strict=True):
        if n:
            pairs += n >> 1
            if n & 1 and left > 0:
                singles += 1
        elif left >= 2:
            fresh += 1
    short = wanted - pairs
    if short <= 0:
        return 0
    cost = min(short, singles)
    rest = short - cost
    if rest > fresh:
        return 99
    return cost + 2 * rest


#: The codes of every natural pure run of three, A 2 3 up to Q K A.
_PURE_RUNS = tuple(
    tuple(suit * 13 + (start + i) % 13 for i in range(3))
    for suit in range(4)
    for start in range(-1, 11)
)


def pure_see_cost(counts: Sequence[int], unseen: Sequence[int], need: int) -> int:
    """Missing cards to hold ``need`` disjoint natural pure melds."""
    if need <= 0:
        return 0
    candidates: list[tuple[int, tuple[int, ...]]] = []
    for x in range(NCODES):
        have = counts[x]
        if have:
            have = min(have, 3)
            if unseen[x] >= 3 - have:
                candidates.append((have, (x, x, x)))
    for codes in _PURE_RUNS:
        a, b, c = codes
        have = (counts[a] > 0) + (counts[b] > 0) + (counts[c] > 0)
        if (
            have
            and (counts[a] or unseen[a])
            and (counts[b] or unseen[b])
            and (counts[c] or unseen[c])
        ):
            candidates.append((have, codes))
    candidates.sort(key=itemgetter(0), reverse=True)  # stable: ties keep their order
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


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


class Sight(Setting):
    """The solver's ``Setting`` with what a distance adds, fixed while ``outs`` tries one drawn
    card after another: the unseen copies of each card, whether the seat has seen (``need``:
    the pure melds still to show), and how the meld route may be counted."""

    __slots__ = ("unseen", "seen", "need", "exact_check", "wilds_alike", "avail", "mode")

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
        super().__init__(wilds, rules, groups, players)
        table = self.table
        self.unseen = (
            list(unseen_counts)
            if unseen_counts is not None
            else default_unseen(hand, groups, rules)
        )
        self.seen = seen or table.pure >= 3 or (table.pairs > 0 and table.pairs >= rules.dublee_see)
        self.need = 0 if self.seen else table.need
        # The block count is exact for three-card melds, but it never lets a wild card stand
        # as itself in a pure meld: only then (or with long melds) may an exact search differ.
        self.exact_check = rules.long_melds or (self.wild is not None and self.need > 0)
        # Otherwise the meld route pools every wild card: any wild code drawn counts the same.
        self.wilds_alike = self.wild is not None and not self.exact_check
        _, _, self.avail, self.mode = _natural([0] * NCODES, self.wild, self.unseen)

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
        """Missing cards to go out; with a ``cap``, only whether it is below (see ``meld_cost``)."""
        return min(self.by_melds(counts, cap), self.by_dublees(counts, cap))

    def by_dublees(self, counts: list[int], cap: int = 99) -> int:
        """``to_go_out`` by the dublee route alone (``cap`` when closed)."""
        if not self.table.dublee_route:
            return cap
        return min(cap, _dublee_go_cost(counts, self.wilds, self.rules, self.unseen, self.table))

    def by_melds(self, counts: list[int], cap: int = 99) -> int:
        """``to_go_out`` by the meld route alone (``cap`` when closed)."""
        table, rules = self.table, self.rules
        go = [cap]
        if table.melds_route:
            wild = self.wild
            if wild is None:
                cost = _meld_cost(counts, 0, self.avail, self.mode, self.need, cap)
            else:
                natural = [0 if w else n for n, w in zip(counts, wild, strict=True)]
                pool = sum(counts) - sum(natural)
                cost = _meld_cost(natural, pool, self.avail, self.mode, self.need, cap)
            n = sum(counts)
            ready = n % 3 == 1 or (rules.long_melds and n >= 4)
            if cost and ready and self.exact_check:
                search = search_for(rules.long_melds, self.wild)
                if search.feasible(pack(counts), 0, 1, self.need):
                    cost = 0
            go.append(cost)
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
    sight = Sight(hand, wilds, rules, shown, seen, unseen_counts, players)
    counts = _counts(hand)
    return Distance(sight.to_see(counts), sight.to_go_out(counts))


def go_out_cost(
    cards: Iterable[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    seen: bool = False,
    unseen_counts: Sequence[int] | None = None,
    players: int | None = None,
    cap: int = 99,
) -> int:
    """``distance(...).to_go_out`` alone; with a ``cap`` below 99 only whether it is below the
    cap: ``cap`` when it is not, else some number below ``cap`` and no lower than it (a search
    that cannot beat the cap stops early)."""
    hand = list(cards)
    sight = Sight(hand, wilds, rules, shown, seen, unseen_counts, players)
    return sight.to_go_out(_counts(hand), cap)


def distances_after_draws(
    cards: Iterable[Card],
    codes: Iterable[int],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    seen: bool = False,
    unseen_counts: Sequence[int] | None = None,
    players: int | None = None,
) -> dict[int, Distance]:
    """The distance of the hand with each one of ``codes`` drawn (one at a time).

    The same as ``distance(cards + [code])`` for each code, but the fixed facts are worked out
    once and, where the meld route treats every wild card alike, the wild codes share one count.
    """
    hand = list(cards)
    sight = Sight(hand, wilds, rules, shown, seen, unseen_counts, players)
    held = _counts(hand)
    alike = sight.wild if sight.wilds_alike else None
    wild_melds: int | None = None
    out: dict[int, Distance] = {}
    for code in codes:
        held[code] += 1
        if alike is not None and alike[code]:
            if wild_melds is None:
                wild_melds = sight.by_melds(held)
            go = min(wild_melds, sight.by_dublees(held))
        else:
            go = sight.to_go_out(held)
        out[code] = Distance(sight.to_see(held), go)
        held[code] -= 1
    return out


def _dublee_go_cost(
    counts: list[int], wilds: Wilds | None, rules: RuleSet, unseen: list[int], table: Table
) -> int:
    wanted = rules.dublee_out - table.pairs
    if rules.dublee_wild_pair and wilds is not None:
        plain = [0 if w else n for n, w in zip(counts, wilds.wild, strict=True)]
        return pair_cost(plain, unseen, wanted, (sum(counts) - sum(plain)) // 2)
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
    sight = Sight(hand, wilds, rules, shown, seen, unseen_counts, players)
    unseen = sight.unseen
    held = _counts(hand)
    base_see = sight.to_see(held)
    use_see = base_see > 0
    base = base_see if use_see else sight.to_go_out(held)
    found: dict[int, int] = {}
    lone: int | None = None
    lone_helps = False
    # Without the exact search or the seeing count, every wild card drawn joins the same pool
    # of the meld route, so one wild code stands for all there; the dublee route is cheap.
    wild_alike = sight.wilds_alike and not use_see
    by_melds: int | None = None
    for code in range(NCODES):
        if unseen[code] <= 0 or held[code] >= 3:
            continue
        is_wild = sight.wild is not None and sight.wild[code]
        if is_wild and wild_alike:
            held[code] += 1
            if by_melds is None:
                by_melds = sight.by_melds(held, base)
            if min(by_melds, sight.by_dublees(held, base)) < base:
                found[code] = unseen[code]
            held[code] -= 1
            continue
        special = sight.exact_check or use_see or is_wild
        if not special and not _connected(held, code):
            if lone is None:
                lone = code
                held[code] += 1
                lone_helps = sight.to_go_out(held, base) < base
                held[code] -= 1
            if lone_helps:
                found[code] = unseen[code]
            continue
        held[code] += 1
        after = sight.to_see(held) if use_see else sight.to_go_out(held, base)
        held[code] -= 1
        if after < base:
            found[code] = unseen[code]
    return found
