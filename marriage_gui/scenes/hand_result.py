"""The end of a hand: everyone's cards by meld, the maal count, who saw, and the settlement."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.ledger import Ledger, Share, describe_payments, ledger
from engine.wilds import Wilds
from engine.words import Said
from marriage_gui.art import fonts
from marriage_gui.art.felt import felt
from marriage_gui.coaching import ReviewOffer
from marriage_gui.language import N_, _, fill, word
from marriage_gui.scene import Scene
from marriage_gui.table.controls import Sheet, draw_controls, sheet_event
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import card_text, cards_label, readable
from marriage_gui.ui.form import above, draw_tooltip
from marriage_gui.ui.pairwise import PairwiseView
from marriage_gui.ui.score_rows import (
    Arranged,
    Measures,
    arranged,
    draw_cards,
    draw_note,
    item_places,
)
from marriage_gui.ui.shares import split_line
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_BUTTON,
    TABLE_MUTED,
    TABLE_TEXT,
    fitting_size,
    panel,
    shrunk,
    ui_scale,
)
from marriage_gui.ui.widget import MOUSE_EVENTS
from marriage_gui.ui.words import match_total

if TYPE_CHECKING:
    from engine.result import HandResult
    from marriage_gui.scene import AppServices
    from marriage_gui.table.scene import TableScene


#: The score sheet's controls sheet (F1 or ?).
SHEET: Sheet = (
    (
        N_("Mouse"),
        (
            (N_("Next hand  /  Final standings"), N_("deal on  /  the standings")),
            (N_("Replay"), N_("step through this hand")),
            (N_("Review"), N_("the coach's marks on your hand")),
            (N_("Pair by pair"), N_("who pays whom, each pair settled apart")),
        ),
    ),
    (
        N_("Keys"),
        (
            (N_("Enter  /  Space"), N_("next hand (or the standings)")),
            (N_("Esc"), N_("close the pairs, or leave the sheet")),
            (N_("R"), N_("replay this hand")),
            (N_("V"), N_("review your hand with the coach")),
            (N_("P"), N_("pair by pair: who pays whom")),
            (N_("F1  or  ?"), N_("this sheet (any key or click closes it)")),
        ),
    ),
)

#: Why a match played on another laptop offers no replay.
NO_REPLAY = N_(
    "Replays are worked out from the whole deal, which only the laptop hosting the match knows."
)


def refusal_of(exc: Exception) -> str:
    """What an engine's refusal says, in the language in use."""
    said = exc.args[0] if exc.args and isinstance(exc.args[0], Said | str) else str(exc)
    return word(said)


class HandResultScene(Scene):
    """Shown over the table when a hand ends; Next hand deals on."""

    name = "hand_result"

    def __init__(
        self,
        app: AppServices,
        table: TableScene,
        closing: str | None = None,
        then: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.table = table
        #: The guided hand's last word: where the player's points came from (None: none).
        self.closing = closing
        #: What the button does instead of dealing on (the guided hand goes back to its guide,
        #: which neither replays nor reviews its stacked deal).
        self.then = then
        game = table.seats.state
        self.result = game.result
        self.over = game.is_over
        self.button = Button("", self.proceed, True, hotkey="Enter", look=TABLE_BUTTON)
        #: The seats as the table says them (hot-seat: no "You" on another player's row).
        self.names = tuple(table.seats.name(s) for s in range(game.players))
        self.replay_button = Button("", self.open_replay, hotkey="R", look=TABLE_BUTTON)
        #: Whether the pointer is over the Replay button (a disabled one explains itself).
        self.replay_hover = False
        if not table.match.can_replay:
            self.replay_button.enabled = False
        #: The coach's review of the hands played at this screen (worked out in the worker).
        self.review = ReviewOffer(
            app, table, self.names, self.result.hand_no if self.result is not None else None
        )
        self.auto = 0.0
        self.bots_only = not table.setup.humans
        self.show_controls = False
        self.book: Ledger | None = (
            ledger(self.result, game.rules) if self.result is not None else None
        )
        #: Who pays whom, pair by pair, beside the nets (settlement scoring only).
        self.pairs = PairwiseView(self.result, game.rules, self.names)
        self.pairs_button = Button("", self.pairs.toggle, hotkey="P", look=TABLE_BUTTON)
        self.pairs_button.enabled = self.pairs.offered
        if then is not None:
            self.replay_button.visible = self.review.button.visible = False
        self.label_buttons()

    def on_resize(self, size: tuple[int, int]) -> None:
        """A new size, or a new language: the seats' names are said again (a name the game
        proposed follows the language: Sita, सीता) wherever the sheet names them."""
        self.names = tuple(self.table.seats.name(s) for s in range(self.table.seats.state.players))
        self.pairs.names = self.names
        self.review.names = self.names

    def label_buttons(self) -> None:
        """The buttons' words in the language in use (the sheet says them again as it draws)."""
        self.button.text = _("Final standings") if self.over else _("Next hand")
        if self.then is not None:
            self.button.text = _("Next")
        self.replay_button.text = _("Replay")
        self.pairs_button.text = _("Pair by pair")
        if not self.table.match.can_replay:
            self.replay_button.tooltip = _(NO_REPLAY)

    def proceed(self) -> None:
        """Deal on, or show the match result (or go back to the guide)."""
        if self.then is not None:
            self.app.pop()
            self.then()
            return
        if self.over:
            self.app.open_instead(
                "match_over",
                setup=self.table.setup,
                game=self.table.seats.state,
                names=self.names,
                table=self.table,
            )
            return
        self.app.pop()
        self.table.next_hand()

    def open_replay(self) -> None:
        """Step through this hand move by move (a match on this computer only)."""
        if self.result is None:
            return
        try:
            frames = self.table.match.replay(self.result.hand_no)
        except ValueError as exc:
            self.app.toast(
                _("This hand cannot be replayed: {reason}").format(reason=refusal_of(exc))
            )
            return
        if frames is None:
            self.app.toast(_(NO_REPLAY))
            return
        self.auto = 0.0
        self.app.open("replay", replay=frames, names=self.names)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter, space, Esc or the button continues (Esc leaves the sheet as it leaves every
        sheet over the table, once it has closed the pairs); R or its button opens the replay."""
        sheet = sheet_event(self.show_controls, event)
        if sheet is not None:
            self.show_controls = sheet
            return
        if event.type == pygame.KEYDOWN:
            if self.replay_button.visible and self.replay_button.answers(event.key):
                self.replay_button.click()
            elif self.review.button.visible and self.review.button.answers(event.key):
                self.review.button.click()
            elif self.pairs_button.answers(event.key):
                self.pairs_button.click()
            elif event.key == pygame.K_ESCAPE and self.pairs.shown:
                self.pairs.shown = False  # Esc closes the pairs first, as the score keeper's do
            elif event.key == pygame.K_ESCAPE:
                self.button.click()
            else:
                self.button.key(event.key)
        elif event.type in MOUSE_EVENTS:
            if event.type == pygame.MOUSEMOTION:
                self.replay_hover = self.replay_button.hit(event.pos)
            for b in (self.button, self.replay_button, self.pairs_button):
                b.handle_event(event)
            self.review.handle_event(event)

    def update(self, dt: float) -> None:
        """A table of bots only moves on by itself."""
        self.review.update()
        if self.bots_only and not self.table.frozen:
            self.auto += dt
            if self.auto >= self._auto_delay():
                self.proceed()

    def animating(self) -> bool:
        return False

    def wake_after(self) -> float | None:
        if self.bots_only and not self.table.frozen:
            return max(0.0, self._auto_delay() - self.auto)
        return self.review.wake_after()

    def _auto_delay(self) -> float:
        return self.app.settings.bot_delay * 4

    def draw(self, surface: pygame.Surface) -> None:
        """The result sheet: the heading, a row per seat, then the buttons and who pays whom."""
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r = self.result
        self.label_buttons()
        self.review.label()
        if r is None:
            return
        g = self.table.seats.state
        arrangements = [arranged(r, seat, g.rules) for seat in range(g.players)]
        # The guided hand's last word stands under the tiplu's line and moves the rows down.
        closing_size = max(14, h // 46)
        extra = fonts.size_of("Ag", closing_size)[1] + 4 if self.closing else 0
        look = Measures.of(w, h, g.players, arrangements, extra)
        self._draw_heading(surface, r, look)
        if self.closing:
            line, fitted = shrunk(self.closing, closing_size, w - 2 * look.m, 11)
            surface.blit(card_text(line, fitted, GOLD_LIGHT), (look.m, look.y - extra - 6))
        wild = Wilds(r.tiplu, g.rules) if r.tiplu is not None else None
        # Where the widest name of the rows ends: the pairs never cover one.
        names_right = look.m
        for seat in range(g.players):
            right = self._draw_row(surface, r, seat, arrangements[seat], wild, look)
            names_right = max(names_right, right)
        self._draw_footer(surface, look, names_right)

    def _draw_heading(self, surface: pygame.Surface, r: HandResult, look: Measures) -> None:
        """Who went out in which hand, the tiplu (its card at the right), or that nobody saw."""
        w, m, title_size, tip_w = look.w, look.m, look.title_size, look.tip_w
        # Translators: the score sheet's heading: "Hand 2 of 8 — Sita went out".
        head = _("Hand {hand} of {hands} — {result}").format(
            hand=r.hand_no + 1,
            hands=self.table.seats.state.hands_total,
            result=readable(r.describe(self.names), self.names),
        )
        head, head_size = shrunk(head, title_size, w - 2 * m - tip_w - 12, 14, bold=True)
        img = fonts.render(head, head_size, GOLD_LIGHT, True)
        surface.blit(img, (m, m + (fonts.size_of("Ag", title_size, True)[1] - img.get_height())))
        sub = (
            fill(_("Tiplu: {card}"), card=cards_label([r.tiplu]))
            if r.tiplu is not None
            else _("Nobody saw: no tiplu was chosen")
        )
        if r.tiplu is not None:
            four = self.app.settings.four_colour
            tiplu = self.table.art.face(r.tiplu.code, tip_w, four, ("tiplu",))
            surface.blit(tiplu, (w - m - tip_w, m))
        surface.blit(card_text(sub, max(14, look.h // 50), TABLE_MUTED), (m, look.y0))

    def _draw_row(
        self,
        surface: pygame.Surface,
        r: HandResult,
        seat: int,
        seat_cards: Arranged,
        wild: Wilds | None,
        look: Measures,
    ) -> int:
        """One seat's row: its name and what it held, its cards by meld, then its money;
        returns where its name ends."""
        w, size = look.w, look.size
        rules = self.table.seats.state.rules
        top = round(look.y + seat * look.row_h)
        box = pygame.Rect(look.m, top, w - 2 * look.m, round(look.row_h) - 6)
        winner = seat == r.winner
        panel(
            surface,
            box,
            10,
            (10, 40, 28, 210) if not winner else (70, 56, 16, 220),
            GOLD_LIGHT if winner else None,
            edge_width=2,
        )
        name = _("{name}  ★ went out").format(name=self.names[seat]) if winner else self.names[seat]
        name_img = fonts.render(name, size + 2, GOLD_LIGHT if winner else TABLE_TEXT, True)
        surface.blit(name_img, (box.x + 10, box.y + 6))
        share = self.book.shares[seat] if self.book is not None else Share()
        held, money = split_line(share, rules.scoring, r.points[seat], r.seen[seat])
        line = _("{held}  ·  match total {total}").format(
            held=held, total=match_total(r.totals[seat], rules.lowest_wins)
        )
        # The line stops short of the money column at the right of the row.
        line_x = box.x + 26 + name_img.get_width()
        line_room = box.right - round(w * 0.34) - 10 - line_x
        line_size = fitting_size(line, max(11, size - 2), line_room, 10)
        line_img = fonts.render(line, line_size, TABLE_MUTED)
        surface.blit(line_img, (line_x, box.y + 6 + name_img.get_height() - line_img.get_height()))
        four = self.app.settings.four_colour
        at = (box.x + 10, box.bottom - look.ch - 6)
        x = draw_cards(surface, self.table.art, four, seat_cards, wild, winner, at, look)
        bx = max(x + 10, box.right - round(w * 0.34))
        self._draw_money(
            surface, r, seat, money, pygame.Rect(bx, box.y, box.right - bx, box.h), size
        )
        return box.x + 10 + name_img.get_width()

    def _draw_money(
        self,
        surface: pygame.Surface,
        r: HandResult,
        seat: int,
        money: str,
        column: pygame.Rect,
        size: int,
    ) -> None:
        """At the right of a row (``column``): the money in its parts, then the maal it came
        from, in words of ``size``."""
        winner = seat == r.winner
        box, bx = column, column.x
        room = box.right - 12 - bx
        money_size = fitting_size(money, size, room, 11, bold=True)
        money_img = fonts.render(money, money_size, GOLD_LIGHT if winner else TABLE_TEXT, True)
        surface.blit(money_img, (bx, box.y + 6))
        by = box.y + 6 + money_img.get_height() + 2
        items = r.breakdowns[seat].items if r.breakdowns else ()
        if not self.table.seats.state.rules.scores_maal:
            return  # the grey cards are what was charged: no maal to list
        item_size = max(10, size - 4)
        lines = [
            fill(
                "{label}: {cards}  = {points}",
                label=readable(it.label),
                cards=cards_label(it.cards),
                points=it.points,
            )
            for it in items
        ]
        where = pygame.Rect(bx, by, room, box.bottom - 4 - by)
        for text, spot, fit_size in item_places(lines, where, item_size):
            surface.blit(card_text(text, fit_size, TABLE_TEXT), spot)
        if not items:
            surface.blit(fonts.render(_("no maal"), item_size, TABLE_MUTED), (bx, by))

    def _draw_footer(self, surface: pygame.Surface, look: Measures, names_right: int) -> None:
        """The buttons, the pairs when shown, who pays whom beside the buttons, a disabled
        button's tooltip, the F1 hint under the heading and the controls sheet when open."""
        w, h, m, bh = look.w, look.h, look.m, look.bh
        area = pygame.Rect(m, h - m - bh, w - 2 * m, bh)
        row = [self.review.button, self.replay_button, self.button]
        lay_out_row([self.pairs_button, *row] if self.pairs.offered else row, area, "right", 12)
        if self.pairs.offered:
            self.pairs_button.draw(surface)
        # The pairs lie over the rows' cards, between the players' names and the money column:
        # each row still says whose it is, and what it comes to.
        pairs_x = min(names_right + round(look.size * 1.5), m + round(w * 0.25))
        pairs_w = w - m - round(w * 0.34) - 10 - pairs_x
        pairs_area = pygame.Rect(pairs_x, look.y, pairs_w, h - look.y - bh - 2 * m)
        self.pairs.draw(surface, pairs_area, look.size)
        self.button.draw(surface)
        self.replay_button.draw(surface)
        self.review.button.draw(surface)
        if self.book is not None:
            note = readable(describe_payments(self.book, self.names), self.names)
            note_size = max(13, h // 52)
            left = self.pairs_button if self.pairs.offered else [b for b in row if b.visible][0]
            room = left.rect.x - m - round(note_size * 1.5)
            draw_note(surface, note, pygame.Rect(m, area.y, room, bh), note_size)
        for hover, button in (
            (self.replay_hover, self.replay_button),
            (self.review.hover, self.review.button),
        ):
            if hover and button.tooltip:
                draw_tooltip(surface, button.tooltip, button.rect, ui_scale((w, h)), above)
        hint = fonts.render(_("F1: controls"), max(11, h // 64), TABLE_MUTED)
        surface.blit(hint, hint.get_rect(topright=(w - m - look.tip_w - 12, look.y0)))
        if self.show_controls:
            draw_controls(surface, SHEET)
