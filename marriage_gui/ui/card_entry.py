"""A card as a person types it at a real table: ``7h``, ``10♦``, ``Q♠``, ``७ पान``, ``पान ७``,
``बादशाह चिडी`` or ``seven of hearts``; the engine's card comes out, or a reason.

The engine reads its own notation (``7H``); this reads what a person writes in either language
(Latin or Devanagari digits, the suits' and the court cards' Nepali names) and hands the
engine that notation, so the engine stays the one judge of what a card is.
"""

from __future__ import annotations

import re

from engine.cards import JOKER, Card, parse_card
from marriage_gui.language import N_

_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

#: Suit names, in English and as Nepali tables say them (हुकुम ♠, पान ♥, इँटा ♦, चिडी ♣).
SUIT_WORDS: dict[str, str] = {
    "spades": "S",
    "spade": "S",
    "hearts": "H",
    "heart": "H",
    "diamonds": "D",
    "diamond": "D",
    "clubs": "C",
    "club": "C",
    "हुकुम": "S",
    "पान": "H",
    "इँटा": "D",
    "ईंटा": "D",
    "इँट": "D",
    "ईंट": "D",
    "इट्टा": "D",
    "चिडी": "C",
    "चिडि": "C",
    "चिड़ी": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
}

#: Ranks by their names: English, the Nepali words for the numbers, and the cards' own names.
RANK_WORDS: dict[str, str] = {
    **{str(n): str(n) for n in range(2, 10)},
    "10": "T",
    "t": "T",
    "j": "J",
    "q": "Q",
    "k": "K",
    "a": "A",
    "1": "A",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "T",
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
    "दुई": "2",
    "तीन": "3",
    "चार": "4",
    "पाँच": "5",
    "पांच": "5",
    "छ": "6",
    "सात": "7",
    "आठ": "8",
    "नौ": "9",
    "दस": "T",
    "दश": "T",
    "दुक्की": "2",
    "तिक्की": "3",
    "चौकी": "4",
    "पञ्जा": "5",
    "छक्का": "6",
    "सत्ता": "7",
    "अट्ठा": "8",
    "नहला": "9",
    "दहला": "T",
    "गुलाम": "J",
    "बेगम": "Q",
    "मेम": "Q",
    "बादशाह": "K",
    "बाश्शा": "K",
    "एक्का": "A",
}

JOKER_WORDS = frozenset({"jk", "joker", "जोकर"})

#: What a person is told when a card cannot be read.
HOW = N_("write a card like 7h, 10d, Q♠ or ७ पान")
#: ... and when several cards cannot be told apart.
HOW_MANY = N_("write the cards comma apart, like 5c, 9h or ५ चिडी, ९ पान")

_LINKS = re.compile(r"(?:\bof\b|को|\bthe\b)")
_SUIT_LETTERS = {"s": "S", "h": "H", "d": "D", "c": "C"}


def _suit_words() -> list[str]:
    return sorted(SUIT_WORDS, key=len, reverse=True)


def _rank(text: str) -> str | None:
    return RANK_WORDS.get(text)


def typed_card(text: str) -> Card:
    """The card ``text`` names; ValueError(``HOW``) if it names none."""
    t = _LINKS.sub(" ", text.strip().lower().translate(_DIGITS))
    if t.replace(" ", "") in JOKER_WORDS:
        return JOKER
    suit = None
    for name in _suit_words():
        if name in t:
            suit = SUIT_WORDS[name]
            t = t.replace(name, " ", 1)
            break
    rest = "".join(t.split())
    rank = None
    if suit is not None:
        rank = _rank(rest)
    elif len(rest) >= 2:
        if rest[-1] in _SUIT_LETTERS and (rank := _rank(rest[:-1])) is not None:
            suit = _SUIT_LETTERS[rest[-1]]
        elif rest[0] in _SUIT_LETTERS and (rank := _rank(rest[1:])) is not None:
            suit = _SUIT_LETTERS[rest[0]]
    if rank is None or suit is None:
        raise ValueError(HOW)
    return parse_card(rank + suit)


def typed_cards(text: str) -> list[Card]:
    """Several cards, comma apart (``5c, ९ पान``) or, with no comma, space apart when each word
    is a card of its own (``5c 9h kd``); ValueError(``HOW``) otherwise."""
    text = text.strip()
    if not text:
        return []
    if "," in text:
        return [typed_card(part) for part in text.split(",") if part.strip()]
    try:
        return [typed_card(text)]
    except ValueError:
        pass
    try:
        return [typed_card(word) for word in text.split()]
    except ValueError:
        raise ValueError(HOW_MANY) from None
