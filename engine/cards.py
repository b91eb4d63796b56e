"""Cards, their text notation and the 156-card shoe.

A card *kind* is a small int ``code``: ``suit * 13 + rank_index`` for the 52 French cards
(suits in the order S H D C, ranks 2..A) and 52 for a printed joker. Copies of a kind are
identical for the rules; a *physical* card additionally has an identity 0..155 (+ jokers) so
the table can animate the very card that moved: ``id % 52`` is its code for ids below 156.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SUITS = "SHDC"
RANKS = "23456789TJQKA"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = dict(
    zip(
        RANKS,
        [
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "jack",
            "queen",
            "king",
            "ace",
        ],
        strict=True,
    )
)
JOKER_CODE = 52
DECKS = 3
DECK_SIZE = 52
SHOE_SIZE = DECKS * DECK_SIZE  # 156
#: Suits of the same colour: spades/clubs are black, hearts/diamonds red.
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A card kind (rank and suit, or the printed joker); immutable, hashable, ordered."""

    code: int

    def __post_init__(self) -> None:
        if not 0 <= self.code <= JOKER_CODE:
            raise ValueError(f"no card has code {self.code}")

    @property
    def is_joker(self) -> bool:
        """True for a printed joker (JK)."""
        return self.code == JOKER_CODE

    @property
    def suit(self) -> int:
        """Suit index 0..3 (S H D C); -1 for a printed joker."""
        return -1 if self.code == JOKER_CODE else self.code // 13

    @property
    def rank(self) -> int:
        """Rank 2..14 (ace high); 0 for a printed joker."""
        return 0 if self.code == JOKER_CODE else self.code % 13 + 2

    @property
    def suit_letter(self) -> str:
        """``S``, ``H``, ``D``, ``C`` or empty for a printed joker."""
        return "" if self.code == JOKER_CODE else SUITS[self.code // 13]

    @property
    def rank_letter(self) -> str:
        """``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``; ``JK`` for a printed joker."""
        return "JK" if self.code == JOKER_CODE else RANKS[self.code % 13]

    def __str__(self) -> str:
        try:
            return _TEXTS[self.code]
        except (IndexError, TypeError):
            return _text(self.code)

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        """The card of rank 2..14 and suit index 0..3."""
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no card has rank {rank} and suit {suit}")
        return CARDS[suit * 13 + rank - 2]


def _text(code: int) -> str:
    return "JK" if code == JOKER_CODE else RANKS[code % 13] + SUITS[code // 13]


#: The text of every card kind by code (``str`` of a card, made once).
_TEXTS: tuple[str, ...] = tuple(_text(c) for c in range(JOKER_CODE + 1))
#: Every card kind by code (flyweights: ``CARDS[c.code] is c`` for parsed cards).
CARDS: tuple[Card, ...] = tuple(Card(c) for c in range(JOKER_CODE + 1))
JOKER = CARDS[JOKER_CODE]


def parse_card(text: str) -> Card:
    """Parse ``TD``, ``10d``, ``♥7``, ``7♥`` or ``JK``; raise ValueError naming the bad token."""
    if not isinstance(text, str):
        raise ValueError(f"not a card: {text!r}")
    token = text.strip()
    t = token.upper()
    for sym, letter in SUIT_SYMBOLS.items():
        if t.startswith(sym):
            t = t[1:] + letter
        t = t.replace(sym, letter)
    if t in ("JK", "JOKER"):
        return JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) == 2 and t[0] in RANKS and t[1] in SUITS:
        return CARDS[SUITS.index(t[1]) * 13 + RANKS.index(t[0])]
    raise ValueError(f"not a card: {token!r} (write rank then suit, like AS, TD, 10D, 7H or JK)")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (``"AS 10h QC ♥7"``)."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    else:
        tokens = list(text)
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical text of cards, e.g. ``"AS TH QC 7H"``."""
    cards = list(cards)
    try:
        return " ".join([_TEXTS[c.code] for c in cards])
    except (AttributeError, IndexError, TypeError):
        return " ".join(str(c) for c in cards)


def card_of(card_id: int) -> Card:
    """The kind of the physical card with identity ``card_id``."""
    return CARDS[card_id % DECK_SIZE] if card_id < SHOE_SIZE else JOKER


def code_of(card_id: int) -> int:
    """The kind code of the physical card with identity ``card_id``."""
    return card_id % DECK_SIZE if card_id < SHOE_SIZE else JOKER_CODE


def shoe_ids(printed_jokers: int = 0) -> list[int]:
    """Identities of every physical card in play: three decks plus printed jokers."""
    return list(range(SHOE_SIZE + printed_jokers))


def card_name(card: Card) -> str:
    """A spoken name: ``"seven of hearts"``, ``"printed joker"``."""
    if card.is_joker:
        return "printed joker"
    r = card.rank_letter
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[card.suit_letter]}"
