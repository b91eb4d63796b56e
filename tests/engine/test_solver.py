"""The hand solver: going out by every route, seeing, distance; checked against brute force."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, Card, parse_card, parse_cards
from engine.melds import classify_meld
from engine.rules import PRESETS, RuleSet
from engine.solver import (
    Finish,
    can_go_out,
    distance,
    find_going_out,
    going_out_options,
    outs,
    pure_melds_in,
    seeing_options,
)
from engine.wilds import Wilds

NEPALI = PRESETS["nepali"]
INDIAN = PRESETS["indian"]
CONTRACT = PRESETS["contract"]
NO_DUBLEES = NEPALI.replace(dublee_enabled=False)


def h(text: str) -> list[Card]:
    return parse_cards(text)


def w(tiplu: str, rules: RuleSet = NEPALI) -> Wilds:
    return Wilds(parse_card(tiplu), rules)


def is_pure(meld: list[Card], rules: RuleSet) -> bool:
    kind = classify_meld(meld, None, rules)
    return kind is not None and kind.is_pure


def check_finish(
    finish: Finish,
    cards: list[Card],
    wilds: Wilds | None,
    rules: RuleSet,
    shown: tuple[list[Card], ...] = (),
) -> None:
    """Every property a finish must have, whatever route it took."""
    melds, discard = finish
    assert discard in cards
    used = [c for m in melds for c in m] + list(finish.free) + [discard]
    assert Counter(used) == Counter(cards), "a finish must use each card of the hand once"
    for m in finish.see:
        assert any(m is x for x in melds)
    shown_pure = sum(1 for g in shown if len(g) >= 3 and is_pure(list(g), rules))
    if finish.route == "dublees":
        pairs = sum(1 for g in shown if len(g) == 2) + len(melds)
        assert pairs >= rules.dublee_out
        for a, b in melds:
            assert a == b or (
                rules.dublee_wild_pair
                and wilds is not None
                and wilds.is_wild(a)
                and wilds.is_wild(b)
            )
        for a, b in finish.see:
            assert a == b
    else:
        assert not finish.free
        for m in melds:
            assert classify_meld(m, wilds, rules) is not None, m
            assert len(m) == 3 or (rules.long_melds and len(m) >= 3)
        assert shown_pure + sum(1 for m in melds if is_pure(m, rules)) >= 3
        assert len(finish.see) == max(0, 3 - shown_pure)
        assert all(is_pure(m, rules) for m in finish.see)


# ---------------------------------------------------------------- hand-built examples

SEVEN = "2S 3S 4S  5H 6H 7H  9D 9D 9D  KC KD KH  5C 6C 7C  QS KS AS  2D 3D 4D"


def test_seven_natural_melds_and_a_discard() -> None:
    cards = h(SEVEN + " 8H")
    finish = find_going_out(cards, None, NEPALI)
    assert finish is not None
    check_finish(finish, cards, None, NEPALI)
    melds, discard = finish
    assert len(melds) == 7


def test_ace_low_and_ace_high_sequences_but_no_wrap() -> None:
    rules = NO_DUBLEES
    shown = (h("2C 2C 2C"), h("3C 3C 3C"), h("4C 4C 4C"))
    assert can_go_out(h("AS 2S 3S  QH KH AH  5D 6D 7D  9S 9H 9D  JC"), None, rules, shown)
    refused = h("KS AS 2S  QH KH AH  5D 6D 7D  9S 9H 9D  JC")
    assert not can_go_out(refused, None, rules, shown)
    assert find_going_out(refused, None, rules, shown) is None
    assert going_out_options(refused, None, rules, shown) == []


def test_dirty_sequence_dirty_triplet_and_two_wilds() -> None:
    shown = (h("2C 2C 2C"), h("3C 3C 3C"), h("4C 4C 4C"))
    wilds = w("JC")  # wild: JS JH JD JC, poplu QC, jhiplu TC
    cards = h("6D JS 8D  KD KH QC  5S JH TC  TS TS TS  9H")
    finish = find_going_out(cards, wilds, NEPALI, shown)
    assert finish is not None
    check_finish(finish, cards, wilds, NEPALI, shown)
    assert finish.see == []
    assert not can_go_out(cards, None, NEPALI, shown), "without wilds these are no melds"


def test_pair_plus_wild_is_refused() -> None:
    shown = (h("2C 2C 2C"), h("3C 3C 3C"), h("4C 4C 4C"))
    wilds = w("JC")
    assert not can_go_out(h("5D 5D JS  6H 7H 8H  9S 9H 9D  QS KS AS  4H"), wilds, NEPALI, shown)
    assert not can_go_out(h("9S 9S 9C  6H 7H 8H  9D TD JD  QS KS AS  4H"), None, NEPALI, shown)


def test_wild_card_stands_as_itself() -> None:
    wilds = w("QC")  # QC tiplu, KC poplu, JC jhiplu
    shown = (h("2S 2S 2S"), h("3S 3S 3S"), h("4S 4S 4S"))
    cards = h("KC KC KC  9C TC JC  5H 6H 7H  8D 8H 8S  2D")
    finish = find_going_out(cards, wilds, NEPALI, shown)
    assert finish is not None
    check_finish(finish, cards, wilds, NEPALI, shown)


def test_tunnela_and_marriage_count_as_pure_for_seeing() -> None:
    wilds = w("7H")  # marriage 6H 7H 8H
    cards = h("6H 7H 8H  5D 5D 5D  TS JS QS  2C 3C 4C  9D 9H 9C  KS KH KC  3D 4D 7S  AD")
    finish = find_going_out(cards, wilds, NO_DUBLEES)
    assert finish is not None
    check_finish(finish, cards, wilds, NO_DUBLEES)
    assert len(finish.see) == 3


def test_shown_melds_count_and_hand_sizes() -> None:
    tunnela = h("6H 6H 6H")
    cards = h("2S 3S 4S  QD KD AD  9C 9H 9D  5C 6C 7C  KS KH KC  2H 3H 4H  8D")  # 19
    finish = find_going_out(cards, None, NO_DUBLEES, (tunnela,))
    assert finish is not None
    check_finish(finish, cards, None, NO_DUBLEES, (tunnela,))
    assert len(finish.see) == 2
    # Not enough pure melds: one tunnela shown, only one pure meld in hand.
    weak = h("2S 3S 4S  QD KH AD  9C 9H 9D  5C 6D 7C  KS KH KC  2H 3D 4H  8D")
    assert not can_go_out(weak, w("5C"), NO_DUBLEES, (tunnela,))
    # A hand of the wrong size never goes out by melds.
    assert can_go_out(h("2S 3S 4S 5S"), None, NO_DUBLEES, (tunnela, tunnela, tunnela))
    assert not can_go_out(h("2S 3S 4S 5S 6S"), None, NO_DUBLEES, (tunnela, tunnela, tunnela))


def test_three_pure_melds_needed_when_nothing_shown() -> None:
    wilds = w("9S")
    cards = h("2S 3S 4S  5H 6H 7H  9D 9H 8C  KC KD KH  5C 6C 8S  QS QH 9C  2D 3D 4D  JH")
    finish = find_going_out(cards, wilds, NO_DUBLEES)
    assert finish is not None
    check_finish(finish, cards, wilds, NO_DUBLEES)
    two_pure = h("2S 3S 4S  5H 6H 8H  9D 9H 8C  KC KD KH  5C 6C 8S  QS QH 9C  2D 3D 4D  7S")
    assert not can_go_out(two_pure, wilds, NO_DUBLEES)


def test_dublee_route() -> None:
    cards = h("2S 2S 3H 3H 4D 4D 5C 5C 6S 6S 7H 7H 8D 8D 9C 9C  TS JH QD KC AS 2H")
    finish = find_going_out(cards, None, NEPALI)
    assert finish is not None and finish.route == "dublees"
    check_finish(finish, cards, None, NEPALI)
    assert len(finish.see) == 7 and len(finish.free) == 5
    assert not can_go_out(cards, None, CONTRACT), "dublees are off in the contract preset"
    assert not can_go_out(cards, None, PRESETS["house"], players=3), "house needs four players"
    assert can_go_out(cards, None, PRESETS["house"], players=4)
    seven = [h(f"{r}{s} {r}{s}") for r, s in zip("2345678", "SHDCSHD", strict=True)]
    rest = h("9C 9C TS JH QD KC AS 2H")
    assert can_go_out(rest, None, NEPALI, seven)
    assert not can_go_out(h("9C 8C TS JH QD KC AS 2H"), None, NEPALI, seven)


def test_dublee_wild_pair_option() -> None:
    cards = h("2S 2S 3H 3H 4D 4D 5C 5C 6S 6S 7H 7H 8D 8D JS JH  TS 9H QD KC AS 2H")
    wilds = w("JC")
    assert not can_go_out(cards, wilds, NEPALI)
    wild_pair = NEPALI.replace(dublee_wild_pair=True)
    finish = find_going_out(cards, wilds, wild_pair)
    assert finish is not None and finish.route == "dublees"
    check_finish(finish, cards, wilds, wild_pair)


def test_indian_long_runs() -> None:
    wilds = w("9C", INDIAN)
    cards = h("2S 3S 4S 5S 6S  7H 8H 9H TH  JD QD KD AD  4C 4H 4D  5D 6D 9S  KH")
    finish = find_going_out(cards, wilds, INDIAN)
    assert finish is not None and finish.route == "long"
    check_finish(finish, cards, wilds, INDIAN)
    assert any(len(m) > 3 for m in finish[0])
    assert not can_go_out(
        h("2S 3S 4S 5S 7S  7H 8H 9H TH  JD QD KD AD  4C 4H 4D  5D 6D 9S  KH"), None, INDIAN
    )


def test_unpacks_as_a_pair() -> None:
    finish = find_going_out(h(SEVEN + " 8H"), None, NEPALI)
    assert finish is not None
    melds, discard = finish
    assert isinstance(discard, Card) and isinstance(melds, list)


def test_options_one_per_discard_in_code_order() -> None:
    cards = h(SEVEN + " 8H")
    options = going_out_options(cards, None, NEPALI)
    codes = [f[1].code for f in options]
    assert codes == sorted(set(codes))
    assert parse_card("8H").code in codes
    for f in options:
        check_finish(f, cards, None, NEPALI)


# ---------------------------------------------------------------- seeing


def test_seeing_options_and_pure_melds() -> None:
    cards = h("2S 3S 4S 5S  9D 9D 9D  KC QC AC  7H 8H 6D 2C 2C 3D 3D 5H 5H 6H 6H 4H")
    melds = pure_melds_in(cards, NEPALI)
    assert h("2S 3S 4S") in melds and h("3S 4S 5S") in melds and h("9D 9D 9D") in melds
    assert h("QC KC AC") in melds
    ways = seeing_options(cards, NEPALI)
    assert ways and all(len(way) in (3, 7) for way in ways)
    for way in ways:
        used = Counter(c for m in way for c in m)
        assert all(used[c] <= n for c, n in Counter(cards).items())
        assert all(c in cards for c in used)
    assert not any(h("2S 3S 4S") in way and h("3S 4S 5S") in way for way in ways)
    assert seeing_options(cards, NEPALI, limit=2) == ways[:2]
    shown = (h("7D 7D 7D"), h("8D 8D 8D"), h("TD TD TD"))
    assert seeing_options(cards, NEPALI, shown) == []


def test_seeing_by_dublees() -> None:
    cards = h("2S 2S 3H 3H 4D 4D 5C 5C 6S 6S 7H 7H 8D 8D  9C TS JH QD KC AS 2H")
    ways = seeing_options(cards, NEPALI)
    assert any(len(way) == 7 for way in ways)
    assert not any(len(way) == 7 for way in seeing_options(cards, CONTRACT))


# ---------------------------------------------------------------- distance


def test_distance_examples() -> None:
    complete = h(SEVEN + " 8H")
    assert distance(complete, None, NEPALI).to_go_out == 0
    assert distance(complete, None, NEPALI).to_see == 0
    one_away = h(SEVEN.replace("4D", "8H"))
    d = distance(one_away, None, NO_DUBLEES)
    assert d.to_go_out == 1
    hits = outs(one_away, None, NO_DUBLEES)
    assert parse_card("4D").code in hits and hits[parse_card("4D").code] == 3
    seen = distance(h("2S 3S 4S 5H 6H 7H 9D 9D 9D KC KD KH 5C"), w("8C"), NEPALI, seen=True)
    assert seen.to_see == 0 and seen.to_go_out == 0


def test_distance_counts_unseen_copies() -> None:
    hand = h(SEVEN.replace("4D", "8H"))
    unseen = [3 - hand.count(c) for c in CARDS]
    unseen[parse_card("4D").code] = 0
    unseen[parse_card("AD").code] = 0
    d = distance(hand, None, NO_DUBLEES, unseen_counts=unseen)
    assert d.to_go_out >= 1
    assert parse_card("4D").code not in outs(hand, None, NO_DUBLEES, unseen_counts=unseen)


# ---------------------------------------------------------------- brute force and properties


def brute_can_go_out(
    cards: list[Card], wilds: Wilds | None, rules: RuleSet, shown_pure: int
) -> bool:
    """Slow reference: try every discard and every split into three-card melds."""

    def split(rest: list[Card], pure: int) -> bool:
        if not rest:
            return shown_pure + pure >= 3
        first, others = rest[0], rest[1:]
        for i, j in combinations(range(len(others)), 2):
            meld = [first, others[i], others[j]]
            if classify_meld(meld, wilds, rules) is None:
                continue
            left = [c for k, c in enumerate(others) if k not in (i, j)]
            if split(left, pure + (1 if is_pure(meld, rules) else 0)):
                return True
        return False

    return any(split(cards[:k] + cards[k + 1 :], 0) for k in range(len(cards)))


SMALL_POOL = [c for c in range(52) if c % 13 in (0, 1, 2, 3, 12)] + [52]


@settings(max_examples=250, deadline=None)
@given(
    st.lists(st.sampled_from(SMALL_POOL), min_size=7, max_size=7),
    st.sampled_from(range(52)),
    st.booleans(),
    st.booleans(),
)
def test_agrees_with_brute_force_seen(
    codes: list[int], tiplu: int, use_wilds: bool, jokers: bool
) -> None:
    if any(n > 3 for n in Counter(codes).values()):
        return
    rules = NO_DUBLEES.replace(printed_jokers=3 if jokers else 0)
    if not jokers and 52 in codes:
        codes = [c for c in codes if c != 52] + [0] * codes.count(52)
        if any(n > 3 for n in Counter(codes).values()):
            return
    cards = [CARDS[c] for c in codes]
    wilds = Wilds(CARDS[tiplu], rules) if use_wilds else None
    shown = (h("9S 9S 9S"), h("9H 9H 9H"), h("9D 9D 9D"))
    expected = brute_can_go_out(cards, wilds, rules, 3)
    assert can_go_out(cards, wilds, rules, shown) == expected
    options = going_out_options(cards, wilds, rules, shown)
    assert bool(options) == expected
    finish = find_going_out(cards, wilds, rules, shown)
    assert (finish is not None) == expected
    for f in options + ([finish] if finish else []):
        check_finish(f, cards, wilds, rules, shown)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(SMALL_POOL[:-1]), min_size=10, max_size=10),
    st.sampled_from(range(52)),
    st.booleans(),
)
def test_agrees_with_brute_force_unseen(codes: list[int], tiplu: int, use_wilds: bool) -> None:
    if any(n > 3 for n in Counter(codes).values()):
        return
    cards = [CARDS[c] for c in codes]
    wilds = Wilds(CARDS[tiplu], NO_DUBLEES) if use_wilds else None
    expected = brute_can_go_out(cards, wilds, NO_DUBLEES, 0)
    assert can_go_out(cards, wilds, NO_DUBLEES) == expected
    assert bool(going_out_options(cards, wilds, NO_DUBLEES)) == expected


def random_meld(rng: random.Random, wilds: Wilds, pure: bool) -> list[Card]:
    """A random valid meld (pure or any kind) under these wilds."""
    wild_codes = wilds.wild_codes()
    while True:
        kind = rng.choice(
            ["tunnela", "run"] if pure else ["tunnela", "run", "set", "dirty", "wild"]
        )
        suit, idx = rng.randrange(4), rng.randrange(13)
        if kind == "tunnela":
            codes = [suit * 13 + idx] * 3
        elif kind == "run":
            start = rng.randrange(-1, 11)
            codes = [suit * 13 + (start + i) % 13 for i in range(3)]
        elif kind == "set":
            codes = [s * 13 + idx for s in rng.sample(range(4), 3)]
        elif kind == "dirty":
            codes = [suit * 13 + idx, suit * 13 + (idx + 1) % 13, rng.choice(wild_codes)]
        else:
            codes = [rng.randrange(52), rng.choice(wild_codes), rng.choice(wild_codes)]
        meld = [CARDS[c] for c in codes]
        kind_found = classify_meld(meld, None if pure else wilds, NEPALI)
        if kind_found is not None and (not pure or kind_found.is_pure):
            return meld


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**9))
def test_constructed_winning_hands_are_found(seed: int) -> None:
    rng = random.Random(seed)
    rules = NO_DUBLEES.replace(printed_jokers=2)
    wilds = Wilds(CARDS[rng.randrange(52)], rules)
    while True:
        melds = [random_meld(rng, wilds, True) for _ in range(3)]
        melds += [random_meld(rng, wilds, False) for _ in range(4)]
        cards = [c for m in melds for c in m] + [CARDS[rng.randrange(53)]]
        if all(n <= 3 for n in Counter(c.code for c in cards).values()):
            break
    rng.shuffle(cards)
    finish = find_going_out(cards, wilds, rules)
    assert finish is not None
    check_finish(finish, cards, wilds, rules)
    assert can_go_out(cards, wilds, rules)
    options = going_out_options(cards, wilds, rules)
    assert options and all(f[1].code != g[1].code for f, g in combinations(options, 2))
    for f in options:
        check_finish(f, cards, wilds, rules)
    assert distance(cards, wilds, rules).to_go_out == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_random_hands_agree_between_entry_points(seed: int) -> None:
    rng = random.Random(seed)
    shoe = [c for c in range(52) for _ in range(3)]
    codes = rng.sample(shoe, 23)
    cards = [CARDS[c] for c in codes[:22]]
    wilds = Wilds(CARDS[codes[22]], NEPALI)
    options = going_out_options(cards, wilds, NEPALI)
    finish = find_going_out(cards, wilds, NEPALI)
    assert can_go_out(cards, wilds, NEPALI) == (finish is not None) == bool(options)
    for f in options:
        check_finish(f, cards, wilds, NEPALI)
    d = distance(cards[:21], wilds, NEPALI)
    assert d.to_go_out >= 0 and d.to_see >= 0


@pytest.mark.parametrize("size", [21, 22])
def test_distance_is_deterministic(size: int) -> None:
    rng = random.Random(size)
    shoe = [c for c in range(52) for _ in range(3)]
    cards = [CARDS[c] for c in rng.sample(shoe, size)]
    assert distance(cards, None, NEPALI) == distance(list(reversed(cards)), None, NEPALI)
