"""Laying off: at going out, adding cards from the hand onto melds already shown on the table.

The Indian game lets a player who has gone down play cards onto existing sets and runs
(``RuleSet.lay_off``). Here that happens as part of going out: the cards left over once the
melds and the discard are taken must all fit onto shown melds, each shown meld staying a valid
meld with its new cards (wild cards standing in where the player has seen). Two readings of the
source are rules: ``lay_off_cards`` (any card, or wild cards only) and ``lay_off_onto`` (the
player's own melds, or anyone's).

The search looks at small additions first. An addition that holds a meld of its own which
could stay in the hand instead is never needed (the same finish exists with that meld kept in
the hand), so the going-out search skips such additions: what is left to try stays small even
onto a meld of three wild cards, which almost any card fits.

This module says only which cards fit onto which melds; the finishes that lay cards off are
the solver's (``engine/solver``), which calls into it, never the other way round.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations as choose

from engine.cards import JOKER_CODE
from engine.melds import _dirty_kind, meld_kind_of_codes
from engine.rules import RuleSet
from engine.wilds import Wilds

#: Meld tests spent growing one shown meld: bounds the work onto a meld of wild cards, where
#: almost any handful of cards fits; the small additions (the ones a finish needs) come first.
MAX_TESTS = 1500
#: Combinations of additions over all shown melds that the going-out search tries.
MAX_COMBINATIONS = 2000

Codes = tuple[int, ...]


def extensions(
    meld: Sequence[int],
    counts: Sequence[int],
    wilds: Wilds | None,
    rules: RuleSet,
    needed_only: bool = False,
) -> list[Codes]:
    """Non-empty multisets of codes from ``counts`` that ``meld`` can take and stay a meld.

    Smallest first. Cards are added one at a time and every step must be a meld: a run grows
    at its ends and a set by one card, so every valid longer meld is reached this way. With
    ``needed_only``, additions that contain a meld which could stay in the hand are left out.
    """
    if not rules.long_melds:
        return []  # melds of exactly three cards cannot grow
    wild = wilds.wild if wilds is not None else None
    marriage = wilds.marriage if wilds is not None else None
    only_wild = rules.lay_off_cards == "wild"
    if only_wild and wild is None:
        return []  # nothing is wild to a player who has not seen
    key = tuple(meld)
    cands = _candidates(key, wild, only_wild)
    # Only the counts of the cards that may join the meld matter: the rest of the hand can
    # change from turn to turn and the answer stays the one remembered.
    held = tuple((code, counts[code]) for code in cands if counts[code])
    if needed_only:
        return list(_needed_extensions(key, held, wild, marriage))
    return list(_extensions(key, held, wild, marriage))


@lru_cache(maxsize=4096)
def _candidates(meld: Codes, wild: tuple[bool, ...] | None, only_wild: bool) -> tuple[int, ...]:
    """The codes that may ever join ``meld``, in code order.

    Natural cards in one meld share a rank (a set) or a suit (a run): any other natural card
    can never join it, so only wild cards and those are tried.
    """
    naturals = [c for c in meld if c < JOKER_CODE and not (wild and wild[c])]
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    return tuple(
        code
        for code in range(JOKER_CODE + 1)
        if (wild is not None and wild[code])
        or (
            not only_wild
            and (code >= JOKER_CODE or code % 13 in ranks or code // 13 in suits or not naturals)
        )
    )


#: Whether some codes make a long meld, remembered per set of wild cards (and marriage).
_LONG_MELDS: dict[tuple[tuple[bool, ...] | None, tuple[int, int, int] | None], dict[Codes, bool]]
_LONG_MELDS = {}
#: Entries remembered per set of wild cards before that memo starts again (a hand of an Indian
#: game asks a few thousand), and sets of wild cards remembered at once: a few megabytes at most.
MEMO_LIMIT = 20_000
MEMO_WILDS = 16


def _long_meld_memo(
    wild: tuple[bool, ...] | None, marriage: tuple[int, int, int] | None
) -> dict[Codes, bool]:
    """The memo of ``_is_long_meld`` for these wild cards (made empty if it grew too big)."""
    key = (wild, marriage)
    memo = _LONG_MELDS.get(key)
    if memo is None or len(memo) > MEMO_LIMIT:
        if len(_LONG_MELDS) >= MEMO_WILDS:
            _LONG_MELDS.clear()
        memo = _LONG_MELDS[key] = {}
    return memo


def clear_layoff_cache() -> None:
    """Forget every remembered answer (for benchmarks and tests)."""
    _LONG_MELDS.clear()
    _candidates.cache_clear()
    _extensions.cache_clear()
    _needed_extensions.cache_clear()


def _is_long_meld(
    codes: Codes, wild: tuple[bool, ...] | None, marriage: tuple[int, int, int] | None
) -> bool:
    """Whether ``codes`` make some meld of three or more (not which kind: that costs more)."""
    memo = _long_meld_memo(wild, marriage)
    hit = memo.get(codes)
    if hit is None:
        hit = memo[codes] = _long_meld(codes, wild, marriage)
    return hit


def _long_meld(
    codes: Codes, wild: tuple[bool, ...] | None, marriage: tuple[int, int, int] | None
) -> bool:
    """``_is_long_meld`` worked out afresh.

    Treating more wild cards as wild only loosens a meld's demands, so it is enough to try the
    cards as they are and then with every wild card standing in for another.
    """
    if wild is not None:
        naturals = [c for c in codes if not wild[c]]
        if len(naturals) < len(codes) and _dirty_kind(naturals, len(codes)) is not None:
            return True  # the quick answer, and the usual one onto a meld of wild cards
    return meld_kind_of_codes(codes, None, marriage, True) is not None


@lru_cache(maxsize=4096)
def _needed_extensions(
    meld: Codes,
    held: tuple[tuple[int, int], ...],
    wild: tuple[bool, ...] | None,
    marriage: tuple[int, int, int] | None,
) -> tuple[Codes, ...]:
    """``_extensions`` without the additions that hold a meld which could stay in the hand."""
    return tuple(
        ext for ext in _extensions(meld, held, wild, marriage) if _needed(meld, ext, wild, marriage)
    )


def _needed(
    meld: Codes, ext: Codes, wild: tuple[bool, ...] | None, marriage: tuple[int, int, int] | None
) -> bool:
    """False when three cards of ``ext`` make a meld and the rest still fits onto ``meld``."""
    if len(ext) < 3:
        return True
    for part in set(choose(ext, 3)):
        if not _is_long_meld(part, wild, marriage):
            continue
        rest = list(ext)
        for c in part:
            rest.remove(c)
        if _is_long_meld(meld + tuple(rest), wild, marriage):
            return False
    return True


@lru_cache(maxsize=4096)
def _extensions(
    meld: Codes,
    held: tuple[tuple[int, int], ...],
    wild: tuple[bool, ...] | None,
    marriage: tuple[int, int, int] | None,
) -> tuple[Codes, ...]:
    """The additions to ``meld`` from ``held`` (code, count) pairs: the cards that may join it."""
    counts = dict(held)
    candidates = [code for code, _ in held]
    memo = _long_meld_memo(wild, marriage)
    # Level by level (one card more each time), so a bounded search never skips a small
    # addition for a large one.
    seen: set[Codes] = {()}
    level: list[Codes] = [()]
    found: list[Codes] = []
    tests = 0
    while level and tests < MAX_TESTS:
        grown_level: list[Codes] = []
        for added in level:
            last = added[-1] if added else -1
            for code in candidates:
                # ``added`` is sorted: a higher code goes at its end, and is not in it yet.
                if code > last:
                    grown = added + (code,)
                elif counts[code] <= added.count(code):
                    continue
                elif code == last:
                    grown = added + (code,)
                else:
                    grown = tuple(sorted(added + (code,)))
                if grown in seen:
                    continue
                seen.add(grown)
                tests += 1
                codes = meld + grown
                ok = memo.get(codes)
                if ok is None:
                    ok = memo[codes] = _long_meld(codes, wild, marriage)
                if ok:
                    grown_level.append(grown)
            if tests >= MAX_TESTS:
                break
        found.extend(grown_level)
        level = grown_level
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


def layable(
    melds: Sequence[Sequence[int]], counts: Sequence[int], wilds: Wilds | None, rules: RuleSet
) -> int:
    """Bit mask of the codes in some addition onto ``melds`` that ``laid_sets`` may lay off."""
    mask = 0
    for m in melds:
        for ext in extensions(m, counts, wilds, rules, needed_only=True):
            for c in ext:
                mask |= 1 << c
    return mask


def laid_sets(
    melds: Sequence[Sequence[int]], counts: Sequence[int], wilds: Wilds | None, rules: RuleSet
) -> list[Codes]:
    """The distinct non-empty multisets of cards the hand can lay off onto ``melds`` at once.

    Smallest first, and only those a finish can need (see the module's note). Built meld by
    meld, merging equal multisets at each step, so wild cards that could go on several melds
    do not multiply the work. Bounded by MAX_COMBINATIONS, the smaller sets kept first.
    """
    options = [extensions(m, counts, wilds, rules, needed_only=True) for m in melds]
    sets: set[Codes] = {()}
    for opts in options:
        grown = set(sets)
        # Each addition with the cards it holds and how many of each the hand has.
        limits = [(ext, tuple((c, counts[c]) for c in set(ext))) for ext in opts]
        # Small sets first, so that the bound, if reached, drops the largest.
        for have in sorted(sets, key=len):
            for ext, held in limits:
                merged = tuple(sorted(have + ext))
                if merged in grown or any(merged.count(c) > k for c, k in held):
                    continue
                grown.add(merged)
            if len(grown) >= MAX_COMBINATIONS:
                break
        sets = grown
    total = sum(counts)
    # What stays in hand must be one discard, or melds of three or more and a discard.
    return sorted(
        (
            s
            for s in sets
            if s and (total - len(s) == 1 or total - len(s) >= 4 or not rules.long_melds)
        ),
        key=lambda s: (len(s), s),
    )


def assign(
    leftover: Sequence[int], melds: Sequence[Sequence[int]], wilds: Wilds | None, rules: RuleSet
) -> tuple[Codes, ...] | None:
    """How ``leftover`` codes all go onto ``melds`` (one extension per meld), or None if they cannot.

    Earlier melds are left empty first: a caller lists the melds it would rather see grow last.
    """
    if not leftover:
        return tuple(() for _ in melds)
    if not rules.long_melds or not melds:
        return None
    if rules.lay_off_cards == "wild" and not all(
        wilds is not None and wilds.wild[c] for c in leftover
    ):
        return None
    counts = [0] * (JOKER_CODE + 1)
    for c in leftover:
        counts[c] += 1
    options = [extensions(m, counts, wilds, rules) for m in melds]
    wild = wilds.wild if wilds is not None else None
    marriage = wilds.marriage if wilds is not None else None
    last = len(melds) - 1
    failed: set[tuple[int, Codes]] = set()

    def place(i: int, left: Codes) -> tuple[Codes, ...] | None:
        # ``left`` is what is still to place (sorted); what fails from one meld on is remembered.
        if not left:
            return tuple(() for _ in melds[i:])
        if i == last:
            # The last meld takes all that is left, or nothing works.
            return (left,) if _is_long_meld(tuple(melds[i]) + left, wild, marriage) else None
        if (i, left) in failed:
            return None
        for ext in [()] + options[i]:
            if len(ext) > len(left):
                break  # the options come smallest first
            rest = _minus(left, ext)
            if rest is None:
                continue
            tail = place(i + 1, rest)
            if tail is not None:
                return (ext,) + tail
        failed.add((i, left))
        return None

    return place(0, tuple(sorted(leftover)))


def _minus(have: Codes, take: Codes) -> Codes | None:
    """``have`` without the cards of ``take`` (both sorted), or None if it lacks one."""
    rest = list(have)
    for c in take:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return tuple(rest)
