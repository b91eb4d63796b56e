"""Buttons, the small message, the announcement banner and the log: the table's words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from marriage_gui.art import fonts, palette
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel, text


@dataclass
class Button:
    """A labelled button with a hotkey hint; ``primary`` buttons are gold."""

    label: str
    action: Callable[[], None]
    hotkey: str = ""
    enabled: bool = True
    primary: bool = False
    visible: bool = True
    tip: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hover: bool = False
    _cache: dict = field(default_factory=dict, repr=False)

    def width_for(self, h: int) -> int:
        """How wide this button wants to be at height ``h``."""
        size = max(13, round(h * 0.42))
        tw = fonts.size_of(self.label, size, True)[0]
        kw = fonts.size_of(self.hotkey, max(10, round(size * 0.72)))[0] + 10 if self.hotkey else 0
        return tw + kw + round(h * 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw at ``rect``."""
        if not self.visible:
            return
        r = self.rect
        key = (r.size, self.label, self.enabled, self.primary, self.hover, self.hotkey)
        img = self._cache.get(key)
        if img is None:
            img = self._render(r.size)
            self._cache.clear()
            self._cache[key] = img
        surface.blit(img, r.topleft)

    def _render(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        img = pygame.Surface(size, pygame.SRCALPHA)
        fill: tuple[int, ...]
        edge: tuple[int, ...]
        ink: tuple[int, int, int]
        if not self.enabled:
            fill, edge, ink = (20, 44, 34, 170), (70, 96, 84), (120, 140, 128)
        elif self.primary:
            fill, edge, ink = (
                ((232, 186, 72) if self.hover else (206, 160, 52)),
                palette.GOLD_DARK,
                (40, 26, 8),
            )
        else:
            fill, edge, ink = (
                ((40, 92, 68) if self.hover else (22, 64, 46)),
                (120, 170, 140),
                TABLE_TEXT,
            )
        rect = img.get_rect()
        pygame.draw.rect(img, fill, rect, border_radius=h // 3)
        pygame.draw.rect(img, edge, rect, 2, border_radius=h // 3)
        points = max(13, round(h * 0.42))
        label = fonts.render(self.label, points, ink, True)
        kw = 0
        if self.hotkey:
            key = fonts.render(self.hotkey, max(10, round(points * 0.72)), ink)
            key.set_alpha(150)
            kw = key.get_width() + 10
            img.blit(key, (w - key.get_width() - round(h * 0.3), (h - key.get_height()) // 2))
        img.blit(label, ((w - kw - label.get_width()) // 2, (h - label.get_height()) // 2))
        return img

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on this (visible) button."""
        return self.visible and self.rect.collidepoint(pos)


def lay_out_row(
    buttons: list[Button], area: pygame.Rect, align: str = "right", gap: int = 8
) -> None:
    """Place the visible buttons in a row inside ``area``."""
    shown = [b for b in buttons if b.visible]
    h = area.height
    widths = [b.width_for(h) for b in shown]
    total = sum(widths) + gap * max(0, len(shown) - 1)
    if align == "right":
        x = area.right - total
    elif align == "center":
        x = area.centerx - total // 2
    else:
        x = area.x
    for b, w in zip(shown, widths, strict=True):
        b.rect = pygame.Rect(x, area.y, w, h)
        x += w + gap


class Toast:
    """A small, unobtrusive message that fades (why a move was refused, a hint)."""

    def __init__(self) -> None:
        self.text = ""
        self.time = 0.0
        self.kind = "info"

    def show(self, text: str, kind: str = "info", seconds: float = 3.2) -> None:
        """Show ``text`` for a while."""
        self.text = text[:1].upper() + text[1:]
        self.kind = kind
        self.time = seconds

    def update(self, dt: float) -> None:
        """Fade."""
        self.time = max(0.0, self.time - dt)

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        """Draw centred at ``centre``."""
        if self.time <= 0 or not self.text:
            return
        ink = (255, 214, 200) if self.kind == "error" else TABLE_TEXT
        img = text(self.text, size, ink, self.kind == "error")
        r = img.get_rect(center=centre).inflate(size * 1.4, size * 0.7)
        colour = (92, 20, 24, 215) if self.kind == "error" else (8, 30, 22, 215)
        alpha = min(1.0, self.time / 0.4)
        layer = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=r.height // 2)
        layer.blit(img, img.get_rect(center=layer.get_rect().center))
        layer.set_alpha(round(255 * alpha))
        surface.blit(layer, r.topleft)


class Log:
    """What happened, newest last; the newest line is the announcement."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.scroll = 0
        self.open = False
        self.fresh = 0.0

    def add(self, text: str) -> None:
        """Announce ``text``."""
        if text:
            self.lines.append(text)
            self.lines = self.lines[-200:]
            self.scroll = 0
            self.fresh = 4.0

    def update(self, dt: float) -> None:
        """Age the announcement."""
        self.fresh = max(0.0, self.fresh - dt)

    def draw_banner(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        """The latest announcement under the discards."""
        if not self.lines:
            return
        img = text(
            self.lines[-1], size, GOLD_LIGHT if self.fresh > 0 else TABLE_MUTED, self.fresh > 0
        )
        r = img.get_rect(center=centre)
        panel(surface, r.inflate(size * 1.2, size * 0.5), r.height // 2 + 4, (6, 26, 18, 150), None)
        surface.blit(img, r)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The scrollable history."""
        if not self.open:
            return
        panel(surface, rect, 10, (6, 24, 16, 225), (90, 130, 110), edge_width=2)
        line_h = round(size * 1.45)
        rows = max(1, (rect.height - 16) // line_h)
        end = len(self.lines) - self.scroll
        start = max(0, end - rows)
        y = rect.y + 8
        for line in self.lines[start:end]:
            img = text(line, size, TABLE_TEXT)
            if img.get_width() > rect.width - 16:
                img = img.subsurface((0, 0, rect.width - 16, img.get_height()))
            surface.blit(img, (rect.x + 8, y))
            y += line_h

    def wheel(self, dy: int) -> None:
        """Scroll the history by ``dy`` lines (positive = older)."""
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy))
