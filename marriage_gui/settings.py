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
from engine.words import Said, say
from marriage_gui import language
from marriage_gui.language import N_

if TYPE_CHECKING:
    from marriage_gui.storage import Storage

ANIMATION_SPEEDS = ("instant", "fast", "normal", "slow")
_ANIM_SCALE = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}
#: The languages a person can choose (``language.LANGUAGES`` names each in itself).
LANGUAGES = tuple(language.LANGUAGES)
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
    #: Numbers in Devanagari digits (०१२…) instead of 0-9.
    devanagari_digits: bool = False
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
        for name in ("four_colour", "muted", "fullscreen", "devanagari_digits"):
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


def settings_kept(data: Any) -> tuple[Settings, list[Said]]:
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
        if f.name == "language":
            changed.append(
                say(
                    "the language “{language}” is not one this game speaks, so it is English",
                    language=str(value)[:20],
                )
            )
            continue
        words = say(NAMES.get(f.name, f.name.replace("_", " ")))
        bounds = RANGES.get(f.name)
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if bounds is not None and number and not math.isnan(value):
            fixed = min(max(float(value), bounds[0]), bounds[1])
            change: dict[str, Any] = {f.name: fixed}
            settings = replace(settings, **change)
            changed.append(
                say(
                    "{setting} was out of range and is now {value}",
                    setting=words,
                    value=f"{fixed:g}",
                )
            )
        else:
            changed.append(say("{setting} is back to its default", setting=words))
    return settings, changed


#: The settings in words, for a message about one that could not be used.
NAMES = {
    "animation_speed": N_("animation speed"),
    "bot_delay": N_("bot thinking time"),
    "four_colour": N_("four-colour deck"),
    "card_scale": N_("card size"),
    "volume": N_("volume"),
    "muted": N_("mute"),
    "fullscreen": N_("full screen"),
    "devanagari_digits": N_("Devanagari digits"),
    "last_setup": N_("the last new-game set-up"),
}
DAMAGED_MESSAGE = N_("Your settings file was damaged, so the defaults are back.")
DAMAGED_KEPT_MESSAGE = N_(
    "Your settings file was damaged, so the defaults are back. The old file was kept as {file}."
)
UNREADABLE_MESSAGE = N_("Your settings file could not be read, so the defaults are used.")


def load_settings(storage: Storage, on_error: Callable[[Said], None] | None = None) -> Settings:
    """The saved settings; the defaults (and ``on_error(message)``) if the file is damaged.

    Messages are sentences (``Said``) to be worded once the settings' own language is in use."""
    path = storage.root / SETTINGS_FILE
    if not path.exists():
        # The first start: the game speaks the language the computer is set to.
        return Settings(language=language.from_system())
    try:
        data = safe_json.read(path, "settings file")
        settings, changed = settings_kept(data)
        if isinstance(data, dict) and "language" not in data:
            settings.language = language.from_system()
        if changed:
            storage.log(f"settings partly unusable: {'; '.join(c.english for c in changed)}")
            if on_error is not None:
                for change in changed:
                    on_error(
                        say("One of your settings could not be used: {change}.", change=change)
                    )
        return settings
    except OSError as exc:
        storage.log(f"settings file unreadable, using defaults: {exc!r}")
        if on_error is not None:
            on_error(say(UNREADABLE_MESSAGE))
        return Settings(language=language.from_system())
    except (ValueError, TypeError, OverflowError) as exc:
        storage.log(f"settings file damaged, using defaults: {exc}")
        aside = storage.keep_aside(SETTINGS_FILE)
        if on_error is not None:
            if aside:
                on_error(say(DAMAGED_KEPT_MESSAGE, file=str(aside)))
            else:
                on_error(say(DAMAGED_MESSAGE))
        return Settings(language=language.from_system())


def save_settings(storage: Storage, settings: Settings) -> None:
    """Write the settings (atomically, so a crash never leaves half a file)."""
    text = json.dumps(settings.to_dict(), indent=2, ensure_ascii=False)
    storage.write_atomic(SETTINGS_FILE, text)
