"""Hot-seat: whose hand the coach reviews. Each person opens only their own review."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from marriage_gui.scenes.base import QuestionScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button

if TYPE_CHECKING:
    from marriage_gui.app import App

QUESTION = "Whose review?"
DETAIL = "The coach's review is for one player's eyes: pick your own name."


class ReviewChoiceScene(QuestionScene):
    """A button per person at this screen; Esc or Cancel keeps the score sheet."""

    name = "review_choice"

    def __init__(
        self, app: App, people: Sequence[tuple[int, str]], on_pick: Callable[[int], object]
    ) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        self.buttons = [Button(name, partial(self.pick, seat), size=19) for seat, name in people]
        self.cancel_button = Button("Cancel", self.cancel, size=19, tooltip="Esc")

    def pick(self, seat: int) -> None:
        """Close the question and open ``seat``'s review."""
        self.app.pop()
        self.on_pick(seat)

    def cancel(self) -> None:
        """Back to the score sheet."""
        self.app.pop()

    def dismiss(self) -> None:
        """Esc: back to the score sheet."""
        self.cancel()

    def on_enter(self) -> None:
        self.form.focus(self.cancel_button, keyboard=False)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        bw, bh, gap = round(260 * k), round(46 * k), round(12 * k)
        rows = len(self.buttons) + 1
        width = round(min(560 * k, w - 40 * k))
        height = round(130 * k) + rows * (bh + gap)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + round(110 * k)
        for b in [*self.buttons, self.cancel_button]:
            b.place(pygame.Rect(self.box.centerx - bw // 2, y, bw, bh), k)
            y += bh + gap
        self.form.set_widgets([*self.buttons, self.cancel_button])

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        self.draw_box(surface)
        title = theme.text(QUESTION, round(24 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + round(22 * k))))
        line = theme.text(
            theme.fit(DETAIL, round(16 * k), self.box.w - round(40 * k)), round(16 * k), theme.TEXT
        )
        surface.blit(line, line.get_rect(midtop=(self.box.centerx, self.box.y + round(64 * k))))
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
