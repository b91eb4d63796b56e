"""What three (or more) cards make: tunnela, sequences, marriage, triplets, dirty melds."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from itertools import combinations

from engine.cards import JOKER_CODE, Card
from engine.rules import NEPALI, RuleSet
from engine.wilds import Wilds

ACE = 12  # rank index of the ace within a suit


class MeldKind(Enum):
    """Kinds of meld, best first."""

    TUNNELA = "tunnela"
    MARRIAGE = "marriage"
    PURE_SEQUENCE = "pure sequence"
    TRIPLET = "triplet"
    DIRTY_SEQUENCE = "dirty sequence"
    DIRTY_TRIPLET = "dirty triplet"
    WILD_MELD = "two wilds"

    @property
    def is_pure(self) -> bool:
        """Pure melds (no card used as a wild) are the ones that let a player see."""
        return self in _PURE

    @property
    def label(self) -> str:
        """The name a player would use."""
        return self.value


_PURE = frozenset({MeldKind.TUNNELA, MeldKind.MARRIAGE, MeldKind.PURE_SEQUENCE})
_ORDER = {kind: i for i, kind in enumerate(MeldKind)}


def _fits_run(idxs: Sequence[int], length: int) -> bool:
    """Whether distinct rank indices fit a run of ``length`` (ace high or low, never both)."""
    if length > 13 or len(set(idxs)) != len(idxs):
        return False
    if not idxs:
        return True
    for mapped, lo, hi in ((idxs, 0, 12), ([-1 if i == ACE else i for i in idxs], -1, 11)):
        low, high = min(mapped), max(mapped)
        # some window [s, s+length-1] inside [lo, hi] covers [low, high]
        if high - low + 1 <= length and hi - lo + 1 >= length:
            return True
    return False


def _natural_kind(codes: Sequence[int], marriage: tuple[int, int, int] | None) -> MeldKind | None:
    """The kind of cards all standing as themselves, or None."""
    n = len(codes)
    if n == 3 and codes[0] == codes[1] == codes[2]:
        return MeldKind.TUNNELA
    if JOKER_CODE in codes:
        return None
    suits = {c // 13 for c in codes}
    if len(suits) == 1:
        if marriage is not None and n == 3 and sorted(codes) == sorted(marriage):
            return MeldKind.MARRIAGE
        if _fits_run([c % 13 for c in codes], n) and _span_is_exact(codes):
            return MeldKind.PURE_SEQUENCE
        return None
    ranks = {c % 13 for c in codes}
    if len(ranks) == 1 and len(suits) == n:
        return MeldKind.TRIPLET
    return None


def _span_is_exact(codes: Sequence[int]) -> bool:
    """With no wilds, a run's ranks must be consecutive: span equals length."""
    idxs = [c % 13 for c in codes]
    n = len(idxs)
    for mapped in (idxs, [-1 if i == ACE else i for i in idxs]):
        if max(mapped) - min(mapped) + 1 == n and len(set(mapped)) == n:
            return True
    return False


def _dirty_kind(naturals: Sequence[int], size: int) -> MeldKind | None:
    """The kind of a meld of ``size`` cards whose ``naturals`` stand as themselves, the rest wild."""
    if len(naturals) <= 1:
        return MeldKind.WILD_MELD
    if JOKER_CODE in naturals:
        return None
    suits = {c // 13 for c in naturals}
    if len(suits) == 1:
        if _fits_run([c % 13 for c in naturals], size):
            return MeldKind.DIRTY_SEQUENCE
        return None
    ranks = {c % 13 for c in naturals}
    if len(ranks) == 1 and len(suits) == len(naturals):
        return MeldKind.DIRTY_TRIPLET
    return None


def meld_kind_of_codes(
    codes: Sequence[int],
    wild: Sequence[bool] | None,
    marriage: tuple[int, int, int] | None,
    long_melds: bool,
) -> MeldKind | None:
    """Fast core of ``classify_meld`` on card codes; ``wild`` is a per-code mask or None."""
    n = len(codes)
    if n < 3 or (n > 3 and not long_melds):
        return None
    best = _natural_kind(codes, marriage)
    if best is not None and best.is_pure:
        return best
    if wild is None:
        return best
    wild_pos = [i for i, c in enumerate(codes) if wild[c]]
    if not wild_pos:
        return best
    for k in range(1, len(wild_pos) + 1):
        if n - k <= 1 and k >= 2:
            if best is None or _ORDER[MeldKind.WILD_MELD] < _ORDER[best]:
                best = MeldKind.WILD_MELD
            break
        for chosen in combinations(wild_pos, k):
            skip = set(chosen)
            naturals = [c for i, c in enumerate(codes) if i not in skip]
            found = _dirty_kind(naturals, n)
            if found is None and n == 3 and k >= 2:
                found = MeldKind.WILD_MELD
            if found is not None and (best is None or _ORDER[found] < _ORDER[best]):
                best = found
    if best is MeldKind.WILD_MELD and not long_melds and len(wild_pos) < 2:
        return None
    return best


def classify_meld(
    cards: Sequence[Card], wilds: Wilds | None = None, rules: RuleSet = NEPALI
) -> MeldKind | None:
    """The best kind of meld these cards make, or None (``wilds=None``: nothing is wild)."""
    codes = [c.code for c in cards]
    if wilds is None:
        return meld_kind_of_codes(codes, None, None, rules.long_melds)
    return meld_kind_of_codes(codes, wilds.wild, wilds.marriage, rules.long_melds)


def is_dublee(a: Card, b: Card, wilds: Wilds | None = None, rules: RuleSet = NEPALI) -> bool:
    """Two identical cards; with ``dublee_wild_pair`` also any two wild cards."""
    if a == b:
        return True
    return bool(
        rules.dublee_wild_pair and wilds is not None and wilds.is_wild(a) and wilds.is_wild(b)
    )
