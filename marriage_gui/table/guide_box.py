"""The guide's prompt box: where it stands beside the cards, its lines, and how it is drawn.

It stands on the row of melds over the hand, right of the maal panel, left of a right-hand seat,
and grows upward as its words need (over the announcement, if it must). The open log then ends
above it (``Layout.end_log_at``) rather than squeezing it into a narrow column beside the log;
only where the log would keep too few lines does the box stand beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from marriage_gui.ui.button import Button
from marriage_gui.ui.card_names import card_text
from marriage_gui.ui.theme import GOLD_LIGHT, panel, shrunk
from marriage_gui.ui.words import wrapped

from .layout import Layout

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Prompt:
    """The prompt box as a frame shows it: where, in which size, which lines; and whether it
    covers the announcement (the table then draws none)."""

    rect: pygame.Rect
    size: int
    title: str
    lines: tuple[tuple[str, Colour], ...]
    hides_banner: bool
    #: The title's type size: a size above the lines', smaller if a long title needs it.
    title_size: int = 0


#: The fewest lines of the open log worth keeping above the box (else the box goes beside it).
LOG_LINES = 4


def lay_out(
    L: Layout, title: str, body: Sequence[tuple[str, Colour]], buttons: Sequence[Button], log: bool
) -> Prompt:
    """The box for ``body`` (paragraphs with their colours) and ``buttons`` (placed in a column
    at its right), in layout ``L`` (``log``: the log is open, and ends above the box)."""
    box = _placed(L, title, body, buttons, beside_log=False)
    if log:
        room = box.rect.top - 8 - L.log_rect.y
        if room >= LOG_LINES * round(max(12, L.maal_size) * 1.45) + 16:
            L.end_log_at(box.rect.top - 8)
        else:
            box = _placed(L, title, body, buttons, beside_log=True)
    return box


def _placed(
    L: Layout,
    title: str,
    body: Sequence[tuple[str, Colour]],
    buttons: Sequence[Button],
    beside_log: bool,
) -> Prompt:
    """The box laid out across the felt, or (``beside_log``) left of the open log."""
    w, h = L.size
    right = [w - L.margin] + [s.plate.x for s in L.seats.values() if s.side == "right"]
    if beside_log:
        right.append(L.log_rect.x)
    left = L.maal_area.right + 8
    top = L.discard_row.bottom + max(8, h // 100)
    rect = pygame.Rect(left, top, max(240, min(right) - 12 - left), max(80, L.band.y - 8 - top))
    bh = max(28, round(L.button_h * 0.8))
    column = max((b.width_for(bh) for b in buttons), default=0)
    size = max(11, min(17, h // 50))
    while True:
        room = rect.width - column - 3 * size
        lines = tuple((line, colour) for text, colour in body for line in wrapped(text, size, room))
        tall = round(size * 1.7) + len(lines) * round(size * 1.3) + size
        if tall <= rect.height or size <= 11:
            break
        size -= 1
    rect.height = max(tall, len(buttons) * (bh + 8) + size)
    rect.bottom = L.band.y - 8
    rect.top = max(rect.top, top)
    y = rect.y + size // 2 + 2
    for b in buttons:
        b.place(pygame.Rect(rect.right - size - column, y, column, bh), 1.0)
        y += bh + 8
    hides = rect.top < L.banner[1] + max(14, h // 48)
    # The title fits beside the buttons: a longer one (another language) is set smaller.
    title, title_size = shrunk(title, round(size * 1.15), room, min(11, size), True)
    return Prompt(rect, size, title, lines, hides, title_size)


def draw_prompt(surface: pygame.Surface, p: Prompt, buttons: Sequence[Button]) -> None:
    """The box, its words and its buttons."""
    panel(surface, p.rect, 12, (8, 30, 22, 236), GOLD_LIGHT, edge_width=2)
    x, y = p.rect.x + p.size, p.rect.y + p.size // 2
    title_size = p.title_size or round(p.size * 1.15)
    surface.blit(card_text(p.title, title_size, GOLD_LIGHT, True), (x, y))
    y += round(p.size * 1.7)
    for line, colour in p.lines:
        surface.blit(card_text(line, p.size, colour), (x, y))
        y += round(p.size * 1.3)
    for b in buttons:
        b.draw(surface)


__all__ = ["Prompt", "draw_prompt", "lay_out"]
