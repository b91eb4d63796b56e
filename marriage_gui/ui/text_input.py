"""A one-line text field for names, codes and addresses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.digits import latin_digits
from marriage_gui.ui import theme
from marriage_gui.ui.widget import Widget, shown_words

#: Keys pressed only to change another key: they never drop a selection by themselves.
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LMETA,
        pygame.K_RMETA,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_CAPSLOCK,
        pygame.K_MODE,
    }
)


def clipboard_text() -> str:
    """The clipboard's text, or "" where there is none or no clipboard (a headless run)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text if isinstance(text, str) else ""


class TextInput(Widget):
    """A one-line Unicode text field: text arrives as TEXTINPUT events (IME and Devanagari).

    Besides the arrows, Home, End, Backspace and Delete it knows what people expect of a text
    box: Ctrl+A selects everything (the next key replaces or clears it), Ctrl+Backspace
    deletes the word before the cursor and Ctrl+V pastes (a table code, an address).

    The ``placeholder`` (shown faint while the box is empty) and the tooltip are kept as given
    and put into the language in use when drawn; what a person types is never looked up. A box
    for a number (``digits``: a code, an address, a seed) takes the digits of any script as
    0-9, as they arrive: a Nepali keyboard types ०-९, and the box shows them back as the
    Devanagari digits setting says.
    """

    def __init__(
        self,
        text: str = "",
        on_change: Callable[[str], Any] | None = None,
        max_len: int = 24,
        placeholder: str = "",
        tooltip: str | None = None,
        on_submit: Callable[[str], Any] | None = None,
        digits: bool = False,
    ) -> None:
        super().__init__(tooltip)
        self.digits = digits
        self.text, self.on_change, self.max_len, self.placeholder = (
            self._typed(text),
            on_change,
            max_len,
            placeholder,
        )
        self.on_submit = on_submit
        self.cursor = len(self.text)
        #: Ctrl+A: the whole text is selected, so typing replaces it and Backspace clears it.
        self.all_selected = False
        self.error = False
        self._blink = 0.0

    def _typed(self, text: str) -> str:
        """``text`` as this box keeps it: a number's digits as 0-9, whatever their script."""
        return latin_digits(text) if self.digits else text

    def set_text(self, text: str) -> None:
        """Replace the text (without telling the owner)."""
        self.text = self._typed(text)[: self.max_len]
        self.cursor = len(self.text)
        self.all_selected = False

    def _insert(self, add: str) -> None:
        """Type ``add`` at the cursor (over the selection), as much as there is room for."""
        before = self.text
        if self.all_selected:
            self.text, self.cursor, self.all_selected = "", 0, False
        room = self.max_len - len(self.text)
        add = "".join(c for c in self._typed(add) if c.isprintable())[: max(0, room)]
        if add:
            self.text = self.text[: self.cursor] + add + self.text[self.cursor :]
            self.cursor += len(add)
        self._blink = 0.0
        if self.text != before:
            self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def focus(self, on: bool) -> None:
        """Start or stop text input with the operating system (for IMEs)."""
        self.focused = on
        self._blink = 0.0
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            # Put the cursor at the nearest gap between characters.
            size = round(17 * self.k)
            x = event.pos[0] - self.rect.x - round(10 * self.k)
            best, best_d = len(self.text), 1e9
            for i in range(len(self.text) + 1):
                d = abs(theme.text_width(self.text[:i], size) - x)
                if d < best_d:
                    best, best_d = i, d
            self.cursor = best
            self.all_selected = False
            return True
        if event.type == pygame.TEXTINPUT and self.focused:
            self._insert(event.text)
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        self._blink = 0.0
        if key in MODIFIER_KEYS:
            return False  # Shift for a capital, Ctrl on its way to Ctrl+V: the selection stays
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if ctrl and key == pygame.K_a:
            self.all_selected = bool(self.text)
            return True
        if ctrl and key == pygame.K_v:
            pasted = " ".join(clipboard_text().split())
            if pasted:  # an empty clipboard leaves the text (and its selection) alone
                self._insert(pasted)
            return True
        if self.all_selected and key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.set_text("")
            self._changed()
            return True
        if not ctrl and pygame.K_SPACE <= key <= pygame.K_z:
            return True  # it comes again as TEXTINPUT, which replaces a selection
        self.all_selected = False
        if ctrl and key == pygame.K_BACKSPACE:
            start = self.text[: self.cursor].rstrip().rfind(" ") + 1
            self.text = self.text[:start] + self.text[self.cursor :]
            self.cursor = start
            self._changed()
            return True
        if key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
                self._changed()
            return True
        if key == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
                self._changed()
            return True
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            return True
        if key == pygame.K_HOME:
            self.cursor = 0
            return True
        if key == pygame.K_END:
            self.cursor = len(self.text)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        # Printable keys arrive again as TEXTINPUT: swallow them here so no shortcut fires.
        return pygame.K_SPACE <= key <= pygame.K_z

    def wake_after(self) -> float | None:
        if not self.focused:
            return None
        # The cursor shows for the first 0.55 s of each second.
        return (0.55 if self._blink < 0.55 else 1.0) - self._blink

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (8, 26, 18), r, border_radius=self.radius)
        edge = (
            theme.ERROR
            if self.error
            else theme.GOLD
            if self.focused
            else theme.GOLD_DARK
            if self.hovered
            else (60, 90, 70)
        )
        pygame.draw.rect(
            surface, edge, r, width=max(1, round(1.5 * self.k)), border_radius=self.radius
        )
        size = round(17 * self.k)
        pad = round(10 * self.k)
        clip = surface.get_clip()
        inner = r.inflate(-pad * 2 + 2, -4).clip(clip) if clip else r
        surface.set_clip(inner)
        if self.text:
            label = theme.text(self.text, size, theme.TEXT)
        else:
            # A placeholder longer than the box (a longer language) is set smaller to fit.
            hint, hint_size = theme.shrunk(
                shown_words(self.placeholder),
                size,
                r.w - pad * 2 - max(3, round(5 * self.k)),
                max(10, round(size * 0.75)),
            )
            label = theme.text(hint, hint_size, theme.TEXT_FAINT)
        before = theme.text_width(self.text[: self.cursor], size)
        shift = max(0, before - (r.w - pad * 3))
        place = label.get_rect(midleft=(r.x + pad - shift, r.centery))
        if not self.text:
            place.x += max(3, round(5 * self.k))  # the caret stands before the hint, not on it
        if self.all_selected and self.focused:
            pygame.draw.rect(surface, theme.GOLD_DARK, place.inflate(4, 2), border_radius=3)
        surface.blit(label, place)
        if self.focused and self._blink < 0.55:
            x = r.x + pad + before - shift
            h = round(size * 1.1)
            pygame.draw.line(
                surface,
                theme.GOLD_LIGHT,
                (x, r.centery - h // 2),
                (x, r.centery + h // 2),
                max(1, round(1.5 * self.k)),
            )
        surface.set_clip(clip)
