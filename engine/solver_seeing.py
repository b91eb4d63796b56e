"""Seeing the maal (RULES.md §5): the pure melds or dublees a player may show."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from engine.cards import CARDS, Card
from engine.rules import RuleSet
from engine.solver_search import NCODES, table_for

Meld = list[Card]


def _counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * NCODES
    for c in cards:
        counts[c.code] += 1
    return counts


def _pure_code_melds(counts: Sequence[int], long_melds: bool) -> list[tuple[int, ...]]:
    """Distinct pure melds as sorted code tuples, in code order (the hot path of legal_actions)."""
    found: list[tuple[int, ...]] = [(c, c, c) for c in range(NCODES) if counts[c] >= 3]
    max_len = 13 if long_melds else 3
    for base in (0, 13, 26, 39):
        present = [counts[base + i] > 0 for i in range(13)]
        if sum(present) < 3:
            continue
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
                    found.append(tuple(sorted(base + (start + i) % 13 for i in range(length))))
    return sorted(set(found))


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
        options = [list(m) for m in _pure_code_melds(counts, rules.long_melds)]
        _choose_melds(options, counts, table.need, 0, [], ways, limit)
    see_pairs = rules.dublee_see - table.pairs
    if table.dublee_route and see_pairs > 0 and len(ways) < limit:
        codes = [c for c in range(NCODES) if counts[c] >= 2]
        for i, chosen in enumerate(combinations(codes, see_pairs)):
            if len(ways) >= limit or i >= limit:
                break
            ways.append([[CARDS[c], CARDS[c]] for c in chosen])
    return ways[:limit]


def _choose_melds(
    options: list[list[int]],
    counts: list[int],
    need: int,
    start: int,
    chosen: list[list[int]],
    ways: list[list[Meld]],
    limit: int,
    wants: list[tuple[tuple[int, int], ...]] | None = None,
) -> None:
    if wants is None:
        # What each option takes from the hand, worked out once for the whole search.
        wants = [tuple((c, m.count(c)) for c in set(m)) for m in options]
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
