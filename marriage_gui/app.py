"""The application: the window, the scene stack, and the loop that feeds them."""

from __future__ import annotations

import os
from collections.abc import Iterable

import pygame

from marriage_gui.scene import Scene

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
FPS = 60


class App:
    """Owns the window and the scene stack; ``step`` runs one frame (tests call it directly)."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, headless: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.headless = headless
        flags = 0 if headless else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("Marriage")
        self.stack: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()

    @property
    def size(self) -> tuple[int, int]:
        """The window size in pixels."""
        return self.screen.get_size()

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
        if not self.headless:
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        for scene in self.stack:
            scene.on_resize((w, h))

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> None:
        """One frame: dispatch ``events`` to the top scene, advance by ``dt``, draw."""
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
            elif event.type == pygame.VIDEORESIZE:
                self.resize(event.size)
            elif self.scene is not None:
                self.scene.handle_event(event)
        if self.scene is not None:
            self.scene.update(dt)
        self.draw()

    def draw(self) -> None:
        """Draw the visible scenes, bottom first."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0):]:
            scene.draw(self.screen)

    def run(self) -> None:
        """The real loop: until the window closes or the last scene pops."""
        while self.running and self.stack:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(pygame.event.get(), min(dt, 0.1))
            pygame.display.flip()
        pygame.quit()
