"""Vector shapes drawn with pygame.draw: the four suit pips, stars, crowns and rounded rects.

Shapes are defined once in unit space (about 2 wide, centred on the origin) and transformed
to pixels at draw time, so every size is drawn from the outline, never scaled from a bitmap.
Callers draw onto a supersampled surface and smoothscale down for anti-aliasing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache
from typing import Any

import pygame

Point = tuple[float, float]
#: A unit shape: polygons and circles ``("poly", points)`` / ``("circle", (x, y, r))``.
Shape = list[tuple[str, tuple[Any, ...]]]


def _heart_outline(n: int = 96) -> list[Point]:
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return pts


def _normalise(shape: Shape, width: float = 2.0) -> Shape:
    """Scale and centre a shape so its bounding box is ``width`` wide around the origin."""
    xs: list[float] = []
    ys: list[float] = []
    for kind, data in shape:
        if kind == "poly":
            xs += [p[0] for p in data]
            ys += [p[1] for p in data]
        else:
            x, y, r = data
            xs += [x - r, x + r]
            ys += [y - r, y + r]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    k = width / (max(xs) - min(xs))
    out: Shape = []
    for kind, data in shape:
        if kind == "poly":
            out.append((kind, tuple(((x - cx) * k, (y - cy) * k) for x, y in data)))
        else:
            x, y, r = data
            out.append((kind, ((x - cx) * k, (y - cy) * k, r * k)))
    return out


def _stem(top: float, bottom: float, half: float, n: int = 12) -> tuple[Point, ...]:
    """A flared stem with concave sides, from a point at ``top`` to a base at ``bottom``."""
    left = []
    for i in range(n + 1):
        f = i / n
        y = top + (bottom - top) * f
        left.append((-(half * f**2.2) - 0.04, y))
    right = [(-x, y) for x, y in reversed(left)]
    return tuple(left + right)


@cache
def suit_shape(suit: int) -> Shape:
    """The unit outline of suit ``suit`` (0..3 = S H D C)."""
    heart = [(x / 16, y / 16) for x, y in _heart_outline()]
    if suit == 1:
        return _normalise([("poly", tuple(heart))])
    if suit == 0:
        body = tuple((x, -y + 0.05) for x, y in heart)
        return _normalise([("poly", body), ("poly", _stem(0.15, 1.2, 0.34))])
    if suit == 2:
        pts: list[Point] = []
        corners = [(0.0, -1.2), (0.86, 0.0), (0.0, 1.2), (-0.86, 0.0)]
        for i in range(4):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
            for j in range(12):
                f = j / 12
                bow = 0.08 * math.sin(math.pi * f)
                mx, my = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                # Pull the middle of each side toward the centre for a gently waisted lozenge.
                pts.append((mx * (1 - bow * 1.5), my * (1 - bow * 1.5)))
        return _normalise([("poly", tuple(pts))])
    r = 0.45
    return _normalise(
        [
            ("circle", (0.0, -0.52, r)),
            ("circle", (-0.53, 0.16, r)),
            ("circle", (0.53, 0.16, r)),
            ("circle", (0.0, 0.05, 0.3)),
            ("poly", _stem(0.0, 1.12, 0.32)),
        ]
    )


def shape_height(suit: int) -> float:
    """Height of the unit suit shape (its width is 2)."""
    ys: list[float] = []
    for kind, data in suit_shape(suit):
        if kind == "poly":
            ys += [p[1] for p in data]
        else:
            ys += [data[1] - data[2], data[1] + data[2]]
    return max(ys) - min(ys)


def draw_shape(
    surf: pygame.Surface,
    shape: Shape,
    centre: Point,
    width: float,
    colour: Sequence[int],
    flip: bool = False,
    angle: float = 0.0,
) -> None:
    """Fill ``shape`` scaled to ``width`` pixels at ``centre``; ``flip`` turns it upside down."""
    k = width / 2
    cx, cy = centre
    ca, sa = math.cos(angle), math.sin(angle)
    if flip:
        ca, sa = -ca, -sa

    def tf(x: float, y: float) -> Point:
        return (cx + k * (x * ca - y * sa), cy + k * (x * sa + y * ca))

    for kind, data in shape:
        if kind == "poly":
            pygame.draw.polygon(surf, colour, [tf(x, y) for x, y in data])
        else:
            x, y, r = data
            pygame.draw.circle(surf, colour, tf(x, y), k * r)


def draw_suit(
    surf: pygame.Surface,
    suit: int,
    centre: Point,
    width: float,
    colour: Sequence[int],
    flip: bool = False,
) -> None:
    """Draw a suit pip ``width`` pixels wide centred on ``centre``."""
    draw_shape(surf, suit_shape(suit), centre, width, colour, flip)


def star_points(
    centre: Point, outer: float, inner: float, n: int = 5, rot: float = 0.0
) -> list[Point]:
    """Vertices of an ``n``-pointed star, first point straight up."""
    cx, cy = centre
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + rot + math.pi * i / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def crown_points(x: float, y: float, w: float, h: float, spikes: int = 3) -> list[Point]:
    """A crown outline in the box (x, y, w, h): ``spikes`` points over a band."""
    band = y + h * 0.62
    pts: list[Point] = [(x, y + h), (x, band - h * 0.15)]
    for i in range(spikes):
        left = x + w * i / spikes
        right = x + w * (i + 1) / spikes
        mid = (left + right) / 2
        pts += [
            (left + (right - left) * 0.18, band - h * 0.05),
            (mid, y),
            (right - (right - left) * 0.18, band - h * 0.05),
        ]
    pts += [(x + w, band - h * 0.15), (x + w, y + h)]
    return pts


def ellipse(
    surf: pygame.Surface, colour: Sequence[int], centre: Point, rx: float, ry: float
) -> None:
    """Fill an axis-aligned ellipse given by its centre and radii."""
    cx, cy = centre
    pygame.draw.ellipse(
        surf, colour, pygame.Rect(round(cx - rx), round(cy - ry), round(2 * rx), round(2 * ry))
    )


def poly(surf: pygame.Surface, colour: Sequence[int], pts: Sequence[Point], width: int = 0) -> None:
    """pygame.draw.polygon with float points rounded consistently."""
    pygame.draw.polygon(surf, colour, [(round(x), round(y)) for x, y in pts], width)
