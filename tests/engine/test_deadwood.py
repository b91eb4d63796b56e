"""Deadwood (§10): card values, the best arrangement, and an exhaustive cross-check."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, Card, parse_card, parse_cards
from engine.deadwood import card_value, deadwood, deadwood_scores
from engine.melds import classify_meld
from engine.rules import INDIAN, NEPALI, RuleSet
from engine.wilds import Wilds

INDIAN_WILDS = Wilds(parse_card("3H"), INDIAN)  # jokers: all threes, 2H and 4H


@pytest.mark.parametrize(
    ("card", "value"),
    [("2S", 2), ("9D", 9), ("TC", 10), ("JH", 10), ("QS", 10), ("KD", 10), ("AC", 15), ("JK", 50)],
)
def test_card_values(card: str, value: int) -> None:
    assert card_value(parse_card(card), INDIAN) == value


def test_card_values_follow_the_rules() -> None:
    rules = INDIAN.replace(deadwood_ace=1, deadwood_face=7, deadwood_joker=20)
    assert [card_value(c, rules) for c in parse_cards("AS KS JK")] == [1, 7, 20]


def dw(cards: str, wilds: Wilds | None = None, rules: RuleSet = INDIAN) -> int:
    return deadwood(parse_cards(cards), wilds, rules).points


def test_all_melded() -> None:
    assert dw("5S 6S 7S 8S KD KH KC") == 0


def test_loose_cards_counted() -> None:
    assert dw("5S 6S 7S 8S KD KH 2C") == 22  # K K without a wild, and the two
    assert dw("AS 2S 3S QD KD AD 9C") == 9  # ace low and ace high runs


def test_wild_cards_fill_and_count_when_loose() -> None:
    assert dw("KD KH 3S", INDIAN_WILDS) == 0
    assert dw("KD KH 3S", None) == 23  # not seen: the three is just a three
    assert dw("KD 3S", INDIAN_WILDS) == 13  # too few to meld: the wild counts face value
    assert dw("JK", INDIAN_WILDS) == 50


def test_long_melds_only_in_indian() -> None:
    assert dw("5S 6S 7S 8S", rules=INDIAN) == 0
    assert dw("5S 6S 7S 8S", rules=NEPALI) == 5


def test_no_wrap_around() -> None:
    assert dw("KS AS 2S") == 27


def test_chooses_the_best_of_overlapping_melds() -> None:
    # 7S goes to the run (7D 7C KH left: 24) or to the set (5S 6S KH left: 21).
    result = deadwood(parse_cards("5S 6S 7S 7D 7C KH"), None, INDIAN)
    assert result.points == 21
    assert sorted(result.loose) == sorted(parse_cards("5S 6S KH"))
    assert result.melds == [parse_cards("7S 7D 7C")]


def test_scores_per_player() -> None:
    hands = [parse_cards("5S 6S 7S"), parse_cards("KD 2C"), parse_cards("AS")]
    assert deadwood_scores(hands, [None, None, None], 0, INDIAN) == [0, 12, 15]
    assert deadwood_scores(hands, [None, None, None], None, INDIAN) == [0, 12, 15]
    assert deadwood_scores(hands, [None, None, INDIAN_WILDS], 1, INDIAN) == [0, 0, 15]


def test_full_hand_is_fast_enough_and_valid() -> None:
    hand = parse_cards("2S 3S 4S 5S 9H 9D 9C JK 3C 3D QH KH AH AD AC 7S 7S 7S 8D TD 6C 2H")
    result = deadwood(hand, INDIAN_WILDS, INDIAN)
    check(hand, result.melds, result.loose, INDIAN_WILDS, INDIAN, result.points)


# ---- properties ----


def check(
    hand: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    loose: Sequence[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    points: int,
) -> None:
    for meld in melds:
        assert classify_meld(list(meld), wilds, rules) is not None, meld
    together = sorted([c for m in melds for c in m] + list(loose))
    assert together == sorted(hand)
    assert points == sum(card_value(c, rules) for c in loose)


def brute(cards: tuple[int, ...], wilds: Wilds | None, rules: RuleSet) -> int:
    """The least deadwood by trying every meld of every size."""

    @cache
    def go(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        best = card_value(CARDS[first], rules) + go(rest)
        top = len(rest) if rules.long_melds else 2
        for k in range(2, top + 1):
            for idx in set(combinations(range(len(rest)), k)):
                meld = [CARDS[first]] + [CARDS[rest[i]] for i in idx]
                if classify_meld(meld, wilds, rules) is not None:
                    remaining = tuple(c for i, c in enumerate(rest) if i not in idx)
                    best = min(best, go(remaining))
        return best

    return go(tuple(sorted(cards)))


# Small decks of nearby cards so that melds are common.
NEAR = [
    parse_card(t)
    for t in [
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "5H",
        "5D",
        "5C",
        "6H",
        "3H",
        "4H",
        "AS",
        "KS",
        "QS",
        "JK",
    ]
]
hands = st.lists(st.sampled_from(NEAR), min_size=1, max_size=8)
TIPLUS = [None, parse_card("3H"), parse_card("5S"), parse_card("KS")]


@settings(max_examples=120, deadline=None)
@given(hands, st.sampled_from(TIPLUS), st.sampled_from([NEPALI, INDIAN]))
def test_exact_against_brute_force(hand: list[Card], tiplu: Card | None, rules: RuleSet) -> None:
    wilds = Wilds(tiplu, rules) if tiplu is not None else None
    result = deadwood(hand, wilds, rules)
    check(hand, result.melds, result.loose, wilds, rules, result.points)
    assert result.points == brute(tuple(c.code for c in hand), wilds, rules)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 52), min_size=15, max_size=22),
    st.one_of(st.none(), st.integers(0, 51)),
    st.sampled_from([NEPALI, INDIAN]),
)
def test_melds_are_valid_and_partition_the_hand(
    codes: list[int], tiplu: int | None, rules: RuleSet
) -> None:
    hand = [CARDS[c] for c in codes]
    wilds = Wilds(CARDS[tiplu], rules) if tiplu is not None else None
    result = deadwood(hand, wilds, rules)
    check(hand, result.melds, result.loose, wilds, rules, result.points)
    assert 0 <= result.points <= sum(card_value(c, rules) for c in hand)
