"""A question over the screen below: do something that cannot be undone, or keep things.

The question, its detail and the two answers are worded by the box itself each time it lays
out, so a change of language reaches an open question: give English marked with ``N_``, an
engine sentence, or a function that words the text when called (a detail with fields)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from marriage_gui.language import N_
from marriage_gui.scenes.base import QuestionScene, Words, worded
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: The safe answer's words unless a question says otherwise.
CANCEL = N_("Cancel")


class ConfirmScene(QuestionScene):
    """Asks ``question``; the safe answer has the focus, Esc always keeps things as they are."""

    name = "confirm"

    def __init__(
        self,
        app: AppServices,
        question: Words,
        detail: Words,
        yes: Words,
        on_yes: Callable[[], object],
        no: Words = CANCEL,
    ) -> None:
        super().__init__(app)
        self.asked: tuple[Words, Words, Words, Words] = (question, detail, yes, no)
        self.question, self.detail = worded(question), worded(detail)
        self.on_yes = on_yes
        self.yes_button = Button(worded(yes), self.accept, primary=True, size=19)
        self.no_button = Button(worded(no), self.decline, size=19, tooltip="Esc")

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

    def resume(self) -> None:
        self.form.focus(self.no_button, keyboard=False)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        question, detail, yes, no = self.asked
        self.question, self.detail = worded(question), worded(detail)
        self.yes_button.text, self.no_button.text = worded(yes), worded(no)
        bw, bh, gap = round(230 * k), round(46 * k), round(16 * k)
        # Answers as wide as their words need (both alike), the box as wide as they are.
        bw = max(bw, self.yes_button.width_for(bh), self.no_button.width_for(bh))
        width = round(min(max(620 * k, 2 * bw + gap + 48 * k), w - 40 * k))
        bw = min(bw, (width - gap - round(24 * k)) // 2)
        self.title_lines = theme.wrap(self.question, round(24 * k), width - round(48 * k), True)
        self.lines = theme.wrap(self.detail, round(16 * k), width - round(60 * k))
        title_h = len(self.title_lines) * theme.text(" ", round(24 * k), bold=True).get_height()
        height = round(146 * k) + title_h + len(self.lines) * round(22 * k)
        self.box = pygame.Rect(0, 0, width, min(height, h - round(20 * k)))
        self.box.center = (w // 2, h // 2)
        y = self.box.bottom - bh - round(24 * k)
        right = self.box.centerx + gap // 2
        self.no_button.place(pygame.Rect(right - gap - bw, y, bw, bh), k)
        self.yes_button.place(pygame.Rect(right, y, bw, bh), k)
        self.form.set_widgets([self.no_button, self.yes_button])

    def toast_top(self) -> int | None:
        return self.box.bottom + round(12 * self.k)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_words(surface, self.title_lines, self.lines, 24, 14)
