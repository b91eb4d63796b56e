"""The lay-off search's memos and shortcuts, checked by a second route on random positions.

``engine.layoff`` remembers each shown meld's additions by the cards of the hand that may join
it, and whether some cards make a meld; the going-out search skips templates whose wild cards
cannot be paid and builds only the finishes it adds. Here the answers, cold and warm, are
checked against plain searches written from the rules' own words: every addition tried card by
card with the full meld classifier, and every finish found by splitting the cards kept into
melds by brute force.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import layoff, solver
from engine.cards import CARDS, JOKER_CODE
from engine.melds import meld_kind_of_codes
from engine.rules import INDIAN, RuleSet
from engine.solver.laying_off import could_finish
from engine.solver.search import clear_search_cache, pack, search_for
from engine.wilds import Wilds

Codes = tuple[int, ...]
RULES = (INDIAN, INDIAN.replace(lay_off_cards="wild"), INDIAN.replace(printed_jokers=2))


def _is_meld(codes: Codes, w: Wilds) -> bool:
    return _classified(codes, w.wild, w.marriage)


@cache
def _classified(codes: Codes, wild: tuple[bool, ...], marriage: object) -> bool:
    """The full classifier's answer, asked once per cards and wild cards (the brute force
    below asks the same few thousand again and again)."""
    return meld_kind_of_codes(codes, wild, marriage, True) is not None


def reference_extensions(
    meld: Codes, counts: list[int], w: Wilds, rules: RuleSet, needed_only: bool
) -> list[Codes]:
    """Additions to ``meld`` grown one card at a time, smallest first, as the rules describe.

    Every card of the hand is tried (not only those of the meld's rank or suits), so this also
    checks that the cards the engine leaves out can never join; the bound on the tests made is
    counted over the cards that may join, as the engine counts it.
    """
    only_wild = rules.lay_off_cards == "wild"
    naturals = [c for c in meld if c < JOKER_CODE and not w.wild[c]]

    def may_join(code: int) -> bool:
        if w.wild[code]:
            return True
        if only_wild:
            return False
        return (
            code >= JOKER_CODE
            or not naturals
            or any(code % 13 == c % 13 or code // 13 == c // 13 for c in naturals)
        )

    tried: set[Codes] = {()}
    level: list[Codes] = [()]
    found: list[Codes] = []
    tests = 0
    while level and tests < layoff.MAX_TESTS:
        grown_level: list[Codes] = []
        for added in level:
            for code in range(JOKER_CODE + 1):
                if not counts[code] or counts[code] <= added.count(code):
                    continue
                grown = tuple(sorted((*added, code)))
                if grown in tried:
                    continue
                tried.add(grown)
                if not may_join(code):
                    # A card the engine never tries: barred by the rules, or it cannot fit.
                    assert only_wild or not _is_meld(meld + grown, w), (meld, grown)
                    continue
                tests += 1
                if _is_meld(meld + grown, w):
                    grown_level.append(grown)
            if tests >= layoff.MAX_TESTS:
                break
        found.extend(grown_level)
        level = grown_level
    if needed_only:
        found = [ext for ext in found if _needed(meld, ext, w)]
    return found


def _needed(meld: Codes, ext: Codes, w: Wilds) -> bool:
    """No three cards of ``ext`` make a meld while the rest still fits onto ``meld``."""
    for part in combinations(ext, 3):
        if _is_meld(part, w):
            rest = list(ext)
            for c in part:
                rest.remove(c)
            if _is_meld(meld + tuple(rest), w):
                return False
    return True


def reference_laid_sets(melds: list[Codes], counts: list[int], w: Wilds) -> list[Codes]:
    """Every multiset made of one needed addition (or none) per meld that the hand can pay."""
    sets: set[Codes] = {()}
    for meld in melds:
        options = reference_extensions(meld, counts, w, INDIAN, True)
        sets |= {
            merged
            for have in sets
            for ext in options
            if all((merged := tuple(sorted(have + ext))).count(c) <= counts[c] for c in set(ext))
        }
    total = sum(counts)
    return sorted(
        (s for s in sets if s and total - len(s) in (1,) + tuple(range(4, 99))),
        key=lambda s: (len(s), s),
    )


def _melds_of(cards: Codes, w: Wilds) -> bool:
    """Whether ``cards`` (sorted) split into melds of three to five cards, by brute force."""
    return _split(tuple(sorted(cards)), w.wild, w.marriage)


@cache
def _split(rest: Codes, wild: tuple[bool, ...], marriage: object) -> bool:
    """``_melds_of`` for sorted cards: the first card in a meld with every choice of two to
    four of the others (each different choice of cards once), the rest split the same way."""
    if not rest:
        return True
    first, others = rest[0], rest[1:]
    for size in (2, 3, 4):
        for picked in set(combinations(others, size)):
            if _classified((first, *picked), wild, marriage) and _split(
                _minus(others, picked), wild, marriage
            ):
                return True
    return False


def _minus(have: Codes, take: Codes) -> Codes:
    rest = list(have)
    for c in take:
        rest.remove(c)
    return tuple(rest)


def reference_options(hand: Codes, shown: list[Codes], w: Wilds) -> dict[int, Codes | None]:
    """For each discard that finishes: None for a finish by melds alone, else the first set of
    cards laid off (smallest first) with which the rest splits into melds."""
    counts = [0] * (JOKER_CODE + 1)
    for c in hand:
        counts[c] += 1
    found: dict[int, Codes | None] = {}
    for d in sorted(set(hand)):
        if len(hand) - 1 >= 4 and _melds_of(_minus(hand, (d,)), w):
            found[d] = None
    for laid in reference_laid_sets(shown, counts, w):
        rest = _minus(hand, laid)
        for d in sorted(set(rest)):
            if d not in found and (len(rest) == 1 or _melds_of(_minus(rest, (d,)), w)):
                found[d] = laid
    return found


def _position(seed: int) -> tuple[Codes, list[Codes], Wilds]:
    """A seen Indian hand of 5 to 13 cards near a finish: three pure melds shown, melds kept in
    hand, cards that fit the shown melds, wild cards and a loose card or two."""
    rng = random.Random(seed)
    w = Wilds(CARDS[rng.randrange(52)], INDIAN.replace(printed_jokers=2))
    wild = [c for c in range(JOKER_CODE) if w.wild[c]]
    shown: list[Codes] = []
    for _ in range(3):
        # The pure melds a player sees with: a run of three or four, or a tunnela.
        if rng.random() < 0.2:
            shown.append((rng.randrange(52),) * 3)
        else:
            suit, length = rng.randrange(4), rng.choice((3, 3, 4))
            start = rng.randrange(14 - length)
            shown.append(tuple(suit * 13 + start + i for i in range(length)))
    hand: list[int] = []
    while len(hand) < rng.randint(4, 12):
        pick = rng.random()
        if pick < 0.3:
            meld = rng.choice(shown)
            base = rng.choice(meld)
            near = base // 13 * 13 + (base % 13 + rng.choice((-2, -1, 1, 2))) % 13
            hand.append(rng.choice((near, base % 13 + 13 * rng.randrange(4))))
        elif pick < 0.45:
            hand.append(rng.choice(wild))
        elif pick < 0.8:
            suit, start = rng.randrange(4), rng.randrange(11)
            hand += [suit * 13 + start + i for i in range(3)]
        else:
            hand.append(rng.randrange(52))
    hand.append(rng.randrange(52))
    fair = [c for c in hand if hand.count(c) <= 3]
    return tuple(sorted(fair))[:13], shown, w


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(RULES) - 1), needed=st.booleans())
def test_remembered_additions_equal_a_fresh_search(seed, which, needed):
    """Cold, warm, and warm from another hand that differs only in cards that cannot join."""
    hand, shown, w = _position(seed)
    rules = RULES[which]
    counts = [0] * (JOKER_CODE + 1)
    for c in hand:
        counts[c] += 1
    rng = random.Random(seed)
    meld = rng.choice(shown)
    if rng.random() < 0.2:
        meld = tuple(rng.sample([c for c in range(JOKER_CODE + 1) if w.wild[c]], 3))
    expected = reference_extensions(meld, counts, w, rules, needed)
    layoff.clear_layoff_cache()
    assert layoff.extensions(meld, counts, w, rules, needed) == expected
    assert layoff.extensions(meld, counts, w, rules, needed) == expected
    # Another hand: one more card of a suit and rank the meld has none of (if it has any).
    other = list(counts)
    naturals = [c for c in meld if not w.wild[c]]
    strangers = [
        c
        for c in range(52)
        if naturals
        and not w.wild[c]
        and all(c % 13 != n % 13 and c // 13 != n // 13 for n in naturals)
        and other[c] < 3
    ]
    if strangers:
        other[rng.choice(strangers)] += 1
        assert layoff.extensions(meld, other, w, rules, needed) == reference_extensions(
            meld, other, w, rules, needed
        )


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_lay_off_finishes_equal_a_brute_force_search(seed):
    """Each discard offered, and the cards laid off with it, are the brute force's: first from
    cold memos, then warm, then after another position filled them."""
    hand, shown, w = _position(seed)
    cards = [CARDS[c] for c in hand]
    shown_cards = [[CARDS[c] for c in m] for m in shown]
    expected = reference_options(hand, shown, w)

    def offered() -> dict[int, Codes | None]:
        out: dict[int, Codes | None] = {}
        for f in solver.going_out_options(cards, w, INDIAN, shown_cards):
            laid = tuple(sorted(c.code for c in f.free)) if f.route == "layoff" else None
            out[f.discard.code] = laid
            kept = [c.code for m in f.melds for c in m]
            assert sorted(kept + list(laid or ()) + [f.discard.code]) == list(hand)
            assert all(_is_meld(tuple(c.code for c in m), w) for m in f.melds)
        return out

    layoff.clear_layoff_cache()
    clear_search_cache()
    assert offered() == expected
    assert offered() == expected
    other_hand, other_shown, other_w = _position(seed + 1)
    solver.going_out_options(
        [CARDS[c] for c in other_hand],
        other_w,
        INDIAN,
        [[CARDS[c] for c in m] for m in other_shown],
    )
    assert offered() == expected
    finish = solver.find_going_out(cards, w, INDIAN, shown_cards)
    assert (
        (finish is not None) == bool(expected) == solver.can_go_out(cards, w, INDIAN, shown_cards)
    )


def test_the_positions_reach_lay_off_finishes():
    """The generated positions do finish by laying off often enough to prove something."""
    laid = 0
    for seed in range(60):
        hand, shown, w = _position(seed)
        laid += any(v is not None for v in reference_options(hand, shown, w).values())
    assert laid >= 6


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_quick_bound_never_rules_out_a_finish(seed):
    """Every discard the brute force finishes with by laying off is one the bound lets through."""
    hand, shown, w = _position(seed)
    counts = [0] * (JOKER_CODE + 1)
    for c in hand:
        counts[c] += 1
    search = search_for(True, w.wild)
    bound = could_finish(search, pack(counts), layoff.layable(shown, counts, w, INDIAN))
    for code, laid in reference_options(hand, shown, w).items():
        if laid is not None:
            assert bound >> code & 1, (hand, shown, code, laid)
