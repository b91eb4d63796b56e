"""Tweens: small objects that move a number (or a point) over time with an easing curve."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]

#: Seconds for an ordinary card move at "normal" speed (scaled by the animation setting).
BASE = 0.34


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: cards sliding into place."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Gentle at both ends: long moves across the table."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """A tiny overshoot: a card snapping back to where it came from."""
    c1 = 1.4
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    """Soft fades."""
    return math.sin(t * math.pi / 2)


class Tween:
    """Moves a tuple of floats from ``start`` to ``end`` in ``duration`` seconds after ``delay``."""

    __slots__ = ("start", "end", "duration", "delay", "easing", "elapsed")

    def __init__(
        self,
        start: tuple[float, ...],
        end: tuple[float, ...],
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        self.start = tuple(start)
        self.end = tuple(end)
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.easing = easing
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        """Whether the tween has reached its end."""
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0..1 of the way through (before easing)."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.elapsed += dt

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.delay + self.duration

    @property
    def value(self) -> tuple[float, ...]:
        """The current value."""
        k = self.easing(self.progress)
        return tuple(a + (b - a) * k for a, b in zip(self.start, self.end, strict=True))
