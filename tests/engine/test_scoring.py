"""Maal points (§8), settlement (§7), the points race (§9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, Card, parse_card, parse_cards
from engine.rules import CONTRACT, HOUSE, NEPALI, RuleSet
from engine.scoring import (
    contract_scores,
    deadwood_leaver_penalty,
    effective_maal,
    maal_breakdown,
    maal_points,
    settle,
)
from engine.wilds import Wilds

# Tiplu 7H: poplu 8H, jhiplu 6H, ordinary jokers 7S 7D 7C (7D is the alter where alters are on).
NEPALI_WILDS = Wilds(parse_card("7H"), NEPALI)
HOUSE_WILDS = Wilds(parse_card("7H"), HOUSE)
FILLER = "2S 3C 9D"


def pts(cards: str, rules: RuleSet = NEPALI) -> int:
    """Maal points of ``cards`` (plus ordinary filler) with tiplu 7H."""
    w = HOUSE_WILDS if rules is HOUSE else Wilds(parse_card("7H"), rules)
    return maal_points(parse_cards(f"{cards} {FILLER}"), w, rules)


def tunnelas(*codes: str) -> list[list[Card]]:
    return [parse_cards(f"{c} {c} {c}") for c in codes]


# ---- §8 hand maal, nepali and house share these rows ----


@pytest.mark.parametrize("rules", [NEPALI, HOUSE], ids=["nepali", "house"])
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("", 0),
        ("8H", 2),
        ("8H 8H", 5),
        ("8H 8H 8H", 10),
        ("6H", 2),
        ("6H 6H", 5),
        ("6H 6H 6H", 10),
        ("8H 6H", 4),  # poplu and jhiplu count separately
        ("7H", 3),
        ("7H 7H", 8),
        ("6H 7H 8H", 10),
        ("6H 7H 8H 6H 7H 8H", 30),
        ("7S 7C", 0),  # ordinary jokers carry no points
        ("8S 6D", 0),  # same ranks, other suits: not maal
    ],
)
def test_hand_maal_rows(rules: RuleSet, cards: str, expected: int) -> None:
    assert pts(cards, rules) == expected


def test_alter_counts_only_in_house() -> None:
    assert pts("7D", NEPALI) == 0
    assert [pts(" ".join(["7D"] * k), HOUSE) for k in (1, 2, 3)] == [5, 15, 25]


def test_printed_jokers_count_only_in_house() -> None:
    assert pts("JK JK", NEPALI) == 0
    assert [pts(" ".join(["JK"] * k), HOUSE) for k in (1, 2, 3)] == [5, 15, 25]


# ---- marriage against single cards ----


def test_marriage_beats_its_cards() -> None:
    b = maal_breakdown(parse_cards("6H 7H 8H 8H"), NEPALI_WILDS, NEPALI)
    assert b.total == 12
    assert [i.label.english for i in b.items] == ["marriage", "poplu"]


def test_singles_beat_a_marriage_when_worth_more() -> None:
    # 3 poplus + 3 jhiplus + tiplu: singles 10+10+3 = 23 > marriage 10 + 5 + 5.
    assert pts("6H 6H 6H 7H 8H 8H 8H") == 23


def test_tie_prefers_the_marriage() -> None:
    # 3 poplus, a tiplu, a jhiplu: marriage + 2 poplus = 15 = 10 + 3 + 2.
    b = maal_breakdown(parse_cards("6H 7H 8H 8H 8H"), NEPALI_WILDS, NEPALI)
    assert b.total == 15
    assert b.items[0].label.english == "marriage"


def test_each_card_counts_once() -> None:
    b = maal_breakdown(parse_cards("6H 6H 7H 7H 8H 8H 8H"), NEPALI_WILDS, NEPALI)
    assert b.total == 32  # two marriages and a poplu
    used = [c for i in b.items for c in i.cards]
    assert sorted(used) == sorted(parse_cards("6H 6H 7H 7H 8H 8H 8H"))
    assert sum(i.points for i in b.items) == b.total


def test_no_tiplu_no_maal() -> None:
    assert maal_points(parse_cards("6H 7H 8H"), None, NEPALI, tunnelas("5S")) == 0


# ---- tunnelas exposed from the deal ----


@pytest.mark.parametrize(
    ("rules", "exposed", "expected"),
    [
        (NEPALI, ["5S"], 5),
        (NEPALI, ["7S"], 10),  # ordinary joker
        (NEPALI, ["7D"], 10),  # no alter in nepali: an ordinary joker
        (NEPALI, ["8H"], 20),  # poplu
        (NEPALI, ["6H"], 20),  # jhiplu
        (NEPALI, ["5S", "9C"], 10),
        (HOUSE, ["5S"], 5),
        (HOUSE, ["5S", "9C"], 15),
        (HOUSE, ["5S", "9C", "KD"], 25),
        (HOUSE, ["7S"], 10),
        (HOUSE, ["7S", "7C"], 20),
        (HOUSE, ["8H"], 15),
        (HOUSE, ["8H", "6H"], 35),
        (HOUSE, ["7D"], 35),  # alter
        (HOUSE, ["JK"], 45),  # printed jokers
        (HOUSE, ["5S", "8H"], 20),
    ],
)
def test_tunnela_rows(rules: RuleSet, exposed: list[str], expected: int) -> None:
    w = HOUSE_WILDS if rules is HOUSE else NEPALI_WILDS
    cards = parse_cards(FILLER)
    assert maal_points(cards, w, rules, tunnelas(*exposed)) == expected


def test_tunnela_cards_in_hand_are_not_counted_twice() -> None:
    exposed = tunnelas("8H")
    with_cards = parse_cards("8H 8H 8H 2S")
    without = parse_cards("2S")
    assert maal_points(with_cards, NEPALI_WILDS, NEPALI, exposed) == 20
    assert maal_points(without, NEPALI_WILDS, NEPALI, exposed) == 20
    # One more poplu in hand beside the exposed three is a fourth physical card.
    assert maal_points(parse_cards("8H"), NEPALI_WILDS, NEPALI, exposed) == 22


def test_maal_tunnela_or_its_cards_in_marriages() -> None:
    # Poplu tunnela + 3 tiplu-jhiplu pairs cannot happen (2 tiplus at most), but two can:
    # tunnela 20 + tiplus 8 + jhiplus 5 = 33 against 2 marriages 30 + poplu 2 = 32.
    cards = parse_cards("8H 8H 8H 7H 7H 6H 6H")
    b = maal_breakdown(cards, NEPALI_WILDS, NEPALI, tunnelas("8H"))
    assert b.total == 33
    # With the house table (15) the marriages are worth more: 30 + 2 = 32 > 15 + 8 + 5.
    assert maal_points(cards, HOUSE_WILDS, HOUSE, tunnelas("8H")) == 32


def test_tunnelas_need_seen() -> None:
    exposed = tunnelas("5S", "8H")
    cards = parse_cards("8H 8H 8H")
    assert maal_points(cards, NEPALI_WILDS, NEPALI, exposed, seen=False) == 10  # 3 poplus
    assert maal_points(cards, NEPALI_WILDS, NEPALI, exposed, seen=True) == 25
    contract_wilds = Wilds(parse_card("7H"), CONTRACT)
    assert maal_points(cards, contract_wilds, CONTRACT, exposed, seen=False) == 20


def test_tunnela_label() -> None:
    b = maal_breakdown(parse_cards(FILLER), NEPALI_WILDS, NEPALI, tunnelas("6H"))
    assert b.items[0].label.english == "tunnela of 6H (dealt)"


def test_bad_tunnela_is_refused() -> None:
    with pytest.raises(ValueError):
        maal_points([], NEPALI_WILDS, NEPALI, [parse_cards("5S 5S 6S")])


# ---- shown marriages ----


def test_shown_marriage_house() -> None:
    marriage = parse_cards("6H 7H 8H")
    b = maal_breakdown(marriage, HOUSE_WILDS, HOUSE, shown=[marriage])
    assert (b.total, b.items[0].label.english) == (15, "shown marriage")
    assert maal_points(marriage, HOUSE_WILDS, HOUSE) == 10
    # Shown cards may be left out of ``cards``: they are still the player's.
    assert maal_points([], HOUSE_WILDS, HOUSE, shown=[marriage]) == 15
    two = marriage + marriage
    assert maal_points(two, HOUSE_WILDS, HOUSE, shown=[marriage, marriage]) == 35
    # One shown, one in hand: 15 + 10 = 25 is less than counting both as held marriages.
    assert maal_points(two, HOUSE_WILDS, HOUSE, shown=[marriage]) == 30


def test_shown_marriage_nepali_same_as_hand() -> None:
    marriage = parse_cards("6H 7H 8H")
    assert maal_points(marriage, NEPALI_WILDS, NEPALI, shown=[marriage]) == 10


def test_shown_non_marriage_is_not_a_marriage() -> None:
    run = parse_cards("7H 8H 9H")
    assert maal_points(run, HOUSE_WILDS, HOUSE, shown=[run]) == 5  # tiplu + poplu


def test_exposed_tunnela_also_among_shown_counts_once() -> None:
    t = tunnelas("8H")
    assert maal_points([], NEPALI_WILDS, NEPALI, t, shown=t) == 20


# ---- §9 contract tables ----


def contract_pts(cards: str, exposed: tuple[str, ...] = (), shown: str = "") -> int:
    w = Wilds(parse_card("7H"), CONTRACT)
    show = [parse_cards(shown)] if shown else []
    return maal_points(
        parse_cards(f"{cards} {FILLER}"), w, CONTRACT, tunnelas(*exposed), seen=False, shown=show
    )


@pytest.mark.parametrize(
    ("cards", "exposed", "shown", "expected"),
    [
        ("7H", (), "", 3),
        ("7H 7H", (), "", 7),
        ("8H", (), "", 2),
        ("8H 8H", (), "", 5),
        ("8H 8H 8H", (), "", 10),
        ("6H 7H 8H", (), "", 10),
        ("6H 7H 8H 6H 7H 8H", (), "", 30),
        ("", (), "6H 7H 8H", 15),
        ("6H 7H 8H", (), "6H 7H 8H", 15),
        ("", ("5S",), "", 5),
        ("", ("5S", "9C"), "", 15),
        ("", ("5S", "9C", "KD"), "", 25),
        ("", ("8H",), "", 15),
        ("", ("8H", "6H"), "", 35),
        ("", ("8H", "6H", "5S"), "", 40),  # a third tunnela beside the two counts 5
    ],
)
def test_contract_rows(cards: str, exposed: tuple[str, ...], shown: str, expected: int) -> None:
    assert contract_pts(cards, exposed, shown) == expected


def test_contract_scores() -> None:
    assert contract_scores([3, 0, 12, 5], 1, CONTRACT) == [3, 30, 12, 5]
    assert contract_scores([3, 0, 12], None, CONTRACT) == [3, 0, 12]


# ---- §7 settlement ----


def test_settlement_example_four_players() -> None:
    seen = [True] * 4
    assert settle([5, 6, 0, 10], 2, seen, False, NEPALI) == [-4, 0, -12, 16]
    assert settle([5, 6, 0, 10], 2, seen, True, NEPALI) == [-9, -5, 3, 11]


def test_settlement_example_three_players_unseen_counts() -> None:
    assert settle([10, 2, 0], 0, [True, True, False], True, NEPALI) == [41, -14, -27]


def test_kidnap_example() -> None:
    # Seats in the order the example lists them: unseen, winner, seen.
    rules = NEPALI.replace(unseen_maal="kidnap")
    seen = [False, True, True]
    assert effective_maal([1, 5, 5], 1, seen, rules) == [0, 6, 5]
    assert settle([1, 5, 5], 1, seen, False, rules) == [-21, 20, 1]


def test_murder() -> None:
    rules = NEPALI.replace(unseen_maal="murder")
    seen = [False, True, True]
    assert effective_maal([1, 5, 5], 1, seen, rules) == [0, 5, 5]
    # maal nets -10, +5, +5; fees -10, +13, -3.
    assert settle([1, 5, 5], 1, seen, False, rules) == [-20, 18, 2]
    count = settle([1, 5, 5], 1, seen, False, NEPALI)
    assert count == [-18, 17, 1]  # maal nets -8, +4, +4


def test_no_winner_pays_only_maal_differences() -> None:
    assert settle([5, 6, 0, 10], None, [True, False, True, True], True, NEPALI) == [-1, 3, -21, 19]
    kidnap = NEPALI.replace(unseen_maal="kidnap")
    assert settle([4, 2], None, [True, False], False, kidnap) == [4, -4]


def test_leaver_penalty() -> None:
    assert deadwood_leaver_penalty([40, 10, 70, 55], 1) == 125


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 6).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 80), min_size=n, max_size=n),
            st.one_of(st.none(), st.integers(0, n - 1)),
            st.lists(st.booleans(), min_size=n, max_size=n),
        )
    ),
    st.booleans(),
    st.sampled_from(["count", "murder", "kidnap"]),
)
def test_nets_sum_to_zero(
    case: tuple[list[int], int | None, list[bool]], dublee: bool, unseen: str
) -> None:
    points, winner, seen = case
    if winner is not None:
        seen[winner] = True
    rules = NEPALI.replace(unseen_maal=unseen)
    nets = settle(points, winner, seen, dublee, rules)
    assert sum(nets) == 0
    assert sum(effective_maal(points, winner, seen, rules)) == (
        sum(points)
        if unseen in ("count",) or (unseen == "kidnap" and winner is not None)
        else sum(p for p, s in zip(points, seen, strict=True) if s)
    )


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 52), max_size=22), st.integers(0, 51), st.sampled_from([NEPALI, HOUSE])
)
def test_breakdown_is_consistent(codes: list[int], tiplu: int, rules: RuleSet) -> None:
    cards = [CARDS[c] for c in codes]
    w = Wilds(CARDS[tiplu], rules)
    b = maal_breakdown(cards, w, rules)
    assert b.total == sum(i.points for i in b.items) == maal_points(cards, w, rules)
    used = sorted(c.code for i in b.items for c in i.cards)
    assert all(used.count(c) <= codes.count(c) for c in set(used))
    # Never less than counting every maal card on its own.
    singles = maal_breakdown(cards, w, rules.replace(marriage_points=()))
    assert b.total >= singles.total


def test_contract_counts_poplu_and_jhiplu_together():
    from engine import PRESETS, Wilds, maal_points, parse_card, parse_cards

    contract = PRESETS["contract"]
    wilds = Wilds(parse_card("7H"), contract)
    # One poplu (8H) and one jhiplu (6H): "together 2/5/10" gives 5, not 2 + 2.
    assert maal_points(parse_cards("8H 6H 2S"), wilds, contract) == 5
    assert maal_points(parse_cards("8H 8H 6H"), wilds, contract) == 10
    assert maal_points(parse_cards("8H 2S 3S"), wilds, contract) == 2
    nepali = PRESETS["nepali"]
    assert maal_points(parse_cards("8H 6H 2S"), Wilds(parse_card("7H"), nepali), nepali) == 4
