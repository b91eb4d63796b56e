"""The table's log: what happened, newest last, and its newest line as the announcement."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from engine.words import Said
from marriage_gui import language
from marriage_gui.language import Worded
from marriage_gui.ui.card_names import card_text, readable
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, fitting_size, panel, wrap


class Log:
    """What happened, newest last; the newest line is the announcement.

    Lines are kept in the game's words (sentences, worded in the language in use when drawn)
    and drawn with cards as a player reads them; ``names`` are the seats' names, which are
    never read as cards.
    """

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.names = tuple(names)
        self.lines: list[Said | str] = []
        self.scroll = 0
        self.open = False
        self.fresh = 0.0
        # The announcement as last worded: its line, the language, the names, and the words
        # (a frame draws it again and again; it is worded once per line, language and names).
        self._banner: tuple[Said | str, str, tuple[str, ...], Worded] | None = None

    def add(self, text: Said | str) -> None:
        """Announce ``text``."""
        if text:
            self.lines.append(text)
            self.lines = self.lines[-200:]
            self.scroll = 0
            self.fresh = 4.0

    def update(self, dt: float) -> None:
        """Age the announcement."""
        self.fresh = max(0.0, self.fresh - dt)

    def draw_banner(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        """The latest announcement under the discards."""
        if not self.lines:
            return
        line, code, kept = self.lines[-1], language.current(), self._banner
        if kept is not None and kept[0] is line and kept[1] == code and kept[2] == self.names:
            words = kept[3]
        else:
            words = readable(line, self.names)
            self._banner = (line, code, self.names, words)
        bold = self.fresh > 0
        # A long line takes smaller type rather than run off the window.
        size = fitting_size(words, size, surface.get_width() - size * 4, 10, bold)
        img = card_text(words, size, GOLD_LIGHT if bold else TABLE_MUTED, bold)
        r = img.get_rect(center=centre)
        panel(surface, r.inflate(size * 1.2, size * 0.5), r.height // 2 + 4, (6, 26, 18, 150), None)
        surface.blit(img, r)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """The scrollable history, newest at the bottom; a long line wraps, indented."""
        if not self.open:
            return
        panel(surface, rect, 10, (6, 24, 16, 225), (90, 130, 110), edge_width=2)
        line_h = round(size * 1.45)
        indent = size
        for y, row, cont in self.rows(rect, size, line_h):
            img = card_text(row, size, TABLE_TEXT)
            x = rect.x + 8 + (indent if cont else 0)
            if img.get_width() > rect.right - 8 - x:
                img = img.subsurface((0, 0, max(1, rect.right - 8 - x), img.get_height()))
            surface.blit(img, (x, y))

    def rows(self, rect: pygame.Rect, size: int, line_h: int) -> list[tuple[int, str, bool]]:
        """The rows the panel shows: (top, words, whether they continue the line above)."""
        fits = max(1, (rect.height - 16) // line_h)
        width = rect.width - 16 - size
        shown: list[tuple[str, bool]] = []
        for line in reversed(self.lines[: len(self.lines) - self.scroll]):
            said = readable(line, self.names)
            parts = said.pieces(wrap(said, size, width))
            shown[:0] = [(part, i > 0) for i, part in enumerate(parts)]
            if len(shown) >= fits:
                break
        shown = shown[-fits:]
        return [(rect.y + 8 + i * line_h, row, cont) for i, (row, cont) in enumerate(shown)]

    def wheel(self, dy: int) -> None:
        """Scroll the history by ``dy`` lines (positive = older)."""
        self.scroll = max(0, min(len(self.lines) - 1, self.scroll + dy))
