"""A text field for a whole number: 0-9 or ०-९ go in; a letter is left to the screen, so the
screen's one-key commands work while a number is being typed."""

from __future__ import annotations

import pygame

from marriage_gui.ui.text_input import TextInput

DIGITS = frozenset("0123456789०१२३४५६७८९")


class NumberInput(TextInput):
    """A ``TextInput`` that takes only digits (Latin or Devanagari)."""

    def _insert(self, add: str) -> None:
        super()._insert("".join(ch for ch in add if ch in DIGITS))

    def key(self, key: int, mod: int = 0) -> bool:
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if not ctrl and pygame.K_a <= key <= pygame.K_z:
            return False  # the screen's command keys (a letter is never a digit)
        return super().key(key, mod)
