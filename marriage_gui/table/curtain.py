"""The hot-seat privacy curtain: covers the whole table until the next person is ready."""

from __future__ import annotations

import pygame

from engine.words import Said
from marriage_gui.art import fonts, palette
from marriage_gui.art.felt import felt
from marriage_gui.language import _
from marriage_gui.ui.card_names import card_text, readable
from marriage_gui.ui.theme import fitting_size

#: How many of the latest lines the curtain shows.
_LINES = 10


class Curtain:
    """An opaque cover naming who should take the seat; a click or Enter lifts it."""

    def __init__(
        self,
        name: str,
        since: list[Said] | None = None,
        first: bool = False,
        names: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        #: The seats' names, kept as they are when the summary names cards as players read them.
        self.names = names
        #: What the next player heard since their last turn (public facts of their own seat).
        self.since = list(since or [])
        #: The next player has not had a turn yet this hand: the summary is the hand so far.
        self.first = first
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

    def heading(self) -> str:
        """The summary's title: since the last turn, or the hand so far before a first turn."""
        return _("So far this hand") if self.first else _("Since your last turn")

    def draw(self, surface: pygame.Surface) -> None:
        """Cover everything; name who sits next and what they missed."""
        w, h = surface.get_size()
        surface.blit(felt((w, h), palette.FELT_DARK, seed=3), (0, 0))
        room = w - 40
        # Translators: hand the laptop to the player {name}.
        title = _("Pass to {name}").format(name=self.name)
        big = fonts.render(
            title, fitting_size(title, max(28, h // 14), room, 16, True), palette.GOLD_LIGHT, True
        )
        hint = _("click when ready   ·   Esc: menu")
        small = fonts.render(hint, fitting_size(hint, max(16, h // 36), room, 11), (220, 226, 220))
        shown = self.since[-_LINES:]
        size = max(13, h // 46)
        line_h = round(size * 1.5)
        block = big.get_height() + small.get_height() * 2
        if shown:
            block += line_h * (len(shown) + 2)
        y = max(10, (h - block) // 2)
        surface.blit(big, big.get_rect(midtop=(w // 2, y)))
        y += big.get_height() + small.get_height() // 2
        surface.blit(small, small.get_rect(midtop=(w // 2, y)))
        if not shown:
            return
        y += small.get_height() + line_h
        head = fonts.render(self.heading(), size, palette.GOLD_LIGHT, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, y)))
        y += line_h
        for line in shown:
            words = readable(line, self.names)
            img = card_text(words, fitting_size(words, size, room, 10), (214, 224, 216))
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += line_h
