"""The players' rows of a hand being entered: where each row's fields go, what is drawn around
them (the name, the maal cards shown, and the engine's settlement of the row), the seen
picker's words and the keys that fill the rows.

The words beside each row are the score sheet's own (``shares.split_line`` over the engine's
``ledger``); the maal cards are drawn as the tiplu makes them, badged as at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from engine.ledger import Share, ledger
from engine.wilds import Role, Wilds
from marriage_gui.hand_draft import DUBLEES, NOT_SEEN, SEEN, HandDraft, Problem
from marriage_gui.language import N_, _, fill, together
from marriage_gui.table.controls import Sheet
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import card_text, cards_label, readable
from marriage_gui.ui.shares import split_line

if TYPE_CHECKING:
    from engine.result import HandResult
    from marriage_gui.art import CardArt
    from marriage_gui.ui.widget import Widget

#: The keys of this screen (F1).
KEYS_SHEET: Sheet = (
    (
        N_("Moving"),
        (
            (N_("Tab  /  Enter"), N_("the next field")),
            (N_("Shift + Tab"), N_("the field before")),
            (N_("Left  /  Right"), N_("change a choice")),
            (N_("Enter on an empty tiplu"), N_("choose the tiplu from all the cards")),
            (N_("Ctrl + Enter"), N_("keep the hand")),
            ("Esc", N_("leave without keeping it")),
        ),
    ),
    (
        N_("On a player's row"),
        (
            (N_("digits"), N_("their maal (or what they were left holding)")),
            ("W", N_("this player went out")),
            ("S", N_("seen, not seen, seen with dublees")),
            ("C", N_("their maal as the cards they show")),
            ("P", N_("pair by pair: who pays whom")),
            (N_("F1  or  ?"), N_("this sheet (any key or click closes it)")),
        ),
    ),
)

#: The seen picker's words.
SEEN_WORDS = {NOT_SEEN: N_("not seen"), SEEN: N_("seen"), DUBLEES: N_("seen with dublees")}

#: The widths of a row's parts at scale 1: the name, the seen picker, the maal, its button.
NAME_W, SEEN_W, MAAL_W, CARDS_W, LEFT_W, GAP = 180, 230, 100, 110, 222, 12


class HandRows:
    """Lays out and draws the rows of ``draft``'s players."""

    def __init__(self, draft: HandDraft, art: CardArt, four_colour: Callable[[], bool]) -> None:
        self.draft, self.art, self.four_colour = draft, art, four_colour
        self.rects: list[pygame.Rect] = []
        self.k = 1.0
        self.field_right = 0

    def place(
        self,
        area: pygame.Rect,
        k: float,
        seen: Sequence[Widget],
        maal: Sequence[Widget],
        cards: Sequence[Widget],
    ) -> None:
        """One row per player in ``area``; each row's fields on its upper line."""
        self.k = k
        n = len(seen)
        gap = round(8 * k)
        row_h = min(round(112 * k), (area.h + gap) // max(1, n) - gap)
        self.rects = [
            pygame.Rect(area.x, area.y + i * (row_h + gap), area.w, row_h) for i in range(n)
        ]
        fh = round(40 * k)
        deadwood = self.draft.sheet.rules.scoring == "deadwood"
        for i, rect in enumerate(self.rects):
            x = rect.x + round(NAME_W * k)
            y = rect.y + round(8 * k)
            seen[i].place(pygame.Rect(x, y, round(SEEN_W * k), fh), k)
            x += round((SEEN_W + GAP) * k)
            if deadwood:
                maal[i].place(pygame.Rect(x, y, round(LEFT_W * k), fh), k)
                cards[i].place(pygame.Rect(x, y, 0, 0), k)
                x += round((LEFT_W + GAP) * k)
            else:
                maal[i].place(pygame.Rect(x, y, round(MAAL_W * k), fh), k)
                x += round((MAAL_W + GAP) * k)
                cards[i].place(
                    pygame.Rect(x, y + round(3 * k), round(CARDS_W * k), fh - round(6 * k)), k
                )
                x += round((CARDS_W + GAP) * k)
            self.field_right = x

    # ------------------------------------------------------------------ drawing
    def wilds(self) -> Wilds | None:
        """The wild cards of the tiplu typed, if it names a card."""
        try:
            tiplu = self.draft.tiplu()
        except Problem:
            return None
        if tiplu is None or tiplu.is_joker:
            return None
        return Wilds(tiplu, self.draft.sheet.rules)

    def draw_tiplu(self, surface: pygame.Surface, at: tuple[int, int], width: int) -> None:
        """The tiplu's face beside its field, once it names a card."""
        wilds = self.wilds()
        if wilds is not None:
            face = self.art.face(wilds.tiplu.code, width, self.four_colour(), ("tiplu",))
            surface.blit(face, at)

    def draw(self, surface: pygame.Surface, result: HandResult | None, k: float) -> None:
        """Every row: its panel, the name, the maal cards shown, the engine's words."""
        rules = self.draft.sheet.rules
        names = self.draft.sheet.names
        book = ledger(result, rules) if result is not None else None
        wilds = self.wilds()
        for i, rect in enumerate(self.rects):
            out = self.draft.winner == i
            theme.panel(
                surface,
                rect,
                round(10 * k),
                (70, 56, 16, 220) if out else (10, 40, 28, 210),
                theme.GOLD_LIGHT if out else None,
                edge_width=2,
            )
            name_room = round((NAME_W - 20) * k)
            words, size = theme.shrunk(names[i], round(24 * k), name_room, round(13 * k), True)
            img = theme.text(words, size, theme.GOLD_LIGHT if out else theme.TEXT, True)
            surface.blit(img, (rect.x + round(12 * k), rect.y + round(14 * k)))
            if out:
                star = _("★ went out")
                words, size = theme.shrunk(star, round(14 * k), name_room, round(10 * k))
                mark = theme.text(words, size, theme.GOLD)
                surface.blit(
                    mark, (rect.x + round(12 * k), rect.y + round(16 * k) + img.get_height())
                )
            self._draw_cards(surface, i, rect, wilds, k)
            if book is not None and result is not None:
                self._draw_share(surface, i, rect, result, book.shares[i], k)

    def _draw_cards(
        self, surface: pygame.Surface, seat: int, rect: pygame.Rect, wilds: Wilds | None, k: float
    ) -> None:
        """The maal cards a player showed, small, under their fields."""
        cards = self.draft.seats[seat].cards
        if cards is None or wilds is None:
            return
        held, tunnelas, shown = cards.cards(wilds)
        groups = [*shown, *tunnelas, *([held] if held else [])]
        if not groups:
            return
        x = rect.x + round(NAME_W * k)
        top = rect.y + round(56 * k)
        cw = min(round(34 * k), round((rect.bottom - top - 4 * k) / 1.45))
        if cw < 14:
            return
        step = round(cw * 0.55)
        room = self.field_right - x
        need = sum(cw + step * (len(g) - 1) + round(6 * k) for g in groups)
        if need > room:
            step = max(3, step - (need - room) // max(1, sum(len(g) - 1 for g in groups)))
        for group in groups:
            for j, card in enumerate(group):
                role = wilds.role(card)
                marks = ("tiplu",) if role is Role.TIPLU else ("wild",) if role else ()
                surface.blit(
                    self.art.face(card.code, cw, self.four_colour(), marks), (x + j * step, top)
                )
            x += cw + step * (len(group) - 1) + round(6 * k)

    def _draw_share(
        self,
        surface: pygame.Surface,
        seat: int,
        rect: pygame.Rect,
        result: HandResult,
        share: Share,
        k: float,
    ) -> None:
        """At the right of the row: the net in its parts, then what it came from."""
        rules = self.draft.sheet.rules
        x = self.field_right + round(6 * k)
        room = rect.right - round(12 * k) - x
        held, money = split_line(share, rules.scoring, result.points[seat], result.seen[seat])
        words, size = theme.shrunk(money, round(18 * k), room, round(11 * k), True)
        colour = theme.GOLD_LIGHT if result.winner == seat else theme.TEXT
        img = theme.text(words, size, colour, True)
        surface.blit(img, (x, rect.y + round(10 * k)))
        details: str = ""
        if rules.scores_maal:
            details = together(
                "  ·  ",
                [
                    fill("{label} {points}", label=readable(it.label), points=it.points)
                    for it in result.breakdowns[seat].items
                ],
            )
        elif result.deadwood and result.deadwood[seat].loose:
            dead = result.deadwood[seat]
            details = fill(
                # Translators: the cards a player was left holding, and what they are charged.
                _("left over: {cards} = {points}"),
                cards=cards_label(dead.loose),
                points=dead.points,
            )
        y = rect.y + round(12 * k) + img.get_height()
        small = round(14 * k)
        words, fit = theme.shrunk(held, small, room, round(10 * k))
        img = theme.text(words, fit, theme.TEXT_DIM)
        surface.blit(img, (x, y))
        y += img.get_height()
        if not details:
            return
        # The items wrap under it, as small as they must to fit the row.
        lines_room = max(1, (rect.bottom - round(4 * k) - y) // max(1, round(small * 1.25)))
        size = small
        lines = theme.wrap(details, size, room)
        while len(lines) > lines_room and size > round(10 * k):
            size -= 1
            lines = theme.wrap(details, size, room)
        if len(lines) > lines_room:
            lines = [*lines[: lines_room - 1], together(" ", lines[lines_room - 1 :])]
        for line in lines:
            words, fit = theme.shrunk(line, size, room, 8)
            img = card_text(words, fit, theme.TEXT_DIM)
            surface.blit(img, (x, y))
            y += img.get_height()
