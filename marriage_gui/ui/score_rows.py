"""The score sheet's measures and its rows' cards: how big everything is at a window size, each
seat's cards laid out as its melds, and where the maal lines go. Nothing here is worded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card, code_of
from engine.wilds import Role, Wilds
from marriage_gui.art import fonts
from marriage_gui.art.cards import CardArt, card_size
from marriage_gui.ui.theme import TABLE_TEXT, fitting_size, shrunk, wrap

if TYPE_CHECKING:
    from engine.result import HandResult
    from engine.rules import RuleSet

#: A seat's cards as the sheet lays them out: (melds in hand, loose cards, shown melds).
Arranged = tuple[list[list[Card]], list[Card], list[list[Card]]]


def arranged(result: HandResult, seat: int, rules: RuleSet) -> Arranged:
    """(melds in hand, loose cards, shown melds) for ``seat``, as ``HandResult.arrangement``
    lays them out."""
    melds, loose = result.arrangement(seat, rules)
    shown = [[CARDS[code_of(i)] for i in ids] for _k, ids in result.shown[seat]]
    return (
        [[CARDS[code_of(i)] for i in m] for m in melds],
        [CARDS[code_of(i)] for i in loose],
        shown,
    )


def row_units(melds: list[list[Card]], loose: list[Card], shown: list[list[Card]]) -> float:
    """A row's width in card widths: each group fanned (0.42 a card) and a gap (0.3) after it."""
    groups = [*shown, *melds, *([loose] if loose else [])]
    return sum(1.3 + 0.42 * (len(cards) - 1) for cards in groups)


def size_guess(row_h: float) -> int:
    """Room the two text lines of a row take."""
    return round(row_h * 0.17) + 30


@dataclass(frozen=True)
class Measures:
    """Where the sheet's parts go and how big they are, for one window size."""

    w: int
    h: int
    #: The margin round the sheet.
    m: int
    title_size: int
    #: The tiplu card's width, at the top right.
    tip_w: int
    #: The top of the line under the heading (the tiplu, or that nobody saw).
    y0: int
    #: The top of the first row.
    y: int
    #: The buttons' height.
    bh: int
    row_h: float
    #: A card's width and height in the rows, and the step of a fan.
    cw: int
    ch: int
    step: int
    #: The size of the rows' words.
    size: int

    @classmethod
    def of(
        cls, w: int, h: int, players: int, arrangements: list[Arranged], extra: int = 0
    ) -> Measures:
        """The measures of a sheet ``w`` by ``h`` of ``players`` rows holding ``arrangements``,
        the rows ``extra`` pixels lower (a line said under the heading)."""
        m = max(16, w // 60)
        title_size = max(22, h // 26)
        y0 = m + fonts.size_of("Ag", title_size, True)[1] + 8
        y = y0 + max(14, h // 50) + 14 + extra
        bh = max(36, round(h * 0.055))
        row_h = (h - y - bh - 2 * m) / players
        cw = max(28, min(round((row_h - size_guess(row_h)) * 0.7), round(w * 0.6 / 15)))
        # Every row's cards stop short of the money column (many dublees make a long row):
        # the cards shrink rather than push the money aside and shrink its words.
        units = max(row_units(*a) for a in arrangements)
        cards_room = w - 2 * m - round(w * 0.34) - 30
        cw = max(24, min(cw, int(cards_room / units))) if units else cw
        ch = card_size(cw)[1]
        # Rows grow with fewer players; the words stop growing at the four-player size.
        size = max(12, min(round(row_h * 0.17), h // 30))
        tip_w = max(34, h // 22)
        return cls(w, h, m, title_size, tip_w, y0, y, bh, row_h, cw, ch, round(cw * 0.42), size)


def draw_cards(
    surface: pygame.Surface,
    art: CardArt,
    four: bool,
    seat_cards: Arranged,
    wild: Wilds | None,
    winner: bool,
    at: tuple[int, int],
    look: Measures,
) -> int:
    """A row's cards from ``at``: shown melds, melds in hand, then the loose cards (greyed but
    the winner's); wild cards wear their badge. Returns where the cards end."""
    melds, loose, shown = seat_cards
    x, cy = at
    cw, step = look.cw, look.step
    groups = (
        [("shown", ms) for ms in shown]
        + [("meld", ms) for ms in melds]
        + ([("loose", loose)] if loose else [])
    )
    for kind, cards in groups:
        for k, c in enumerate(cards):
            marks: set[str] = set()
            role = wild.role(c) if wild is not None else None
            if role is not None:
                marks = {"tiplu"} if role is Role.TIPLU else {"wild"}
            if kind == "loose" and not winner:
                marks.add("dim")
            surface.blit(art.face(c.code, cw, four, marks), (x + k * step, cy))
        x += cw + step * (len(cards) - 1) + round(cw * 0.3)
    return x


def item_places(
    lines: Sequence[str], area: pygame.Rect, size: int, smallest: int = 9
) -> list[tuple[str, tuple[int, int], int]]:
    """Where each maal line goes in ``area``: every line is shown, never dropped.

    Lines go down a column while they fit, then on in a column beside it (as many columns as
    the lines need); a line too wide for its column is set smaller, down to ``smallest``, and
    cut with an ellipsis only below that. Returns (text, top-left, type size) per line.
    """
    if not lines:
        return []
    line_h = fonts.size_of("Ag♦", size)[1]
    per_column = max(1, area.h // line_h)
    columns = -(-len(lines) // per_column)
    gap = round(size * 0.8)
    col_w = max(1, (area.w - gap * (columns - 1)) // columns)
    out = []
    for i, text in enumerate(lines):
        col, row = divmod(i, per_column)
        words, fit_size = shrunk(text, size, col_w, smallest)
        out.append((words, (area.x + col * (col_w + gap), area.y + row * line_h), fit_size))
    return out


def draw_note(surface: pygame.Surface, note: str, area: pygame.Rect, size: int) -> None:
    """Who pays whom, beside the buttons: one line, set smaller if it must be; a line that
    would be too small to read (longer words) goes on two lines instead."""
    one = fitting_size(note, size, area.w, 10, bold=True)
    lines = [note]
    if one < size - 2:
        two = max(10, size - 2)
        wrapped = wrap(note, two, area.w, bold=True)
        tall = len(wrapped) * fonts.size_of("Ag", two, True)[1]
        if len(wrapped) == 2 and tall <= area.h:
            lines, one = wrapped, two
    line_h = fonts.size_of("Ag", one, True)[1]
    y = area.y + (area.h - line_h * len(lines)) // 2
    for line in lines:
        line, fitted = shrunk(line, one, area.w, 8, bold=True)
        surface.blit(fonts.render(line, fitted, TABLE_TEXT, True), (area.x, y))
        y += line_h
