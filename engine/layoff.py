"""Laying off: at going out, adding cards from the hand onto melds already shown on the table.

The Indian game lets a player who has gone down play cards onto existing sets and runs
(``RuleSet.lay_off``). Here that happens as part of going out: the cards left over once the
melds and the discard are taken must all fit onto the player's own shown melds, each shown meld
staying a valid meld with its new cards (wild cards standing in where the player has seen).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from engine.cards import JOKER_CODE
from engine.melds import _dirty_kind, meld_kind_of_codes
from engine.rules import RuleSet
from engine.wilds import Wilds

#: Ways to extend one meld that are looked at; more is never needed by a 21-card hand.
MAX_EXTENSIONS = 400
#: Combinations of extensions over all shown melds that the going-out search tries.
MAX_COMBINATIONS = 2000

Codes = tuple[int, ...]


def extensions(
    meld: Sequence[int], counts: Sequence[int], wilds: Wilds | None, rules: RuleSet
) -> list[Codes]:
    """Every non-empty multiset of codes from ``counts`` that ``meld`` can take and stay a meld.

    Cards are added one at a time and every step must be a meld: a run grows at its ends and a
    set grows by one card, so every valid longer meld is reached this way.
    """
    if not rules.long_melds:
        return []  # melds of exactly three cards cannot grow
    wild = wilds.wild if wilds is not None else None
    marriage = wilds.marriage if wilds is not None else None
    return list(_extensions(tuple(meld), tuple(counts), wild, marriage))


def _is_long_meld(
    codes: Codes, wild: tuple[bool, ...] | None, marriage: tuple[int, int, int] | None
) -> bool:
    """Whether ``codes`` make some meld of three or more (not which kind: that costs more).

    Treating more wild cards as wild only loosens a meld's demands, so it is enough to try the
    cards as they are and then with every wild card standing in for another.
    """
    if meld_kind_of_codes(codes, None, marriage, True) is not None:
        return True
    if wild is None or not any(wild[c] for c in codes):
        return False
    naturals = [c for c in codes if not wild[c]]
    return _dirty_kind(naturals, len(codes)) is not None


@lru_cache(maxsize=4096)
def _extensions(
    meld: Codes,
    counts: Codes,
    wild: tuple[bool, ...] | None,
    marriage: tuple[int, int, int] | None,
) -> tuple[Codes, ...]:
    # Natural cards in one meld share a rank (a set) or a suit (a run): any other natural card
    # can never join it, so only wild cards and those are tried.
    naturals = [c for c in meld if c < JOKER_CODE and not (wild and wild[c])]
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    candidates = [
        code
        for code, have in enumerate(counts)
        if have
        and (
            code >= JOKER_CODE
            or (wild is not None and wild[code])
            or code % 13 in ranks
            or code // 13 in suits
            or not naturals
        )
    ]
    seen: set[Codes] = {()}
    frontier: list[Codes] = [()]
    found: list[Codes] = []
    while frontier and len(found) < MAX_EXTENSIONS:
        added = frontier.pop()
        for code in candidates:
            if counts[code] <= added.count(code):
                continue
            grown = tuple(sorted(added + (code,)))
            if grown in seen:
                continue
            seen.add(grown)
            if _is_long_meld(meld + grown, wild, marriage):
                found.append(grown)
                frontier.append(grown)
    return tuple(found)


def combinations(
    melds: Sequence[Sequence[int]],
    counts: Sequence[int],
    wilds: Wilds | None,
    rules: RuleSet,
    whole: bool = False,
) -> Iterator[tuple[Codes, ...]]:
    """Extensions for each shown meld at once (one per meld, maybe empty) that the hand can pay.

    Yields tuples parallel to ``melds``; the all-empty choice is not yielded. Without ``whole``,
    only choices that leave one discard, or enough cards for melds and a discard; with it, only
    choices that use every card. Bounded by MAX_COMBINATIONS, so the search is never unbounded.
    """
    options = [[()] + extensions(m, counts, wilds, rules) for m in melds]
    produced = 0
    total = sum(counts)
    sized = rules.long_melds

    def walk(i: int, left: list[int], chosen: list[Codes]) -> Iterator[tuple[Codes, ...]]:
        nonlocal produced
        if produced >= MAX_COMBINATIONS:
            return
        if i == len(options):
            laid = sum(len(ext) for ext in chosen)
            # What stays in hand must be one discard, or melds of three or more and a discard.
            rest = total - laid
            if laid and (rest == 0 if whole else (rest == 1 or rest >= 4 or not sized)):
                produced += 1
                yield tuple(chosen)
            return
        for ext in options[i]:
            if all(left[c] >= ext.count(c) for c in set(ext)):
                for c in ext:
                    left[c] -= 1
                yield from walk(i + 1, left, chosen + [ext])
                for c in ext:
                    left[c] += 1

    yield from walk(0, list(counts), [])


def laid_sets(
    melds: Sequence[Sequence[int]], counts: Sequence[int], wilds: Wilds | None, rules: RuleSet
) -> list[Codes]:
    """Every distinct non-empty multiset of cards the hand can lay off onto ``melds`` at once.

    Built meld by meld, merging equal multisets at each step, so wild cards that could go on
    several melds do not multiply the work. Bounded by MAX_COMBINATIONS.
    """
    options = [extensions(m, counts, wilds, rules) for m in melds]
    sets: set[Codes] = {()}
    for opts in options:
        grown = set(sets)
        for have in sets:
            for ext in opts:
                merged = tuple(sorted(have + ext))
                if merged in grown or any(merged.count(c) > counts[c] for c in set(ext)):
                    continue
                grown.add(merged)
                if len(grown) >= MAX_COMBINATIONS:
                    break
        sets = grown
    total = sum(counts)
    # What stays in hand must be one discard, or melds of three or more and a discard.
    return sorted(
        s
        for s in sets
        if s and (total - len(s) == 1 or total - len(s) >= 4 or not rules.long_melds)
    )


def assign(
    leftover: Sequence[int], melds: Sequence[Sequence[int]], wilds: Wilds | None, rules: RuleSet
) -> tuple[Codes, ...] | None:
    """How ``leftover`` codes all go onto ``melds`` (one extension per meld), or None if they cannot."""
    if not leftover:
        return tuple(() for _ in melds)
    counts = [0] * (max(leftover) + 1)
    for c in leftover:
        counts[c] += 1
    want = sorted(leftover)
    for choice in combinations(melds, counts, wilds, rules, whole=True):
        if sorted(c for ext in choice for c in ext) == want:
            return choice
    return None
