"""Card faces, the back and the overlays, drawn as vectors at the size asked for.

Every surface is drawn on a 2-3x supersampled canvas and smoothscaled down, so edges are
anti-aliased at any width; results are cached per (code, width, options). Codes follow the
engine: ``suit * 13 + rank_index`` (suits S H D C, ranks 2..A) and 52 for the printed joker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any

import pygame

from . import fonts, palette
from .back import draw_back
from .court import draw_court, draw_joker
from .shapes import crown_points, draw_suit, shape_height, star_points

JOKER = 52
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
ASPECT = 0.7  # width : height, close to a poker-size card (63 x 88 mm)

# Pip centres for 2..10 as (column, row): column -1/0/1 = left/middle/right, row 0..1 top
# to bottom of the pip field. Pips below the middle are printed upside down.
_PIPS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: tuple((c, r / 3) for c in (-1, 1) for r in range(4)) + ((0, 0.5),),
    10: tuple((c, r / 3) for c in (-1, 1) for r in range(4)) + ((0, 1 / 6), (0, 5 / 6)),
}


class Mark(StrEnum):
    """Badges and states that can be baked into a face."""

    WILD = "wild"
    TIPLU = "tiplu"
    SELECTED = "selected"
    DIM = "dim"


def card_size(width: int) -> tuple[int, int]:
    """Pixel size of a card ``width`` wide."""
    return int(width), round(width / ASPECT)


def _scale(width: int) -> int:
    # Small cards need more supersampling for their thin strokes to stay smooth.
    return 3 if width <= 120 else 2


def _corner_radius(w: float, k: int = 1) -> float:
    """Corner radius of a card ``w`` px wide (already supersampled by ``k``)."""
    return max(3.0, 0.065 * w / k) * k


def suit_colour(suit: int, four_colour: bool = False) -> tuple[int, int, int]:
    """The ink of a suit in the two- or four-colour deck."""
    return (palette.FOUR_COLOUR if four_colour else palette.TWO_COLOUR)[suit]


def _blank(
    sw: int, sh: int, fill: tuple[int, int, int], edge: tuple[int, int, int], k: int
) -> pygame.Surface:
    # Transparent pixels keep the card colour so smoothscale does not pull in a dark fringe.
    surf = pygame.Surface((sw, sh), pygame.SRCALPHA)
    surf.fill((*fill, 0))
    rect = surf.get_rect()
    radius = round(_corner_radius(sw, k))
    pygame.draw.rect(surf, edge, rect, border_radius=radius)
    pygame.draw.rect(surf, fill, rect.inflate(-2 * k, -2 * k), border_radius=max(1, radius - k))
    return surf


def _text(text: str, cap: float, colour: tuple[int, int, int], max_w: float) -> pygame.Surface:
    """Bold text cropped to its ink, ``cap`` pixels tall, squeezed to ``max_w`` if wider."""
    font = fonts.face(max(4, round(cap / 0.714)), True)
    img = font.render(text, True, colour)
    img = img.subsurface(img.get_bounding_rect()).copy()
    w, h = img.get_size()
    if w > max_w:
        img = pygame.transform.smoothscale(img, (max(1, round(max_w)), h))
    return img


def _draw_index(surf: pygame.Surface, code: int, colour: tuple[int, int, int]) -> None:
    """Top-left index: a large rank over a suit pip, in a column ~24% of the card wide."""
    sw, sh = surf.get_size()
    cx = 0.125 * sw
    top = 0.045 * sh
    if code == JOKER:
        _draw_joker_index(surf, colour)
        return
    rank = RANK_TEXT[code % 13]
    img = _text(rank, 0.145 * sh, colour, 0.215 * sw)
    surf.blit(img, (round(cx - img.get_width() / 2), round(top)))
    pip_w = 0.165 * sw
    suit = code // 13
    pip_top = top + img.get_height() + 0.028 * sh
    draw_suit(surf, suit, (cx, pip_top + pip_w * shape_height(suit) / 4), pip_w, colour)


def _draw_joker_index(surf: pygame.Surface, colour: tuple[int, int, int]) -> None:
    sw, sh = surf.get_size()
    cx = 0.125 * sw
    y = 0.045 * sh
    cap = 0.062 * sh
    for letter in "JOKER":
        img = _text(letter, cap, colour, 0.2 * sw)
        surf.blit(img, (round(cx - img.get_width() / 2), round(y)))
        y += cap * 1.22


def _index_bottom(code: int, sh: int, sw: int) -> float:
    """Where the index column ends, so badges can sit just below it."""
    if code == JOKER:
        return 0.045 * sh + 5 * 0.062 * sh * 1.22
    return 0.045 * sh + 0.145 * sh + 0.028 * sh + 0.165 * sw * 1.2


def _draw_pips(surf: pygame.Surface, code: int, colour: tuple[int, int, int]) -> None:
    sw, sh = surf.get_size()
    suit, rank = code // 13, code % 13 + 2
    if rank == 14:
        _draw_ace(surf, suit, colour)
        return
    pip_w = 0.178 * sw
    xs = {-1: 0.35 * sw, 0: 0.5 * sw, 1: 0.65 * sw}
    y0, y1 = 0.185 * sh, 0.815 * sh
    for col, row in _PIPS[rank]:
        y = y0 + (y1 - y0) * row
        draw_suit(surf, suit, (xs[col], y), pip_w, colour, flip=row > 0.5)


def _draw_ace(surf: pygame.Surface, suit: int, colour: tuple[int, int, int]) -> None:
    sw, sh = surf.get_size()
    centre = (sw / 2, sh / 2)
    if suit == 0:
        # The ace of spades carries the deck's ornament: a gold lotus ring behind the pip.
        ring = 0.34 * sw
        pygame.draw.polygon(
            surf, palette.GOLD_LIGHT, star_points(centre, ring * 1.04, ring * 0.86, n=16)
        )
        pygame.draw.circle(surf, palette.GOLD, centre, ring * 0.88)
        pygame.draw.circle(surf, palette.CARD_FACE, centre, ring * 0.8)
        pygame.draw.circle(surf, palette.GOLD, centre, ring * 0.8, max(1, round(sw * 0.008)))
        draw_suit(surf, suit, centre, 0.44 * sw, colour)
        return
    draw_suit(surf, suit, centre, 0.46 * sw, colour)


def _draw_badges(surf: pygame.Surface, code: int, marks: frozenset[Mark]) -> None:
    sw, sh = surf.get_size()
    slot = _index_bottom(code, sh, sw) + 0.02 * sh
    size = 0.2 * sw
    cx = 0.125 * sw
    if Mark.TIPLU in marks:
        _tiplu(surf, (cx, slot + size / 2), size)
        slot += size * 1.1
    if Mark.WILD in marks:
        _star(surf, (cx, slot + size / 2), size)


def _star(surf: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    outer = size * 0.55
    pygame.draw.polygon(surf, palette.GOLD_DARK, star_points(centre, outer * 1.12, outer * 0.52))
    pygame.draw.polygon(surf, palette.WILD_STAR, star_points(centre, outer, outer * 0.45))
    hx, hy = centre[0] - outer * 0.12, centre[1] - outer * 0.18
    pygame.draw.polygon(surf, palette.GOLD_LIGHT, star_points((hx, hy), outer * 0.38, outer * 0.16))


def _tiplu(surf: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    r = size * 0.5
    pygame.draw.circle(surf, palette.GOLD_DARK, centre, r)
    pygame.draw.circle(surf, palette.TIPLU_BADGE, centre, r * 0.84)
    cx, cy = centre
    # A small crown: the tiplu is king of the wild cards.
    w, h = r * 1.0, r * 0.72
    pygame.draw.polygon(surf, palette.GOLD_LIGHT, crown_points(cx - w / 2, cy - h / 2, w, h))


def _highlight_on(surf: pygame.Surface, k: int) -> None:
    sw, sh = surf.get_size()
    radius = round(_corner_radius(sw, k))
    tint = pygame.Surface((sw, sh), pygame.SRCALPHA)
    pygame.draw.rect(tint, (*palette.HIGHLIGHT, 38), tint.get_rect(), border_radius=radius)
    for i, alpha in enumerate((255, 170, 90)):
        pygame.draw.rect(
            tint,
            (*palette.HIGHLIGHT, alpha),
            tint.get_rect().inflate(-2 * i * k, -2 * i * k),
            width=k * 2,
            border_radius=max(1, radius - i * k),
        )
    surf.blit(tint, (0, 0))


def _finish(surf: pygame.Surface, width: int, solid: bool = True) -> pygame.Surface:
    out = pygame.transform.smoothscale(surf, card_size(width))
    if solid:
        # Smoothscale's fixed-point filter leaves the body at alpha ~253; force it opaque
        # inside the anti-aliased rim (MAX with black leaves the colours alone).
        w, h = out.get_size()
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        radius = _corner_radius(w)
        pygame.draw.rect(
            mask,
            (0, 0, 0, 255),
            mask.get_rect().inflate(-2, -2),
            border_radius=max(1, round(radius - 1)),
        )
        out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return out


def _marks(marks: Iterable[str] | None) -> frozenset[Mark]:
    return frozenset(Mark(m) for m in (marks or ()))


class CardArt:
    """Draws and caches card faces, the back and overlays; one instance serves the whole app."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Any, ...], pygame.Surface] = {}

    def _cached(self, key: tuple[Any, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = make()
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._cache[key] = surf
        return surf

    def clear(self) -> None:
        """Drop every cached surface (e.g. after the window changed size)."""
        self._cache.clear()

    @staticmethod
    def size(width: int) -> tuple[int, int]:
        """Pixel size of a card ``width`` wide."""
        return card_size(width)

    def face(
        self,
        code: int,
        width: int,
        four_colour: bool = False,
        marks: Iterable[str] | None = None,
    ) -> pygame.Surface:
        """The face of card ``code`` (0..51, 52 = joker), ``width`` px wide, with ``marks`` baked in."""
        if not 0 <= code <= JOKER:
            raise ValueError(f"no card has code {code}")
        m = _marks(marks)
        key = ("face", code, int(width), bool(four_colour), m)
        return self._cached(key, lambda: self._draw_face(code, int(width), four_colour, m))

    def _draw_face(
        self, code: int, width: int, four_colour: bool, marks: frozenset[Mark]
    ) -> pygame.Surface:
        k = _scale(width)
        sw, sh = (v * k for v in card_size(width))
        surf = _blank(sw, sh, palette.CARD_FACE, palette.CARD_EDGE, k)
        if code == JOKER:
            colour = palette.INK_RED
            draw_joker(surf, k)
        else:
            suit, rank = code // 13, code % 13 + 2
            colour = suit_colour(suit, four_colour)
            if rank in (11, 12, 13):
                draw_court(surf, rank, suit, colour, k)
            else:
                _draw_pips(surf, code, colour)
        # The bottom-right index is the top-left one turned round.
        index = pygame.Surface((sw, sh), pygame.SRCALPHA)
        index.fill((*colour, 0))
        _draw_index(index, code, colour)
        surf.blit(index, (0, 0))
        surf.blit(pygame.transform.rotate(index, 180), (0, 0))
        _draw_badges(surf, code, marks)
        if Mark.SELECTED in marks:
            _highlight_on(surf, k)
        if Mark.DIM in marks:
            shade = _blank(sw, sh, (0, 0, 0), (0, 0, 0), k)
            shade.set_alpha(90)
            surf.blit(shade, (0, 0))
        return _finish(surf, width)

    def back(self, width: int) -> pygame.Surface:
        """The card back, ``width`` px wide."""

        def make() -> pygame.Surface:
            k = _scale(width)
            sw, sh = (v * k for v in card_size(width))
            surf = _blank(sw, sh, palette.CARD_FACE, palette.CARD_EDGE, k)
            draw_back(surf, k, _corner_radius(sw, k))
            return _finish(surf, width)

        return self._cached(("back", int(width)), make)

    def highlight(self, width: int) -> pygame.Surface:
        """A card-sized selection overlay (gold glow and tint) to blit over a face."""

        def make() -> pygame.Surface:
            k = _scale(width)
            sw, sh = (v * k for v in card_size(width))
            surf = pygame.Surface((sw, sh), pygame.SRCALPHA)
            surf.fill((*palette.HIGHLIGHT, 0))
            _highlight_on(surf, k)
            return _finish(surf, width, solid=False)

        return self._cached(("highlight", int(width)), make)

    def _badge(self, width: int, mark: Mark, code: int) -> pygame.Surface:
        def make() -> pygame.Surface:
            k = _scale(width)
            sw, sh = (v * k for v in card_size(width))
            surf = pygame.Surface((sw, sh), pygame.SRCALPHA)
            surf.fill((255, 255, 255, 0))
            _draw_badges(surf, code, frozenset({mark}))
            return _finish(surf, width, solid=False)

        return self._cached(("badge", mark, int(width), code == JOKER), make)

    def wild_badge(self, width: int, code: int = 0) -> pygame.Surface:
        """A card-sized overlay with the gold wild star under the index (joker layout if 52)."""
        return self._badge(width, Mark.WILD, code)

    def tiplu_badge(self, width: int, code: int = 0) -> pygame.Surface:
        """A card-sized overlay with the crowned tiplu roundel under the index."""
        return self._badge(width, Mark.TIPLU, code)

    @staticmethod
    def shadow_margin(width: int) -> int:
        """How far ``shadow`` extends past the card on each side."""
        return max(2, round(width * 0.06))

    def shadow(self, width: int, alpha: int = 110) -> pygame.Surface:
        """A soft drop shadow; blit at the card position minus ``shadow_margin`` (plus offset)."""

        def make() -> pygame.Surface:
            m = self.shadow_margin(width)
            w, h = card_size(width)
            surf = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
            surf.fill((0, 0, 0, 0))
            rect = pygame.Rect(m, m, w, h)
            pygame.draw.rect(surf, (0, 0, 0, alpha), rect, border_radius=round(_corner_radius(w)))
            return pygame.transform.gaussian_blur(surf, max(1, m // 2))

        return self._cached(("shadow", int(width), alpha), make)


_default: CardArt | None = None


def default_art() -> CardArt:
    """The shared CardArt instance."""
    global _default
    if _default is None:
        _default = CardArt()
    return _default
