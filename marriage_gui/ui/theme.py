"""The look of menus and dialogs: colours, sizes that follow the window, cached text."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

import pygame

from marriage_gui.art import fonts, palette
from marriage_gui.language import Worded, together

Colour = tuple[int, int, int]

TEXT: Colour = (246, 240, 224)
TEXT_DIM: Colour = (190, 200, 186)
TEXT_FAINT: Colour = (132, 150, 136)
GOLD: Colour = palette.GOLD
GOLD_LIGHT: Colour = palette.GOLD_LIGHT
GOLD_DARK: Colour = palette.GOLD_DARK
ON: Colour = (46, 150, 92)
ERROR: Colour = (255, 128, 118)
ERROR_INK: Colour = (255, 214, 200)
ERROR_FILL: tuple[int, int, int, int] = (92, 20, 24, 230)
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
TOAST: tuple[int, int, int, int] = (12, 16, 14, 230)
# The card table's words sit on busier felt than the menus, so they are a cooler white.
TABLE_TEXT: Colour = (238, 240, 232)
TABLE_MUTED: Colour = (176, 190, 178)

BASE_SIZE = (1280, 800)

Paint = tuple[int, ...]  # a colour, with or without alpha


@dataclass(frozen=True)
class ButtonLook:
    """How a button is painted. Fills come as (at rest, hovered or focused, pressed)."""

    fill: tuple[Paint, Paint, Paint]
    primary: tuple[Paint, Paint, Paint]
    disabled: Paint
    edge: Paint
    primary_edge: Paint
    disabled_edge: Paint
    #: The edge of a hovered or focused button (None: the edge stays as it is).
    hover_edge: Paint | None
    ink: Colour
    primary_ink: Colour
    disabled_ink: Colour
    #: Raised buttons cast a shadow, have a sheen and sink when pressed.
    raised: bool
    #: Edge width at UI scale 1.
    edge_width: float
    #: Corner radius as a share of the height, the height counted up to ``radius_cap`` x k.
    radius_share: float
    radius_cap: float
    #: 0: the label is the button's ``size`` x k; else it is this share of the button's height.
    text_share: float = 0.0


#: The menus: raised, red primary, a gold edge under the pointer or the keyboard.
MENU_BUTTON = ButtonLook(
    fill=(BUTTON, BUTTON_HOVER, BUTTON_DOWN),
    primary=(PRIMARY, PRIMARY_HOVER, PRIMARY_DOWN),
    disabled=DISABLED,
    edge=(0, 0, 0),
    primary_edge=(0, 0, 0),
    disabled_edge=(0, 0, 0),
    hover_edge=GOLD,
    ink=TEXT,
    primary_ink=TEXT,
    disabled_ink=TEXT_FAINT,
    raised=True,
    edge_width=1.5,
    radius_share=0.28,
    radius_cap=48,
)

#: The card table: flat on the felt, gold primary, the label sized to the button's height.
TABLE_BUTTON = ButtonLook(
    fill=((22, 64, 46), (40, 92, 68), (16, 48, 34)),
    primary=((206, 160, 52), (232, 186, 72), (178, 136, 40)),
    disabled=(20, 44, 34, 170),
    edge=(120, 170, 140),
    primary_edge=GOLD_DARK,
    disabled_edge=(70, 96, 84),
    hover_edge=None,
    ink=TABLE_TEXT,
    primary_ink=(40, 26, 8),
    disabled_ink=(120, 140, 128),
    raised=False,
    edge_width=2,
    radius_share=0.33,
    radius_cap=1e9,
    text_share=0.42,
)


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the 1280x800 design everything is drawn at this window size."""
    return max(0.8, min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1], 2.4))


@lru_cache(maxsize=2048)
def _rendered(
    s: str, size: int, colour: Colour = TEXT, bold: bool = False, tints: tuple[fonts.Tint, ...] = ()
) -> pygame.Surface:
    if not isinstance(s, str):  # an engine sentence not worded: never drawn in its English
        raise TypeError(f"words to draw must be worded first (language.word): {s!r}")
    return fonts.render(s, max(6, int(size)), colour, bold, tints)


class _Text(Protocol):
    """``text``'s face for the type checker: a cache takes any arguments, ``text`` only words
    (a ``str``: an engine ``Said`` passed here is a type error, and refused when drawn)."""

    def __call__(
        self,
        s: str,
        size: int,
        colour: Colour = ...,
        bold: bool = ...,
        tints: tuple[fonts.Tint, ...] = ...,
    ) -> pygame.Surface: ...

    def cache_clear(self) -> None: ...


#: ``s`` rendered at pixel ``size`` (cached; never scale the result up); ``tints`` colour some
#: of its characters.
text: _Text = _rendered


@lru_cache(maxsize=4096)
def text_width(s: str, size: int, bold: bool = False) -> int:
    """Width of ``s`` at ``size`` without drawing it."""
    return fonts.size_of(s, max(6, int(size)), bold)[0]


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` pixels (paragraphs kept on ``\\n``); the
    lines of ``Worded`` words keep their cards' places."""
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
    return list(s.pieces(lines)) if isinstance(s, Worded) else lines


def fitting_size(s: str, size: int, width: int, smallest: int, bold: bool = False) -> int:
    """The largest type size from ``size`` down to ``smallest`` at which ``s`` fits ``width``
    pixels (``smallest`` when none does: then cut it with ``fit``)."""
    while size > smallest and text_width(s, size, bold) > width:
        size -= 1
    return size


def shrunk(s: str, size: int, width: int, smallest: int, bold: bool = False) -> tuple[str, int]:
    """``s`` and its type size for ``width`` pixels: shrunk down to ``smallest`` first, cut with
    an ellipsis only when even that does not fit."""
    size = fitting_size(s, size, width, smallest, bold)
    return fit(s, size, width, bold), size


def fit(s: str, size: int, width: int, bold: bool = False) -> str:
    """``s`` cut with an ellipsis so it fits ``width`` pixels (``Worded`` words keep the places
    of the cards left whole)."""
    if text_width(s, size, bold) <= width:
        return s
    whole = s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return together("", [whole.cut(0, len(s)), "…"]) if isinstance(whole, Worded) else s + "…"


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
