"""The cards a sentence names are a field of their own (``Cards``): their English is the engine's
notation, they travel in a sentence's code as data (never as text to read again), a damaged card
field is only words that cannot be shown, and an older release's codes (cards as text) still read.
A sentence is no ``str``: formatting one into a ``str`` is refused."""

from __future__ import annotations

import json
import pickle
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.ai.hint import reason
from engine.cards import CARDS, JOKER, parse_cards
from engine.game import Game
from engine.rules import PRESETS
from engine.words import (
    APART,
    CODE_MARK,
    MORE,
    Cards,
    Said,
    SaidError,
    cards_in,
    from_code,
    say,
)
from tests.positions import sensible_action


def test_the_english_of_cards_is_the_engines_notation():
    assert Cards.of(parse_cards("7C 8C 9C TC JC"), 4).english == "7C 8C 9C TC …"
    assert Cards.of(parse_cards("7C 8C 9C TC"), 4).english == "7C 8C 9C TC"
    melds = [parse_cards("5H 6H 7H"), parse_cards("9C 9C 9C")]
    assert Cards.apart(melds).english == "5H 6H 7H | 9C 9C 9C"
    assert Cards.of([JOKER]).english == "JK"
    said = say("you do not hold {cards}", cards=Cards.of(parse_cards("7C 7C")))
    assert said.english == "you do not hold 7C 7C"
    assert Cards.apart(melds).cards == tuple(parse_cards("5H 6H 7H 9C 9C 9C"))


def test_cards_travel_in_a_code_as_data_and_come_back_equal():
    melds = Cards.apart([parse_cards("AS 2S 3S"), parse_cards("QH KH AH JK")], 3)
    said = say("go out now: {melds}, discarding {card}", melds=melds, card=Cards.of([CARDS[9]]))
    data = json.loads(said.code[len(CODE_MARK) :])
    assert data[1]["melds"] == {"cards": ["AS", "2S", "3S", APART, "QH", "KH", "AH", MORE]}
    assert data[1]["card"] == {"cards": ["JS"]}
    back = from_code(said.code)
    assert back == said and back.english == said.english
    assert isinstance(back.fields["melds"], Cards)
    assert pickle.loads(pickle.dumps(said)) == said


@pytest.mark.parametrize(
    "field",
    [
        {"cards": ["1X"]},
        {"cards": ["10H"]},  # a card as a person types it, not as the engine writes it
        {"cards": ["th"]},
        {"cards": ["7C", 7]},
        {"cards": [True]},
        {"cards": "7C 8C"},
        {"cards": [["7C"]]},
        {"cards": ["7C"], "more": 1},
        {"card": ["7C"]},
        {},
    ],
)
def test_a_damaged_card_field_is_words_that_cannot_be_shown(field):
    code = CODE_MARK + json.dumps(["you threw {card}", {"card": field}], ensure_ascii=False)
    back = from_code(code)
    assert back.verbatim and back.english == "?"


def test_an_older_releases_code_with_cards_as_text_still_reads():
    """Protocol 6 and older wrote cards as text in a plain field: read back as cards, while a
    name (in a field of its own) stays a name, even one that looks like a card."""
    old = CODE_MARK + json.dumps(
        [
            "{name} went out, laying off {cards}, discarding {card}",
            {"name": "AS", "cards": "5H 6H | 9C …", "card": "JK"},
        ],
        ensure_ascii=False,
    )
    back = from_code(old)
    assert back.fields["name"] == "AS"
    assert back.fields["cards"] == Cards([*parse_cards("5H 6H"), APART, *parse_cards("9C"), MORE])
    assert back.fields["card"] == Cards([JOKER])
    assert back.english == "AS went out, laying off 5H 6H | 9C …, discarding JK"
    # A field of that name that is not wholly cards stays the words it was.
    kept = from_code(CODE_MARK + json.dumps(["{first}, {then}", {"first": "Asha", "then": "AS"}]))
    assert kept.fields == {"first": "Asha", "then": Cards(parse_cards("AS"))}
    words_kept = from_code(CODE_MARK + json.dumps(["a {cards}", {"cards": "7C and more"}]))
    assert words_kept.fields == {"cards": "7C and more"}


def test_a_sentence_formatted_into_a_str_is_refused():
    said = say("you threw {card}", card=Cards.of(parse_cards("7C")))
    for made in (
        lambda: str(said),
        lambda: f"{said}",
        lambda: f"{said}",
        lambda: "%s" % said,  # noqa: UP031 - the old way of formatting must refuse too
        lambda: str(said.fields["card"]),
        lambda: f"{said.fields['card']}",
    ):
        with pytest.raises(TypeError, match="word"):
            made()
    # What is for logs and tests says so by name; a reason raised as an error logs its English.
    assert said.english == "you threw 7C" and repr(said) == "Said('you threw 7C')"
    assert str(SaidError(said)) == "you threw 7C"


def _walk(seed: int, preset: str, steps: int) -> list[Said]:
    """The hint's sentences and the log's words along a game played at random."""
    rng = random.Random(seed)
    g = Game.new(PRESETS[preset], list(_NAMES), seed)
    out: list[Said] = []
    for _ in range(steps):
        seat = g.current_player
        view = g.view(seat)
        legal = g.legal_actions()
        for action in rng.sample(legal, min(3, len(legal))):
            out.append(reason(view, action).said)
        out += [e.text for e in g.apply(sensible_action(g, rng)) if isinstance(e.text, Said)]
        if g.phase == "match_over":
            break
    return out


#: Every card's text in the engine's notation.
_TEXTS = {str(c) for c in CARDS}
_NAMES = ("AS", "10♥", "Ram", "QC")


def _cards_in_english(said: Said) -> list[str]:
    """The cards an English sentence names in the notation, read from its words. A clause
    whose template begins with a seat (``{name} …``, a field of words, not ``{card} …``) has
    its first word left out: it is a name, even one that reads as a card."""
    out: list[str] = []
    firsts = [re.match(r"\{(\w+)\}", t) for t in said.template.split("; ")]
    named = [m is not None and isinstance(said.fields.get(m.group(1)), str) for m in firsts]
    for n, clause in enumerate(said.english.split("; ")):
        seat_first = n < len(named) and named[n]
        name = next((m for m in _NAMES if seat_first and clause.startswith(m + " ")), "")
        rest = clause[len(name) :]
        for mark in ",:()":
            rest = rest.replace(mark, " ")
        out += [t for t in rest.split() if t in _TEXTS]
    return out


@given(st.integers(0, 10_000), st.sampled_from(["nepali", "house", "indian"]))
def test_every_card_a_sentence_names_is_a_card_field(seed, preset):
    """By a second route: the cards read from a sentence's fields are the cards its English
    names in the notation, in the same order, and a seat named like a card is never one."""
    for said in _walk(seed, preset, 12):
        assert [str(c) for c in cards_in(said)] == _cards_in_english(said), said
        assert from_code(said.code) == said


def test_a_walk_names_cards_in_many_sentences():
    said = [s for s in _walk(3, "nepali", 12) if cards_in(s)]
    assert len(said) > 10
    assert all(not s.verbatim for s in said)
