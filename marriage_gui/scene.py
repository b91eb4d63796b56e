"""Scenes: the screens of the game, kept on a stack. Input, time and drawing are kept apart.

A scene sees the app through ``AppServices``, the app's typed face: what every screen may use
(the settings, the storage, the card art, the sounds, the stack of screens, toasts, the
window's language and full screen). ``App`` has all of it; a scene never needs ``App`` itself,
so the app and its scenes import one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from engine.words import Said
    from marriage_gui.art.cards import CardArt
    from marriage_gui.art.sounds import SoundBoard
    from marriage_gui.settings import Settings
    from marriage_gui.storage import Storage

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

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def pause(self) -> None:
        """Another scene now covers this one; it will come back."""

    def resume(self) -> None:
        """This scene is on top, for the first time or again."""

    def shutdown(self) -> None:
        """This scene leaves for good (Back, the window closed): let go of what it holds."""

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


class AppServices(Protocol):
    """What a scene may use of the app: the app's typed face (``App`` answers all of it)."""

    #: The player's preferences (saved with ``save_settings``).
    settings: Settings
    #: Saves, statistics, the log and the data folder.
    storage: Storage
    #: The card faces and backs, drawn once per size.
    art: CardArt
    #: The named sounds.
    sounds: SoundBoard
    #: Why the saved match could not be loaded, for the title to say (None: nothing wrong).
    save_problem: Said | None
    #: False ends the loop (the title's Quit).
    running: bool

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        ...

    def toast(self, message: Said | str) -> None:
        """A short message above every scene."""
        ...

    def save_settings(self) -> None:
        """Keep ``settings`` and apply what changes live (sound, window)."""
        ...

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on, on every open screen, and keep the choice."""
        ...

    def set_devanagari_digits(self, on: bool) -> None:
        """Numbers in Devanagari digits (or 0-9) everywhere, and keep the choice."""
        ...

    def set_fullscreen(self, on: bool) -> None:
        """The full screen, or a window."""
        ...

    def open(self, name: str, **kwargs: Any) -> Scene:
        """The scene called ``name`` on top of the current one."""
        ...

    def open_instead(self, name: str, **kwargs: Any) -> Scene:
        """The scene called ``name`` in place of the top one."""
        ...

    def open_table(self, **kwargs: Any) -> Scene:
        """A match on the card table, above the title."""
        ...

    def push(self, scene: Scene) -> None:
        """``scene`` on top of the current one."""
        ...

    def pop(self) -> Scene | None:
        """Close the top scene and return to the one below."""
        ...

    def replace(self, scene: Scene) -> None:
        """``scene`` in place of the top one."""
        ...

    def go_title(self) -> None:
        """Close everything and show the title screen."""
        ...
