"""The drawn court figures (jack, queen, king) and the printed joker.

A court card is a double-ended half-length portrait in a gold frame: the top half is drawn
once on its own canvas and the bottom half is the same canvas turned round, as on real cards.
All coordinates are fractions of the half-frame so the figure scales with the card.
"""

from __future__ import annotations

import pygame

from . import palette
from .shapes import crown_points, draw_suit, ellipse, star_points

Colour = tuple[int, int, int]

# Main robe and lining per rank, varied by suit so the twelve courts are told apart at a glance.
_ROBES: dict[int, tuple[tuple[Colour, Colour], ...]] = {
    13: (
        (palette.ROBE_BLUE, palette.ROBE_RED),
        (palette.ROBE_RED, palette.ROBE_BLUE),
        (palette.ROBE_PURPLE, palette.ROBE_OCHRE),
        (palette.ROBE_GREEN, palette.ROBE_RED),
    ),
    12: (
        (palette.ROBE_PURPLE, palette.ROBE_GREEN),
        (palette.ROBE_RED, palette.ROBE_OCHRE),
        (palette.ROBE_BLUE, palette.ROBE_RED),
        (palette.ROBE_GREEN, palette.ROBE_PURPLE),
    ),
    11: (
        (palette.ROBE_GREEN, palette.ROBE_BLUE),
        (palette.ROBE_BLUE, palette.ROBE_RED),
        (palette.ROBE_RED, palette.ROBE_GREEN),
        (palette.ROBE_OCHRE, palette.ROBE_BLUE),
    ),
}


def _darker(c: Colour, f: float = 0.7) -> Colour:
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))


def _lighter(c: Colour, f: float = 0.45) -> Colour:
    return tuple(round(v + (255 - v) * f) for v in c)  # type: ignore[return-value]


class _Pen:
    """Draws on a canvas in fractions of its width (x) and height (y)."""

    def __init__(self, surf: pygame.Surface) -> None:
        self.surf = surf
        self.w, self.h = surf.get_size()

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.w, y * self.h)

    def poly(self, colour: Colour, pts: list[tuple[float, float]], width: int = 0) -> None:
        pygame.draw.polygon(self.surf, colour, [self.p(x, y) for x, y in pts], width)

    def circle(self, colour: Colour, x: float, y: float, r: float, width: int = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(x, y), r * self.w, width)

    def ellipse(self, colour: Colour, x: float, y: float, rx: float, ry: float) -> None:
        ellipse(self.surf, colour, self.p(x, y), rx * self.w, ry * self.h)

    def line(
        self, colour: Colour, a: tuple[float, float], b: tuple[float, float], width: float
    ) -> None:
        pygame.draw.line(self.surf, colour, self.p(*a), self.p(*b), max(1, round(width * self.w)))


def _robe(pen: _Pen, main: Colour, lining: Colour, rank: int) -> None:
    trim = palette.GOLD
    body = [
        (0, 1),
        (0, 0.84),
        (0.1, 0.75),
        (0.33, 0.68),
        (0.67, 0.68),
        (0.9, 0.75),
        (1, 0.84),
        (1, 1),
    ]
    pen.poly(main, body)
    # A fold of shadow down each side gives the robe some volume.
    pen.poly(_darker(main, 0.8), [(0, 1), (0, 0.84), (0.1, 0.75), (0.2, 0.72), (0.16, 1)])
    pen.poly(_darker(main, 0.8), [(1, 1), (1, 0.84), (0.9, 0.75), (0.8, 0.72), (0.84, 1)])
    # Inner garment in the V of the collar.
    pen.poly(lining, [(0.36, 0.68), (0.64, 0.68), (0.56, 1), (0.44, 1)])
    for i in range(3):
        pen.circle(palette.GOLD_LIGHT, 0.5, 0.79 + i * 0.075, 0.022)
    # Gold collar edges and a jewelled band across the shoulders.
    pen.poly(trim, [(0.31, 0.67), (0.38, 0.67), (0.47, 1), (0.4, 1)])
    pen.poly(trim, [(0.69, 0.67), (0.62, 0.67), (0.53, 1), (0.6, 1)])
    band = [(0.0, 0.9), (0.12, 0.83), (0.3, 0.8), (0.3, 0.85), (0.14, 0.88), (0.0, 0.95)]
    pen.poly(trim, band)
    pen.poly(trim, [(1 - x, y) for x, y in band])
    for x in (0.07, 0.19):
        pen.circle(lining, x, 0.875 - x * 0.25, 0.02)
        pen.circle(lining, 1 - x, 0.875 - x * 0.25, 0.02)
    if rank == 13:
        # Ermine-like mantle edge for the king.
        for i in range(6):
            pen.circle(palette.CREAM, 0.05 + i * 0.05, 0.83 - i * 0.018, 0.03)
            pen.circle(palette.CREAM, 0.95 - i * 0.05, 0.83 - i * 0.018, 0.03)
        for i in range(0, 6, 2):
            pen.circle(palette.INK_BLACK, 0.05 + i * 0.05, 0.83 - i * 0.018, 0.008)
            pen.circle(palette.INK_BLACK, 0.95 - i * 0.05, 0.83 - i * 0.018, 0.008)


def _head(pen: _Pen, rank: int, hair: Colour) -> None:
    hx, hy = 0.5, 0.44
    if rank == 12:
        # The queen's long hair falls behind her shoulders.
        pen.poly(
            hair, [(0.3, 0.36), (0.7, 0.36), (0.76, 0.72), (0.68, 0.78), (0.32, 0.78), (0.24, 0.72)]
        )
    pen.poly(palette.SKIN_SHADE, [(0.44, 0.5), (0.56, 0.5), (0.57, 0.7), (0.43, 0.7)])
    pen.ellipse(palette.SKIN, hx, hy, 0.155, 0.125)
    # Ears.
    pen.ellipse(palette.SKIN_SHADE, hx - 0.155, hy + 0.01, 0.025, 0.035)
    pen.ellipse(palette.SKIN_SHADE, hx + 0.155, hy + 0.01, 0.025, 0.035)
    pen.ellipse(palette.SKIN, hx, hy, 0.15, 0.122)
    ink = palette.INK_BLACK
    # Eyes with whites, brows, nose and mouth.
    for side in (-1, 1):
        ex = hx + side * 0.06
        pen.ellipse((255, 255, 255), ex, hy - 0.005, 0.028, 0.014)
        pen.circle(ink, ex, hy - 0.005, 0.013)
        pen.line(
            hair if rank != 12 else ink,
            (ex - 0.035, hy - 0.045 - side * 0.0),
            (ex + 0.035, hy - 0.05),
            0.012,
        )
    pen.poly(palette.SKIN_SHADE, [(hx, hy), (hx - 0.02, hy + 0.05), (hx + 0.015, hy + 0.055)])
    if rank == 12:
        pen.ellipse((226, 140, 140), hx - 0.085, hy + 0.045, 0.03, 0.018)
        pen.ellipse((226, 140, 140), hx + 0.085, hy + 0.045, 0.03, 0.018)
        pen.ellipse((196, 40, 60), hx, hy + 0.085, 0.035, 0.014)
        pen.circle(palette.INK_RED, hx, hy - 0.04, 0.012)  # tika
    else:
        pen.ellipse((170, 70, 70), hx, hy + 0.088, 0.03, 0.01)
        pen.circle(palette.INK_RED, hx, hy - 0.045, 0.01)
    if rank == 13:
        # Full beard and moustache.
        pen.poly(
            hair,
            [
                (0.36, 0.46),
                (0.4, 0.53),
                (0.5, 0.56),
                (0.6, 0.53),
                (0.64, 0.46),
                (0.66, 0.55),
                (0.58, 0.64),
                (0.5, 0.67),
                (0.42, 0.64),
                (0.34, 0.55),
            ],
        )
        pen.poly(hair, [(0.5, 0.505), (0.42, 0.53), (0.38, 0.51), (0.45, 0.49)])
        pen.poly(hair, [(0.5, 0.505), (0.58, 0.53), (0.62, 0.51), (0.55, 0.49)])
    elif rank == 11:
        pen.poly(hair, [(0.5, 0.51), (0.43, 0.525), (0.4, 0.51), (0.46, 0.497)])
        pen.poly(hair, [(0.5, 0.51), (0.57, 0.525), (0.6, 0.51), (0.54, 0.497)])
    # Hair at the temples.
    pen.poly(hair, [(0.34, 0.32), (0.37, 0.45), (0.35, 0.48), (0.33, 0.4)])
    pen.poly(hair, [(0.66, 0.32), (0.63, 0.45), (0.65, 0.48), (0.67, 0.4)])


def _headgear(pen: _Pen, rank: int, main: Colour, lining: Colour, hair: Colour) -> None:
    if rank == 13:
        pen.poly(lining, [(0.35, 0.33), (0.65, 0.33), (0.62, 0.18), (0.38, 0.18)])
        pts = crown_points(0.31 * pen.w, 0.07 * pen.h, 0.38 * pen.w, 0.27 * pen.h, spikes=3)
        pygame.draw.polygon(pen.surf, palette.GOLD, pts)
        pygame.draw.polygon(pen.surf, palette.GOLD_DARK, pts, max(1, round(pen.w * 0.012)))
        for x in (0.31 + 0.38 / 6, 0.5, 0.69 - 0.38 / 6):
            pen.circle(palette.GOLD_LIGHT, x, 0.075, 0.022)
        pen.poly(palette.GOLD_DARK, [(0.31, 0.3), (0.69, 0.3), (0.69, 0.34), (0.31, 0.34)])
        for x, c in ((0.38, palette.INK_RED), (0.5, palette.ROBE_BLUE), (0.62, palette.INK_RED)):
            pen.ellipse(c, x, 0.25, 0.025, 0.025)
    elif rank == 12:
        pen.ellipse(hair, 0.5, 0.36, 0.165, 0.075)
        pts = crown_points(0.36 * pen.w, 0.17 * pen.h, 0.28 * pen.w, 0.16 * pen.h, spikes=5)
        pygame.draw.polygon(pen.surf, palette.GOLD, pts)
        for i in range(5):
            pen.circle(palette.GOLD_LIGHT, 0.36 + 0.028 + i * 0.056, 0.175, 0.014)
        pen.circle(lining, 0.5, 0.28, 0.025)
        # Flowers tucked in the hair.
        for x in (0.32, 0.68):
            for dx, dy in ((0, -0.018), (0.018, 0), (0, 0.018), (-0.018, 0)):
                pen.circle((255, 255, 255), x + dx, 0.37 + dy, 0.016)
            pen.circle(palette.GOLD, x, 0.37, 0.012)
    else:
        # A dhaka topi: the Nepali cap, leaning slightly, with its woven triangle pattern.
        cap = [(0.33, 0.35), (0.67, 0.35), (0.64, 0.16), (0.36, 0.2)]
        pen.poly(main, cap)
        for i in range(5):
            x = 0.37 + i * 0.06
            c = (palette.CREAM, lining, palette.GOLD_LIGHT)[i % 3]
            pen.poly(c, [(x, 0.32), (x + 0.05, 0.32), (x + 0.025, 0.25)])
            pen.poly(_darker(main), [(x + 0.01, 0.235), (x + 0.04, 0.235), (x + 0.025, 0.205)])
        pen.poly(palette.GOLD_DARK, [(0.33, 0.345), (0.67, 0.345), (0.67, 0.36), (0.33, 0.36)])
        pen.poly(hair, [(0.34, 0.36), (0.36, 0.42), (0.4, 0.37)])
        pen.poly(hair, [(0.66, 0.36), (0.64, 0.42), (0.6, 0.37)])


def _item(pen: _Pen, rank: int, lining: Colour) -> None:
    if rank == 13:
        # A raised sword.
        pen.poly(
            (214, 220, 228), [(0.86, 0.12), (0.9, 0.06), (0.94, 0.12), (0.93, 0.7), (0.87, 0.7)]
        )
        pen.line((150, 160, 172), (0.9, 0.12), (0.9, 0.7), 0.01)
        pen.poly(palette.GOLD, [(0.8, 0.7), (1.0, 0.7), (1.0, 0.74), (0.8, 0.74)])
        pen.poly(palette.GOLD_DARK, [(0.875, 0.74), (0.925, 0.74), (0.925, 0.86), (0.875, 0.86)])
        pen.circle(palette.GOLD, 0.9, 0.88, 0.03)
    elif rank == 12:
        # A lotus held up on its stem.
        pen.line(palette.ROBE_GREEN, (0.86, 0.3), (0.86, 0.9), 0.02)
        pen.ellipse(palette.ROBE_GREEN, 0.8, 0.52, 0.05, 0.025)
        pink, deep = (240, 150, 180), (214, 90, 136)
        pen.poly(
            deep,
            [(0.76, 0.26), (0.8, 0.15), (0.86, 0.24), (0.92, 0.15), (0.96, 0.26), (0.86, 0.31)],
        )
        pen.poly(pink, [(0.78, 0.27), (0.86, 0.1), (0.94, 0.27), (0.86, 0.31)])
        pen.poly(_lighter(pink), [(0.83, 0.25), (0.86, 0.15), (0.89, 0.25)])
    else:
        # A spear with a pennant in the lining colour.
        pen.line(palette.GOLD_DARK, (0.88, 0.16), (0.88, 0.98), 0.024)
        pen.poly((210, 216, 226), [(0.84, 0.17), (0.88, 0.04), (0.92, 0.17), (0.88, 0.2)])
        pen.poly(lining, [(0.89, 0.22), (1.0, 0.26), (0.89, 0.31)])


def draw_court(surf: pygame.Surface, rank: int, suit: int, colour: Colour, k: int) -> None:
    """Draw the framed double-ended figure of a jack (11), queen (12) or king (13)."""
    sw, sh = surf.get_size()
    frame = pygame.Rect(round(0.245 * sw), round(0.045 * sh), round(0.51 * sw), round(0.91 * sh))
    half = pygame.Surface((frame.w, frame.h // 2 + 1), pygame.SRCALPHA)
    main, lining = _ROBES[rank][suit]
    half.fill(_lighter(main, 0.86))
    pen = _Pen(half)
    # A faint lattice behind the figure, like a printed ground.
    step = 0.2
    for i in range(-5, 12):
        x = i * step
        pen.line(_lighter(main, 0.72), (x, 0), (x + 1.2, 1.2 * pen.w / pen.h * 0 + 1), 0.006)
        pen.line(_lighter(main, 0.72), (x, 1), (x + 1.2, 0), 0.006)
    hair = palette.HAIR_GREY if rank == 13 else palette.HAIR_DARK
    _robe(pen, main, lining, rank)
    _head(pen, rank, hair)
    _headgear(pen, rank, main, lining, hair)
    _item(pen, rank, lining)
    draw_suit(half, suit, (0.13 * frame.w, 0.1 * half.get_height()), 0.17 * frame.w, colour)
    surf.blit(half, frame.topleft)
    turned = pygame.transform.rotate(half, 180)
    surf.blit(turned, (frame.x, frame.bottom - turned.get_height()))
    line = max(1, k)
    pygame.draw.line(
        surf, palette.GOLD_DARK, (frame.x, frame.centery), (frame.right - 1, frame.centery), line
    )
    pygame.draw.rect(surf, palette.GOLD, frame, width=2 * line)
    pygame.draw.rect(surf, palette.GOLD_DARK, frame.inflate(2 * line, 2 * line), width=line)


def draw_joker(surf: pygame.Surface, k: int) -> None:
    """The printed joker: a laughing jester in a gold sunburst."""
    sw, sh = surf.get_size()
    area = pygame.Rect(round(0.245 * sw), round(0.045 * sh), round(0.51 * sw), round(0.91 * sh))
    canvas = pygame.Surface(area.size, pygame.SRCALPHA)
    canvas.fill((*palette.CREAM, 0))
    pen = _Pen(canvas)
    aspect = pen.h / pen.w
    cy = 0.42
    burst = star_points(pen.p(0.5, cy), 0.5 * pen.w, 0.3 * pen.w, n=14)
    pygame.draw.polygon(canvas, palette.GOLD_LIGHT, burst)
    pygame.draw.polygon(canvas, palette.GOLD, burst, max(1, k))
    # Harlequin tunic, split in two colourways like a jester's motley, clipped to the body.
    body = [(0.1, 1.0), (0.12, 0.78), (0.24, 0.66), (0.76, 0.66), (0.88, 0.78), (0.9, 1.0)]
    motley = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    mp = _Pen(motley)
    for col in range(8):
        for row in range(7):
            x, y = 0.06 + col * 0.11, 0.64 + row * 0.06
            left = x < 0.5
            pair = (
                (palette.INK_RED, palette.GOLD) if left else (palette.ROBE_BLUE, palette.ROBE_GREEN)
            )
            mp.poly(
                pair[(col + row) % 2],
                [(x, y - 0.06), (x + 0.055, y), (x, y + 0.06), (x - 0.055, y)],
            )
    clip = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    clip.fill((0, 0, 0, 0))
    _Pen(clip).poly((255, 255, 255), body)
    motley.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(motley, (0, 0))
    pen.poly(palette.INK_BLACK, body, max(1, k))
    for i in range(3):
        pen.circle((255, 255, 255), 0.5, 0.76 + i * 0.07, 0.03)
        pen.circle(palette.GOLD_DARK, 0.5, 0.76 + i * 0.07, 0.03, max(1, k))
    # Ruff collar: white points edged in gold.
    for i in range(9):
        x = 0.14 + i * 0.08
        pts = [(x, 0.575), (x + 0.08, 0.575), (x + 0.04, 0.685)]
        pen.poly((255, 255, 255), pts)
        pen.poly(palette.GOLD_DARK, pts, max(1, k))
    # Face.
    pen.ellipse(palette.SKIN, 0.5, cy + 0.04, 0.19, 0.19 / aspect)
    for side in (-1, 1):
        ex = 0.5 + side * 0.075
        pen.ellipse(palette.INK_BLACK, ex, cy + 0.02, 0.022, 0.028 / aspect)
        pen.poly(
            palette.ROBE_BLUE,
            [(ex, cy - 0.01), (ex - 0.02, cy + 0.02), (ex, cy + 0.05), (ex + 0.02, cy + 0.02)],
            0,
        )
        pen.ellipse((236, 120, 130), 0.5 + side * 0.12, cy + 0.08, 0.035, 0.02)
    pen.circle(palette.INK_RED, 0.5, cy + 0.065, 0.035)
    smile = [
        (0.4, cy + 0.1),
        (0.6, cy + 0.1),
        (0.56, cy + 0.135),
        (0.5, cy + 0.145),
        (0.44, cy + 0.135),
    ]
    pen.poly((150, 30, 40), smile)
    pen.poly(
        (255, 255, 255),
        [(0.42, cy + 0.102), (0.58, cy + 0.102), (0.56, cy + 0.115), (0.44, cy + 0.115)],
    )
    # Three-pointed hat with bells.
    hat_base = cy - 0.07
    prongs = (
        ((0.32, hat_base), (0.06, cy - 0.22), (0.46, hat_base), palette.INK_RED),
        ((0.42, hat_base), (0.5, cy - 0.3), (0.58, hat_base), palette.GOLD),
        ((0.54, hat_base), (0.94, cy - 0.22), (0.68, hat_base), palette.ROBE_BLUE),
    )
    for a, tip, b, c in prongs:
        pen.poly(c, [a, (tip[0], tip[1] + 0.02), tip, b])
        pen.poly(_darker(c), [a, tip, b], max(1, k))
        bell = tip
        pen.circle(palette.GOLD_DARK, bell[0], bell[1], 0.05)
        pen.circle(palette.GOLD_LIGHT, bell[0], bell[1], 0.038)
    pen.poly(
        palette.GOLD_DARK,
        [
            (0.3, hat_base - 0.01),
            (0.7, hat_base - 0.01),
            (0.7, hat_base + 0.025),
            (0.3, hat_base + 0.025),
        ],
    )
    for i in range(5):
        pen.circle(palette.GOLD_LIGHT, 0.34 + i * 0.08, hat_base + 0.007, 0.014)
    surf.blit(canvas, area.topleft)
