"""Seeing the maal (RULES.md §5): the pure melds or dublees a player may show."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.cards import CARDS, Card
from engine.rules import RuleSet
from engine.solver.search import NCODES, table_for

Meld = list[Card]


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


#: ``bytes.translate`` table: any count of a card to 1 if held, else 0.
_HELD = bytes([0] + [1] * 255)

#: ``bytes.translate`` table: a count of two or more to 1, else 0.
_PAIRED = bytes([0, 0] + [1] * 254)

_SUIT_RUNS: dict[tuple[int, bytes, bool], tuple[tuple[int, ...], ...]] = {}


def _suit_runs(base: int, present: bytes, long_melds: bool) -> tuple[tuple[int, ...], ...]:
    """The pure sequences of one suit (``present``: 13 bytes, 1 where a rank is held)."""
    memo_key = (base, present, long_melds)
    hit = _SUIT_RUNS.get(memo_key)
    if hit is not None:
        return hit
    found: set[tuple[int, ...]] = set()
    max_len = 13 if long_melds else 3
    # Position -1 is the ace played low (A 2 3 …); the ace's own position is 12.
    for start in range(-1, 11):
        if not present[start]:  # present[-1] is the ace
            continue
        length = 0
        while start + length <= 12 and present[start + length] and length < max_len:
            length += 1
            if start + length - 1 == 12 and start == -1:
                break
            if length >= 3:
                found.add(tuple(sorted(base + (start + i) % 13 for i in range(length))))
    # At most 2 ** 13 presences a suit: the memo stays small without a limit.
    hit = _SUIT_RUNS[memo_key] = tuple(found)
    return hit


def _pure_code_melds(counts: Sequence[int], long_melds: bool) -> list[tuple[int, ...]]:
    """Distinct pure melds as sorted code tuples, in code order (the hot path of legal_actions)."""
    held = bytes(counts)  # a hand holds at most three copies of a card
    found: list[tuple[int, ...]] = []
    c = held.find(3)
    while c >= 0:
        found.append((c, c, c))
        c = held.find(3, c + 1)
    for base in (0, 13, 26, 39):
        present = held[base : base + 13].translate(_HELD)
        if present.count(1) >= 3:
            found += _suit_runs(base, present, long_melds)
    return sorted(found)


def pure_melds_in(cards: Iterable[Card], rules: RuleSet) -> list[Meld]:
    """The distinct pure melds (tunnelas, natural pure sequences) these cards hold, in code order.

    With long melds, pure sequences of every length the cards allow are listed.
    """
    counts = _counts(cards)
    return [[CARDS[c] for c in codes] for codes in _pure_code_melds(counts, rules.long_melds)]


def seeing_options(
    cards: Iterable[Card],
    rules: RuleSet,
    shown: Iterable[Sequence[Card]] = (),
    players: int | None = None,
    limit: int = 64,
) -> list[list[Meld]]:
    """Every distinct way (up to ``limit``) to show what is still needed to see.

    Meld ways (the pure melds that bring the player to three) come first, then dublee ways.
    An empty list means nothing can be shown, or the player has nothing left to show.
    """
    hand = list(cards)
    counts = _counts(hand)
    table = table_for(shown, rules, players)
    ways: list[list[Meld]] = []
    if table.melds_route and table.need > 0:
        options = _pure_code_melds(counts, rules.long_melds)
        if _may_choose(options, counts, table.need):
            _choose_melds(options, counts, table.need, 0, [], ways, limit)
    see_pairs = rules.dublee_see - table.pairs
    if (
        table.dublee_route
        and see_pairs > 0
        and len(ways) < limit
        # Enough cards held twice or more (most hands are not): then list them.
        and bytes(counts).translate(_PAIRED).count(1) >= see_pairs
    ):
        codes = [c for c in range(NCODES) if counts[c] >= 2]
        for i, chosen in enumerate(combinations(codes, see_pairs)):
            if len(ways) >= limit or i >= limit:
                break
            ways.append([[CARDS[c], CARDS[c]] for c in chosen])
    return ways[:limit]


def _may_choose(options: list[tuple[int, ...]], counts: list[int], need: int) -> bool:
    """False when ``need`` melds cannot be chosen from ``options`` even one on top of another:
    fewer options than needed, and none that the hand holds twice (a tunnela never is)."""
    if len(options) >= need:
        return True
    return any(m[0] != m[-1] and all(counts[c] >= 2 for c in m) for m in options)


def _choose_melds(
    options: list[tuple[int, ...]],
    counts: list[int],
    need: int,
    start: int,
    chosen: list[tuple[int, ...]],
    ways: list[list[Meld]],
    limit: int,
    wants: list[tuple[tuple[int, int], ...]] | None = None,
) -> None:
    if wants is None:
        # What each option takes from the hand, worked out once for the whole search.
        # A pure meld is a tunnela (three copies of one card) or a run of distinct cards.
        wants = [((m[0], 3),) if m[0] == m[-1] else tuple((c, 1) for c in m) for m in options]
    if len(ways) >= limit:
        return
    if need == 0:
        ways.append([[CARDS[c] for c in m] for m in chosen])
        return
    for i in range(start, len(options)):
        want = wants[i]
        for c, k in want:
            if counts[c] < k:
                break
        else:
            meld = options[i]
            for c in meld:
                counts[c] -= 1
            chosen.append(meld)
            # The same meld may be shown twice when the hand holds two copies of it.
            _choose_melds(options, counts, need - 1, i, chosen, ways, limit, wants)
            chosen.pop()
            for c in meld:
                counts[c] += 1
            if len(ways) >= limit:
                return
