"""The end of a hand: everyone's cards by meld, the maal count, who saw, and the settlement."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card, code_of
from engine.ledger import Ledger, Share, describe_payments, ledger
from engine.wilds import Role, Wilds
from marriage_gui.art import fonts
from marriage_gui.art.cards import card_size
from marriage_gui.art.felt import felt
from marriage_gui.coaching import ReviewOffer
from marriage_gui.language import N_, _, word
from marriage_gui.scene import Scene
from marriage_gui.table.controls import Sheet, draw_controls, sheet_event
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import card_label, card_text, cards_label, said
from marriage_gui.ui.form import above, draw_tooltip
from marriage_gui.ui.pairwise import PairwiseView
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_BUTTON,
    TABLE_MUTED,
    TABLE_TEXT,
    fitting_size,
    panel,
    shrunk,
    ui_scale,
    wrap,
)
from marriage_gui.ui.widget import MOUSE_EVENTS
from marriage_gui.ui.words import match_total

if TYPE_CHECKING:
    from engine.result import HandResult
    from engine.rules import RuleSet
    from marriage_gui.app import App
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
            (N_("Esc"), N_("the same: leave the sheet")),
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
    said = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    return word(said)


def arranged(
    result: HandResult, seat: int, rules: RuleSet
) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:
    """(melds in hand, loose cards, shown melds) for ``seat``, as ``HandResult.arrangement``
    lays them out."""
    melds, loose = result.arrangement(seat, rules)
    shown = [[CARDS[code_of(i)] for i in ids] for _k, ids in result.shown[seat]]
    return (
        [[CARDS[code_of(i)] for i in m] for m in melds],
        [CARDS[code_of(i)] for i in loose],
        shown,
    )


def row_units(melds: list[list[Card]], loose: list[Card], shown: list[list[Card]]) -> float:
    """A row's width in card widths: each group fanned (0.42 a card) and a gap (0.3) after it."""
    groups = [*shown, *melds, *([loose] if loose else [])]
    return sum(1.3 + 0.42 * (len(cards) - 1) for cards in groups)


def split_line(share: Share, scoring: str, points: int, seen: bool) -> tuple[str, str]:
    """(what the player held, their net for the hand in its parts ending in the net)."""
    parts: list[str] = []
    if scoring == "settlement":
        parts.append(_("maal difference {points}").format(points=f"{share.maal:+d}"))
        if share.fee > 0:
            # Translators: the fees the winner collected, signed: "fees +16".
            parts.append(_("fees {points}").format(points=f"{share.fee:+d}"))
        elif share.fee:
            # Translators: the fee a loser paid the winner, signed: "fee -3".
            parts.append(_("fee {points}").format(points=f"{share.fee:+d}"))
        if share.bonus:
            parts.append(_("dublee bonus {points}").format(points=f"{share.bonus:+d}"))
    elif scoring == "contract":
        parts.append(_("maal {points}").format(points=f"{share.maal:+d}"))
        if share.bonus:
            # Translators: the points for going out first, signed: "going out +30".
            parts.append(_("going out {points}").format(points=f"{share.bonus:+d}"))
    else:  # deadwood: only the cards left over are charged (that is the net), maal does not count
        charged = (
            _("deadwood {points} pts").format(points=share.deadwood)
            if share.deadwood
            else _("no deadwood  ·  0 pts")
        )
        return seen_word(seen), charged
    if scoring == "settlement" and share.counted < points:
        maal = _("maal {points} (lost: never saw)").format(points=points)
    elif scoring == "settlement" and share.counted > points:
        maal = _("maal {points} (counts {counted} with kidnapped maal)").format(
            points=points, counted=share.counted
        )
    else:
        maal = _("maal {points}").format(points=points)
    # Translators: a row of the score sheet: whether the player saw, then their maal.
    head = _("{seen}  ·  {maal}").format(seen=seen_word(seen), maal=maal)
    return head, "  ".join(parts) + f"  =  {share.net:+d}"


def seen_word(seen: bool) -> str:
    """Whether a player saw the maal, as the sheet says it."""
    # Translators: the player saw the maal this hand (माल हेरेको).
    return _("seen") if seen else _("not seen")


def item_places(
    lines: list[str], area: pygame.Rect, size: int, smallest: int = 9
) -> list[tuple[str, tuple[int, int], int]]:
    """Where each maal line goes in ``area``: every line is shown, never dropped.

    Lines go down a column while they fit, then on in a column beside it (as many columns as
    the lines need); a line too wide for its column is set smaller, down to ``smallest``, and
    cut with an ellipsis only below that. Returns (text, top-left, type size) per line.
    """
    if not lines:
        return []
    line_h = fonts.size_of("Ag♦", size)[1]
    per_column = max(1, area.h // line_h)
    columns = -(-len(lines) // per_column)
    gap = round(size * 0.8)
    col_w = max(1, (area.w - gap * (columns - 1)) // columns)
    out = []
    for i, text in enumerate(lines):
        col, row = divmod(i, per_column)
        words, fit_size = shrunk(text, size, col_w, smallest)
        out.append((words, (area.x + col * (col_w + gap), area.y + row * line_h), fit_size))
    return out


def size_guess(row_h: float) -> int:
    """Room the two text lines of a row take."""
    return round(row_h * 0.17) + 30


class HandResultScene(Scene):
    """Shown over the table when a hand ends; Next hand deals on."""

    name = "hand_result"

    def __init__(
        self,
        app: App,
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
        game = table.state
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
                "match_over", setup=self.table.setup, game=self.table.state, names=self.names
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
        sheet over the table); R or its button opens the replay."""
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
        return float(getattr(getattr(self.app, "settings", None), "bot_delay", 0.6)) * 4

    @staticmethod
    def _draw_note(surface: pygame.Surface, note: str, area: pygame.Rect, size: int) -> None:
        """Who pays whom, beside the buttons: one line, set smaller if it must be; a line that
        would be too small to read (longer words) goes on two lines instead."""
        one = fitting_size(note, size, area.w, 10, bold=True)
        lines = [note]
        if one < size - 2:
            two = max(10, size - 2)
            wrapped = wrap(note, two, area.w, bold=True)
            tall = len(wrapped) * fonts.size_of("Ag", two, True)[1]
            if len(wrapped) == 2 and tall <= area.h:
                lines, one = wrapped, two
        line_h = fonts.size_of("Ag", one, True)[1]
        y = area.y + (area.h - line_h * len(lines)) // 2
        for line in lines:
            line, fitted = shrunk(line, one, area.w, 8, bold=True)
            surface.blit(fonts.render(line, fitted, TABLE_TEXT, True), (area.x, y))
            y += line_h

    def draw(self, surface: pygame.Surface) -> None:
        """The result sheet."""
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r = self.result
        g = self.table.state
        self.label_buttons()
        self.review.label()
        if r is None:
            return
        art = self.table.art
        four = bool(getattr(getattr(self.app, "settings", None), "four_colour", False))
        m = max(16, w // 60)
        title_size = max(22, h // 26)
        tip_w = max(34, h // 22)
        # Translators: the score sheet's heading: "Hand 2 of 8 — Sita went out".
        head = _("Hand {hand} of {hands} — {result}").format(
            hand=r.hand_no + 1, hands=g.hands_total, result=said(r.describe(self.names), self.names)
        )
        head, head_size = shrunk(head, title_size, w - 2 * m - tip_w - 12, 14, bold=True)
        img = fonts.render(head, head_size, GOLD_LIGHT, True)
        surface.blit(img, (m, m + (fonts.size_of("Ag", title_size, True)[1] - img.get_height())))
        sub = (
            _("Tiplu: {card}").format(card=card_label(r.tiplu))
            if r.tiplu is not None
            else _("Nobody saw: no tiplu was chosen")
        )
        y0 = m + fonts.size_of("Ag", title_size, True)[1] + 8
        if r.tiplu is not None:
            surface.blit(art.face(r.tiplu.code, tip_w, four, ("tiplu",)), (w - m - tip_w, m))
        surface.blit(card_text(sub, max(14, h // 50), TABLE_MUTED), (m, y0))
        y = y0 + max(14, h // 50) + 14
        if self.closing:
            # The guided hand's last word, under the tiplu: where the points came from.
            size = max(14, h // 46)
            line, fitted = shrunk(self.closing, size, w - 2 * m, 11)
            surface.blit(card_text(line, fitted, GOLD_LIGHT), (m, y - 6))
            y += fonts.size_of("Ag", size)[1] + 4
        n = g.players
        bh = max(36, round(h * 0.055))
        row_h = (h - y - bh - 2 * m) / n
        cw = max(28, min(round((row_h - size_guess(row_h)) * 0.7), round(w * 0.6 / 15)))
        arrangements = [arranged(r, seat, g.rules) for seat in range(g.players)]
        # Every row's cards stop short of the money column (many dublees make a long row):
        # the cards shrink rather than push the money aside and shrink its words.
        units = max(row_units(*a) for a in arrangements)
        cards_room = w - 2 * m - round(w * 0.34) - 30
        cw = max(24, min(cw, int(cards_room / units))) if units else cw
        _cw, ch = card_size(cw)
        step = round(cw * 0.42)
        # Rows grow with fewer players; the words stop growing at the four-player size.
        size = max(12, min(round(row_h * 0.17), h // 30))
        wild = None
        if r.tiplu is not None:
            wild = Wilds(r.tiplu, g.rules)
        for seat in range(n):
            ry = round(y + seat * row_h)
            box = pygame.Rect(m, ry, w - 2 * m, round(row_h) - 6)
            winner = seat == r.winner
            panel(
                surface,
                box,
                10,
                (10, 40, 28, 210) if not winner else (70, 56, 16, 220),
                GOLD_LIGHT if winner else None,
                edge_width=2,
            )
            name = (
                _("{name}  ★ went out").format(name=self.names[seat])
                if winner
                else self.names[seat]
            )
            name_img = fonts.render(name, size + 2, GOLD_LIGHT if winner else TABLE_TEXT, True)
            surface.blit(name_img, (box.x + 10, box.y + 6))
            share = self.book.shares[seat] if self.book is not None else Share()
            held, money = split_line(share, g.rules.scoring, r.points[seat], r.seen[seat])
            line = _("{held}  ·  match total {total}").format(
                held=held, total=match_total(r.totals[seat], g.rules.lowest_wins)
            )
            # The line stops short of the money column at the right of the row.
            line_room = box.right - round(w * 0.34) - 10 - (box.x + 26 + name_img.get_width())
            line_size = fitting_size(line, max(11, size - 2), line_room, 10)
            line_img = fonts.render(line, line_size, TABLE_MUTED)
            surface.blit(
                line_img,
                (
                    box.x + 26 + name_img.get_width(),
                    box.y + 6 + name_img.get_height() - line_img.get_height(),
                ),
            )
            melds, loose, shown = arrangements[seat]
            x = box.x + 10
            cy = box.bottom - ch - 6
            groups = (
                [("shown", ms) for ms in shown]
                + [("meld", ms) for ms in melds]
                + ([("loose", loose)] if loose else [])
            )
            for kind, cards in groups:
                for k, c in enumerate(cards):
                    marks: set[str] = set()
                    role = wild.role(c) if wild is not None else None
                    if role is not None:
                        marks = {"tiplu"} if role is Role.TIPLU else {"wild"}
                    if kind == "loose" and not winner:
                        marks.add("dim")
                    surface.blit(art.face(c.code, cw, four, marks), (x + k * step, cy))
                x += cw + step * (len(cards) - 1) + round(cw * 0.3)
            # At the right of the row: the money in its parts, then the maal it came from.
            bx = max(x + 10, box.right - round(w * 0.34))
            room = box.right - 12 - bx
            money_size = fitting_size(money, size, room, 11, bold=True)
            money_img = fonts.render(money, money_size, GOLD_LIGHT if winner else TABLE_TEXT, True)
            surface.blit(money_img, (bx, box.y + 6))
            by = box.y + 6 + money_img.get_height() + 2
            items = r.breakdowns[seat].items if r.breakdowns else ()
            if not g.rules.scores_maal:
                continue  # the grey cards are what was charged: no maal to list
            item_size = max(10, size - 4)
            lines = [f"{said(it.label)}: {cards_label(it.cards)}  = {it.points}" for it in items]
            where = pygame.Rect(bx, by, room, box.bottom - 4 - by)
            for text, spot, fit_size in item_places(lines, where, item_size):
                surface.blit(card_text(text, fit_size, TABLE_TEXT), spot)
            if not items:
                surface.blit(fonts.render(_("no maal"), item_size, TABLE_MUTED), (bx, by))
        area = pygame.Rect(m, h - m - bh, w - 2 * m, bh)
        row = [self.review.button, self.replay_button, self.button]
        lay_out_row([self.pairs_button, *row] if self.pairs.offered else row, area, "right", 12)
        if self.pairs.offered:
            self.pairs_button.draw(surface)
        self.pairs.draw(surface, pygame.Rect(m, y, round(w * 0.6), h - y - bh - 2 * m), size)
        self.button.draw(surface)
        self.replay_button.draw(surface)
        self.review.button.draw(surface)
        if self.book is not None:
            note = said(describe_payments(self.book, self.names), self.names)
            note_size = max(13, h // 52)
            left = self.pairs_button if self.pairs.offered else [b for b in row if b.visible][0]
            room = left.rect.x - m - round(note_size * 1.5)
            self._draw_note(surface, note, pygame.Rect(m, area.y, room, bh), note_size)
        if self.replay_hover and self.replay_button.tooltip:
            tip, at = self.replay_button.tooltip, self.replay_button.rect
            draw_tooltip(surface, tip, at, ui_scale((w, h)), above)
        if self.review.hover and self.review.button.tooltip:
            tip, at = self.review.button.tooltip, self.review.button.rect
            draw_tooltip(surface, tip, at, ui_scale((w, h)), above)
        hint = fonts.render(_("F1: controls"), max(11, h // 64), TABLE_MUTED)
        surface.blit(hint, hint.get_rect(topright=(w - m - tip_w - 12, y0)))
        if self.show_controls:
            draw_controls(surface, SHEET)
