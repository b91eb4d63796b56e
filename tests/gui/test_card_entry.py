"""A card as a person types it at a real table, in English or in Nepali."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import CARDS, JOKER, parse_card, parse_cards
from marriage_gui.hand_draft import number
from marriage_gui.ui.card_entry import HOW, HOW_MANY, typed_card, typed_cards
from marriage_gui.ui.card_names import card_label


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("7h", "7H"),
        ("7H", "7H"),
        ("h7", "7H"),
        ("10d", "TD"),
        ("td", "TD"),
        ("10♦", "TD"),
        ("♦10", "TD"),
        ("Q♠", "QS"),
        ("as", "AS"),
        ("1c", "AC"),
        ("seven of hearts", "7H"),
        ("ace of spades", "AS"),
        ("७ पान", "7H"),
        ("पान ७", "7H"),
        ("पानको सात", "7H"),
        ("१० इँटा", "TD"),
        ("दहला ईंट", "TD"),
        ("बादशाह चिडी", "KC"),
        ("बेगम हुकुम", "QS"),
        ("एक्का पान", "AH"),
        ("गुलाम चिडी", "JC"),
        ("jk", "JK"),
        ("जोकर", "JK"),
    ],
)
def test_every_way_a_table_writes_a_card(typed, card):
    assert typed_card(typed) == parse_card(card)


@given(st.sampled_from(CARDS[:52]))
def test_a_card_as_the_screen_names_it_reads_back(card):
    assert typed_card(card_label(card)) == card
    assert typed_card(str(card).lower()) == card


@pytest.mark.parametrize("typed", ["", "7", "h", "77h", "zz", "11h", "पान", "7x"])
def test_what_names_no_card_is_refused_with_how_to_write_one(typed):
    with pytest.raises(ValueError) as caught:
        typed_card(typed)
    assert caught.value.args[0] == HOW


def test_several_cards_comma_or_space_apart():
    assert typed_cards("5c, ६ चिडी, kd") == parse_cards("5C 6C KD")
    assert typed_cards("5c 9h kd") == parse_cards("5C 9H KD")
    assert typed_cards("७ पान") == [parse_card("7H")]
    assert typed_cards("  ") == []
    assert typed_cards("jk") == [JOKER]
    with pytest.raises(ValueError) as caught:
        typed_cards("५ चिडी ९ पान")
    assert caught.value.args[0] == HOW_MANY


def test_a_number_in_either_digits():
    assert number("12") == 12 and number("१२") == 12 and number(" ") == 0
    assert number("1x") is None and number("-3") is None and number("१2") == 12
