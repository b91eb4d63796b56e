"""Widgets for the menus and the table: each owns a rect, reacts to events with ``event.pos``,
and draws itself.

Widgets never read the mouse or the clock: a ``Form`` hands them events and ``dt``, moves
keyboard focus, and shows tooltips. ``k`` is the UI scale from ``theme.ui_scale``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from marriage_gui.ui import theme

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class Widget:
    """Base: a rect, hover/pressed/focus state, an optional tooltip."""

    focusable = True

    def __init__(self, tooltip: str | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.tooltip = tooltip
        self.enabled = enabled
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.visible = True
        #: The visible area of the scroll panel holding the widget (None: not in one).
        self.clip: pygame.Rect | None = None

    def place(self, rect: pygame.Rect, k: float) -> None:
        """Set where the widget is and the UI scale to draw it at."""
        self.rect = pygame.Rect(rect)
        self.k = k

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the widget (and inside its scroll panel's view, if any)."""
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        return self.clip is None or self.clip.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True if it was used."""
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        """React to a key while focused; True if used."""
        return False

    def update(self, dt: float) -> None:
        """Advance any animation."""

    def animating(self) -> bool:
        """Whether the widget is in the middle of an animation."""
        return False

    def wake_after(self) -> float | None:
        """Seconds until the still widget changes by itself (a blinking cursor), or None."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the widget."""

    @property
    def radius(self) -> int:
        return max(4, round(min(self.rect.h, 48 * self.k) * 0.28))


class Label(Widget):
    """Static text."""

    focusable = False

    def __init__(
        self, text: str, size: int = 18, colour: theme.Colour = theme.TEXT, bold: bool = False
    ) -> None:
        super().__init__()
        self.text, self.size, self.colour, self.bold = text, size, colour, bold

    def draw(self, surface: pygame.Surface) -> None:
        size = round(self.size * self.k)
        s = theme.text(
            theme.fit(self.text, size, self.rect.w, self.bold), size, self.colour, self.bold
        )
        surface.blit(s, s.get_rect(midleft=self.rect.midleft))


#: Hotkey hints that name more than one key, or a key by another name than pygame's.
_KEY_NAMES = {
    "enter": (pygame.K_RETURN, pygame.K_KP_ENTER),
    "esc": (pygame.K_ESCAPE,),
    "space": (pygame.K_SPACE,),
}


def hotkey_codes(hint: str) -> tuple[int, ...]:
    """The keys a hotkey hint ("Enter", "Esc", "F11", "H") stands for (none if unknown)."""
    name = hint.lower()
    if name in _KEY_NAMES:
        return _KEY_NAMES[name]
    code = getattr(pygame, "K_" + (name if len(name) == 1 else hint.upper()), None)
    return (code,) if isinstance(code, int) else ()


class Button(Widget):
    """A push button for the menus and the table.

    ``on_click`` runs on release over it, on Enter/Space when it has the keyboard focus, or
    when a scene passes on a key the button ``answers`` (its ``hotkey``, shown at its right).
    ``look`` paints it (``theme.MENU_BUTTON`` or the flat ``theme.TABLE_BUTTON``); ``sub`` is a
    second, smaller line. The picture is cached until something it shows changes.
    """

    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any] | None = None,
        primary: bool = False,
        tooltip: str | None = None,
        enabled: bool = True,
        size: int = 20,
        sub: str | None = None,
        hotkey: str = "",
        look: theme.ButtonLook = theme.MENU_BUTTON,
    ) -> None:
        super().__init__(tooltip, enabled)
        self.text, self.on_click, self.primary, self.size, self.sub = (
            text,
            on_click,
            primary,
            size,
            sub,
        )
        self.hotkey, self.look = hotkey, look
        self._keys = hotkey_codes(hotkey)
        self._picture: tuple[tuple, pygame.Surface] | None = None

    def click(self) -> None:
        """Activate the button as if clicked."""
        if self.enabled and self.on_click is not None:
            self.on_click()

    def answers(self, key: int) -> bool:
        """Whether ``key`` is this enabled button's hotkey."""
        return self.enabled and self.visible and key in self._keys

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.hit(event.pos):
                self.click()
                return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.click()
            return True
        return False

    @property
    def radius(self) -> int:
        look = self.look
        return max(4, round(min(self.rect.h, look.radius_cap * self.k) * look.radius_share))

    def _points(self, h: int) -> int:
        if self.look.text_share:
            return max(13, round(h * self.look.text_share))
        return round(self.size * self.k)

    def _hint_points(self, points: int) -> int:
        return max(10, round(points * 0.72))

    def width_for(self, h: int) -> int:
        """How wide the button wants to be at height ``h``: its label, its hotkey and a margin."""
        points = self._points(h)
        hint = theme.text_width(self.hotkey, self._hint_points(points)) + 10 if self.hotkey else 0
        return theme.text_width(self.text, points, True) + hint + round(h * 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        lit = self.hovered or self.focused
        shown = (self.text, self.sub, self.hotkey, self.enabled, self.primary, lit, self.pressed)
        key = (self.rect.size, self.k, self.look, shown)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._paint(lit))
        lift = max(1, round(2 * self.k)) if self.look.raised else 0
        surface.blit(self._picture[1], (self.rect.x, self.rect.y - lift))

    def _paint(self, lit: bool) -> pygame.Surface:
        """The button on a transparent picture starting ``lift`` pixels above its rect."""
        look, k = self.look, self.k
        w, h = self.rect.size
        lift = drop = 0
        if look.raised:
            lift, drop = max(1, round(2 * k)), max(2, round(3 * k))
        img = pygame.Surface((w, h + lift + drop), pygame.SRCALPHA)
        state = 2 if self.pressed else 1 if lit else 0
        if not self.enabled:
            fill, edge, ink = look.disabled, look.disabled_edge, look.disabled_ink
        elif self.primary:
            fill, edge, ink = look.primary[state], look.primary_edge, look.primary_ink
        else:
            fill, edge, ink = look.fill[state], look.edge, look.ink
        if lit and self.enabled and look.hover_edge is not None:
            edge = look.hover_edge
        radius = self.radius
        body = pygame.Rect(0, lift, w, h)
        if look.raised:
            pygame.draw.rect(img, (0, 0, 0, 80), body.move(0, drop), border_radius=radius)
            if self.enabled:
                body.y += 1 if self.pressed else -lift
        pygame.draw.rect(img, fill, body, border_radius=radius)
        if look.raised:
            # A faint top sheen makes the button read as raised.
            sheen = pygame.Surface((w, h // 2), pygame.SRCALPHA)
            pygame.draw.rect(
                sheen,
                (255, 255, 255, 16),
                sheen.get_rect(),
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
            img.blit(sheen, body.topleft)
        width = max(1, round(look.edge_width * k))
        pygame.draw.rect(img, edge, body, width=width, border_radius=radius)
        self._paint_words(img, body, ink)
        return img

    def _paint_words(self, img: pygame.Surface, body: pygame.Rect, ink: theme.Colour) -> None:
        """The label (and second line) centred, the hotkey hint faint at the right."""
        points = self._points(body.h)
        room = body.w - 8
        if self.hotkey:
            hint = theme.text(self.hotkey, self._hint_points(points), ink).copy()
            hint.set_alpha(150)
            room -= hint.get_width() + 10
            img.blit(hint, hint.get_rect(midright=(body.right - round(body.h * 0.3), body.centery)))
            body = body.copy()
            body.w -= hint.get_width() + 10
        label = theme.text(theme.fit(self.text, points, room, True), points, ink, True)
        if not self.sub:
            img.blit(label, label.get_rect(center=body.center))
            return
        sub_size = round(self.size * 0.62 * self.k)
        sub = theme.text(
            theme.fit(self.sub, sub_size, body.w - 16),
            sub_size,
            theme.TEXT_DIM if self.enabled else ink,
        )
        total = label.get_height() + sub.get_height() - round(4 * self.k)
        top = body.centery - total // 2
        img.blit(label, label.get_rect(midtop=(body.centerx, top)))
        img.blit(sub, sub.get_rect(midbottom=(body.centerx, top + total)))


def lay_out_row(
    buttons: Sequence[Button], area: pygame.Rect, align: str = "right", gap: int = 8
) -> None:
    """Place the visible buttons side by side, each as wide as it wants, at ``area``'s height,
    against its right edge, its centre or its left edge (``align``)."""
    shown = [b for b in buttons if b.visible]
    h = area.height
    widths = [b.width_for(h) for b in shown]
    total = sum(widths) + gap * max(0, len(shown) - 1)
    x = {"right": area.right - total, "center": area.centerx - total // 2}.get(align, area.x)
    for b, w in zip(shown, widths, strict=True):
        b.place(pygame.Rect(x, area.y, w, h), b.k)
        x += w + gap


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
        fill = _mix(theme.TRACK, theme.ON, self._knob)
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
        word = theme.text("On" if self.value else "Off", size, theme.TEXT_DIM)
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
        size = round(16 * self.k)
        mid = r.inflate(-2 * r.h, 0)
        label = theme.text(theme.fit(self.fmt(self.value), size, mid.w), size, theme.TEXT, True)
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


class TextInput(Widget):
    """A one-line Unicode text field: text arrives as TEXTINPUT events (IME and Devanagari)."""

    def __init__(
        self,
        text: str = "",
        on_change: Callable[[str], Any] | None = None,
        max_len: int = 24,
        placeholder: str = "",
        tooltip: str | None = None,
        on_submit: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__(tooltip)
        self.text, self.on_change, self.max_len, self.placeholder = (
            text,
            on_change,
            max_len,
            placeholder,
        )
        self.on_submit = on_submit
        self.cursor = len(text)
        self.error = False
        self._blink = 0.0

    def set_text(self, text: str) -> None:
        """Replace the text (without telling the owner)."""
        self.text = text[: self.max_len]
        self.cursor = len(self.text)

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def focus(self, on: bool) -> None:
        """Start or stop text input with the operating system (for IMEs)."""
        self.focused = on
        self._blink = 0.0
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)
        else:
            pygame.key.stop_text_input()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            # Put the cursor at the nearest gap between characters.
            size = round(17 * self.k)
            x = event.pos[0] - self.rect.x - round(10 * self.k)
            best, best_d = len(self.text), 1e9
            for i in range(len(self.text) + 1):
                d = abs(theme.text_width(self.text[:i], size) - x)
                if d < best_d:
                    best, best_d = i, d
            self.cursor = best
            return True
        if event.type == pygame.TEXTINPUT and self.focused:
            room = self.max_len - len(self.text)
            add = "".join(c for c in event.text if c.isprintable())[: max(0, room)]
            if add:
                self.text = self.text[: self.cursor] + add + self.text[self.cursor :]
                self.cursor += len(add)
                self._blink = 0.0
                self._changed()
            return True
        return False

    def key(self, key: int, mod: int = 0) -> bool:
        self._blink = 0.0
        if key == pygame.K_BACKSPACE:
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
                self._changed()
            return True
        if key == pygame.K_DELETE:
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
                self._changed()
            return True
        if key == pygame.K_LEFT:
            self.cursor = max(0, self.cursor - 1)
            return True
        if key == pygame.K_RIGHT:
            self.cursor = min(len(self.text), self.cursor + 1)
            return True
        if key == pygame.K_HOME:
            self.cursor = 0
            return True
        if key == pygame.K_END:
            self.cursor = len(self.text)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.text)
            return True
        # Printable keys arrive again as TEXTINPUT: swallow them here so no shortcut fires.
        return pygame.K_SPACE <= key <= pygame.K_z

    def wake_after(self) -> float | None:
        if not self.focused:
            return None
        # The cursor shows for the first 0.55 s of each second.
        return (0.55 if self._blink < 0.55 else 1.0) - self._blink

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (8, 26, 18), r, border_radius=self.radius)
        edge = (
            theme.ERROR
            if self.error
            else theme.GOLD
            if self.focused
            else theme.GOLD_DARK
            if self.hovered
            else (60, 90, 70)
        )
        pygame.draw.rect(
            surface, edge, r, width=max(1, round(1.5 * self.k)), border_radius=self.radius
        )
        size = round(17 * self.k)
        pad = round(10 * self.k)
        clip = surface.get_clip()
        inner = r.inflate(-pad * 2 + 2, -4).clip(clip) if clip else r
        surface.set_clip(inner)
        if self.text:
            label = theme.text(self.text, size, theme.TEXT)
        else:
            label = theme.text(self.placeholder, size, theme.TEXT_FAINT)
        before = theme.text_width(self.text[: self.cursor], size)
        shift = max(0, before - (r.w - pad * 3))
        surface.blit(label, label.get_rect(midleft=(r.x + pad - shift, r.centery)))
        if self.focused and self._blink < 0.55:
            x = r.x + pad + before - shift
            h = round(size * 1.1)
            pygame.draw.line(
                surface,
                theme.GOLD_LIGHT,
                (x, r.centery - h // 2),
                (x, r.centery + h // 2),
                max(1, round(1.5 * self.k)),
            )
        surface.set_clip(clip)


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
