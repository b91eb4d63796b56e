"""The shared frames of the screens: ``MenuScene`` for every menu screen (felt, heading, Back,
a Form) and ``QuestionScene`` for a box over the screen below that asks one thing."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.words import Said
from marriage_gui.art import felt
from marriage_gui.language import N_, _, word
from marriage_gui.scene import Scene
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.form import Form
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import shown_words

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: Words a screen keeps to say later: English marked with ``N_``, an engine or network
#: sentence, or a function that words them when called (words with fields).
Words = Said | str | Callable[[], str]


def worded(text: Words) -> str:
    """``text`` in the language in use."""
    if callable(text):
        return text()
    return word(text) if isinstance(text, Said) else _(text)


def sentence(phrase: Said | str) -> str:
    """A reason given as a phrase ("wrong table code", an engine or network sentence) said as
    a sentence of its own: "Wrong table code."."""
    words = word(phrase)
    # Translators: a reason given as a phrase, said as a sentence of its own ("Wrong table
    # code."); the game makes its first letter a capital. End it as a sentence ends.
    return _("{reason}.").format(reason=words[:1].upper() + words[1:])


class FormScene(Scene):
    """A screen whose widgets live in one ``Form``: time and stillness are the form's."""

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.form = Form()
        self.size = app.size
        self.k = theme.ui_scale(self.size)

    def update(self, dt: float) -> None:
        self.form.update(dt)

    def animating(self) -> bool:
        return self.form.animating()

    def wake_after(self) -> float | None:
        return self.form.wake_after()


class MenuScene(FormScene):
    """A full-screen menu. Subclasses fill ``layout`` and may draw more in ``draw_content``.

    ``heading`` is kept in English (marked with ``N_``, or set already worded) and worded when
    drawn; ``back_label``, the Back button's label, is worded each time the screen lays out."""

    heading = ""
    back_label = N_("‹  Back")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.back_button = Button(_(self.back_label), self.back, size=17)

    # ------------------------------------------------------------------ layout
    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k = self.k
        self.back_button.text = _(self.back_label)
        # Translators: the tooltip of the Back button of every menu screen.
        self.back_button.tooltip = _("Back (Esc)")
        h = round(42 * k)
        w = max(round(120 * k), self.back_button.width_for(h))  # "Close table" says it whole
        self.back_button.place(pygame.Rect(round(24 * k), round(22 * k), w, h), k)
        self.layout()

    def resume(self) -> None:
        self.layout()

    def pause(self) -> None:
        self._let_go_of_typing()

    def shutdown(self) -> None:
        self._let_go_of_typing()

    def _let_go_of_typing(self) -> None:
        """A text field in focus stops taking keys (and the input method) while it is away."""
        focused = self.form.focused
        if isinstance(focused, TextInput):
            focused.focus(False)

    def layout(self) -> None:
        """Place widgets for ``self.size`` and hand them to ``self.form``."""

    @property
    def content_top(self) -> int:
        """Where the content starts under the heading."""
        return round(100 * self.k)

    # ------------------------------------------------------------------ input and time
    def back(self) -> None:
        """Leave this screen."""
        self.app.sounds.play("click")
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            focused = self.form.focused
            if isinstance(focused, TextInput):
                self.form.focus(None)
                return
            self.back()
            return
        self.form.handle_event(event)

    # ------------------------------------------------------------------ drawing
    def draw_background(self, surface: pygame.Surface) -> None:
        """The table felt."""
        surface.blit(felt(self.size), (0, 0))

    def draw_heading(self, surface: pygame.Surface) -> None:
        """The screen's name with a thin gold rule under it."""
        if not self.heading:
            return
        k = self.k
        heading = shown_words(self.heading)  # a marked heading, or one worded already
        # A long heading shrinks rather than running under the Back button.
        room = self.size[0] - 2 * (self.back_button.rect.right + round(16 * k))
        size = theme.fitting_size(heading, round(38 * k), room, round(24 * k), True)
        label = theme.text(heading, size, theme.GOLD_LIGHT, True)
        rect = label.get_rect(midtop=(self.size[0] // 2, round(18 * k)))
        shadow = theme.text(heading, size, (0, 0, 0), True)
        shadow.set_alpha(110)
        surface.blit(shadow, rect.move(0, max(2, round(2 * k))))
        surface.blit(label, rect)
        y = rect.bottom + round(4 * k)
        self.heading_rect = rect.union(pygame.Rect(rect.x, y, rect.w, max(2, round(3 * k))))
        half = round(150 * k)
        cx = self.size[0] // 2
        pygame.draw.line(surface, theme.GOLD_DARK, (cx - half, y), (cx + half, y), max(1, round(k)))
        pygame.draw.circle(surface, theme.GOLD, (cx, y), max(2, round(3 * k)))

    def draw_content(self, surface: pygame.Surface) -> None:
        """Anything beyond the widgets (panels, cards, tables)."""

    def toast_top(self) -> int | None:
        # Just under the heading's gold rule: the screen's name stays readable.
        rect = getattr(self, "heading_rect", None)
        return None if rect is None else rect.bottom + round(10 * self.k)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_heading(surface)
        self.draw_content(surface)
        self.form.draw(surface)
        self.form.draw_tooltip(surface)


class QuestionScene(FormScene):
    """The shared part of a question's box; a subclass lays out ``box`` and its buttons in
    ``on_resize`` and says what Esc means in ``dismiss``."""

    transparent = True

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 0, 0)

    def dismiss(self) -> None:
        """Esc: leave things as they are."""
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.dismiss()
            return
        if event.type == pygame.MOUSEBUTTONUP and not self.box.collidepoint(event.pos):
            return  # a click beside the box must not reach the screen below
        self.form.handle_event(event)

    def draw_box(self, surface: pygame.Surface) -> None:
        """The veil over the screen below, and the box's panel."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        surface.blit(veil, (0, 0))
        k = self.k
        theme.panel(surface, self.box, round(16 * k), (8, 34, 24, 244), shadow=round(12 * k))

    def draw_words(
        self, surface: pygame.Surface, title: list[str], detail: list[str], top: int, gap: int
    ) -> None:
        """The box over the screen below, its question (wrapped lines, from ``top`` pixels into
        the box) and, ``gap`` pixels under it, the lines that explain it; then the buttons."""
        k = self.k
        self.draw_box(surface)
        y = self.box.y + round(top * k)
        for part in title:
            img = theme.text(part, round(24 * k), theme.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
            y += img.get_height()
        y += round(gap * k)
        for part in detail:
            img = theme.text(part, round(16 * k), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
            y += round(22 * k)
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
