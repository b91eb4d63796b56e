"""The app icon (a king and queen of hearts fanned over felt: a marriage) and its file formats.

pygame writes PNG but not the Windows .ico or the macOS .icns, so both are written here;
each is a small header followed by embedded PNG images, which both formats allow.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping

import pygame

from . import palette
from .cards import CardArt
from .paths import asset
from .shapes import draw_suit

SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
#: ICNS chunk types holding PNG data, by pixel size (the @2x types repeat sizes).
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic11", 32),
    ("ic12", 64),
    ("ic13", 256),
    ("ic14", 512),
)


def _backdrop(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((*palette.FELT, 0))
    radius = round(size * 0.22)
    pygame.draw.rect(surf, palette.GOLD_DARK, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-round(size * 0.04), -round(size * 0.04))
    pygame.draw.rect(surf, palette.FELT_DARK, inner, border_radius=round(radius * 0.9))
    glow = inner.inflate(-round(size * 0.06), -round(size * 0.06))
    pygame.draw.rect(surf, palette.FELT, glow, border_radius=round(radius * 0.8))
    return surf


def _detailed(size: int) -> pygame.Surface:
    """Full design at ``size``: real card faces, a king and queen of hearts, fanned."""
    surf = _backdrop(size)
    art = CardArt()
    card_w = round(size * 0.5)
    queen, king = 13 + 10, 13 + 11
    for code, angle, dx in ((queen, 13, -0.12), (king, -13, 0.12)):
        face = art.face(code, card_w)
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        rect = turned.get_rect(center=(size * (0.5 + dx), size * 0.46))
        shadow = pygame.transform.rotozoom(art.shadow(card_w, 140), angle, 1.0)
        surf.blit(
            shadow, shadow.get_rect(center=(rect.centerx + size * 0.01, rect.centery + size * 0.02))
        )
        surf.blit(turned, rect)
    _ring(surf, (size * 0.5, size * 0.82), size * 0.09)
    return surf


def _ring(surf: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    # A gold wedding ring with a ruby: the "marriage" of the king and queen.
    width = max(1, round(r * 0.32))
    pygame.draw.circle(surf, palette.GOLD_DARK, centre, r + width * 0.25, width + 2)
    pygame.draw.circle(surf, palette.GOLD, centre, r, width)
    gem = (centre[0], centre[1] - r)
    pygame.draw.circle(surf, palette.GOLD_DARK, gem, r * 0.42)
    pygame.draw.circle(surf, palette.INK_RED, gem, r * 0.32)
    pygame.draw.circle(surf, (255, 150, 160), (gem[0] - r * 0.1, gem[1] - r * 0.1), r * 0.1)


def _simple(size: int) -> pygame.Surface:
    """Small sizes: two plain cards with one big heart each, drawn 4x and reduced."""
    k = 4
    big = size * k
    surf = _backdrop(big)
    cw, ch = round(big * 0.46), round(big * 0.62)
    for angle, dx in ((14, -0.12), (-14, 0.12)):
        card = pygame.Surface((cw, ch), pygame.SRCALPHA)
        card.fill((*palette.CARD_FACE, 0))
        pygame.draw.rect(card, palette.CARD_FACE, card.get_rect(), border_radius=round(cw * 0.14))
        draw_suit(card, 1, (cw / 2, ch / 2), cw * 0.62, palette.INK_RED)
        turned = pygame.transform.rotozoom(card, angle, 1.0)
        surf.blit(turned, turned.get_rect(center=(big * (0.5 + dx), big * 0.52)))
    return pygame.transform.smoothscale(surf, (size, size))


def render_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` pixels square (simplified below 64 px so it stays legible)."""
    if size < 64:
        return _simple(size)
    big = _detailed(max(512, size) * 2)
    return pygame.transform.smoothscale(big, (size, size))


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A Windows .ico embedding one PNG per size (Vista and later read PNG entries)."""
    sizes = sorted(s for s in pngs if s <= 256)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s == 256 else s  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def parse_ico(data: bytes) -> list[tuple[int, bytes]]:
    """The (size, image bytes) entries of an .ico; raises ValueError if it is malformed."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1:
        raise ValueError("not an icon file")
    out = []
    for i in range(count):
        w, _h, _c, _r, _p, _bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        if offset + length > len(data):
            raise ValueError("icon entry runs past the end of the file")
        out.append((w or 256, data[offset : offset + length]))
    return out


def icns_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """A macOS .icns: the 'icns' header and one PNG chunk per type whose size we have."""
    chunks = b""
    for kind, s in ICNS_TYPES:
        if s in pngs:
            chunks += kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def icon_path(size: int = 64) -> str:
    """Path of the bundled PNG icon of ``size`` pixels."""
    return str(asset("icons", f"marriage-{size}.png"))


def load_icon(size: int = 64) -> pygame.Surface:
    """The bundled icon for ``pygame.display.set_icon``; drawn on the fly if the file is missing."""
    try:
        return pygame.image.load(icon_path(size))
    except (FileNotFoundError, pygame.error):
        return render_icon(size)
