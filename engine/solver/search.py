"""The exact meld search behind the solver: count vectors, meld templates and a memoised search.

A hand is a count vector over the 53 card codes packed into one int, three bits per code.
Wild cards are split up front into a *pool* (cards used as wilds, interchangeable) and cards
that stand as themselves. The search then always places the lowest natural card first, trying
only the melds whose other natural cards have higher codes, so each partition is met once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

from engine.cards import CARDS, JOKER_CODE, Card
from engine.melds import meld_kind_of_codes
from engine.rules import NEPALI, RuleSet
from engine.wilds import Wilds

NCODES = JOKER_CODE + 1
BITS = 3
FIELD = (1 << BITS) - 1
UNIT: tuple[int, ...] = tuple(1 << (BITS * c) for c in range(NCODES))
# During a subtraction each field holds count + 4: a field that goes short clears its guard
# bit without borrowing from its neighbour, so one test checks every card of a meld.
GUARD = sum(4 << (BITS * c) for c in range(NCODES))
MAX_COPIES = 3
CACHE_LIMIT = 300_000

#: A template: (packed naturals, pool wilds needed, 1 if pure else 0, natural codes).
Template = tuple[int, int, int, tuple[int, ...]]


def pack(counts: Sequence[int]) -> int:
    """The packed form of a 53-long count vector (each count at most 3)."""
    packed = 0
    for code, n in enumerate(counts):
        if n:
            if not 0 < n <= MAX_COPIES:
                raise ValueError(f"a hand cannot hold {n} copies of one card")
            packed |= n << (BITS * code)
    return packed


def lowest(packed: int) -> int:
    """The lowest code present in a non-empty packed hand."""
    return ((packed & -packed).bit_length() - 1) // BITS


def fits(packed: int, delta: int) -> bool:
    """Whether the packed hand holds every card of the packed ``delta``."""
    return (packed + GUARD - delta) & GUARD == GUARD


@cache
def _plain_wilds(naturals: tuple[int, ...]) -> Wilds:
    """Wilds under which none of ``naturals`` is wild, to test a template exactly."""
    for t in range(JOKER_CODE):
        w = Wilds(CARDS[t], NEPALI)
        if not any(w.wild[c] for c in naturals):
            return w
    raise AssertionError("no tiplu leaves these cards natural")  # pragma: no cover


def template_valid(naturals: tuple[int, ...], k: int, long_melds: bool) -> bool:
    """Whether ``naturals`` standing as themselves plus ``k`` wild cards make a meld."""
    if k == 0:
        return meld_kind_of_codes(naturals, None, None, long_melds) is not None
    if JOKER_CODE in naturals:
        # A printed joker standing as itself only fits with wilds filling the rest.
        return len(naturals) == 1 and k >= 2
    w = _plain_wilds(naturals)
    codes = list(naturals) + [JOKER_CODE] * k
    return meld_kind_of_codes(codes, w.wild, w.marriage, long_melds) is not None


def _is_pure(naturals: tuple[int, ...], long_melds: bool) -> bool:
    kind = meld_kind_of_codes(naturals, None, None, long_melds)
    return kind is not None and kind.is_pure


def _partners(x: int, long_melds: bool) -> tuple[list[int], list[int]]:
    """Codes above ``x`` that may share a meld with it: same suit nearby, and same rank."""
    if x == JOKER_CODE:
        return [], []
    suit, idx = divmod(x, 13)
    reach = 4 if long_melds else 2
    same_suit = [
        suit * 13 + j
        for j in range(idx + 1, 13)
        if j - idx <= reach or (j == 12 and idx <= reach - 1)
    ]
    same_rank = [s * 13 + idx for s in range(suit + 1, 4)]
    return same_suit, same_rank


def _make_templates(x: int, long_melds: bool) -> list[Template]:
    """Every meld whose lowest natural card is ``x`` (other naturals have higher codes)."""
    max_size = 5 if long_melds else 3
    found: list[tuple[int, int, int, tuple[int, ...]]] = []
    seen: set[tuple[tuple[int, ...], int]] = set()

    def add(naturals: tuple[int, ...], k: int) -> None:
        if (naturals, k) in seen or not 3 <= len(naturals) + k <= max_size:
            return
        seen.add((naturals, k))
        if template_valid(naturals, k, long_melds):
            pure = 1 if k == 0 and _is_pure(naturals, long_melds) else 0
            delta = sum(UNIT[c] for c in naturals)
            found.append((delta, k, pure, naturals))

    add((x, x, x), 0)
    same_suit, same_rank = _partners(x, long_melds)
    for group in (same_suit, same_rank):
        for r in range(1, max_size):
            for others in combinations(group, r):
                for k in range(max_size):
                    add((x, *others), k)
    for k in range(2, max_size):
        add((x,), k)
    # Pure melds first, then by fewest wilds: the first finish found reads naturally.
    found.sort(key=lambda t: (-t[2], t[1], -len(t[3]), t[3]))
    return [(d, k, p, n) for d, k, p, n in found]


@cache
def templates(long_melds: bool) -> tuple[tuple[Template, ...], ...]:
    """Templates for every code, built once per meld size."""
    return tuple(tuple(_make_templates(x, long_melds)) for x in range(NCODES))


@cache
def _rows(
    long_melds: bool, wilds_known: bool
) -> tuple[tuple[tuple[Template, ...], ...], tuple[tuple[tuple[Template, ...], ...], ...], int]:
    """The templates a search tries per code, the same rows again per number of wild cards
    that can still be paid (the last for that many or more), and that most: made once per
    meld size, for every set of wild cards alike.

    A template asking more wild cards than the hand and the pool hold could only lead to a
    state that fails at once, so the search never tries it.
    """
    every = templates(long_melds)
    # Without wild cards only the natural melds can ever fit.
    tpl = every if wilds_known else tuple(tuple(t for t in row if t[1] == 0) for row in every)
    most = max((t[1] for row in tpl for t in row), default=0)
    rows = tuple(tuple(tuple(t for t in row if t[1] <= a) for a in range(most + 1)) for row in tpl)
    return tpl, rows, most


_LOW_PLANE = sum(1 << (BITS * c) for c in range(NCODES))
_HIGH_PLANE = _LOW_PLANE << 1


def held(packed: int) -> int:
    """How many cards a packed hand holds (counts up to 3)."""
    return (packed & _LOW_PLANE).bit_count() + 2 * (packed & _HIGH_PLANE).bit_count()


_RUN_STARTS = sum(UNIT[s * 13 + i] for s in range(4) for i in range(11))
_ACE_LOW = sum(UNIT[s * 13] for s in range(4))  # the two of each suit, as start of A 2 3


def pure_candidates(packed: int) -> int:
    """How many pure melds (overlapping, with repeats) a packed hand holds: an upper bound."""
    third = packed & (packed >> 1) & _LOW_PLANE
    total = third.bit_count()  # tunnelas
    for plane in ((packed | (packed >> 1)) & _LOW_PLANE, (packed >> 1) & _LOW_PLANE, third):
        if not plane:
            break
        runs = plane & (plane >> BITS) & (plane >> (2 * BITS)) & _RUN_STARTS
        low = plane & (plane >> BITS) & (plane >> (12 * BITS)) & _ACE_LOW
        total += runs.bit_count() + low.bit_count()
    return total


class MeldSearch:
    """Memoised exact search for one meld size and one set of wild codes.

    Wild cards are met in code order like any other: each either stands as itself or joins
    the pool. The pool may go into debt (a meld below takes a wild card met later), never
    more than the wild cards still unplaced can pay.
    """

    def __init__(self, long_melds: bool, wild: Sequence[bool] | None) -> None:
        self.long_melds = long_melds
        self.tpl, self.rows, self.most = _rows(long_melds, wild is not None)
        self.wild_bits = 0 if wild is None else sum(UNIT[c] for c in range(NCODES) if wild[c])
        self.wild_fields = self.wild_bits * FIELD
        self.memo: dict[tuple[int, int, int, int], bool] = {}
        self.discard_memo: dict[tuple[int, int, int], int] = {}

    def clear(self) -> None:
        """Forget every memoised result."""
        self.memo.clear()
        self.discard_memo.clear()

    def end_ok(self, pool: int) -> bool:
        """Whether wild cards left in the pool at the end can make melds of their own."""
        if self.long_melds:
            return pool == 0 or pool >= 3
        return pool >= 0 and pool % 3 == 0

    def payable(self, hand: int, pool: int) -> int:
        """How many wild cards the pool and the hand's own wild cards can pay (below 0: a debt
        they cannot)."""
        wild_fields = self.wild_fields
        if not wild_fields:
            return pool
        w = hand & wild_fields
        return pool + (w & _LOW_PLANE).bit_count() + 2 * (w & _HIGH_PLANE).bit_count()

    def feasible(self, hand: int, pool: int, disc: int, need: int) -> bool:
        """Whether ``hand`` plus ``pool`` wilds split into melds with ``need`` pure,
        leaving exactly ``disc`` (0 or 1) card of the hand over as the discard."""
        if not hand:
            return disc == 0 and need == 0 and self.end_ok(pool)
        paid = self.payable(hand, pool)
        if paid < 0:
            return False
        if need and pure_candidates(hand) < need:
            return False
        key = (hand, pool, disc, need)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > CACHE_LIMIT:
            memo.clear()
        x = ((hand & -hand).bit_length() - 1) // BITS
        ok = False
        guarded = hand + GUARD
        # A template asking more wild cards than can be paid fails at once: never tried.
        most = self.most
        for delta, k, pure, _ in self.rows[x][paid if paid < most else most]:
            rest = guarded - delta
            if rest & GUARD != GUARD:
                continue
            if self.feasible(rest - GUARD, pool - k, disc, need - pure if need else 0):
                ok = True
                break
        if not ok and self.wild_bits & UNIT[x]:
            ok = self.feasible(hand - UNIT[x], pool + 1, disc, need)
        if not ok and disc:
            ok = self.feasible(hand - UNIT[x], pool, 0, need)
        memo[key] = ok
        return ok

    def discards(self, hand: int, pool: int, need: int) -> int:
        """Bit mask of the codes that can be the discard, everything else melded."""
        if not hand:
            return 0
        paid = self.payable(hand, pool)
        if paid < 0:
            return 0
        if need and pure_candidates(hand) < need:
            return 0
        key = (hand, pool, need)
        memo = self.discard_memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if len(memo) > CACHE_LIMIT:
            memo.clear()
        x = ((hand & -hand).bit_length() - 1) // BITS
        mask = 0
        guarded = hand + GUARD
        # A template asking more wild cards than can be paid fails at once: never tried.
        most = self.most
        for delta, k, pure, _ in self.rows[x][paid if paid < most else most]:
            rest = guarded - delta
            if rest & GUARD != GUARD:
                continue
            mask |= self.discards(rest - GUARD, pool - k, need - pure if need else 0)
        if self.wild_bits & UNIT[x]:
            mask |= self.discards(hand - UNIT[x], pool + 1, need)
        if self.feasible(hand - UNIT[x], pool, 0, need):
            mask |= 1 << x
        memo[key] = mask
        return mask

    def build(self, hand: int, disc: int, need: int) -> tuple[list[list[int]], int]:
        """One solution of a feasible state (empty pool): the melds as codes, and the discard."""
        shaped: list[tuple[list[int], int]] = []
        pool_cards: list[int] = []
        pool = 0
        discard = -1
        while hand:
            x = lowest(hand)
            guarded = hand + GUARD
            paid = self.payable(hand, pool)
            row = self.rows[x][max(0, min(paid, self.most))]
            for delta, k, pure, naturals in row:
                rest = guarded - delta
                if rest & GUARD != GUARD:
                    continue
                nxt = need - pure if need else 0
                if self.feasible(rest - GUARD, pool - k, disc, nxt):
                    shaped.append((list(naturals), k))
                    hand, pool, need = rest - GUARD, pool - k, nxt
                    break
            else:
                if self.wild_bits & UNIT[x] and self.feasible(hand - UNIT[x], pool + 1, disc, need):
                    pool_cards.append(x)
                    pool += 1
                elif disc and self.feasible(hand - UNIT[x], pool, 0, need):
                    discard = x
                    disc = 0
                else:
                    raise AssertionError("build called on an infeasible state")
                hand -= UNIT[x]
        melds = [naturals + [pool_cards.pop() for _ in range(k)] for naturals, k in shaped]
        if pool_cards:
            # Leftover wilds make melds of their own (three each; the last longer in long melds).
            sizes = [3] * (len(pool_cards) // 3)
            if self.long_melds:
                sizes[-1] += len(pool_cards) % 3
            for size in sizes:
                melds.append([pool_cards.pop() for _ in range(size)])
        return melds, discard


_SEARCHES: dict[tuple[bool, int], MeldSearch] = {}


def search_for(long_melds: bool, wild: Sequence[bool] | None) -> MeldSearch:
    """The shared search (and its memo) for a meld size and a set of wild codes."""
    key = (long_melds, 0 if wild is None else wild_key(wild))
    found = _SEARCHES.get(key)
    if found is None:
        if len(_SEARCHES) > 32:
            _SEARCHES.clear()
        found = _SEARCHES[key] = MeldSearch(long_melds, wild)
    return found


#: The bit mask of each wild mask met, by its id (the mask is kept so that the id stays its own).
_WILD_KEYS: dict[int, tuple[Sequence[bool], int]] = {}


def wild_key(wild: Sequence[bool]) -> int:
    """The codes of a wild mask as one int's bits, worked out once per mask object."""
    hit = _WILD_KEYS.get(id(wild))
    if hit is not None and hit[0] is wild:
        return hit[1]
    bits = sum(1 << c for c in range(NCODES) if wild[c])
    if len(_WILD_KEYS) > 4096:
        _WILD_KEYS.clear()
    _WILD_KEYS[id(wild)] = (wild, bits)
    return bits


def clear_search_cache() -> None:
    """Forget every memoised search result (for benchmarks and tests)."""
    _SEARCHES.clear()


class Table:
    """What the cards on the table say about the routes open to a player."""

    __slots__ = ("pure", "pairs", "melds_route", "dublee_route", "need")

    def __init__(
        self, shown: Iterable[Sequence[Card]], rules: RuleSet, players: int | None
    ) -> None:
        pure = pairs = sequences = 0
        for group in shown:
            codes = [c.code for c in group]
            if len(codes) == 2:
                pairs += 1
                continue
            kind = meld_kind_of_codes(codes, None, None, rules.long_melds)
            if kind is not None and kind.is_pure:
                pure += 1
            if not (len(codes) == 3 and codes[0] == codes[1] == codes[2]):
                sequences += 1
        self.pure = pure
        self.pairs = pairs
        self.need = max(0, 3 - pure)
        self.melds_route = pairs == 0
        allowed = rules.dublee_enabled and (players is None or rules.dublees_allowed(players))
        self.dublee_route = allowed and sequences == 0


_TABLES: dict[tuple[object, ...], tuple[RuleSet, Table]] = {}


def table_for(shown: Iterable[Sequence[Card]], rules: RuleSet, players: int | None) -> Table:
    """``Table(shown, rules, players)``, built once per distinct table (treat it as read-only)."""
    # Most seats show nothing yet: their key is quick to make.
    key = (
        ((), id(rules), players) if shown == [] else (tuple(map(tuple, shown)), id(rules), players)
    )
    hit = _TABLES.get(key)
    # The rules are kept in the entry so that their id cannot be taken by another object.
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = Table(key[0], rules, players)
    if len(_TABLES) > 4096:
        _TABLES.clear()
    _TABLES[key] = (rules, table)
    return table
