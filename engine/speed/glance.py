"""What a hand cannot do, seen at a glance: no pure melds to see with, no way to go out.

After a draw the rules list every way to see (before seeing) or to go out (after it). Most
hands have none, and the searches that list them spent most of a turn finding that out. Here
the hand's physical card ids become one *wide count* in one pass: four bits a card kind, laid
out in suit lanes of 64 bits (a lane holds its ace at the bottom too, and room above the king),
so that the bounds are a handful of operations on one int:

- ``may_see``: False only when ``seeing_options`` finds nothing: the pure melds that can be
  shown at once are counted exactly (each suit alone, a memo per suit's cards), the dublees by
  the cards held twice;
- ``may_go_out``: False only when ``going_out_options`` finds nothing, by the same early exits
  the solver takes (the hand's size, the count of cards no meld can hold without wilds, the
  pairs of the dublee route), worked out from the wide count instead of card objects.

Both answer True when they cannot tell (printed jokers in the hand, lay-off rules): the solver
then decides. ``tests/engine/test_speed_caches.py`` holds them against the solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import CARDS, JOKER_CODE, SHOE_SIZE, code_of
from engine.rules import RuleSet
from engine.solver.search import Table, table_for
from engine.wilds import Wilds

#: Bits a card kind takes in a wide count, and bits a suit's lane takes.
WIDE = 4
LANE = 16 * WIDE
#: Where the printed jokers are counted: above the four lanes.
JOKERS = 4 * LANE


def _unit(code: int) -> int:
    if code == JOKER_CODE:
        return 1 << JOKERS
    suit, idx = divmod(code, 13)
    return 1 << (LANE * suit + WIDE * (idx + 1))


#: Each physical card's unit in a wide count (ids of the shoe and up to 16 printed jokers).
UNIT_OF_ID: tuple[int, ...] = tuple(_unit(code_of(i)) for i in range(SHOE_SIZE + 16))


def _spread(mask: int) -> int:
    """A 16-bit-lane mask of ``engine.solver.bounds`` with each bit moved to its card's slot."""
    out, bit = 0, 0
    while mask >> bit:
        if mask >> bit & 1:
            out |= 1 << (WIDE * bit)
        bit += 1
    return out


#: The low bit of every slot of the four lanes.
_SLOTS = _spread((1 << 64) - 1)
_ACES = _spread(0x2000_2000_2000_2000)  # the ace, at the top of each lane
_LOWS = _spread(0x0001_0001_0001_0001)  # the ace again, at the bottom
_LANES = _spread(sum(((1 << 14) - 1) << (16 * s) for s in range(4)))
_RANKS = _spread(0x3FFE)  # one lane's two to ace
_RUN_STARTS = _spread(sum(((1 << 12) - 1) << (16 * s) for s in range(4)))
_ACE_DOWN = 13 * WIDE
_SUIT_MASK = (1 << LANE) - 1


def wide(hand: Sequence[int]) -> int | None:
    """The wide count of the physical cards ``hand`` (None for an id no shoe holds)."""
    try:
        return sum(map(UNIT_OF_ID.__getitem__, hand))
    except (IndexError, TypeError):
        return None


# ---------------------------------------------------------------------- the table
_TABLES: dict[tuple[Any, ...], tuple[RuleSet, Table]] = {}
LIMIT = 4096


def table_of(shown: Sequence[tuple[str, Sequence[int]]], rules: RuleSet, players: int) -> Table:
    """``table_for`` of what a seat shows (kinds and physical ids, as a game holds them)."""
    try:
        key = (tuple(shown), id(rules), players)
        hit = _TABLES.get(key)
    except TypeError:  # a state edited by hand with lists inside
        key, hit = None, None
    # The rules are kept in the entry so that their id cannot be taken by another object.
    if hit is not None and hit[0] is rules:
        return hit[1]
    table = table_for([[CARDS[code_of(i)] for i in ids] for _kind, ids in shown], rules, players)
    if key is not None:
        if len(_TABLES) >= LIMIT:
            _TABLES.clear()
        _TABLES[key] = (rules, table)
    return table


# ---------------------------------------------------------------------- seeing
_MOST: dict[int, int] = {}
_MOST_LIMIT = 1 << 16


def _most_pure(counts: tuple[int, ...], memo: dict[tuple[int, ...], int]) -> int:
    """The most pure melds (tunnelas, three-card pure sequences, the ace high or low) one suit's
    ``counts`` (thirteen, two to ace) hold at once."""
    hit = memo.get(counts)
    if hit is not None:
        return hit
    i = next((r for r in range(13) if counts[r]), -1)
    if i < 0:
        return 0
    rest = list(counts)
    rest[i] -= 1  # a copy of the lowest card left out
    best = _most_pure(tuple(rest), memo)
    if counts[i] == 3:  # the lowest card's tunnela
        rest = list(counts)
        rest[i] = 0
        best = max(best, 1 + _most_pure(tuple(rest), memo))
    runs = []
    if i <= 10 and counts[i + 1] and counts[i + 2]:
        runs.append((i, i + 1, i + 2))
    if i == 0 and counts[1] and counts[12]:
        runs.append((12, 0, 1))  # the ace low
    for run in runs:
        rest = list(counts)
        for r in run:
            rest[r] -= 1
        best = max(best, 1 + _most_pure(tuple(rest), memo))
    memo[counts] = best
    return best


def _suit_most_pure(lane: int) -> int:
    """``_most_pure`` of one suit's lane of a wide count (memoised on the lane)."""
    hit = _MOST.get(lane)
    if hit is None:
        counts = tuple((lane >> (WIDE * (r + 1))) & 0xF for r in range(13))
        hit = _most_pure(counts, {})
        if len(_MOST) >= _MOST_LIMIT:
            _MOST.clear()
        _MOST[lane] = hit
    return hit


def pure_melds_at_least(count: int, need: int) -> bool:
    """Whether the hand of wide count ``count`` holds ``need`` pure melds to show at once (a
    tunnela, or a pure sequence of three or more: a longer one holds one of three)."""
    once = count & _SLOTS
    twice = (count >> 1) & _SLOTS  # two copies or three
    held = once | twice
    thrice = once & twice
    # An upper bound first, from the melds that overlap: each tunnela, and each three ranks
    # in a row among the cards held once, twice and three times.
    bound = thrice.bit_count()
    for plane in (held, twice, thrice):
        if not plane:
            break
        plane |= (plane & _ACES) >> _ACE_DOWN
        bound += (plane & (plane >> WIDE) & (plane >> 2 * WIDE) & _RUN_STARTS).bit_count()
    if bound < need:
        return False
    # Exactly, suit by suit: only the cards in some meld matter (the rest of a suit is
    # cleared, so that suits differing in idle cards share their memo entry).
    low = held | ((held & _ACES) >> _ACE_DOWN)
    starts = low & (low >> WIDE) & (low >> 2 * WIDE) & _RUN_STARTS
    covered = starts | (starts << WIDE) | (starts << 2 * WIDE)
    covered |= (covered & _LOWS) << _ACE_DOWN
    kept = count & (((covered | thrice) & ~_LOWS) * 0xF)
    found = 0
    for suit in range(4):
        lane = (kept >> (LANE * suit)) & _SUIT_MASK
        if lane:
            found += _suit_most_pure(lane)
            if found >= need:
                return True
    return False


def may_see(
    hand: Sequence[int], shown: Sequence[tuple[str, Sequence[int]]], rules: RuleSet, players: int
) -> bool:
    """False only when ``seeing_options`` of this hand and table lists nothing."""
    count = wide(hand)
    return True if count is None else may_see_wide(count, table_of(shown, rules, players), rules)


def may_see_wide(count: int, table: Table, rules: RuleSet) -> bool:
    """``may_see`` of the hand of wide count ``count``, at a seat showing ``table``."""
    need = table.need
    if table.melds_route and need > 0 and pure_melds_at_least(count, need):
        return True
    see_pairs = rules.dublee_see - table.pairs
    if table.dublee_route and see_pairs > 0:
        held_twice = ((count >> 1) & _SLOTS).bit_count() + (count >> JOKERS >= 2)
        if held_twice >= see_pairs:
            return True
    return False


# ---------------------------------------------------------------------- going out
_WILD_SLOTS: dict[int, tuple[Wilds, int]] = {}


def _wild_slots(wilds: Wilds) -> int:
    """The slots of the wild card kinds (printed jokers aside)."""
    hit = _WILD_SLOTS.get(id(wilds))
    if hit is None or hit[0] is not wilds:
        slots = sum(_unit(c) for c in range(JOKER_CODE) if wilds.wild[c])
        if len(_WILD_SLOTS) >= LIMIT:
            _WILD_SLOTS.clear()
        hit = _WILD_SLOTS[id(wilds)] = (wilds, slots)
    return hit[1]


def hopeless_wide(p1: int, p2: int, p3: int, nat: int, wilds_held: int, jokers: int) -> bool:
    """``engine.solver.bounds.hopeless_masks`` with every mask in wide slots."""
    p1 |= (p1 & _ACES) >> _ACE_DOWN
    w, w2 = WIDE, 2 * WIDE
    runs = p1 & (p1 >> w) & (p1 >> w2) & _LANES
    in_run = runs | (runs << w) | (runs << w2)
    in_run |= (in_run & _LOWS) << _ACE_DOWN
    a = p1 & _RANKS
    b = (p1 >> LANE) & _RANKS
    c = (p1 >> 2 * LANE) & _RANKS
    d = (p1 >> 3 * LANE) & _RANKS
    two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    three = (a & b & (c | d)) | (c & d & (a | b))
    two_all = two | (two << LANE) | (two << 2 * LANE) | (two << 3 * LANE)
    three_all = three | (three << LANE) | (three << 2 * LANE) | (three << 3 * LANE)
    near = (p1 << w) | (p1 >> w) | (p1 << w2) | (p1 >> w2)
    near |= (near & _LOWS) << _ACE_DOWN
    partnered = (near | two_all | p3) & p1
    covered = (in_run | (three_all & p1) | p3) & ~_LOWS
    nat &= ~_LOWS
    alone = nat & ~partnered
    lone = (alone & p1).bit_count() + (alone & p2).bit_count() + (alone & p3).bit_count()
    bare = nat & ~covered
    loose = (bare & p1).bit_count() + (bare & p2).bit_count() + (bare & p3).bit_count() - lone
    if jokers and jokers < 3:
        lone += jokers
    if lone:
        lone -= 1
    elif loose:
        loose -= 1
    return 2 * lone + (loose + 1) // 2 > wilds_held


def may_go_out(
    hand: Sequence[int],
    shown: Sequence[tuple[str, Sequence[int]]],
    wilds: Wilds | None,
    rules: RuleSet,
    players: int,
) -> bool:
    """False only when ``going_out_options`` of this hand and table lists nothing."""
    count = wide(hand)
    if count is None:
        return True
    return may_go_out_wide(count, len(hand), table_of(shown, rules, players), wilds, rules)


def may_go_out_wide(count: int, n: int, table: Table, wilds: Wilds | None, rules: RuleSet) -> bool:
    """``may_go_out`` of the hand of ``n`` cards and wide count ``count``, at a seat showing
    ``table``."""
    if count >> JOKERS or rules.lay_off:
        return True  # printed jokers, or cards laid off: the solver decides
    once = count & _SLOTS
    twice = (count >> 1) & _SLOTS
    p1 = once | twice
    p3 = once & twice
    wild = 0 if wilds is None else _wild_slots(wilds)
    wild_cards = (once & wild).bit_count() + 2 * (twice & wild).bit_count()
    if table.melds_route and (
        n >= 4
        if rules.long_melds
        else n % 3 == 1 and not hopeless_wide(p1, twice, p3, p1 & ~wild, wild_cards, 0)
    ):
        return True
    if table.dublee_route:
        identical = twice.bit_count()
        if identical >= rules.dublee_see - table.pairs:
            pairs = identical
            if rules.dublee_wild_pair and wilds is not None:
                pairs = (twice & ~wild).bit_count() + wild_cards // 2
            if pairs >= rules.dublee_out - table.pairs:
                return True
    return False
