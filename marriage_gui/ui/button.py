"""The one push button of the menus and the table, its hotkeys, and a row of buttons."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame

from marriage_gui.ui import theme
from marriage_gui.ui.widget import Widget, pointer_moved, shown_words

#: Hotkey hints that name more than one key, or a key by another name than pygame's.
_KEY_NAMES = {
    "enter": (pygame.K_RETURN, pygame.K_KP_ENTER),
    "esc": (pygame.K_ESCAPE,),
    "space": (pygame.K_SPACE,),
}


#: The arrow keys, shown as arrows in every language (the direction each points, in degrees).
ARROWS = {"left": 180, "right": 0, "up": 90, "down": 270}


@lru_cache(maxsize=64)
def key_cap(hint: str, points: int, ink: theme.Colour) -> pygame.Surface:
    """How a hotkey hint is shown: a key's printed name ("Enter", "F11", "H"), or for the arrow
    keys an arrow (← → ↑ ↓), drawn, since no bundled face has those glyphs."""
    angle = ARROWS.get(hint.lower())
    if angle is None:
        return theme.text(hint, points, ink)
    h = theme.text("Ag", points, ink).get_height()
    scale = 4  # drawn large and scaled down, for smooth edges
    side = round(points * 1.3) * scale
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    mid, stroke, head = side / 2, max(scale, round(points * 0.15 * scale)), side * 0.36
    tail, tip = (side * 0.06, mid), (side * 0.94, mid)
    pygame.draw.line(big, ink, tail, (tip[0] - head * 0.5, mid), stroke)
    pygame.draw.polygon(
        big, ink, [tip, (tip[0] - head, mid - head * 0.72), (tip[0] - head, mid + head * 0.72)]
    )
    arrow = pygame.transform.smoothscale(
        pygame.transform.rotate(big, angle), (side // scale, side // scale)
    )
    out = pygame.Surface((arrow.get_width(), h), pygame.SRCALPHA)
    out.blit(arrow, arrow.get_rect(center=(out.get_width() // 2, h // 2)))
    return out


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
    second, smaller line. A button whose label changes lists every label it shows in
    ``labels``: it is as wide as the widest, so its row does not move. The picture is cached
    until something it shows changes.

    ``text``, ``sub``, ``labels`` and the tooltip are kept as given and put into the language
    in use whenever the button is measured or drawn (``widget.shown_words``): give it the
    English message (``N_("Back")``) once, and a change of language shows at the next layout.
    The ``hotkey`` hint names a key as printed on the keyboard and is never translated; the
    arrow keys are shown as arrows (``key_cap``).
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
        labels: Sequence[str] = (),
    ) -> None:
        super().__init__(tooltip, enabled)
        self.text, self.on_click, self.primary, self.size, self.sub = (
            text,
            on_click,
            primary,
            size,
            sub,
        )
        self.hotkey, self.look, self.labels = hotkey, look, tuple(labels)
        self._keys = hotkey_codes(hotkey)
        self._picture: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def click(self) -> None:
        """Activate the button as if clicked."""
        if self.enabled and self.on_click is not None:
            self.on_click()

    def answers(self, key: int) -> bool:
        """Whether ``key`` is this enabled button's hotkey."""
        return self.enabled and self.visible and key in self._keys

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            lit = self.hovered or pointer_moved(event)  # a resting pointer lights nothing new
            self.hovered = self.enabled and self.hit(event.pos) and lit
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
        """How wide the button wants to be at height ``h``: its widest label, its hotkey and a
        margin."""
        points = self._points(h)
        hint = (
            key_cap(self.hotkey, self._hint_points(points), theme.TEXT).get_width() + 10
            if self.hotkey
            else 0
        )
        words = max(
            theme.text_width(shown_words(s), points, True) for s in (self.text, *self.labels)
        )
        return words + hint + round(h * 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        lit = self.hovered or self.focused
        label, sub = shown_words(self.text), shown_words(self.sub)
        shown = (label, sub, self.hotkey, self.enabled, self.primary, lit, self.pressed)
        key = (self.rect.size, self.k, self.look, shown)
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, self._paint(lit, label, sub))
        lift = max(1, round(2 * self.k)) if self.look.raised else 0
        surface.blit(self._picture[1], (self.rect.x, self.rect.y - lift))

    def _paint(self, lit: bool, label: str, sub: str) -> pygame.Surface:
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
        self._paint_words(img, body, ink, label, sub)
        return img

    def _paint_words(
        self, img: pygame.Surface, body: pygame.Rect, ink: theme.Colour, words: str, sub_words: str
    ) -> None:
        """The label (and second line) centred, the hotkey hint faint at the right."""
        points = self._points(body.h)
        room = body.w - 8
        if self.hotkey:
            hint = key_cap(self.hotkey, self._hint_points(points), ink).copy()
            hint.set_alpha(150)
            room -= hint.get_width() + 10
            img.blit(hint, hint.get_rect(midright=(body.right - round(body.h * 0.3), body.centery)))
            body = body.copy()
            body.w -= hint.get_width() + 10
        # Words longer than the button (a longer language) are set smaller before they are cut.
        words, points = theme.shrunk(words, points, room, self._hint_points(points), True)
        label = theme.text(words, points, ink, True)
        if not sub_words:
            img.blit(label, label.get_rect(center=body.center))
            return
        sub_size = round(self.size * 0.62 * self.k)
        sub_words, sub_size = theme.shrunk(
            sub_words, sub_size, body.w - 16, self._hint_points(sub_size)
        )
        sub = theme.text(
            sub_words,
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
