"""Choose a card by tapping it: the 52 faces in four rows, a suit to a row (the tiplu of a real
hand, for a keeper who would rather tap than type). The arrows move, Enter chooses, Esc leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card
from marriage_gui.language import N_, _
from marriage_gui.scenes.base import QuestionScene
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import card_label

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: The suits top to bottom as players sort them (♠ ♥ ♣ ♦: the colours alternate), ranks 2..A.
ROWS = (0, 1, 3, 2)
TITLE = N_("Choose the tiplu")


class CardPickScene(QuestionScene):
    """Every card face; ``on_pick`` gets the one chosen."""

    name = "card_pick"

    def __init__(
        self,
        app: AppServices,
        on_pick: Callable[[Card], object],
        title: str = TITLE,
        start: Card | None = None,
    ) -> None:
        super().__init__(app)
        self.on_pick, self.title = on_pick, title
        self.at = (0, 5)  # (row, rank): the seven of spades, mid-row
        if start is not None and not start.is_joker:
            self.at = (ROWS.index(start.suit), start.code % 13)
        self.spots: list[tuple[pygame.Rect, tuple[int, int]]] = []

    def card_at(self, spot: tuple[int, int]) -> Card:
        """The card at (row, rank)."""
        row, rank = spot
        return CARDS[ROWS[row] * 13 + rank]

    def pick(self, spot: tuple[int, int]) -> None:
        """Choose the card at ``spot`` and close."""
        self.app.sounds.play("click")
        self.app.pop()
        self.on_pick(self.card_at(spot))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            row, rank = self.at
            moves = {
                pygame.K_LEFT: (row, (rank - 1) % 13),
                pygame.K_RIGHT: (row, (rank + 1) % 13),
                pygame.K_UP: ((row - 1) % 4, rank),
                pygame.K_DOWN: ((row + 1) % 4, rank),
            }
            if event.key in moves:
                self.at = moves[event.key]
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick(self.at)
                return
        if event.type == pygame.MOUSEMOTION:
            spot = self._spot(event.pos)
            if spot is not None:
                self.at = spot
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            spot = self._spot(event.pos)
            if spot is not None:
                self.pick(spot)
                return
        super().handle_event(event)

    def _spot(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        return next((s for r, s in self.spots if r.collidepoint(pos)), None)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        pad = round(24 * k)
        cw = min(round(64 * k), (w - 2 * pad - round(60 * k)) // 13 - round(6 * k))
        _cw, ch = self.app.art.size(cw)
        gap = round(6 * k)
        grid_w = 13 * (cw + gap) - gap
        self.box = pygame.Rect(0, 0, grid_w + 2 * pad, 4 * (ch + gap) + round(120 * k))
        self.box.center = (w // 2, h // 2)
        top = self.box.y + round(70 * k)
        self.spots = []
        for row in range(4):
            for rank in range(13):
                x = self.box.x + pad + rank * (cw + gap)
                y = top + row * (ch + gap)
                self.spots.append((pygame.Rect(x, y, cw, ch), (row, rank)))
        self.form.set_widgets([])

    def toast_top(self) -> int | None:
        return self.box.bottom + round(12 * self.k)

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        self.draw_box(surface)
        pad = round(24 * k)
        title = theme.text(_(self.title), round(24 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (self.box.x + pad, self.box.y + round(20 * k)))
        chosen = card_label(self.card_at(self.at))
        hint = _("{card}  ·  arrows to move, Enter to choose, Esc to leave").format(card=chosen)
        words, fit = theme.shrunk(hint, round(15 * k), self.box.w - 2 * pad, 9)
        img = theme.text(words, fit, theme.TEXT_DIM)
        surface.blit(img, (self.box.x + pad, self.box.bottom - round(36 * k)))
        four = self.app.settings.four_colour
        for rect, spot in self.spots:
            face = self.app.art.face(self.card_at(spot).code, rect.w, four)
            surface.blit(face, rect.topleft)
            if spot == self.at:
                theme.focus_ring(surface, rect, round(6 * k), k)
