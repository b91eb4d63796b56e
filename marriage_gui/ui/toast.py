"""Toasts: short messages that fade in, stay a while and go away by themselves.

The app keeps one queue above every scene; the card table keeps its own under the
announcement, for what the table answers a person (a refused move, a hint).

A message is kept as given (an English message, an engine sentence, or words already
translated) and worded in the language in use each time it is drawn, so one that shows while
the language changes changes with it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from engine.words import Said
from marriage_gui.ui import theme
from marriage_gui.ui.widget import shown_words

DURATION = 2.5
FADE = 0.25


@dataclass
class Message:
    """One message: what was said, ``"info"`` or ``"error"``, how long it stays, how long it
    has been up."""

    said: Said | str
    kind: str
    seconds: float
    age: float = 0.0

    @property
    def text(self) -> str:
        """The message's words as shown now."""
        return Toasts._words(self.said)


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
    def _words(text: Said | str) -> str:
        """A message's words as shown: in the language in use, starting with a capital."""
        words = shown_words(text)
        return words[:1].upper() + words[1:]

    def _message(self, text: Said | str, kind: str, seconds: float | None) -> Message:
        return Message(text, kind, self.seconds if seconds is None else seconds)

    def add(self, text: Said | str, kind: str = "info", seconds: float | None = None) -> None:
        """Queue ``text`` (a repeat of the last one just restarts its timer)."""
        message = self._message(text, kind, seconds)
        if self.queue and self.queue[-1].text == message.text:
            self.queue[-1].age = min(self.queue[-1].age, FADE)
            return
        self.queue.append(message)

    def show(self, text: Said | str, kind: str = "info", seconds: float | None = None) -> None:
        """Show ``text`` now instead of whatever shows or waits."""
        message = self._message(text, kind, seconds)
        if self.queue and self.queue[0].text == message.text:
            message.age = min(self.queue[0].age, FADE)
        self.queue = [message]

    def withdraw(self, said: Said | str) -> None:
        """Take ``text`` away: fade it out now if it shows, drop it if it waits (it no longer
        holds, like a hint about a card just thrown)."""
        text = self._words(said)
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
        top or from ``top`` down, its words ``size`` pixels high (default: the menus' size);
        words too long for one line (or the window) are wrapped onto more lines."""
        self.rect = None
        if not self.queue:
            return
        m = self.queue[0]
        alpha = min(1.0, m.age / FADE, (m.seconds - m.age) / FADE)
        k = theme.ui_scale(surface.get_size())
        size = round(17 * k) if size is None else size
        error = m.kind == "error"
        ink = theme.ERROR_INK if error else theme.TEXT
        pad_x, pad_y = round(size * 1.2), round(size * 0.6)
        x = surface.get_width() // 2 if centre_x is None else centre_x
        margin = round(12 * k)
        # A long message reads better on two lines than across the whole window.
        room = min(2 * min(x, surface.get_width() - x) - 2 * margin, round(860 * k)) - 2 * pad_x
        words = m.text
        lines = theme.wrap(words, size, room, error) if room > 0 else [words]
        rendered = [theme.text(line, size, ink, error) for line in lines]
        w = max(s.get_width() for s in rendered)
        h = sum(s.get_height() for s in rendered)
        rect = pygame.Rect(0, 0, w + pad_x * 2, h + pad_y * 2)
        rect.midtop = (x, round(18 * k) if top is None else top)
        self.rect = rect
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill, edge = (
            (theme.ERROR_FILL, (*theme.ERROR, 120)) if error else (theme.TOAST, theme.PANEL_EDGE)
        )
        radius = min(rect.h, rendered[0].get_height() + pad_y * 2) // 2
        theme.panel(layer, layer.get_rect(), radius, fill, edge)
        y = pad_y
        for label in rendered:
            layer.blit(label, ((rect.w - label.get_width()) // 2, y))
            y += label.get_height()
        layer.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(layer, rect.topleft)
