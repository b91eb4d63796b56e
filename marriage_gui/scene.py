"""Scenes: the screens of the game, kept on a stack. Input, time and drawing are kept apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from marriage_gui.app import App

#: How often a still screen that waits on the network looks for news (seconds).
NET_POLL = 0.1


def polling(own: float | None) -> float:
    """A screen's next wake-up (``own``) or sooner: news from a table arrives on another
    thread, and a still screen would otherwise sleep until the next key or move."""
    return NET_POLL if own is None else min(own, NET_POLL)


class Scene:
    """One screen. The app sends it events, advances it by ``dt`` seconds, and asks it to draw.

    Scenes never read the mouse or the clock directly: positions come from ``event.pos`` and
    time from ``dt``, so tests can drive them with synthetic events and a fixed step.
    """

    #: Whether the scene below should be drawn first (for overlays and dialogs).
    transparent = False
    #: A short name for ``--scene`` and screenshots.
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def on_exit(self) -> None:
        """Called when the scene leaves the top of the stack (covered, or for good)."""

    def pause(self) -> None:
        """Another scene now covers this one; it will come back."""
        self.on_exit()

    def resume(self) -> None:
        """This scene is on top, for the first time or again."""
        self.on_enter()

    def shutdown(self) -> None:
        """This scene leaves for good (Back, the window closed): let go of what it holds."""
        self.on_exit()

    def on_resize(self, size: tuple[int, int]) -> None:
        """Called when the window changes size; recompute layout here."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def toast_top(self) -> int | None:
        """Where toasts may start, below this screen's title (None: the top of the window)."""
        return None

    def animating(self) -> bool:
        """Whether the scene changes from frame to frame without input (tweens, drags, bots).

        The app draws at full rate while this is true and otherwise sleeps until input or
        ``wake_after``. True by default, so a scene that does not say stays smooth.
        """
        return True

    def wake_after(self) -> float | None:
        """Seconds until a still scene next looks different by itself (a timer), or None."""
        return None
