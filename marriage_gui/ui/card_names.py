"""Cards as a player reads them: ``10♠``, ``Q♥``, never the notation ``TS``, ``QH``.

The engine's words name cards in its text notation (saves, logs and bug reports keep it);
the screen says them with the rank and the suit sign at the moment it draws them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pygame

from engine.cards import RANKS, SUITS, Card
from engine.melds import MeldKind
from engine.wilds import Role
from engine.words import Said
from marriage_gui.language import N_, _, word
from marriage_gui.ui import theme

#: The suit signs in the engine's suit order (S H D C).
SUIT_SIGNS = "♠♥♦♣"
#: Hearts and diamonds in words drawn card by card: the red of a card's ink, lifted so it
#: reads on the dark felt.
RED_SUIT: theme.Colour = (255, 120, 112)

#: The wild cards' roles as a player names them (the engine's ``Role`` values are its own).
ROLE_WORDS = {
    Role.TIPLU: N_("tiplu"),
    Role.POPLU: N_("poplu"),
    Role.JHIPLU: N_("jhiplu"),
    Role.JOKER: N_("joker"),
    Role.ALTER: N_("alter"),
    Role.PRINTED: N_("printed joker"),
}
#: The kinds of meld as a player names them.
MELD_WORDS = {
    MeldKind.TUNNELA: N_("tunnela"),
    MeldKind.MARRIAGE: N_("marriage"),
    MeldKind.PURE_SEQUENCE: N_("pure sequence"),
    MeldKind.TRIPLET: N_("triplet"),
    MeldKind.DIRTY_SEQUENCE: N_("dirty sequence"),
    MeldKind.DIRTY_TRIPLET: N_("dirty triplet"),
    # Translators: a meld of a card and two wild cards standing in for the rest.
    MeldKind.WILD_MELD: N_("two wilds"),
}

# A card code stands alone among Latin letters and digits; Devanagari may touch it ("AHबाट").
_CODE = re.compile(rf"(?<![A-Za-z0-9_♠♥♦♣])(?:([{RANKS}])([{SUITS}])|JK)(?![A-Za-z0-9_♠♥♦♣])")
_SAID_RED = re.compile(r"(?:10|[2-9JQKA])[♥♦]")


def role_word(role: Role) -> str:
    """A wild card's role in the language in use (``tiplu``, ``joker``…)."""
    return _(ROLE_WORDS[role])


def meld_word(kind: MeldKind) -> str:
    """A kind of meld in the language in use (``tunnela``, ``pure sequence``…)."""
    return _(MELD_WORDS[kind])


def card_label(card: Card) -> str:
    """The card as a player reads it: ``10♠``, ``Q♥``, ``Joker``."""
    if card.is_joker:
        # Translators: a printed joker card, named alone (as on its face).
        return _("Joker")
    rank = "10" if card.rank_letter == "T" else card.rank_letter
    return rank + SUIT_SIGNS[card.suit]


def cards_label(cards: Iterable[Card]) -> str:
    """Several cards as a player reads them, space apart."""
    return " ".join(card_label(c) for c in cards)


def _code_label(found: re.Match[str]) -> str:
    rank, suit = found.group(1), found.group(2)
    if rank is None:
        return _("Joker")
    return ("10" if rank == "T" else rank) + SUIT_SIGNS[SUITS.index(suit)]


def readable(line: Said | str, names: Iterable[str] = ()) -> str:
    """``line`` (the game's words, in the language in use) with every card named as a player
    reads it.

    An engine sentence is worded first (``language.word``). Each clause of the game's words ("…; …") begins with the seat that acted: a name there
    stays as it is, even one that looks like a card ("AS discarded 9C").
    """
    line = word(line)
    kept = sorted({n for n in names if n}, key=len, reverse=True)
    clauses = []
    for clause in line.split("; "):
        name = next((n for n in kept if clause.startswith(n + " ")), "")
        clauses.append(name + _CODE.sub(_code_label, clause[len(name) :]))
    return "; ".join(clauses)


def red_spans(line: str) -> tuple[tuple[int, int, theme.Colour], ...]:
    """Where a said line names a heart or a diamond: (start, end, colour) for ``theme.text``."""
    return tuple((m.start(), m.end(), RED_SUIT) for m in _SAID_RED.finditer(line))


def card_text(line: str, size: int, colour: theme.Colour, bold: bool = False) -> pygame.Surface:
    """A said line drawn with its hearts and diamonds in red, the rest in ``colour``."""
    return theme.text(line, size, colour, bold, red_spans(line))
