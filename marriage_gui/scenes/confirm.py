"""A question over the screen below: do something that cannot be undone, or keep things."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from marriage_gui.scenes.base import QuestionScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button

if TYPE_CHECKING:
    from marriage_gui.app import App


class ConfirmScene(QuestionScene):
    """Asks ``question``; the safe answer has the focus, Esc always keeps things as they are."""

    name = "confirm"

    def __init__(
        self,
        app: App,
        question: str,
        detail: str,
        yes: str,
        on_yes: Callable[[], object],
        no: str = "Cancel",
    ) -> None:
        super().__init__(app)
        self.question, self.detail, self.on_yes = question, detail, on_yes
        self.yes_button = Button(yes, self.accept, primary=True, size=19)
        self.no_button = Button(no, self.decline, size=19, tooltip="Esc")

    def accept(self) -> None:
        """Close the question and do the thing."""
        self.app.sounds.play("click")
        self.app.pop()
        self.on_yes()

    def decline(self) -> None:
        """Close the question; nothing changes."""
        self.app.sounds.play("click")
        self.app.pop()

    def dismiss(self) -> None:
        """Esc: the safe answer."""
        self.decline()

    def on_enter(self) -> None:
        self.form.focus(self.no_button, keyboard=False)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        width = round(min(620 * k, w - 40 * k))
        self.lines = theme.wrap(self.detail, round(16 * k), width - round(60 * k))
        height = round(176 * k) + len(self.lines) * round(22 * k)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        bw, bh, gap = round(230 * k), round(46 * k), round(16 * k)
        y = self.box.bottom - bh - round(24 * k)
        right = self.box.centerx + gap // 2
        self.no_button.place(pygame.Rect(right - gap - bw, y, bw, bh), k)
        self.yes_button.place(pygame.Rect(right, y, bw, bh), k)
        self.form.set_widgets([self.no_button, self.yes_button])

    def toast_top(self) -> int | None:
        return self.box.bottom + round(12 * self.k)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        self.draw_box(surface)
        title = theme.text(self.question, round(24 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.y + round(24 * k))))
        y = self.box.y + round(24 * k) + title.get_height() + round(14 * k)
        for line in self.lines:
            s = theme.text(line, round(16 * k), theme.TEXT)
            surface.blit(s, s.get_rect(midtop=(self.box.centerx, y)))
            y += round(22 * k)
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
