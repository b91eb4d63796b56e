"""A Form routes events to widgets, keeps keyboard focus and shows tooltips; a ScrollPanel
scrolls a tall column of widgets and painted content inside a fixed view."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from marriage_gui.ui import theme
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import MOUSE_EVENTS, Widget, pointer_moved, shown_words

TOOLTIP_DELAY = 0.55

Painter = Callable[[pygame.Surface, pygame.Rect], None]


class ScrollPanel:
    """A view onto content taller than it; widgets are placed in content coordinates."""

    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 0, 0)
        self.k = 1.0
        self.scroll = 0.0
        self.content_height = 0
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self.painters: list[tuple[pygame.Rect, Painter]] = []
        self._drag: tuple[int, float] | None = None

    def clear(self, view: pygame.Rect, k: float) -> None:
        """Start a new layout inside ``view``."""
        self.view, self.k = pygame.Rect(view), k
        self.items, self.painters = [], []
        self.content_height = 0

    def add(self, widget: Widget, rect: pygame.Rect) -> None:
        """Put ``widget`` at ``rect`` (x relative to the view, y from the top of the content)."""
        self.items.append((widget, pygame.Rect(rect)))
        self.content_height = max(self.content_height, rect.bottom)

    def paint(self, rect: pygame.Rect, painter: Painter) -> None:
        """Draw something that is not a widget (text, cards) at content ``rect``."""
        self.painters.append((pygame.Rect(rect), painter))
        self.content_height = max(self.content_height, rect.bottom)

    @property
    def max_scroll(self) -> float:
        return max(0, self.content_height - self.view.h)

    def scroll_to(self, y: float) -> None:
        """Scroll so content ``y`` is at the top (clamped), and move the widgets."""
        self.scroll = max(0.0, min(self.max_scroll, y))
        self.relayout()

    def relayout(self) -> None:
        """Place every widget on screen for the current scroll."""
        for widget, rect in self.items:
            widget.place(self._screen(rect), self.k)
            widget.clip = self.view

    def _screen(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.move(self.view.x, self.view.y - round(self.scroll))

    def ensure_visible(self, widget: Widget) -> None:
        """Scroll the least needed to show ``widget`` whole."""
        for w, rect in self.items:
            if w is widget:
                margin = round(12 * self.k)
                if rect.top - margin < self.scroll:
                    self.scroll_to(rect.top - margin)
                elif rect.bottom + margin > self.scroll + self.view.h:
                    self.scroll_to(rect.bottom + margin - self.view.h)
                return

    def _bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        if self.max_scroll <= 0:
            return None
        w = max(6, round(8 * self.k))
        track = pygame.Rect(self.view.right - w - 2, self.view.y + 4, w, self.view.h - 8)
        frac = self.view.h / self.content_height
        h = max(round(40 * self.k), round(track.h * frac))
        y = track.y + round((track.h - h) * self.scroll / self.max_scroll)
        return track, pygame.Rect(track.x, y, w, h)

    def handle_event(self, event: pygame.event.Event, over: bool) -> bool:
        """Wheel and scroll-bar drags; ``over`` says whether the pointer is over the view."""
        if event.type == pygame.MOUSEWHEEL and over:
            self.scroll_to(self.scroll - event.y * 60 * self.k)
            return True
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar:
            track, thumb = bar
            if thumb.inflate(8, 0).collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
                return True
            if track.inflate(8, 0).collidepoint(event.pos):
                page = self.view.h * 0.9
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None and bar:
            track, thumb = bar
            y0, s0 = self._drag
            per_px = self.max_scroll / max(1, track.h - thumb.h)
            self.scroll_to(s0 + (event.pos[1] - y0) * per_px)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        return False

    def key(self, key: int) -> bool:
        """Page Up/Down, Home/End."""
        page = self.view.h * 0.9
        moves = {
            pygame.K_PAGEDOWN: self.scroll + page,
            pygame.K_PAGEUP: self.scroll - page,
            pygame.K_HOME: 0,
            pygame.K_END: self.max_scroll,
        }
        if key in moves:
            self.scroll_to(moves[key])
            return True
        return False

    def draw(self, surface: pygame.Surface, widgets_too: bool = True) -> None:
        """Draw painted content and widgets clipped to the view, then the scroll bar."""
        old = surface.get_clip()
        surface.set_clip(self.view.clip(old) if old else self.view)
        top, bottom = self.scroll, self.scroll + self.view.h
        for rect, painter in self.painters:
            if rect.bottom >= top and rect.top <= bottom:
                painter(surface, self._screen(rect))
        if widgets_too:
            for widget, rect in self.items:
                if rect.bottom >= top and rect.top <= bottom:
                    widget.draw(surface)
        surface.set_clip(old)
        bar = self._bar()
        if bar:
            track, thumb = bar
            pygame.draw.rect(surface, (0, 0, 0), track, border_radius=track.w // 2)
            colour = theme.GOLD if self._drag else theme.GOLD_DARK
            pygame.draw.rect(surface, colour, thumb, border_radius=track.w // 2)
        # Soft fades say there is more above or below.
        fade = round(18 * self.k)
        for edge, more in (
            (self.view.top, self.scroll > 1),
            (self.view.bottom - fade, self.scroll < self.max_scroll - 1),
        ):
            if more:
                band = pygame.Surface((self.view.w - 14, fade), pygame.SRCALPHA)
                for i in range(fade):
                    a = (
                        round(70 * (1 - i / fade))
                        if edge == self.view.top
                        else round(70 * i / fade)
                    )
                    pygame.draw.line(band, (0, 0, 0, a), (0, i), (band.get_width(), i))
                surface.blit(band, (self.view.x, edge))


class Form:
    """Widgets in focus order. Tab/arrows move focus, Enter activates, the mouse hovers."""

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.panels: list[ScrollPanel] = []
        self.focus_index: int | None = None
        self.keyboard = False  # the focus ring shows only once the keyboard is used
        self.pointer: tuple[int, int] | None = None
        #: Where the tooltip was last drawn (None: no tooltip showing).
        self.tooltip_rect: pygame.Rect | None = None
        self._hover_time = 0.0
        self._hovered: Widget | None = None

    def set_widgets(self, widgets: list[Widget], panels: list[ScrollPanel] | None = None) -> None:
        """Replace the widgets (keeping focus on the same one when it is still there). A widget
        the new layout slides under a resting pointer is not lit as hovered until the pointer
        moves: on the title, a Rejoin button that pushes the menu down leaves the keyboard's
        choice (Rejoin) the only one lit, not whatever button came to rest under the mouse."""
        old = self.focused
        self.widgets = widgets
        self.panels = panels or []
        self.focus_index = None
        if old is not None and old in widgets:
            self.focus_index = widgets.index(old)
        for w in widgets:
            w.focused = w is old
        if self.pointer is not None:
            self._hover(self.pointer, moved=False)

    @property
    def focused(self) -> Widget | None:
        if self.focus_index is None or self.focus_index >= len(self.widgets):
            return None
        return self.widgets[self.focus_index]

    def focus(self, widget: Widget | None, keyboard: bool | None = None) -> None:
        """Move keyboard focus to ``widget`` (None: nowhere)."""
        old = self.focused
        if old is not None and old is not widget:
            if isinstance(old, TextInput):
                old.focus(False)
            old.focused = False
        if keyboard is not None:
            self.keyboard = keyboard
        if widget is None or widget not in self.widgets:
            self.focus_index = None
            return
        self.focus_index = self.widgets.index(widget)
        if isinstance(widget, TextInput) and not widget.focused:
            widget.focus(True)
        widget.focused = True
        for panel in self.panels:
            panel.ensure_visible(widget)

    def _focusable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled and w.visible]

    def move_focus(self, d: int) -> None:
        """Focus the next (``d`` = 1) or previous focusable widget."""
        order = self._focusable()
        if not order:
            return
        if self.focus_index not in order:
            target = order[0] if d > 0 else order[-1]
        else:
            target = order[(order.index(self.focus_index) + d) % len(order)]
        self.focus(self.widgets[target], keyboard=True)

    def _hover(self, pos: tuple[int, int], moved: bool = True) -> None:
        """Light the widget under the pointer at ``pos``; when the pointer has not ``moved``
        (the widgets did), only one that was lit already and is still under it."""
        hovered = None
        for w in self.widgets:
            w.hovered = w.enabled and w.hit(pos) and (moved or w.hovered)
            if w.hovered:
                hovered = w
        if hovered is not self._hovered:
            self._hovered, self._hover_time = hovered, 0.0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route ``event``; True if a widget or panel used it."""
        if event.type in MOUSE_EVENTS:
            self.pointer = event.pos
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos, moved=pointer_moved(event))
                self._hover_time = (
                    0.0 if event.rel != (0, 0) and self._hovered is None else self._hover_time
                )
        for panel in self.panels:
            over = self.pointer is not None and panel.view.collidepoint(self.pointer)
            if event.type == pygame.MOUSEWHEEL and len(self.panels) == 1:
                over = True
            if panel.handle_event(event, over):
                if self.pointer is not None:
                    self._hover(self.pointer)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = next((w for w in self.widgets if w.enabled and w.hit(event.pos)), None)
            if target is not None and target.focusable:
                self.focus(target, keyboard=False)
            elif target is None and isinstance(self.focused, TextInput):
                self.focus(None)
            if target is not None:
                return target.handle_event(event)
            return False
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            used = False
            for w in self.widgets:
                if w.enabled:
                    used = w.handle_event(event) or used
            return used
        if event.type == pygame.TEXTINPUT:
            focused = self.focused
            return focused.handle_event(event) if focused is not None else False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        focused = self.focused
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if focused is not None and focused.enabled and focused.key(event.key, event.mod):
            self.keyboard = True
            for panel in self.panels:
                panel.ensure_visible(focused)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_LEFT) and not isinstance(focused, TextInput):
            self.move_focus(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return any(panel.key(event.key) for panel in self.panels)

    def update(self, dt: float) -> None:
        """Advance widgets and the tooltip timer."""
        self._hover_time += dt
        for w in self.widgets:
            w.update(dt)

    def animating(self) -> bool:
        """Whether any widget is mid-animation."""
        return any(w.animating() for w in self.widgets)

    def wake_after(self) -> float | None:
        """Seconds until the form changes by itself: a tooltip due or a cursor blink."""
        times = [t for w in self.widgets if (t := w.wake_after()) is not None]
        w = self._hovered
        tooltip_due = w is not None and w.tooltip and self.pointer is not None
        if tooltip_due and self._hover_time < TOOLTIP_DELAY:
            times.append(TOOLTIP_DELAY - self._hover_time)
        return min(times, default=None)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw widgets not in a panel, the focus ring, then the tooltip."""
        in_panel = {id(w) for p in self.panels for w, _ in p.items}
        for w in self.widgets:
            if id(w) not in in_panel and w.visible:
                w.draw(surface)
        focused = self.focused
        if focused is not None and self.keyboard and focused.visible:
            clip = surface.get_clip()
            if focused.clip is not None:
                surface.set_clip(focused.clip)
            theme.focus_ring(surface, focused.rect, focused.radius, focused.k)
            surface.set_clip(clip)

    def _tooltip_place(self, hovered: Widget) -> Placement:
        """Beside the widget, level with its bottom, so the row under it stays readable; where
        that would cover another widget (a seat's × beside its name), the other side, then past
        the end of its row, then above it; above it, too, when nothing else has room."""
        others = [
            r
            for w in self.widgets
            if w is not hovered and w.visible
            for r in [w.rect if w.clip is None else w.rect.clip(w.clip)]
            if r.w > 0 and r.h > 0
        ]

        def place(
            box: pygame.Rect, widget: pygame.Rect, screen: pygame.Rect, gap: int
        ) -> pygame.Rect:
            right, left, past, up = box.copy(), box.copy(), box.copy(), box.copy()
            right.bottomleft = (widget.right + gap, widget.bottom)
            left.bottomright = (widget.left - gap, widget.bottom)
            past.bottomleft = (_row_end(widget, others, gap) + gap, widget.bottom)
            up.midbottom = (widget.centerx, widget.top - gap)
            fits = [c for c in (right, left, past, up) if screen.contains(c)]
            # Its own row and the rows under it stay readable; failing that, anything above.
            mine = [r for r in others if r.bottom > widget.top]
            for keep in (others, mine):
                clear = [c for c in fits if not any(c.colliderect(r) for r in keep)]
                if clear:
                    return clear[0]
            up.clamp_ip(screen)
            return up

        return place

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip of the widget under the pointer, after a short pause (in the language in
        use: a widget keeps its tooltip as given)."""
        self.tooltip_rect = None
        w = self._hovered
        if w is None or not w.tooltip or self._hover_time < TOOLTIP_DELAY or self.pointer is None:
            return
        anchor = w.rect if w.clip is None else w.rect.clip(w.clip)
        self.tooltip_rect = draw_tooltip(surface, w.tooltip, anchor, w.k, self._tooltip_place(w))


def _row_end(widget: pygame.Rect, others: list[pygame.Rect], gap: int) -> int:
    """The right edge of the widgets that follow ``widget`` along its row, each no more than
    ``gap`` after the last (a seat's name, its kind, its ×)."""
    end = widget.right
    level = [r for r in others if r.top < widget.bottom and r.bottom > widget.top]
    for r in sorted(level, key=lambda r: r.left):
        if end <= r.left <= end + gap:
            end = r.right
    return end


Placement = Callable[[pygame.Rect, pygame.Rect, pygame.Rect, int], pygame.Rect]


def above(box: pygame.Rect, widget: pygame.Rect, screen: pygame.Rect, gap: int) -> pygame.Rect:
    """A tooltip placement: centred just above the widget, kept on the screen."""
    box = box.copy()
    box.midbottom = (widget.centerx, widget.top - gap)
    box.clamp_ip(screen)
    return box


def draw_tooltip(
    surface: pygame.Surface, tip: str, anchor: pygame.Rect, k: float, place: Placement
) -> pygame.Rect:
    """``tip`` in a small panel placed by ``place`` next to ``anchor``; returns where it went.
    ``tip`` is shown in the language in use (``widget.shown_words``): a widget's tooltip as it
    keeps it, an engine sentence, or words already translated."""
    tip = shown_words(tip)
    size = round(15 * k)
    rendered = [
        theme.text(line, size, theme.TEXT) for line in theme.wrap(tip, size, round(340 * k))
    ]
    pad = round(10 * k)
    box = pygame.Rect(
        0,
        0,
        max(s.get_width() for s in rendered) + pad * 2,
        sum(s.get_height() for s in rendered) + pad * 2,
    )
    box = place(box, anchor, surface.get_rect(), round(10 * k))
    theme.panel(surface, box, round(8 * k), (14, 18, 16, 240), theme.PANEL_EDGE)
    y = box.y + pad
    for s in rendered:
        surface.blit(s, (box.x + pad, y))
        y += s.get_height()
    return box
