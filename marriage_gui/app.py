"""The application: the window, the scene stack, and the loop that feeds them."""

from __future__ import annotations

import contextlib
import importlib
import os
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame

from engine.words import Said
from marriage_gui import language
from marriage_gui.art import CardArt
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.language import N_, _
from marriage_gui.scene import Scene
from marriage_gui.settings import Settings, load_settings, save_settings
from marriage_gui.storage import Storage
from marriage_gui.ui import theme
from marriage_gui.ui.toast import Toasts

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 800)
FPS = 60

#: Every scene by name, as ``module:Class``. Scenes open one another through ``App.open`` by
#: these names and import nothing of each other, so the scene modules form no import loop.
SCENES: dict[str, str] = {
    "title": "marriage_gui.scenes.title:TitleScene",
    "new_game": "marriage_gui.scenes.new_game:NewGameScene",
    "rules": "marriage_gui.scenes.rules:RulesScene",
    "stats": "marriage_gui.scenes.stats:StatsScene",
    "settings": "marriage_gui.scenes.settings:SettingsScene",
    "confirm": "marriage_gui.scenes.confirm:ConfirmScene",
    "hand_result": "marriage_gui.scenes.hand_result:HandResultScene",
    "match_over": "marriage_gui.scenes.match_over:MatchOverScene",
    "replay": "marriage_gui.scenes.replay:ReplayScene",
    "table": "marriage_gui.table.scene:TableScene",
    "guide": "marriage_gui.table.guide:GuideScene",
    "lobby": "marriage_gui.scenes.lobby:LobbyScene",
    "join": "marriage_gui.scenes.join:JoinScene",
    "scorekeeper": "marriage_gui.scenes.scorekeeper:ScoreKeeperScene",
    "score_setup": "marriage_gui.scenes.score_setup:ScoreSetupScene",
    "score_hand": "marriage_gui.scenes.score_hand:ScoreHandScene",
    "maal_cards": "marriage_gui.scenes.maal_cards:MaalCardsScene",
    "card_pick": "marriage_gui.scenes.card_pick:CardPickScene",
}

SceneMaker = Callable[..., Scene]
#: Posted by ``App.wake`` so a worker thread can end the loop's wait for input.
WAKE = pygame.event.custom_type()


class Pacer:
    """The loop's sense of time: hold FPS while something moves, sleep for input when idle.

    Tests swap in a pacer with simulated time to count the frames the loop draws.
    """

    def __init__(self) -> None:
        self.clock = pygame.time.Clock()

    def tick(self, fps: int) -> float:
        """Seconds since the last tick, first sleeping to hold ``fps`` (0: no sleep)."""
        return self.clock.tick(fps) / 1000.0

    def events(self) -> list[pygame.event.Event]:
        """The input that is waiting, without waiting."""
        return pygame.event.get()

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """Sleep until input arrives or ``timeout`` seconds pass (None: until input)."""
        # pygame reads a timeout of 0 as "forever", so a due timer waits 1 ms instead.
        first = pygame.event.wait(0 if timeout is None else max(1, round(timeout * 1000)))
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]


class App:
    """Owns the window and the scene stack; ``step`` runs one frame (tests call it directly).

    It also holds what every scene shares: ``settings``, ``storage``, the card ``art``, the
    ``sounds`` and the ``toast`` messages drawn above every scene. Scenes see it as
    ``AppServices`` (``marriage_gui/scene.py``), the part of it they may use.
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
        # First: a change of language lays out every scene on the stack, from the first words on.
        self.stack: list[Scene] = []
        self.toasts = Toasts()
        self.storage = storage if storage is not None else Storage(data_dir)
        notes: list[Said] = []
        if settings is None:
            settings = load_settings(self.storage, on_error=notes.append)
        self.settings = settings
        # The settings' language is spoken before anything is said, their own notes included.
        self._stop_listening = language.on_change(self._language_changed)
        self._speak(settings.language)
        language.use_digits(settings.devanagari_digits)
        for note in notes:
            self.toast(note)
        self._windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self._windowed_at: tuple[int, int] | None = None
        self.screen = self._open_window(self._windowed_size, self.settings.fullscreen)
        pygame.display.set_caption(_("Marriage"))
        self._set_icon()
        self.art = CardArt()
        self.sounds = SoundBoard(self.settings.volume, self.settings.muted)
        self.makers: dict[str, SceneMaker | str] = dict(SCENES)
        self.running = True
        self.pacer = Pacer()
        #: Frames drawn so far (the idle test and bench count them).
        self.frames = 0
        # Set by the scene that last failed to load the save, so the title can say why.
        self.save_problem: Said | None = None

    # ------------------------------------------------------------------ window
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        # The window is made once; resizing and full screen change it in place (pygame 2
        # resizes the display surface of a RESIZABLE window itself), so it never jumps.
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        window = self.window
        if window is not None:
            window.minimum_size = MIN_SIZE
            if fullscreen and not self.headless:
                window.set_fullscreen(desktop=True)
        return pygame.display.get_surface() or screen

    @property
    def window(self) -> pygame.Window | None:
        """The game's window (None if the display has none)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except pygame.error:
            return None

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
        if bool(on) == self.settings.fullscreen:
            return
        window = self.window
        if on and window is not None:
            self._windowed_size, self._windowed_at = self.size, window.position
        self.settings.fullscreen = bool(on)
        if self.headless or window is None:
            return
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
            size, at = self._back_on_screen(self._windowed_size, self._windowed_at)
            window.size = size
            with contextlib.suppress(pygame.error):  # some systems place windows themselves
                window.position = at
        self._adopt_surface()

    @staticmethod
    def _back_on_screen(
        size: tuple[int, int], at: tuple[int, int] | None
    ) -> tuple[tuple[int, int], tuple[int, int] | int]:
        """The size and place a window gets back: as it was, but all of it on the desktop."""
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return size, pygame.WINDOWPOS_CENTERED
        width, height = desktops[0]
        size = (min(size[0], width), min(size[1], height))
        if at is None:
            return size, pygame.WINDOWPOS_CENTERED
        x, y = at
        if x < 0 or y < 0 or x + size[0] > width or y + size[1] > height:
            return size, pygame.WINDOWPOS_CENTERED
        return size, at

    def _adopt_surface(self) -> None:
        """Take the display surface as it is now and lay every scene out for its size."""
        self.screen = pygame.display.get_surface() or self.screen
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
            if not self.storage.problem:  # else the one message about the folder says it
                self.toast(N_("Your settings could not be saved."))

    def toast(self, message: Said | str) -> None:
        """Show a short message above every scene for a couple of seconds (an engine or
        network sentence is worded, when shown, in the language in use)."""
        self.toasts.add(message)

    # ------------------------------------------------------------------ language
    def _speak(self, code: str) -> bool:
        """Use the language ``code``; English, with a notice, when it cannot be used."""
        try:
            language.use(code)
            return True
        except language.UnknownLanguage as exc:
            self.storage.log(f"language {code!r} unusable, speaking English: {exc}")
            language.use(language.FALLBACK)
            if self.settings.language != language.FALLBACK:
                self.settings.language = language.FALLBACK
            self.toast(_("The language you chose could not be loaded, so the game is in English."))
            return False

    def set_language(self, code: str) -> None:
        """Speak ``code`` from now on, on every open screen at once, and keep the choice."""
        if self._speak(code):
            self.settings.language = code
        self.save_settings()

    def set_devanagari_digits(self, on: bool) -> None:
        """Show numbers in Devanagari digits (or 0-9) everywhere at once, and keep the choice."""
        self.settings.devanagari_digits = bool(on)
        language.use_digits(bool(on))
        self.save_settings()

    def _language_changed(self) -> None:
        """Every open screen lays itself out again in the new words."""
        theme.text.cache_clear()
        theme.text_width.cache_clear()
        pygame.display.set_caption(_("Marriage"))
        for scene in self.stack:
            scene.on_resize(self.size)

    # ------------------------------------------------------------------ scenes by name
    def register(self, name: str, maker: SceneMaker | str) -> None:
        """Make ``name`` open ``maker(app, **kwargs)`` (a callable or ``"module:Class"``)."""
        self.makers[name] = maker

    def make(self, name: str, **kwargs: Any) -> Scene:
        """A new scene by its name; ``kwargs`` go to its constructor untouched."""
        try:
            maker = self.makers[name]
        except KeyError:
            raise ValueError(f"there is no scene called {name!r}") from None
        if isinstance(maker, str):
            module, _, attr = maker.partition(":")
            maker = getattr(importlib.import_module(module), attr)
            self.makers[name] = maker
        return maker(self, **kwargs)

    def open(self, name: str, **kwargs: Any) -> Scene:
        """Show the scene called ``name`` on top of the current one, and return it."""
        scene = self.make(name, **kwargs)
        self.push(scene)
        return scene

    def open_instead(self, name: str, **kwargs: Any) -> Scene:
        """Swap the top scene for the scene called ``name``, and return it."""
        scene = self.make(name, **kwargs)
        self.replace(scene)
        return scene

    def open_table(self, **kwargs: Any) -> Scene:
        """Start or resume a match on the card table above the title.

        The keyword arguments go to the table's constructor as they are (``setup``, ``game``…).
        """
        scene = self.make("table", **kwargs)
        self.save_problem = None  # a new save now stands where a damaged one was
        # The title stays underneath so leaving the table comes back to it.
        while len(self.stack) > 1:
            self.stack.pop().shutdown()
        if self.stack and self.stack[0].name != "title":
            self.stack.pop().shutdown()
        self.push(scene)
        return scene

    def go_title(self) -> None:
        """Close everything and show the title screen."""
        self.close_all()
        self.open("title")

    def close_all(self) -> None:
        """Every scene leaves for good, top first: tables stop their workers and connections."""
        while self.stack:
            self.stack.pop().shutdown()

    # ------------------------------------------------------------------ the stack
    @property
    def scene(self) -> Scene | None:
        """The scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Show ``scene`` on top of the current one."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.on_resize(self.size)
        scene.resume()

    def pop(self) -> Scene | None:
        """Close the top scene and return to the one below."""
        if not self.stack:
            return None
        top = self.stack.pop()
        top.shutdown()
        if self.stack:
            self.stack[-1].on_resize(self.size)
            self.stack[-1].resume()
        else:
            self.running = False
        return top

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().shutdown()
        self.push(scene)

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size (never below the minimum); the window itself stays.

        A window the person resized already has a display surface of its new size; one asked
        for here (or too small) is resized in place, never made again with ``set_mode``.
        """
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        window = self.window
        if window is not None and not self.settings.fullscreen and window.size != (w, h):
            window.size = (w, h)
        if not self.settings.fullscreen:
            self._windowed_size = (w, h)
        self.screen = pygame.display.get_surface() or self.screen
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
        for message in self.storage.take_notices():
            self.toast(message)
        self.toasts.update(dt)
        self.draw()

    def idle(self) -> bool:
        """Whether nothing on screen moves by itself, so the loop may sleep until input."""
        scene = self.scene
        return not self.toasts.queue and (scene is None or not scene.animating())

    def wake(self) -> None:
        """End the loop's sleep from another thread (a bot's move or a message arrived)."""
        pygame.event.post(pygame.event.Event(WAKE))

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, then any toast."""
        self.frames += 1
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[max(first, 0) :]:
            scene.draw(self.screen)
        self.toasts.draw(self.screen, self.scene.toast_top() if self.scene is not None else None)

    def run(self) -> None:
        """The real loop: until the window closes or the last scene pops."""
        while self.running and self.stack:
            self.frame()
        # The window closed: the scenes let go of what they hold (a hosted table is saved).
        self.close_all()
        # Statistics still being written are given a moment to land.
        self.storage.flush(2.0)
        pygame.quit()

    def frame(self) -> None:
        """One turn of the real loop: at FPS while something moves, else after a sleep."""
        if self.idle():
            scene = self.scene
            events = self.pacer.wait(scene.wake_after() if scene is not None else None)
            # Timers catch up on the sleep before the input that ended it is handled, so
            # (say) a tooltip's delay counts from the pointer's arrival, not from the sleep.
            if scene is not None:
                scene.update(min(self.pacer.tick(0), 1.0))
            self.step(events, 0.0)
        else:
            dt = min(self.pacer.tick(FPS), 0.1)
            self.step(self.pacer.events(), dt)
        pygame.display.flip()
