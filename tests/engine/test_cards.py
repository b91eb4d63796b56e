import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Card, format_cards, parse_card, parse_cards
from engine.cards import CARDS, JOKER, card_name, card_of, shoe_ids


def test_parse_canonical_and_variants():
    assert str(parse_card("TD")) == "TD"
    assert parse_card("10D") == parse_card("TD") == parse_card("td") == parse_card("10d")
    assert parse_card("♥7") == parse_card("7H") == parse_card("7♥")
    assert parse_card("JK") == JOKER and str(JOKER) == "JK"
    assert format_cards(parse_cards("AS 10h QC ♥7")) == "AS TH QC 7H"
    assert parse_cards("AS, KD") == [parse_card("AS"), parse_card("KD")]


@pytest.mark.parametrize("bad", ["", "1S", "ZZ", "AX", "10", "S", "AAS", "11H", "♥"])
def test_bad_card_text_names_the_token(bad):
    with pytest.raises(ValueError) as err:
        parse_card(bad)
    assert repr(bad.strip()) in str(err.value)


def test_bad_token_inside_a_list_is_named():
    with pytest.raises(ValueError, match="'QX'"):
        parse_cards("AS QX 7H")


def test_cards_are_immutable_hashable_ordered():
    a, b = parse_card("2S"), parse_card("3S")
    assert a < b and len({a, parse_card("2S")}) == 1
    with pytest.raises(AttributeError):
        a.code = 5  # type: ignore[misc]
    assert sorted(parse_cards("AS 2S KS")) == parse_cards("2S KS AS")


@given(st.integers(min_value=0, max_value=52))
def test_text_round_trip(code):
    c = CARDS[code]
    assert parse_card(str(c)) == c


def test_rank_and_suit():
    c = parse_card("QH")
    assert (c.rank, c.suit_letter, c.rank_letter) == (12, "H", "Q")
    assert Card.of(14, 0) == parse_card("AS")
    assert card_name(parse_card("7H")) == "seven of hearts"


def test_shoe_has_three_of_each_card():
    ids = shoe_ids()
    assert len(ids) == 156
    kinds = [card_of(i) for i in ids]
    assert all(kinds.count(c) == 3 for c in CARDS[:52])
    assert len(shoe_ids(2)) == 158 and card_of(157) == JOKER
