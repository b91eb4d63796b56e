"""Toasts: short messages that fade in above every scene and go away by themselves."""

from __future__ import annotations

import pygame

from marriage_gui.ui import theme

DURATION = 2.5
FADE = 0.25


class Toasts:
    """A queue of messages; one shows at a time, newest last."""

    def __init__(self) -> None:
        self.queue: list[list] = []  # [message, seconds shown]
        #: Where the message was last drawn (None: nothing showing).
        self.rect: pygame.Rect | None = None

    @property
    def current(self) -> str | None:
        """The message on screen now."""
        return self.queue[0][0] if self.queue else None

    def add(self, message: str) -> None:
        """Queue ``message`` (a repeat of the one showing just restarts its timer)."""
        if self.queue and self.queue[-1][0] == message:
            self.queue[-1][1] = min(self.queue[-1][1], FADE)
            return
        self.queue.append([message, 0.0])

    def update(self, dt: float) -> None:
        """Advance the clock of the message on screen."""
        if not self.queue:
            return
        self.queue[0][1] += dt
        if self.queue[0][1] >= DURATION:
            self.queue.pop(0)

    def draw(self, surface: pygame.Surface, top: int | None = None) -> None:
        """Draw the current message near the top of ``surface``, or from ``top`` down."""
        self.rect = None
        if not self.queue:
            return
        message, t = self.queue[0]
        alpha = min(1.0, t / FADE, (DURATION - t) / FADE)
        k = theme.ui_scale(surface.get_size())
        size = round(17 * k)
        label = theme.text(message, size, theme.TEXT)
        pad_x, pad_y = round(20 * k), round(10 * k)
        rect = pygame.Rect(0, 0, label.get_width() + pad_x * 2, label.get_height() + pad_y * 2)
        rect.midtop = (surface.get_width() // 2, round(18 * k) if top is None else top)
        self.rect = rect
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        theme.panel(layer, layer.get_rect(), rect.h // 2, (12, 16, 14, 230), theme.PANEL_EDGE)
        layer.blit(label, (pad_x, pad_y))
        layer.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(layer, rect.topleft)
