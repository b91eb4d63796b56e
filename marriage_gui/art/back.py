"""The card back: a deep red panel with a gold lattice and an eight-pointed lotus medallion."""

from __future__ import annotations

import math

import pygame

from . import palette
from .shapes import star_points


def draw_back(surf: pygame.Surface, k: int, radius: float) -> None:
    """Paint the back design onto a blank card canvas (supersampled by ``k``)."""
    sw, sh = surf.get_size()
    margin = round(0.055 * sw)
    panel = pygame.Rect(margin, margin, sw - 2 * margin, sh - 2 * margin)
    inner_r = max(1, round(radius * 0.6))
    pygame.draw.rect(surf, palette.BACK_RED, panel, border_radius=inner_r)
    pattern = pygame.Surface(panel.size, pygame.SRCALPHA)
    pattern.fill((0, 0, 0, 0))
    pw, ph = panel.size
    cell = pw / 5
    gold = (*palette.GOLD, 150)
    dark = (*palette.BACK_RED_DARK, 255)
    line = max(1, round(0.008 * sw))
    # Diamond lattice anchored on the centre so the back is symmetric both ways.
    cx, cy = pw / 2, ph / 2
    rows = math.ceil(ph / cell) + 2
    cols = math.ceil(pw / cell) + 2
    for j in range(-rows, rows + 1):
        for i in range(-cols, cols + 1):
            if (i + j) % 2:
                continue
            x, y = cx + i * cell / 2, cy + j * cell / 2
            d = [(x, y - cell / 2), (x + cell / 2, y), (x, y + cell / 2), (x - cell / 2, y)]
            pygame.draw.polygon(pattern, (*palette.BACK_RED_LIGHT, 255), d)
            inner = [
                (x, y - cell * 0.3),
                (x + cell * 0.3, y),
                (x, y + cell * 0.3),
                (x - cell * 0.3, y),
            ]
            pygame.draw.polygon(pattern, dark, inner)
            pygame.draw.polygon(pattern, gold, d, line)
            pygame.draw.circle(pattern, gold, (x, y), cell * 0.07)
    surf.blit(pattern, panel.topleft)
    # Medallion: a ring, an eight-pointed star of two squares and a lotus of sixteen petals.
    mx, my = sw / 2, sh / 2
    r = 0.3 * sw
    pygame.draw.circle(surf, palette.BACK_RED_DARK, (mx, my), r * 1.08)
    pygame.draw.circle(surf, palette.GOLD, (mx, my), r * 1.08, max(1, round(0.012 * sw)))
    pygame.draw.polygon(surf, palette.GOLD, star_points((mx, my), r, r * 0.8, n=16))
    pygame.draw.polygon(surf, palette.BACK_RED, star_points((mx, my), r * 0.86, r * 0.68, n=16))
    for rot in (0.0, math.pi / 4):
        sq = [
            (
                mx + r * 0.72 * math.cos(rot + a * math.pi / 2),
                my + r * 0.72 * math.sin(rot + a * math.pi / 2),
            )
            for a in range(4)
        ]
        pygame.draw.polygon(surf, palette.GOLD, sq)
    pygame.draw.circle(surf, palette.BACK_RED_DARK, (mx, my), r * 0.5)
    pygame.draw.polygon(
        surf, palette.GOLD_LIGHT, star_points((mx, my), r * 0.42, r * 0.2, n=8, rot=math.pi / 8)
    )
    pygame.draw.circle(surf, palette.BACK_RED, (mx, my), r * 0.14)
    pygame.draw.circle(surf, palette.GOLD_LIGHT, (mx, my), r * 0.07)
    # Double gold rule around the panel.
    pygame.draw.rect(
        surf, palette.GOLD, panel, width=max(1, round(0.014 * sw)), border_radius=inner_r
    )
    pygame.draw.rect(
        surf,
        palette.GOLD_DARK,
        panel.inflate(-round(0.05 * sw), -round(0.05 * sw)),
        width=max(1, round(0.006 * sw)),
        border_radius=inner_r,
    )
