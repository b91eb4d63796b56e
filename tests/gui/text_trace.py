"""What a screen says, and where: every string the text renderer draws, and the box each lands
in on the window, for the language tests.

``Trace`` wraps ``fonts.render`` so each rendered surface is known by its text, and draws the
app into a ``Window`` (a pygame Surface that notes every text blitted onto it). Text drawn on
a layer first (a panel, a cached felt) is still heard, only its place is not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from marriage_gui.art import fonts
from marriage_gui.ui import theme

#: A run of plain ASCII letters: in the pseudo-language every marked letter is accented, so
#: such a run in a drawn string is English that was never marked.
_ASCII_WORD = re.compile(r"[A-Za-z]{2,}")
#: Words a translation keeps as they are: the names of keys as printed on a keyboard, and the
#: Language setting's English word (so a person who reads only English finds their way back).
KEPT = frozenset(
    {"Esc", "Alt", "Enter", "Tab", "Ctrl", "Shift", "Space", "PgUp", "PgDn", "Home", "End"}
    | {"Language"}
)


@dataclass(frozen=True, eq=False)
class Drawn:
    """One text on the window: its words, its inked box, its ink, and the window under the box
    just after it was drawn (to tell later whether something covered it)."""

    text: str
    box: pygame.Rect
    ink: pygame.mask.Mask
    seen: pygame.Surface


class Window(pygame.Surface):
    """A window-sized surface that notes the text blitted onto it."""

    def __init__(self, size: tuple[int, int], trace: Trace) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.trace = trace

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        out = super().blit(source, dest, area, special_flags)
        self._note(source, dest, area)
        return out

    def blits(self, blit_sequence, doreturn=1):  # type: ignore[override]
        out = []
        for item in blit_sequence:
            out.append(self.blit(*item))
        return out if doreturn else None

    def fblits(self, blit_sequence, special_flags=0):  # type: ignore[override]
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def _note(self, source, dest, area) -> None:
        text = self.trace.texts.get(id(source))
        if text is None or not text.strip():
            return
        if isinstance(dest, pygame.Rect):
            at = dest.topleft
        else:
            at = (int(dest[0]), int(dest[1]))
        if area is not None:
            source = source.subsurface(pygame.Rect(area).clip(source.get_rect()))
        bounds = source.get_bounding_rect()
        if bounds.w == 0 or bounds.h == 0:
            return
        whole = pygame.Rect(at[0] + bounds.x, at[1] + bounds.y, bounds.w, bounds.h)
        # Only what lands inside the clip shows (a list scrolled under its frame does not).
        box = whole.clip(self.get_clip())
        if not box.w or not box.h:
            return
        piece = source.subsurface(
            pygame.Rect(bounds.x + box.x - whole.x, bounds.y + box.y - whole.y, box.w, box.h)
        )
        on_window = box.clip(self.get_rect())
        seen = self.subsurface(on_window).copy() if on_window.w and on_window.h else piece
        ink = pygame.mask.from_surface(piece, 96)
        self.trace.placed.append(Drawn(text, box, ink, seen))

    def still_shows(self, d: Drawn) -> bool:
        """Whether ``d`` is still to be seen at the end (nothing opaque was drawn over it)."""
        on_window = d.box.clip(self.get_rect())
        if not on_window.w or not on_window.h:
            return False
        now = self.subsurface(on_window)
        same = total = 0
        for x in range(0, on_window.w, 2):
            for y in range(0, on_window.h, 2):
                total += 1
                same += now.get_at((x, y)) == d.seen.get_at((x, y))
        return total > 0 and same >= total * 0.6


class Trace:
    """Hears every string rendered while it is on (use as ``monkeypatch``-installed)."""

    def __init__(self, monkeypatch) -> None:
        self.texts: dict[int, str] = {}
        self.keep: list[pygame.Surface] = []  # so no id is reused while we look
        self.heard: list[str] = []
        self.placed: list[Drawn] = []
        self.cut: list[str] = []
        real_render, real_fit = fonts.render, theme.fit

        def render(text, *args, **kwargs):
            surface = real_render(text, *args, **kwargs)
            self.texts[id(surface)] = text
            self.keep.append(surface)
            self.heard.append(text)
            return surface

        def fit(s, size, width, bold=False):
            out = real_fit(s, size, width, bold)
            if out != s:
                self.cut.append(s)
            return out

        monkeypatch.setattr(fonts, "render", render)
        monkeypatch.setattr(theme, "fit", fit)
        # The table draws its still part straight onto the window, so its words are placed.
        from marriage_gui.table import render as table_render

        monkeypatch.setattr(table_render, "_static_key", lambda *a: None)
        # Buttons keep a picture of themselves: paint it again, so their words are heard.
        from marriage_gui.ui.button import Button

        real_draw = Button.draw

        def draw_button(button, surface):
            button._picture = None
            return real_draw(button, surface)

        monkeypatch.setattr(Button, "draw", draw_button)
        theme.text.cache_clear()

    def draw(self, app) -> Window:
        """Draw ``app`` as its next frame would, into a noting window; returns it."""
        theme.text.cache_clear()
        theme.text_width.cache_clear()
        for scene in app.stack:
            # Cached layers (the table's still felt) are drawn again, so their words are heard.
            renderer = getattr(scene, "renderer", None)
            if renderer is not None and hasattr(renderer, "static_layer"):
                renderer.static_layer = None
        self.heard.clear()
        self.placed.clear()
        self.cut.clear()
        window = Window(app.size, self)
        real = app.screen
        app.screen = window
        try:
            app.draw()
        finally:
            app.screen = real
        return window


def english(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """The drawn strings that hold plain English words (outside ``names`` and ``KEPT``)."""
    allowed = sorted({n for n in names if n}, key=len, reverse=True)
    out = []
    for text in texts:
        rest = text
        for name in allowed:
            rest = rest.replace(name, " ")
        words = [w for w in _ASCII_WORD.findall(rest) if w not in KEPT]
        if words:
            out.append(text)
    return sorted(set(out))


def crossings(window: Window, slack: int = 1) -> list[str]:
    """Texts that leave the window, or whose ink lies on another text's ink where both still
    show (a shadow under its own words, the same string a pixel away, is not a crossing; nor is
    words a dialog covers)."""
    edge = window.get_rect().inflate(2 * slack, 2 * slack)
    problems = []
    placed = window.trace.placed
    for d in placed:
        if not edge.contains(d.box):
            problems.append(f"{d.text!r} leaves the window at {tuple(d.box)}")
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            if a.text == b.text or not a.box.colliderect(b.box):
                continue
            shared = a.ink.overlap_area(b.ink, (b.box.x - a.box.x, b.box.y - a.box.y))
            if shared > slack * 4 and window.still_shows(a):
                problems.append(f"{a.text!r} {tuple(a.box)} crosses {b.text!r} {tuple(b.box)}")
    return problems
