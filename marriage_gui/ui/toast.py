"""Toasts: short messages that fade in, stay a while and go away by themselves.

The app keeps one queue above every scene; the card table keeps its own under the
announcement, for what the table answers a person (a refused move, a hint).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from marriage_gui.ui import theme

DURATION = 2.5
FADE = 0.25


@dataclass
class Message:
    """One message: its words, ``"info"`` or ``"error"``, how long it stays, how long it has."""

    text: str
    kind: str
    seconds: float
    age: float = 0.0


class Toasts:
    """A queue of messages; one shows at a time, newest last.

    ``add`` queues a message behind the one showing; ``show`` puts it up at once, dropping the
    rest (an answer to what a person just did must not wait its turn).
    """

    def __init__(self, seconds: float = DURATION) -> None:
        self.seconds = seconds
        self.queue: list[Message] = []
        #: Where the message was last drawn (None: nothing showing).
        self.rect: pygame.Rect | None = None

    @property
    def current(self) -> str | None:
        """The message on screen now."""
        return self.queue[0].text if self.queue else None

    @staticmethod
    def _words(text: str) -> str:
        """A message's words as shown: starting with a capital."""
        return text[:1].upper() + text[1:]

    def _message(self, text: str, kind: str, seconds: float | None) -> Message:
        return Message(self._words(text), kind, self.seconds if seconds is None else seconds)

    def add(self, text: str, kind: str = "info", seconds: float | None = None) -> None:
        """Queue ``text`` (a repeat of the last one just restarts its timer)."""
        message = self._message(text, kind, seconds)
        if self.queue and self.queue[-1].text == message.text:
            self.queue[-1].age = min(self.queue[-1].age, FADE)
            return
        self.queue.append(message)

    def show(self, text: str, kind: str = "info", seconds: float | None = None) -> None:
        """Show ``text`` now instead of whatever shows or waits."""
        message = self._message(text, kind, seconds)
        if self.queue and self.queue[0].text == message.text:
            message.age = min(self.queue[0].age, FADE)
        self.queue = [message]

    def withdraw(self, text: str) -> None:
        """Take ``text`` away: fade it out now if it shows, drop it if it waits (it no longer
        holds, like a hint about a card just thrown)."""
        text = self._words(text)
        if self.queue and self.queue[0].text == text:
            m = self.queue[0]
            m.age = max(m.age, m.seconds - FADE)
        self.queue[1:] = [m for m in self.queue[1:] if m.text != text]

    def update(self, dt: float) -> None:
        """Advance the clock of the message on screen."""
        if not self.queue:
            return
        self.queue[0].age += dt
        if self.queue[0].age >= self.queue[0].seconds:
            self.queue.pop(0)

    def draw(
        self,
        surface: pygame.Surface,
        top: int | None = None,
        size: int | None = None,
        centre_x: int | None = None,
    ) -> None:
        """Draw the current message centred across ``surface`` (or on ``centre_x``), near its
        top or from ``top`` down, its words ``size`` pixels high (default: the menus' size)."""
        self.rect = None
        if not self.queue:
            return
        m = self.queue[0]
        alpha = min(1.0, m.age / FADE, (m.seconds - m.age) / FADE)
        k = theme.ui_scale(surface.get_size())
        size = round(17 * k) if size is None else size
        error = m.kind == "error"
        label = theme.text(m.text, size, theme.ERROR_INK if error else theme.TEXT, error)
        pad_x, pad_y = round(size * 1.2), round(size * 0.6)
        rect = pygame.Rect(0, 0, label.get_width() + pad_x * 2, label.get_height() + pad_y * 2)
        x = surface.get_width() // 2 if centre_x is None else centre_x
        rect.midtop = (x, round(18 * k) if top is None else top)
        self.rect = rect
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill, edge = (
            (theme.ERROR_FILL, (*theme.ERROR, 120)) if error else (theme.TOAST, theme.PANEL_EDGE)
        )
        theme.panel(layer, layer.get_rect(), rect.h // 2, fill, edge)
        layer.blit(label, (pad_x, pad_y))
        layer.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(layer, rect.topleft)
