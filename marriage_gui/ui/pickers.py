"""Widgets that pick a value: a Toggle (on/off), a Stepper (one of a list), a Slider (a number)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from marriage_gui.art import palette
from marriage_gui.language import _
from marriage_gui.ui import theme
from marriage_gui.ui.widget import Widget


def switch_words(value: bool) -> str:
    """What a switch says beside it: on or off, in the language in use."""
    # Translators: beside an on/off switch, the switch is on (and "Off" for off); short.
    return _("On") if value else _("Off")


class Toggle(Widget):
    """An on/off switch."""

    def __init__(
        self,
        value: bool,
        on_change: Callable[[bool], Any] | None = None,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(tooltip)
        self.value, self.on_change = bool(value), on_change
        self._knob = 1.0 if value else 0.0

    def set(self, value: bool) -> None:
        """Change the value and tell the owner."""
        self.value = bool(value)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.set(not self.value)
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.set(not self.value)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(key == pygame.K_RIGHT)
            return True
        return False

    def animating(self) -> bool:
        return self._knob != (1.0 if self.value else 0.0)

    def update(self, dt: float) -> None:
        target = 1.0 if self.value else 0.0
        step = dt * 8
        self._knob = (
            target
            if abs(target - self._knob) <= step
            else self._knob + step * (1 if target > self._knob else -1)
        )

    def draw(self, surface: pygame.Surface) -> None:
        h = min(self.rect.h, round(28 * self.k))
        w = round(h * 1.85)
        track = pygame.Rect(0, 0, w, h)
        track.midleft = self.rect.midleft
        fill = palette.mix(theme.TRACK, theme.ON, self._knob)
        pygame.draw.rect(surface, fill, track, border_radius=h // 2)
        edge = theme.GOLD if self.hovered or self.focused else (0, 0, 0)
        pygame.draw.rect(
            surface, edge, track, width=max(1, round(1.5 * self.k)), border_radius=h // 2
        )
        r = h // 2 - max(2, round(3 * self.k))
        cx = track.x + h // 2 + round((w - h) * self._knob)
        pygame.draw.circle(surface, (0, 0, 0, 60), (cx, track.centery + 2), r)
        pygame.draw.circle(surface, theme.TEXT, (cx, track.centery), r)
        size = round(15 * self.k)
        word = theme.text(switch_words(self.value), size, theme.TEXT_DIM)
        surface.blit(word, word.get_rect(midleft=(track.right + round(10 * self.k), track.centery)))


class Stepper(Widget):
    """Choose one of ``options`` with ◀ ▶ arrows (click, Left/Right keys or the wheel)."""

    def __init__(
        self,
        options: Sequence[Any],
        index: int = 0,
        on_change: Callable[[Any], Any] | None = None,
        fmt: Callable[[Any], str] = str,
        tooltip: str | None = None,
        wrap: bool = False,
    ) -> None:
        super().__init__(tooltip)
        self.options, self.index, self.on_change, self.fmt, self.wrap = (
            list(options),
            index,
            on_change,
            fmt,
            wrap,
        )
        self._flash = 0.0
        self._side = 0

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def select(self, value: Any) -> None:
        """Show ``value`` without telling the owner."""
        if value in self.options:
            self.index = self.options.index(value)

    def move(self, d: int) -> bool:
        """Step by ``d``; True if the value changed."""
        n = len(self.options)
        new = (self.index + d) % n if self.wrap else max(0, min(n - 1, self.index + d))
        self._side, self._flash = d, 0.15
        if new == self.index:
            return False
        self.index = new
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        a = self.rect.h
        left = pygame.Rect(self.rect.x, self.rect.y, a, a)
        right = pygame.Rect(self.rect.right - a, self.rect.y, a, a)
        return left, right

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            left, right = self._arrows()
            if left.collidepoint(event.pos):
                self.move(-1)
            elif right.collidepoint(event.pos):
                self.move(1)
            else:
                self.move(1 if event.pos[0] > self.rect.centerx else -1)
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        if key == pygame.K_LEFT:
            self.move(-1)
            return True
        if key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if key == pygame.K_RIGHT or self.wrap:
                self.move(1)
            else:
                self.move(1) or self.move(-(len(self.options) - 1))
            return True
        return False

    def animating(self) -> bool:
        return self._flash > 0

    def update(self, dt: float) -> None:
        self._flash = max(0.0, self._flash - dt)

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, theme.TRACK, r, border_radius=self.radius)
        edge = theme.GOLD if self.hovered or self.focused else (0, 0, 0)
        pygame.draw.rect(
            surface, edge, r, width=max(1, round(1.5 * self.k)), border_radius=self.radius
        )
        left, right = self._arrows()
        n = len(self.options)
        for side, rect, can in (
            (-1, left, self.wrap or self.index > 0),
            (1, right, self.wrap or self.index < n - 1),
        ):
            colour = theme.GOLD_LIGHT if can else theme.TEXT_FAINT
            if self._flash and self._side == side:
                colour = theme.TEXT
            c = rect.center
            s = rect.h * 0.18
            pts = [
                (c[0] + side * s, c[1]),
                (c[0] - side * s * 0.7, c[1] - s),
                (c[0] - side * s * 0.7, c[1] + s),
            ]
            pygame.draw.polygon(surface, colour, pts)
        mid = r.inflate(-2 * r.h, 0)
        # A long choice (longer in some languages) shrinks before it is cut.
        words, size = theme.shrunk(
            self.fmt(self.value), round(16 * self.k), mid.w, round(11 * self.k), True
        )
        label = theme.text(words, size, theme.TEXT, True)
        surface.blit(label, label.get_rect(center=r.center))


class Slider(Widget):
    """A value between ``lo`` and ``hi`` in steps; drag, click, wheel or Left/Right."""

    def __init__(
        self,
        value: float,
        lo: float,
        hi: float,
        step: float,
        on_change: Callable[[float], Any] | None = None,
        fmt: Callable[[float], str] = lambda v: f"{v:g}",
        tooltip: str | None = None,
    ) -> None:
        super().__init__(tooltip)
        self.lo, self.hi, self.step, self.on_change, self.fmt = lo, hi, step, on_change, fmt
        self.value = self._snap(value)
        self.dragging = False

    def _snap(self, v: float) -> float:
        v = max(self.lo, min(self.hi, v))
        return round(round((v - self.lo) / self.step) * self.step + self.lo, 6)

    def _track(self) -> pygame.Rect:
        label_w = round(64 * self.k)
        return pygame.Rect(
            self.rect.x + self.rect.h // 2,
            self.rect.y,
            self.rect.w - label_w - self.rect.h,
            self.rect.h,
        )

    def set(self, v: float) -> None:
        """Change the value (snapped) and tell the owner if it moved."""
        v = self._snap(v)
        if v != self.value:
            self.value = v
            if self.on_change is not None:
                self.on_change(v)

    def _from_x(self, x: int) -> None:
        t = self._track()
        frac = (x - t.x) / max(1, t.w)
        self.set(self.lo + frac * (self.hi - self.lo))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.dragging = True
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(self.value + (self.step if key == pygame.K_RIGHT else -self.step))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self._track()
        h = max(4, round(6 * self.k))
        bar = pygame.Rect(t.x, t.centery - h // 2, t.w, h)
        pygame.draw.rect(surface, theme.TRACK, bar, border_radius=h // 2)
        frac = (self.value - self.lo) / (self.hi - self.lo)
        filled = bar.copy()
        filled.w = round(bar.w * frac)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=h // 2)
        r = round(11 * self.k)
        cx = bar.x + filled.w
        ring = theme.GOLD_LIGHT if self.hovered or self.focused or self.dragging else theme.GOLD
        pygame.draw.circle(surface, ring, (cx, bar.centery), r + max(2, round(2 * self.k)))
        pygame.draw.circle(surface, theme.TEXT, (cx, bar.centery), r)
        size = round(16 * self.k)
        label = theme.text(self.fmt(self.value), size, theme.TEXT, True)
        surface.blit(label, label.get_rect(midright=self.rect.midright))
