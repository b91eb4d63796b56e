"""The hot-seat privacy curtain: covers the whole table until the next person is ready."""

from __future__ import annotations

import pygame

from marriage_gui.art import fonts, palette
from marriage_gui.art.felt import felt


class Curtain:
    """An opaque cover naming who should take the seat; a click or Enter lifts it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.up = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Lift on a click or Enter/space; returns True if the event was consumed."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.up = False
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.up = False
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        """Cover everything."""
        w, h = surface.get_size()
        surface.blit(felt((w, h), palette.FELT_DARK, seed=3), (0, 0))
        big = fonts.render(f"Pass to {self.name}", max(28, h // 14), palette.GOLD_LIGHT, True)
        small = fonts.render("click when ready   ·   Esc: menu", max(16, h // 36), (220, 226, 220))
        surface.blit(big, big.get_rect(center=(w // 2, h // 2 - big.get_height() // 2)))
        surface.blit(small, small.get_rect(center=(w // 2, h // 2 + small.get_height())))
