"""Cards as a player reads them: ``10♠``, ``Q♥``, never the notation ``TS``, ``QH``.

The engine's sentences carry their cards as a field of their own (``engine.words.Cards``);
``language.word`` names each one as a player reads it and keeps where it put it (``Worded``),
and the hearts and diamonds are drawn red there. Only plain words from an older file or host,
made before cards were a field of their own, are read for cards in the notation
(``old_words``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pygame

from engine.cards import CARDS, RANKS, SUITS, Card
from engine.melds import MeldKind
from engine.wilds import Role
from engine.words import Said
from marriage_gui.language import N_, SUIT_SIGNS, Worded, _, card_label, word
from marriage_gui.ui import theme

__all__ = [
    "MELD_WORDS",
    "RED_SUIT",
    "ROLE_WORDS",
    "SUIT_SIGNS",
    "card_label",
    "card_text",
    "cards_label",
    "meld_word",
    "old_words",
    "readable",
    "red_spans",
    "role_word",
]

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

#: Old words only: a card in the notation stands alone among Latin letters and digits;
#: Devanagari may touch it ("AHबाट").
_OLD_CODE = re.compile(rf"(?<![A-Za-z0-9_♠♥♦♣])(?:([{RANKS}])([{SUITS}])|JK)(?![A-Za-z0-9_♠♥♦♣])")


def role_word(role: Role) -> str:
    """A wild card's role in the language in use (``tiplu``, ``joker``…)."""
    return _(ROLE_WORDS[role])


def meld_word(kind: MeldKind) -> str:
    """A kind of meld in the language in use (``tunnela``, ``pure sequence``…)."""
    return _(MELD_WORDS[kind])


def cards_label(cards: Iterable[Card]) -> Worded:
    """Several cards as a player reads them, space apart (each card's place kept)."""
    out: list[str] = []
    places: list[tuple[int, int, Card]] = []
    at = 0
    for card in cards:
        if out:
            out.append(" ")
            at += 1
        label = card_label(card)
        places.append((at, at + len(label), card))
        out.append(label)
        at += len(label)
    return Worded("".join(out), tuple(places))


def readable(line: Said | str, names: Iterable[str] = ()) -> Worded:
    """``line`` in the language in use with every card named as a player reads it.

    An engine sentence is worded (``language.word``): its cards are its card fields, and a
    name is a name whatever it looks like. Words already worded stay as they are. Plain words
    (from an older file or host, before cards were a field of their own) are read the old way,
    ``old_words``."""
    if isinstance(line, Said):
        if line.verbatim:
            return old_words(line.template, names)
        said = word(line)
        return said if isinstance(said, Worded) else Worded(said)
    if isinstance(line, Worded):
        return line
    return old_words(line, names)


def old_words(line: str, names: Iterable[str] = ()) -> Worded:
    """Plain words an older release wrote, cards in the notation ("AS discarded 9C"), with
    each card named as a player reads it: each clause ("…; …") begins with the seat that
    acted, whose name stays as it is even when it looks like a card. Never used for an engine
    sentence of this release, whose cards are fields of their own."""
    kept = sorted({n for n in names if n}, key=len, reverse=True)
    out: list[str] = []
    places: list[tuple[int, int, Card]] = []
    at = 0
    for k, clause in enumerate(line.split("; ")):
        if k:
            out.append("; ")
            at += 2
        name = next((n for n in kept if clause.startswith(n + " ")), "")
        out.append(name)
        at += len(name)
        rest = clause[len(name) :]
        done = 0
        for found in _OLD_CODE.finditer(rest):
            out.append(rest[done : found.start()])
            at += found.start() - done
            rank, suit = found.group(1), found.group(2)
            card = CARDS[52] if rank is None else CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]
            label = card_label(card)
            places.append((at, at + len(label), card))
            out.append(label)
            at += len(label)
            done = found.end()
        out.append(rest[done:])
        at += len(rest) - done
    return Worded("".join(out), tuple(places))


def red_spans(line: str) -> tuple[tuple[int, int, theme.Colour], ...]:
    """Where words name a heart or a diamond: (start, end, colour) for ``theme.text``, from
    the places ``Worded`` words keep for their cards (plain words name no card)."""
    if not isinstance(line, Worded):
        return ()
    return tuple((a, b, RED_SUIT) for a, b, card in line.cards if card.suit in (1, 2))


def card_text(line: str, size: int, colour: theme.Colour, bold: bool = False) -> pygame.Surface:
    """Words drawn with their hearts and diamonds in red, the rest in ``colour``."""
    return theme.text(line, size, colour, bold, red_spans(line))
