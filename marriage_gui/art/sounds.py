"""Table sounds: a SoundBoard that loads the bundled WAVs lazily and never fails the game.

Without a sound card (CI, a headless box, a broken driver) the mixer cannot start; then every
call is a quiet no-op, so the table never has to check.
"""

from __future__ import annotations

import pygame

from .paths import asset

#: Every sound the table can play; files are ``assets/sounds/<name>.wav``.
NAMES = ("shuffle", "deal", "draw", "discard", "see", "win", "click", "error")


class SoundBoard:
    """Plays named sounds with a master volume and mute; silent if no mixer can start."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._available: bool | None = None

    @property
    def available(self) -> bool:
        """True once the mixer is running (starts it on first ask)."""
        if self._available is None:
            self._available = _start_mixer()
        return self._available

    @property
    def volume(self) -> float:
        """Master volume 0..1."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self._volume)

    def set_volume(self, value: float) -> None:
        """Set the master volume (clamped to 0..1)."""
        self.volume = value

    @property
    def muted(self) -> bool:
        """True while muted; volume is kept for when sound comes back."""
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self._available:
            pygame.mixer.stop()

    def toggle_mute(self) -> bool:
        """Flip mute and return the new state."""
        self.muted = not self._muted
        return self._muted

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded Sound for ``name`` or None if it cannot be had (no mixer, no file)."""
        if name not in NAMES:
            raise KeyError(f"no sound called {name!r}; known: {', '.join(NAMES)}")
        if name not in self._sounds:
            loaded = None
            if self.available:
                try:
                    loaded = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
                    loaded.set_volume(self._volume)
                except (pygame.error, FileNotFoundError):
                    loaded = None
            self._sounds[name] = loaded
        return self._sounds[name]

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play ``name`` at ``volume`` x the master volume; does nothing when muted or silent."""
        if name not in NAMES:
            raise KeyError(f"no sound called {name!r}; known: {', '.join(NAMES)}")
        if self._muted or self._volume <= 0:
            return
        sound = self.sound(name)
        if sound is None:
            return
        channel = sound.play()
        if channel is not None:
            channel.set_volume(_clamp(volume))


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))


def _start_mixer() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    except pygame.error:
        return False
    return bool(pygame.mixer.get_init())
