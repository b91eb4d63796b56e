"""What is drawn over the table: dialogs (the pause menu, the expose prompt, the go-out preview),
which hold the table's input while they are up, and notes, which stop nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.cards import Card
from marriage_gui.art import fonts
from marriage_gui.art.cards import CardArt, card_size
from marriage_gui.language import _
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_MUTED,
    TABLE_TEXT,
    fit,
    fitting_size,
    panel,
    wrap,
)
from marriage_gui.ui.widget import MOUSE_EVENTS


class Dialog:
    """A centred panel with a title, a line of text, optional cards and a row of buttons."""

    def __init__(
        self,
        title: str,
        text: str,
        buttons: list[Button],
        melds: Sequence[Sequence[Card]] = (),
        discard: Card | None = None,
        marks: Callable[[Card], set[str]] | None = None,
        dim: bool = True,
    ) -> None:
        self.title = title
        self.text = text
        self.buttons = buttons
        self.melds = [list(m) for m in melds]
        self.discard = discard
        self.marks = marks
        self.dim = dim
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Buttons by click or hotkey; Enter presses the primary one, Esc the last one (when no
        button answers them). Always consumes input."""
        if event.type in MOUSE_EVENTS:
            for b in self.buttons:
                b.handle_event(event)
        elif event.type == pygame.KEYDOWN:
            chosen = next((b for b in self.buttons if b.answers(event.key)), None)
            if chosen is None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                chosen = next((b for b in self.buttons if b.primary and b.enabled), None)
            if chosen is None and event.key == pygame.K_ESCAPE:
                chosen = next(iter(self.buttons[-1:]), None)
            if chosen is not None:
                chosen.click()
        return event.type in MOUSE_EVENTS or event.type == pygame.KEYDOWN

    def draw(self, surface: pygame.Surface, art: CardArt, four_colour: bool) -> None:
        """Draw centred on ``surface``."""
        w, h = surface.get_size()
        if self.dim:
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            surface.blit(shade, (0, 0))
        size = max(16, h // 34)
        # A long title takes smaller type rather than leave the panel.
        title_size = fitting_size(self.title, round(size * 1.35), w - 40 - 4 * size, size, True)
        title = fonts.render(self.title, title_size, GOLD_LIGHT, True)
        # A long sentence wraps to a readable width instead of running off the panel.
        lines = wrap(self.text, size, min(w - 120, size * 40), False) if self.text else []
        texts = [fonts.render(line, size, TABLE_TEXT) for line in lines]
        text_w = max((t.get_width() for t in texts), default=0)
        text_h = sum(t.get_height() for t in texts)
        cw = max(40, round(h * 0.075))
        _cwid, ch = card_size(cw)
        step = round(cw * 0.45)
        meld_w = [cw + step * (len(m) - 1) for m in self.melds]
        cards_w = sum(meld_w) + round(cw * 0.35) * max(0, len(self.melds) - 1)
        if self.discard is not None:
            cards_w += cw + round(cw * 0.8)
        bh = max(36, round(h * 0.05))
        # Long labels make a row too wide for the window: the buttons go on in a second row.
        rows = _rows(self.buttons, bh, w - 40 - 4 * size)
        bw = max(sum(b.width_for(bh) for b in row) + 10 * len(row) for row in rows)
        pw = max(title.get_width(), text_w, cards_w, bw) + 2 * size * 2
        pw = min(pw, w - 40)
        row_gap = round(bh * 0.3)
        ph = (
            title.get_height()
            + (text_h + 8 if texts else 0)
            + (ch + 30 if self.melds or self.discard else 0)
            + bh * len(rows)
            + row_gap * (len(rows) - 1)
            + size * 3
        )
        self.rect = pygame.Rect(0, 0, pw, ph)
        self.rect.center = (w // 2, h // 2)
        panel(surface, self.rect, 16, (8, 30, 22, 240), GOLD_LIGHT, edge_width=2)
        y = self.rect.y + size
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, y)))
        y += title.get_height() + 6
        for t in texts:
            surface.blit(t, t.get_rect(midtop=(self.rect.centerx, y)))
            y += t.get_height()
        if texts:
            y += 8
        if self.melds or self.discard is not None:
            x = self.rect.centerx - cards_w // 2
            y += 10
            for m in self.melds:
                for k, c in enumerate(m):
                    marks = self.marks(c) if self.marks else set()
                    surface.blit(art.face(c.code, cw, four_colour, marks), (x + k * step, y))
                x += cw + step * (len(m) - 1) + round(cw * 0.35)
            if self.discard is not None:
                x += round(cw * 0.45)
                # Translators: over the card that is thrown last when going out.
                lbl = fonts.render(_("discard"), max(11, size * 3 // 4), TABLE_MUTED)
                surface.blit(lbl, lbl.get_rect(midbottom=(x + cw // 2, y - 2)))
                marks = self.marks(self.discard) if self.marks else set()
                surface.blit(art.face(self.discard.code, cw, four_colour, marks), (x, y))
            y += ch + 20
        top = self.rect.bottom - size - bh * len(rows) - row_gap * (len(rows) - 1)
        for n, row in enumerate(rows):
            area = pygame.Rect(self.rect.x, top + n * (bh + row_gap), self.rect.width, bh)
            lay_out_row(row, area, "center", 12)
        for b in self.buttons:
            b.draw(surface)


class Note:
    """A note over the table that stops nothing: the table plays on under it, every click
    outside it reaches the table, and its one button puts it away."""

    def __init__(self, title: str, text: str, button: Button) -> None:
        self.title = title
        self.text = text
        self.button = button
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the note is the note's (its button, or nothing); whether it was."""
        if event.type not in MOUSE_EVENTS:
            return False
        self.button.handle_event(event)
        pos = getattr(event, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """In ``area`` (centred across it, from its top): the words left, the button right;
        long words take smaller type, then the last line that fits ends with "…" (the log keeps
        the whole sentence)."""
        h = surface.get_height()
        size = max(13, h // 46)
        pad = size
        bh = max(28, round(size * 1.9))
        bw = self.button.width_for(bh)
        room = max(size * 10, min(area.w, surface.get_width() * 5 // 8) - bw - 3 * pad)
        while True:
            title_size = fitting_size(self.title, round(size * 1.15), room, size, True)
            title = fonts.render(self.title, title_size, GOLD_LIGHT, True)
            lines = wrap(self.text, size, room)
            line_h = fonts.render("Ag", size, TABLE_TEXT).get_height()
            fits = max(1, (area.h - pad - title.get_height()) // line_h)
            if len(lines) <= fits or size <= 11:
                break
            size -= 1
        if len(lines) > fits:
            lines = [*lines[: fits - 1], fit(" ".join(lines[fits - 1 :]), size, room)]
        texts = [fonts.render(line, size, TABLE_TEXT) for line in lines]
        words_w = max([title.get_width(), *(t.get_width() for t in texts)])
        words_h = title.get_height() + len(texts) * line_h
        self.rect = pygame.Rect(0, area.y, words_w + bw + 3 * pad, max(words_h, bh) + pad)
        self.rect.centerx = area.centerx
        panel(surface, self.rect, 12, (8, 30, 22, 235), GOLD_LIGHT, edge_width=2)
        x, y = self.rect.x + pad, self.rect.y + pad // 2
        surface.blit(title, (x, y))
        y += title.get_height()
        for t in texts:
            surface.blit(t, (x, y))
            y += line_h
        button = pygame.Rect(self.rect.right - pad - bw, self.rect.centery - bh // 2, bw, bh)
        self.button.place(button, self.button.k)
        self.button.draw(surface)


def _rows(buttons: Sequence[Button], bh: int, width: int) -> list[list[Button]]:
    """The buttons in rows no wider than ``width`` (in order; one row when they fit)."""
    rows: list[list[Button]] = [[]]
    used = 0
    for b in buttons:
        need = b.width_for(bh) + 12
        if rows[-1] and used + need > width:
            rows.append([])
            used = 0
        rows[-1].append(b)
        used += need
    return rows
