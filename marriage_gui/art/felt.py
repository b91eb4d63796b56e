"""The green baize of the table: lit from the centre, vignetted, with a fine woven grain."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from . import palette


def _lighting(
    size: tuple[int, int], base: tuple[int, int, int], edge: tuple[int, int, int]
) -> pygame.Surface:
    # Computed on a small grid and smoothscaled: the gradient is smooth, so nothing is lost.
    gw = 96
    gh = max(2, round(gw * size[1] / size[0]))
    small = pygame.Surface((gw, gh))
    light = palette.mix(base, (255, 255, 230), 0.1)
    for y in range(gh):
        for x in range(gw):
            dx, dy = (x + 0.5) / gw - 0.5, (y + 0.5) / gh - 0.45
            d = min(1.0, math.hypot(dx * 1.1, dy * 1.25) / 0.72)
            t = d**2.2
            colour = palette.mix(light, base, min(1.0, d * 1.6)) if d < 0.6 else base
            small.set_at((x, y), palette.mix(colour, edge, t))
    return pygame.transform.smoothscale(small, size)


def _grain_tile(rng: random.Random, n: int = 128) -> pygame.Surface:
    data = bytearray()
    for _ in range(n * n):
        v = rng.random()
        if v < 0.5:
            data += bytes((0, 0, 0, rng.randrange(0, 22)))
        else:
            data += bytes((255, 255, 255, rng.randrange(0, 14)))
    return pygame.image.frombytes(bytes(data), (n, n), "RGBA")


def _mottle(rng: random.Random, size: tuple[int, int]) -> pygame.Surface:
    gw, gh = 28, max(2, round(28 * size[1] / size[0]))
    data = bytearray()
    for _ in range(gw * gh):
        data += bytes((0, 0, 0, rng.randrange(0, 26)))
    small = pygame.image.frombytes(bytes(data), (gw, gh), "RGBA")
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=8)
def felt(
    size: tuple[int, int],
    colour: tuple[int, int, int] = palette.FELT,
    seed: int = 7,
) -> pygame.Surface:
    """A table background of ``size`` pixels (cached; blit it, do not draw on it)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    rng = random.Random(seed)
    edge = palette.mix(colour, palette.FELT_DARK, 0.85)
    surf = _lighting(size, colour, edge)
    surf.blit(_mottle(rng, size), (0, 0))
    tile = _grain_tile(rng)
    for y in range(0, size[1], tile.get_height()):
        for x in range(0, size[0], tile.get_width()):
            surf.blit(tile, (x, y))
    return surf
