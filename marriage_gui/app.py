"""The application: the window, the scene stack, and the loop that feeds them."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from marriage_gui.art import CardArt
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.scene import Scene
from marriage_gui.settings import Settings, load_settings, save_settings
from marriage_gui.storage import Storage
from marriage_gui.ui.toast import Toasts

if TYPE_CHECKING:
    from engine.match import LocalMatch
    from marriage_gui.setup import MatchSetup

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
FPS = 60


class App:
    """Owns the window and the scene stack; ``step`` runs one frame (tests call it directly).

    It also holds what every scene shares: ``settings``, ``storage``, the card ``art``, the
    ``sounds`` and the ``toast`` messages drawn above every scene.
    """

    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        headless: bool = False,
        data_dir: Path | str | None = None,
        settings: Settings | None = None,
        storage: Storage | None = None,
    ) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.headless = headless
        self.toasts = Toasts()
        self.storage = storage if storage is not None else Storage(data_dir)
        if settings is None:
            settings = load_settings(self.storage, on_error=self.toast)
        self.settings = settings
        self._windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = self._set_mode(self._windowed_size, self.settings.fullscreen)
        pygame.display.set_caption("Marriage")
        self._set_icon()
        self.art = CardArt()
        self.sounds = SoundBoard(self.settings.volume, self.settings.muted)
        self.stack: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        # Set by the scene that last failed to load the save, so the title can say why.
        self.save_problem: str | None = None

    # ------------------------------------------------------------------ window
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if self.headless:
            # No real window: keep the size, only remember the wish for fullscreen.
            return pygame.display.set_mode(size)
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _set_icon(self) -> None:
        if self.headless:
            return
        try:
            from marriage_gui.art.icon import load_icon

            pygame.display.set_icon(load_icon(64))
        except (pygame.error, OSError, ImportError):
            pass

    def set_fullscreen(self, on: bool) -> None:
        """Switch between a window and the full screen (headless: only remember it)."""
        if not on and not self.settings.fullscreen:
            return
        if not self.settings.fullscreen:
            self._windowed_size = self.size
        self.settings.fullscreen = bool(on)
        if self.headless:
            return
        self.screen = self._set_mode(self._windowed_size, self.settings.fullscreen)
        self.art.clear()
        for scene in self.stack:
            scene.on_resize(self.size)

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

    # ------------------------------------------------------------------ shared services
    def save_settings(self) -> None:
        """Persist ``settings`` now and apply what can change live (sound, window)."""
        self.sounds.volume = self.settings.volume
        self.sounds.muted = self.settings.muted
        try:
            save_settings(self.storage, self.settings)
        except OSError as exc:
            self.storage.log(f"could not save settings: {exc!r}")
            self.toast("Your settings could not be saved.")

    def toast(self, message: str) -> None:
        """Show a short message above every scene for a couple of seconds."""
        self.toasts.add(message)

    def open_table(self, setup: MatchSetup, game: LocalMatch | None = None) -> None:
        """Start (or, with ``game``, resume) a match on the card table above the title."""
        from marriage_gui.table.scene import TableScene

        scene = TableScene(self, setup, game)
        # The title stays underneath so leaving the table comes back to it.
        while len(self.stack) > 1:
            self.stack.pop().on_exit()
        if self.stack and self.stack[0].name != "title":
            self.stack.pop().on_exit()
        self.push(scene)

    def go_title(self) -> None:
        """Close everything and show the title screen."""
        from marriage_gui.scenes.title import TitleScene

        while self.stack:
            self.stack.pop().on_exit()
        self.push(TitleScene(self))

    # ------------------------------------------------------------------ the stack
    @property
    def scene(self) -> Scene | None:
        """The scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Show ``scene`` on top of the current one."""
        if self.stack:
            self.stack[-1].on_exit()
        self.stack.append(scene)
        scene.on_resize(self.size)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Close the top scene and return to the one below."""
        if not self.stack:
            return None
        top = self.stack.pop()
        top.on_exit()
        if self.stack:
            self.stack[-1].on_resize(self.size)
            self.stack[-1].on_enter()
        else:
            self.running = False
        return top

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size (never below the minimum)."""
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if self.headless:
            self.screen = pygame.display.set_mode((w, h))
        elif not self.settings.fullscreen:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._windowed_size = (w, h)
        for scene in self.stack:
            scene.on_resize(self.size)

    # ------------------------------------------------------------------ the loop
    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch ``events`` to the top scene, advance by ``dt``, draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
            elif (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_F11,)
                or (
                    event.type == pygame.KEYDOWN
                    and event.key == pygame.K_RETURN
                    and event.mod & pygame.KMOD_ALT
                )
            ):
                self.set_fullscreen(not self.settings.fullscreen)
                self.save_settings()
            elif self.scene is not None:
                self.scene.handle_event(event)
        if self.scene is not None:
            self.scene.update(dt)
        self.toasts.update(dt)
        self.draw()

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, then any toast."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw(self.screen)
        self.toasts.draw(self.screen)

    def run(self) -> None:
        """The real loop: until the window closes or the last scene pops."""
        while self.running and self.stack:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()
        pygame.quit()
