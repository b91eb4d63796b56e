"""Hot-seat: whose hand the coach reviews. Each person opens only their own review."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from marriage_gui.language import N_, _
from marriage_gui.scenes.base import QuestionScene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.widget import Verbatim

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

QUESTION = N_("Whose review?")
DETAIL = N_("The coach's review is for one player's eyes: pick your own name.")


class ReviewChoiceScene(QuestionScene):
    """A button per person at this screen; Esc or Cancel keeps the score sheet."""

    name = "review_choice"

    def __init__(
        self, app: AppServices, people: Sequence[tuple[int, str]], on_pick: Callable[[int], object]
    ) -> None:
        super().__init__(app)
        self.on_pick = on_pick
        # A player's name is shown as it is, never looked up as words.
        self.buttons = [
            Button(Verbatim(name), partial(self.pick, seat), size=19) for seat, name in people
        ]
        self.cancel_button = Button(_("Cancel"), self.cancel, size=19, tooltip="Esc")

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

    def resume(self) -> None:
        self.form.focus(self.cancel_button, keyboard=False)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        self.cancel_button.text = _("Cancel")
        bw, bh, gap = round(260 * k), round(46 * k), round(12 * k)
        rows = len(self.buttons) + 1
        width = round(min(560 * k, w - 40 * k))
        # The question and its note wrap (longer in some languages); the buttons go below them.
        self.title_lines = theme.wrap(_(QUESTION), round(24 * k), width - round(40 * k), True)
        self.detail_lines = theme.wrap(_(DETAIL), round(16 * k), width - round(40 * k))
        title_h = theme.text(" ", round(24 * k), bold=True).get_height()
        words_h = len(self.title_lines) * title_h + len(self.detail_lines) * round(22 * k)
        top = round(22 * k) + words_h + round(24 * k)
        height = top + rows * (bh + gap) + round(20 * k)
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (w // 2, h // 2)
        y = self.box.y + top
        for b in [*self.buttons, self.cancel_button]:
            b.place(pygame.Rect(self.box.centerx - bw // 2, y, bw, bh), k)
            y += bh + gap
        self.form.set_widgets([*self.buttons, self.cancel_button])

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_words(surface, self.title_lines, self.detail_lines, 22, 8)
