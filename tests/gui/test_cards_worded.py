"""A sentence's cards on screen come from its card fields: worded in every language, each card
is named as a player reads it (10♠, Q♥, Joker) where the words put it, the red of hearts and
diamonds covers exactly those labels, and a seat named like a card is never coloured or
renamed. Cutting, joining and wrapping the words keeps each card's place."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from engine.cards import parse_cards
from engine.words import Cards, Said, cards_in, say
from marriage_gui import language
from marriage_gui.language import Worded, card_label, fill, together, word
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import RED_SUIT, readable, red_spans
from tests.engine.test_card_fields import _NAMES, _walk


def _checked(said: Said) -> Worded:
    """``said`` worded, with its places checked against its card fields."""
    worded = word(said)
    assert isinstance(worded, Worded)
    put = [card for _a, _b, card in worded.cards]
    assert Counter(put) == Counter(cards_in(said)), (worded, said)
    for a, b, card in worded.cards:
        assert worded[a:b] == card_label(card), (worded, said)
    red = [(a, b) for a, b, card in worded.cards if card.suit in (1, 2)]
    assert [(a, b) for a, b, _ink in red_spans(worded)] == red
    assert all(ink == RED_SUIT for _a, _b, ink in red_spans(worded))
    return worded


@pytest.mark.parametrize("code", ["en", "ne", "pseudo"])
@pytest.mark.parametrize("seed", [1, 7, 42])
def test_every_card_of_a_sentence_is_where_the_words_put_it(code, seed):
    language.use(code)
    for said in _walk(seed, "nepali", 10):
        worded = _checked(said)
        # A seat's name, even one written like a card, is no card: never inside a card's place.
        for name in _NAMES:
            at = worded.find(name)
            while at >= 0:
                inside = [c for a, b, c in worded.cards if a < at + len(name) and at < b]
                assert not inside or name == card_label(inside[0]), (name, worded)
                at = worded.find(name, at + 1)


def test_a_seat_named_like_a_card_is_never_coloured_or_renamed():
    for name in ("AS", "10♥", "Q♦", "JK"):
        said = say("{name} discarded {card}", name=name, card=Cards.of(parse_cards("9H")))
        for code in ("en", "ne"):
            language.use(code)
            worded = readable(said, [name])
            assert worded.startswith(name) or name in worded
            assert [c for _a, _b, c in worded.cards] == parse_cards("9H")
            ((a, b, _ink),) = red_spans(worded)
            assert worded[a:b] == "9♥"


def test_nepali_words_put_cards_amid_devanagari_and_its_digits():
    language.use("ne")
    said = say("you do not hold {cards}", cards=Cards.of(parse_cards("TH 7D")))
    worded = _checked(said)
    assert any("\u0900" <= ch <= "\u097f" for ch in worded)
    language.use_digits(True)
    try:
        shown = language.with_digits(worded)
        assert len(shown) == len(worded)
        spans = [shown[a:b] for a, b, _ink in red_spans(worded)]
        assert spans == ["१०♥", "७♦"]
    finally:
        language.use_digits(False)


def test_cutting_joining_and_wrapping_keep_each_cards_place():
    pygame.font.init()
    melds = Cards.apart([parse_cards("5H 6H 7H"), parse_cards("9D 9D 9D"), parse_cards("QS KS AS")])
    said = say(
        "go out now: {melds}, discarding {card}", melds=melds, card=Cards.of(parse_cards("2H"))
    )
    worded = _checked(said)
    hint = fill("Hint: {advice}", advice=worded)
    assert hint == "Hint: " + worded
    assert [(a - 6, b - 6, c) for a, b, c in hint.cards] == list(worded.cards)
    both = together("; ", [worded, "plain", worded])
    assert len(both.cards) == 2 * len(worded.cards)
    for width in (60, 120, 200, 400):
        lines = theme.wrap(hint, 16, width)
        assert all(isinstance(line, Worded) for line in lines)
        found = [(line[a:b], c) for line in lines for a, b, c in line.cards]
        assert found == [(card_label(c), c) for _a, _b, c in hint.cards]
    cut = theme.fit(hint, 16, 150)
    assert cut.endswith("…") and isinstance(cut, Worded)
    assert all(cut[a:b] == card_label(c) for a, b, c in cut.cards)


def test_a_sentence_an_older_release_wrote_shows_its_cards_as_cards():
    """A save or a replay written before cards were a field of their own (protocol 6): its
    sentences' card text reads back as cards, shown and coloured like this release's."""
    import json

    from engine.words import CODE_MARK, from_code

    old = CODE_MARK + json.dumps(
        ["{name} took {card} from the discards", {"name": "AS", "card": "TD"}], ensure_ascii=False
    )
    for code in ("en", "ne"):
        language.use(code)
        worded = readable(from_code(old), ["AS"])
        assert worded.startswith("AS") and "10♦" in worded
        ((a, b, _ink),) = red_spans(worded)
        assert worded[a:b] == "10♦"
