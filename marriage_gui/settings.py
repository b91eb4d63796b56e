"""Player preferences: how fast the table moves, how the cards look, sound and window.

Settings live in ``settings.json`` in the per-user data directory. A damaged file never stops
the game: ``load_settings`` falls back to the defaults and says why.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from engine import safe_json

if TYPE_CHECKING:
    from marriage_gui.storage import Storage

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
_ANIM_SCALE = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}
# Translations are not written yet; the field is kept so settings files stay compatible.
LANGUAGES = ("en",)
BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5)
CARD_SCALE_RANGE = (0.8, 1.3)
SETTINGS_FILE = "settings.json"


@dataclass
class Settings:
    """What a player can change on the settings screen."""

    animation_speed: str = "normal"
    bot_delay: float = 0.6
    four_colour: bool = False
    card_scale: float = 1.0
    volume: float = 0.8
    muted: bool = False
    fullscreen: bool = False
    language: str = "en"
    #: The new-game screen's last set-up (``MatchSetup.to_dict`` without the seed), or None.
    last_setup: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        """Raise ValueError if any field is out of range (after coercing numbers)."""
        if self.animation_speed not in ANIMATION_SPEEDS:
            raise ValueError(f"animation speed must be one of {', '.join(ANIMATION_SPEEDS)}")
        if self.language not in LANGUAGES:
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}")
        for name in ("four_colour", "muted", "fullscreen"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if self.last_setup is not None and not isinstance(self.last_setup, dict):
            raise ValueError("the last match set-up must be a table")
        for name in ("bot_delay", "card_scale", "volume"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{name} must be a number")
            setattr(self, name, float(value))
        if not 0.0 <= self.bot_delay <= 5.0:
            raise ValueError("bot delay must be between 0 and 5 seconds")
        lo, hi = CARD_SCALE_RANGE
        if not lo - 1e-9 <= self.card_scale <= hi + 1e-9:
            raise ValueError(f"card scale must be between {lo} and {hi}")
        if not 0.0 <= self.volume <= 1.0:
            raise ValueError("volume must be between 0 and 1")

    @property
    def anim_scale(self) -> float:
        """Multiplier for animation durations: 0 means no animation at all."""
        return _ANIM_SCALE[self.animation_speed]

    def with_(self, **changes: Any) -> Settings:
        """A validated copy with ``changes``."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the settings file."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Settings:
        """Inverse of ``to_dict``; unknown keys are ignored, bad values raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("the settings file does not hold a table of settings")
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in known})
        except TypeError:
            raise ValueError("the settings are damaged") from None


#: The numbers a setting may hold: a value outside is brought back inside, not thrown away.
RANGES: dict[str, tuple[float, float]] = {
    "bot_delay": (0.0, 5.0),
    "card_scale": CARD_SCALE_RANGE,
    "volume": (0.0, 1.0),
}


def settings_kept(data: Any) -> tuple[Settings, list[str]]:
    """The settings ``data`` holds, one field at a time: a number out of range is brought into
    range and any other bad value left at its default, the rest kept. Also what was changed,
    in words. ValueError if ``data`` is no table of settings at all."""
    if not isinstance(data, dict):
        raise ValueError("the settings file does not hold a table of settings")
    settings, changed = Settings(), []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        try:
            settings = replace(settings, **{f.name: value})
            continue
        except (ValueError, TypeError, OverflowError):
            pass
        words = f.name.replace("_", " ")
        bounds = RANGES.get(f.name)
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if bounds is not None and number and not math.isnan(value):
            fixed = min(max(float(value), bounds[0]), bounds[1])
            change: dict[str, Any] = {f.name: fixed}
            settings = replace(settings, **change)
            changed.append(f"{words} was out of range and is now {fixed:g}")
        else:
            changed.append(f"{words} is back to its default")
    return settings, changed


DAMAGED_MESSAGE = "Your settings file was damaged, so the defaults are back."
UNREADABLE_MESSAGE = "Your settings file could not be read, so the defaults are used."


def load_settings(storage: Storage, on_error: Callable[[str], None] | None = None) -> Settings:
    """The saved settings; the defaults (and ``on_error(message)``) if the file is damaged."""
    path = storage.root / SETTINGS_FILE
    if not path.exists():
        return Settings()
    try:
        settings, changed = settings_kept(safe_json.read(path, "settings file"))
        if changed:
            storage.log(f"settings partly unusable: {'; '.join(changed)}")
            if on_error is not None:
                on_error(f"One of your settings could not be used: {'; '.join(changed)}.")
        return settings
    except OSError as exc:
        storage.log(f"settings file unreadable, using defaults: {exc!r}")
        if on_error is not None:
            on_error(UNREADABLE_MESSAGE)
        return Settings()
    except (ValueError, TypeError, OverflowError) as exc:
        storage.log(f"settings file damaged, using defaults: {exc}")
        aside = storage.keep_aside(SETTINGS_FILE)
        if on_error is not None:
            on_error(DAMAGED_MESSAGE + (f" The old file was kept as {aside}." if aside else ""))
        return Settings()


def save_settings(storage: Storage, settings: Settings) -> None:
    """Write the settings (atomically, so a crash never leaves half a file)."""
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False)
    storage.write_atomic(SETTINGS_FILE, text)
