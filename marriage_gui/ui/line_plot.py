"""A small line plot drawn by the game: shares (0 to 1) over the last few matches, a line each."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from marriage_gui.ui import theme

#: Line colours, one per player, told apart on the dark felt (and by colour-blind eyes).
INKS: tuple[theme.Colour, ...] = (
    (246, 206, 110),
    (120, 200, 255),
    (255, 140, 120),
    (170, 230, 150),
)


@dataclass(frozen=True)
class Series:
    """One line: its label and its values from 0 to 1, oldest first."""

    label: str
    values: tuple[float, ...]


def points(values: Sequence[float], area: pygame.Rect, slots: int) -> list[tuple[int, int]]:
    """Where each value sits in ``area``: the newest at the right edge, one slot a match,
    0 at the bottom and 1 at the top."""
    slots = max(2, slots)
    step = area.w / (slots - 1)
    first = slots - len(values)
    out = []
    for i, v in enumerate(values):
        x = area.x + round((first + i) * step)
        y = area.bottom - round(max(0.0, min(1.0, v)) * area.h)
        out.append((x, y))
    return out


def draw(
    surface: pygame.Surface, area: pygame.Rect, series: Sequence[Series], slots: int, k: float
) -> None:
    """The plot's grid (0, 50 and 100%), each series as a line with a dot a match."""
    small = max(10, round(12 * k))
    label_w = theme.text_width("100%", small) + round(8 * k)
    plot = pygame.Rect(area.x + label_w, area.y + small // 2, area.w - label_w, area.h - small)
    for share in (0.0, 0.5, 1.0):
        y = plot.bottom - round(share * plot.h)
        pygame.draw.line(surface, (70, 96, 80), (plot.x, y), (plot.right, y), 1)
        tag = theme.text(f"{round(share * 100)}%", small, theme.TEXT_FAINT)
        surface.blit(tag, tag.get_rect(midright=(plot.x - round(6 * k), y)))
    width = max(2, round(2.5 * k))
    for i, s in enumerate(series):
        ink = INKS[i % len(INKS)]
        spots = points(s.values, plot, slots)
        if len(spots) > 1:
            pygame.draw.lines(surface, ink, False, spots, width)
        for spot in spots:
            pygame.draw.circle(surface, ink, spot, max(3, round(4 * k)))


__all__ = ["INKS", "Series", "draw", "points"]
