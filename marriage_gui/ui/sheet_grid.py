"""The match sheet drawn as a family keeps it in a notebook: a column per player, a row per hand
(its tiplu, who went out, what each player won or lost) and the running totals at the foot;
and one hand of it line by line.

The numbers are the engine's (``ScoreSheet.results``); this only lays them out, on the score
keeper's screen and in the picture it saves.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from engine.ledger import describe_payments, ledger
from engine.result import HandResult
from engine.rules import RuleSet
from engine.score_sheet import ScoreSheet
from marriage_gui.language import _, fill, together
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import card_text, cards_label, readable
from marriage_gui.ui.shares import split_line
from marriage_gui.ui.words import match_total

#: Where the fixed columns end, as shares of the grid's width: the hand, the tiplu, who went
#: out; the players share what is left.
_HAND, _TIPLU, _OUT = 0.08, 0.17, 0.34
#: Colours of a gain and a loss.
GAIN: theme.Colour = (132, 226, 150)
LOSS: theme.Colour = (255, 150, 140)


def went_out_words(result: HandResult, names: Sequence[str]) -> str:
    """Who went out, as the sheet's column says it."""
    if result.winner is not None:
        return names[result.winner]
    if result.void:
        # Translators: the sheet's "went out" column for a hand that was void (no score).
        return _("void")
    # Translators: the sheet's "went out" column for a hand nobody went out of.
    return _("nobody")


def net_words(net: int, lowest_wins: bool) -> str:
    """A hand's result in a player's column: signed money or points, or points charged."""
    if lowest_wins:
        return str(net)
    return f"{net:+d}" if net else "0"


def tiplu_words(result: HandResult) -> str:
    """The tiplu as a player reads it, or a dash when none was said."""
    return cards_label([result.tiplu]) if result.tiplu is not None else "–"


class SheetGrid:
    """The grid and where its rows are; ``first`` is the first hand shown when it scrolls."""

    def __init__(self) -> None:
        self.first = 0
        self.row_rects: list[tuple[int, pygame.Rect]] = []

    @staticmethod
    def row_height(k: float) -> int:
        """One row's height at scale ``k``."""
        return round(36 * k)

    def rows_room(self, rect: pygame.Rect, k: float) -> int:
        """How many hand rows fit between the heading row and the totals row."""
        return max(1, rect.h // self.row_height(k) - 2)

    def keep_in_view(self, index: int | None, rect: pygame.Rect, k: float, count: int) -> None:
        """Scroll so hand ``index`` shows (or the newest hands, with none chosen)."""
        room = self.rows_room(rect, k)
        if index is None:
            self.first = max(0, count - room)
        elif index < self.first:
            self.first = index
        elif index >= self.first + room:
            self.first = index - room + 1
        self.first = max(0, min(self.first, max(0, count - room)))

    def hit(self, pos: tuple[int, int]) -> int | None:
        """The hand whose row is at ``pos``."""
        return next((i for i, r in self.row_rects if r.collidepoint(pos)), None)

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        sheet: ScoreSheet,
        names: Sequence[str],
        k: float,
        selected: int | None = None,
    ) -> None:
        """The heading row, the hands from ``first`` that fit, and the totals row."""
        row_h = self.row_height(k)
        size = round(19 * k)
        pad = round(10 * k)
        n = len(names)
        lowest = sheet.rules.lowest_wins
        edges = [_HAND, _TIPLU, _OUT] + [_OUT + (1 - _OUT) * (i + 1) / n for i in range(n)]
        xs = [rect.x + round(rect.w * e) for e in edges]
        heads = [_("Hand"), _("Tiplu"), _("Went out"), *names]
        y = rect.y
        self._cells(surface, xs, rect, y, row_h, heads, size, pad, theme.GOLD_LIGHT, True)
        y += row_h
        pygame.draw.line(
            surface, theme.GOLD_DARK, (rect.x, y - 2), (rect.right, y - 2), max(1, round(k))
        )
        results = sheet.results
        room = self.rows_room(rect, k)
        self.row_rects = []
        for i in range(self.first, min(len(results), self.first + room)):
            r = results[i]
            band = pygame.Rect(rect.x, y, rect.w, row_h)
            if i == selected:
                theme.panel(surface, band, round(6 * k), (214, 170, 62, 70), theme.GOLD)
            elif i % 2:
                theme.panel(surface, band, 0, theme.ROW_ALT, None)
            self.row_rects.append((i, band))
            cells = [str(i + 1), tiplu_words(r), went_out_words(r, names)]
            cells += [net_words(v, lowest) for v in r.nets]
            signs = (
                [-v for v in r.nets] if lowest else list(r.nets)
            )  # charged points: less is better
            self._cells(surface, xs, rect, y, row_h, cells, size, pad, theme.TEXT, False, signs)
            y += row_h
        if len(results) > room:
            # Translators: under the sheet's rows when not all of them fit: which are shown.
            more = _("hands {first} to {last} of {count}").format(
                first=self.first + 1, last=min(len(results), self.first + room), count=len(results)
            )
            words, fit = theme.shrunk(more, round(13 * k), xs[2] - rect.x - pad, 9)
            img = theme.text(words, fit, theme.TEXT_FAINT)
            surface.blit(img, (rect.x + pad, y + (row_h - img.get_height()) // 2))
        y = rect.y + row_h * (room + 1)
        pygame.draw.line(surface, theme.GOLD_DARK, (rect.x, y + 2), (rect.right, y + 2), 1)
        totals = sheet.totals
        cells = ["", "", _("Total")] + [match_total(t, lowest) for t in totals]
        self._cells(surface, xs, rect, y + 4, row_h, cells, size + 1, pad, theme.GOLD_LIGHT, True)

    @staticmethod
    def _cells(
        surface: pygame.Surface,
        xs: list[int],
        rect: pygame.Rect,
        y: int,
        row_h: int,
        cells: Sequence[str],
        size: int,
        pad: int,
        colour: theme.Colour,
        bold: bool,
        signs: Sequence[int] = (),
    ) -> None:
        """One row: the first three cells from the left, the players' right-aligned, each in
        the colour of its ``signs`` (above zero a gain, below a loss)."""
        lefts = [rect.x, *xs[:-1]]
        for c, words in enumerate(cells):
            if not words:
                continue
            left, right = lefts[c] + pad, xs[c] - pad
            room = max(10, right - left)
            words, fit = theme.shrunk(words, size, room, max(9, round(size * 0.6)), bold)
            ink = colour
            if c >= 3 and signs:
                sign = signs[c - 3]
                ink = GAIN if sign > 0 else LOSS if sign < 0 else colour
            img = card_text(words, fit, ink, bold) if c == 1 else theme.text(words, fit, ink, bold)
            at_y = y + (row_h - img.get_height()) // 2
            surface.blit(img, (right - img.get_width(), at_y) if c >= 3 else (left, at_y))


def detail_height(players: int, k: float) -> int:
    """The height ``draw_hand`` needs for a hand of ``players``."""
    return round((34 + 30 * players + 36) * k)


def draw_hand(
    surface: pygame.Surface,
    rect: pygame.Rect,
    result: HandResult,
    rules: RuleSet,
    names: Sequence[str],
    k: float,
) -> None:
    """One hand of the sheet line by line, as the sheet after a played hand says it: how it
    ended, each player's net in its parts and what it came from, and who pays whom."""
    pad = round(12 * k)
    size = round(17 * k)
    book = ledger(result, rules)
    head = readable(result.describe(tuple(names)), names)
    if result.tiplu is not None:
        # Translators: after how a hand ended: its tiplu ("Sita went out. · Tiplu 4♦").
        head = fill(_("{ended}  ·  Tiplu {card}"), ended=head, card=cards_label([result.tiplu]))
    # Translators: the heading of one hand's lines on the score keeper's sheet.
    head = fill(_("Hand {number}: {ended}"), number=result.hand_no + 1, ended=head)
    words, fit = theme.shrunk(head, size + 1, rect.w - 2 * pad, round(11 * k), True)
    img = card_text(words, fit, theme.GOLD_LIGHT, True)
    surface.blit(img, (rect.x + pad, rect.y + round(6 * k)))
    y = rect.y + round(38 * k)
    name_w, held_w = round(rect.w * 0.16), round(rect.w * 0.36)
    for seat, share in enumerate(book.shares):
        held, money = split_line(share, rules.scoring, result.points[seat], result.seen[seat])
        if rules.scores_maal and result.breakdowns[seat].items:
            items = together(", ", [readable(it.label) for it in result.breakdowns[seat].items])
            held = fill("{held} ({items})", held=held, items=items)
        columns = (
            (names[seat], rect.x + pad, name_w - pad, True, theme.TEXT),
            (held, rect.x + name_w, held_w - pad, False, theme.TEXT_DIM),
            (money, rect.x + name_w + held_w, rect.w - name_w - held_w - pad, True, theme.TEXT),
        )
        for words, x, room, bold, ink in columns:
            words, fit = theme.shrunk(words, size, room, round(10 * k), bold)
            img = card_text(words, fit, ink, bold)
            surface.blit(img, (x, y + (round(28 * k) - img.get_height()) // 2))
        y += round(30 * k)
    pays = readable(describe_payments(book, names), names)
    words, fit = theme.shrunk(pays, size, rect.w - 2 * pad, round(10 * k), True)
    surface.blit(theme.text(words, fit, theme.TEXT, True), (rect.x + pad, y + round(4 * k)))
