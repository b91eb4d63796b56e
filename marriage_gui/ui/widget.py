"""The base of every widget: a rect, hover, press and focus state, an optional tooltip.

Widgets never read the mouse or the clock: a ``Form`` hands them events (each widget uses
``event.pos``) and ``dt``, moves keyboard focus, and shows tooltips. ``k`` is the UI scale
from ``theme.ui_scale``.

A widget's words (a button's label, a tooltip, a placeholder) are kept as given and put into
the language in use each time they are measured or drawn (``shown_words``): a screen may hand
a widget the English message once (``N_("Back")``) and the widget follows every change of
language. An engine sentence is worded; words already translated stay as they are; a
``Verbatim`` (a player's name) is never looked up.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame

from engine.words import Said
from marriage_gui import language
from marriage_gui.language import _, word

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def pointer_moved(event: pygame.event.Event) -> bool:
    """Whether a motion event moved the pointer. One that did not (``rel`` 0, 0) tells where a
    resting pointer is, as the system does when a window opens under it: that lights no
    widget, or the keyboard's choice (Rejoin on the title) would not be the only one lit."""
    return tuple(getattr(event, "rel", (1, 1))) != (0, 0)


#: A line the test language has already made over (bracketed, ending in tildes).
_PSEUDO_LINE = re.compile(r"^\[.* ~+\]$", re.MULTILINE)


class Verbatim(str):
    """Words a widget shows exactly as given, never looked up: a player's name, a code."""


class Reworded(str):
    """Words made afresh each time they are shown (``make`` words them in the language in use
    then): a hint that must follow a change of language while it shows."""

    make: Callable[[], str]

    def __new__(cls, make: Callable[[], str]) -> Reworded:
        self = super().__new__(cls, make())
        self.make = make
        return self


def shown_words(text: Said | str | None) -> str:
    """A widget's words as shown now: a message in the language in use, an engine sentence
    worded, words already translated (or ``Verbatim``) as they are; "" for none."""
    if not text:
        return ""
    if isinstance(text, Reworded):
        return text.make()
    if isinstance(text, Said):
        return word(text)
    if isinstance(text, Verbatim):
        return str(text)
    if language.current() == language.PSEUDO and _PSEUDO_LINE.search(text):
        return text  # the test language's words, already made over once
    return _(text)


class Widget:
    """Base: a rect, hover/pressed/focus state, an optional tooltip (kept as given, shown
    through ``shown_words``)."""

    focusable = True

    def __init__(self, tooltip: str | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.tooltip = tooltip
        self.enabled = enabled
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.visible = True
        #: The visible area of the scroll panel holding the widget (None: not in one).
        self.clip: pygame.Rect | None = None

    def place(self, rect: pygame.Rect, k: float) -> None:
        """Set where the widget is and the UI scale to draw it at."""
        self.rect = pygame.Rect(rect)
        self.k = k

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the widget (and inside its scroll panel's view, if any)."""
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        return self.clip is None or self.clip.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True if it was used."""
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        """React to a key while focused; True if used."""
        return False

    def update(self, dt: float) -> None:
        """Advance any animation."""

    def animating(self) -> bool:
        """Whether the widget is in the middle of an animation."""
        return False

    def wake_after(self) -> float | None:
        """Seconds until the still widget changes by itself (a blinking cursor), or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget."""

    @property
    def radius(self) -> int:
        return max(4, round(min(self.rect.h, 48 * self.k) * 0.28))
