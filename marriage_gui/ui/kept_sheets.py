"""The score sheets kept on this computer, as Statistics lists them: when each match began, who
played, how many hands, who leads, whether it is still open; Open shows the sheet."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from engine.score_sheet import ScoreSheet
from marriage_gui.language import N_, _, ngettext
from marriage_gui.sheets import Kept
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.form import ScrollPanel
from marriage_gui.ui.words import match_total

#: A row's height at scale 1.
ROW = 44


def leader_words(sheet: ScoreSheet) -> str:
    """Who is first on the sheet, with their total (nothing before the first hand)."""
    if not sheet.hands:
        return ""
    first = sheet.standings()[0]
    return f"{sheet.names[first]} {match_total(sheet.totals[first], sheet.rules.lowest_wins)}"


class KeptSheets:
    """A scrolling list of kept sheets, a row each, with an Open button."""

    def __init__(self, open_sheet: Callable[[ScoreSheet], object]) -> None:
        self.open_sheet = open_sheet
        self.kept: list[Kept] = []
        self.panel = ScrollPanel()
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def show(self, kept: list[Kept]) -> None:
        """List these sheets (newest first)."""
        self.kept = kept
        self.buttons = [
            Button(N_("Open"), partial(self.open_sheet, k.sheet), size=15) for k in kept
        ]

    def height(self, k: float, rows: int = 3) -> int:
        """The room the list wants: its heading and up to ``rows`` rows."""
        return round((52 + ROW * min(rows, max(1, len(self.kept)))) * k)

    def layout(self, box: pygame.Rect, k: float) -> list[Button]:
        """Place the rows in ``box``; the Open buttons, for the form."""
        self.box = box
        view = pygame.Rect(
            box.x + round(10 * k),
            box.y + round(44 * k),
            box.w - round(20 * k),
            box.h - round(50 * k),
        )
        self.panel.clear(view, k)
        row = round(ROW * k)
        bw = max(round(90 * k), max((b.width_for(row - 8) for b in self.buttons), default=0))
        for i, (kept, button) in enumerate(zip(self.kept, self.buttons, strict=True)):
            rect = pygame.Rect(0, i * row, view.w - round(14 * k), row)
            self.panel.paint(rect, partial(self._paint, kept=kept, i=i, room=rect.w - bw - 16))
            button.k = k
            self.panel.add(button, pygame.Rect(rect.right - bw, rect.y + 4, bw, row - 8))
        self.panel.content_height = len(self.kept) * row
        self.panel.scroll_to(self.panel.scroll)
        return self.buttons

    def _paint(self, surf: pygame.Surface, r: pygame.Rect, kept: Kept, i: int, room: int) -> None:
        k = self.panel.k
        if i % 2 == 0:
            theme.panel(surf, r, 0, theme.ROW_ALT, None)
        sheet = kept.sheet
        from marriage_gui.sheet_export import rules_words, when  # noqa: PLC0415

        hands = ngettext("{n} hand", "{n} hands", len(sheet.hands)).format(n=len(sheet.hands))
        # Translators: a score sheet that still takes hands, or a match that was closed.
        state = _("still open") if sheet.closed is None else _("closed")
        columns = (
            (when(sheet.started), 0.0, 0.18, True),
            (", ".join(sheet.names), 0.18, 0.45, False),
            (rules_words(sheet), 0.45, 0.64, False),
            (hands, 0.64, 0.74, False),
            (leader_words(sheet), 0.74, 0.9, True),
            (state, 0.9, 1.0, False),
        )
        size = round(15 * k)
        for words, left, right, bold in columns:
            if not words:
                continue
            x = r.x + round(10 * k) + round(room * left)
            width = round(room * (right - left)) - round(10 * k)
            words, fit = theme.shrunk(words, size, width, round(10 * k), bold)
            img = theme.text(words, fit, theme.TEXT if bold else theme.TEXT_DIM, bold)
            surf.blit(img, img.get_rect(midleft=(x, r.centery)))

    def draw(self, surface: pygame.Surface) -> None:
        """The list's panel, its heading, its rows."""
        k = self.panel.k
        theme.panel(surface, self.box, round(14 * k), shadow=round(10 * k))
        # Translators: the heading of the list of score sheets kept of games with real cards.
        title = theme.text(_("Score sheets of real games"), round(18 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (self.box.x + round(20 * k), self.box.y + round(12 * k)))
        self.panel.draw(surface)
