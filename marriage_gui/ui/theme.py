"""The look of menus and dialogs: colours, sizes that follow the window, cached text."""

from __future__ import annotations

from functools import lru_cache

import pygame

from marriage_gui.art import fonts, palette

Colour = tuple[int, int, int]

TEXT: Colour = (246, 240, 224)
TEXT_DIM: Colour = (190, 200, 186)
TEXT_FAINT: Colour = (132, 150, 136)
GOLD: Colour = palette.GOLD
GOLD_LIGHT: Colour = palette.GOLD_LIGHT
GOLD_DARK: Colour = palette.GOLD_DARK
ON: Colour = (46, 150, 92)
ERROR: Colour = (255, 128, 118)
PANEL: tuple[int, int, int, int] = (6, 30, 20, 196)
PANEL_EDGE: tuple[int, int, int, int] = (214, 170, 62, 90)
ROW_ALT: tuple[int, int, int, int] = (255, 255, 255, 10)
BUTTON: Colour = (26, 70, 48)
BUTTON_HOVER: Colour = (36, 94, 64)
BUTTON_DOWN: Colour = (18, 52, 36)
PRIMARY: Colour = palette.BACK_RED
PRIMARY_HOVER: Colour = palette.BACK_RED_LIGHT
PRIMARY_DOWN: Colour = palette.BACK_RED_DARK
DISABLED: Colour = (40, 58, 48)
TRACK: Colour = (10, 40, 26)
FOCUS: Colour = palette.HIGHLIGHT
SHADOW: tuple[int, int, int, int] = (0, 0, 0, 90)
# The card table's words sit on busier felt than the menus, so they are a cooler white.
TABLE_TEXT: Colour = (238, 240, 232)
TABLE_MUTED: Colour = (176, 190, 178)

BASE_SIZE = (1280, 800)


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x800 design everything is drawn at this window size."""
    return max(0.8, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1], 2.4))


@lru_cache(maxsize=2048)
def text(s: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered at pixel ``size`` (cached; never scale the result up)."""
    return fonts.render(s, max(6, int(size)), colour, bold)


def text_width(s: str, size: int, bold: bool = False) -> int:
    """Width of ``s`` at ``size`` without drawing it."""
    return fonts.size_of(s, max(6, int(size)), bold)[0]


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (paragraphs kept on ``\\n``)."""
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else f"{line} {word}"
            if line and text_width(trial, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so it fits ``width`` pixels."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s + "…"


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    fill: tuple[int, ...] = PANEL,
    edge: tuple[int, ...] | None = PANEL_EDGE,
    shadow: int = 0,
    edge_width: int | None = None,
) -> None:
    """A translucent rounded panel, optionally with a soft drop shadow."""
    if shadow:
        sh = pygame.Surface((rect.w + shadow * 2, rect.h + shadow * 2), pygame.SRCALPHA)
        for i in range(shadow, 0, -max(1, shadow // 4)):
            a = int(SHADOW[3] * (1 - i / (shadow + 1)) / 3)
            pygame.draw.rect(
                sh,
                (0, 0, 0, a),
                sh.get_rect().inflate(-i * 2 + shadow, -i * 2 + shadow),
                border_radius=radius + i,
            )
        surface.blit(sh, (rect.x - shadow, rect.y - shadow + shadow // 3))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(
            layer,
            edge,
            layer.get_rect(),
            width=max(1, radius // 8) if edge_width is None else edge_width,
            border_radius=radius,
        )
    surface.blit(layer, rect.topleft)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, k: float) -> None:
    """The keyboard-focus outline."""
    w = max(2, round(2 * k))
    pygame.draw.rect(surface, FOCUS, rect.inflate(w * 3, w * 3), width=w, border_radius=radius + w)
