"""The end of a hand: everyone's cards by meld, the maal count, who saw, and the settlement."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card, code_of
from engine.deadwood import deadwood
from marriage_gui.art import fonts
from marriage_gui.art.cards import card_size
from marriage_gui.art.felt import felt
from marriage_gui.scene import Scene
from marriage_gui.table.hud import GOLD, MUTED, TEXT, Button, lay_out_row, panel

if TYPE_CHECKING:
    from marriage_gui.app import App
    from marriage_gui.table.scene import TableScene


def arranged(result, seat: int, rules) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:  # noqa: ANN001
    """(melds in hand, loose cards, shown melds) for ``seat``: the winner's finish, else the
    best melds the solver finds."""
    shown = [[CARDS[code_of(i)] for i in ids] for _k, ids in result.shown[seat]]
    hand = [CARDS[code_of(i)] for i in result.hands[seat]]
    wilds = None
    if result.tiplu is not None and result.seen[seat]:
        from engine.wilds import Wilds

        wilds = Wilds(result.tiplu, rules)
    if seat == result.winner and result.finish:
        melds = [[CARDS[code_of(i)] for i in m] for m in result.finish]
        used = [i for m in result.finish for i in m]
        rest = [CARDS[code_of(i)] for i in result.hands[seat] if i not in used]
        return melds, rest, shown
    dw = deadwood(hand, wilds, rules)
    return [list(m) for m in dw.melds], list(dw.loose), shown


def size_guess(row_h: float) -> int:
    """Room the two text lines of a row take."""
    return round(row_h * 0.17) + 30


class HandResultScene(Scene):
    """Shown over the table when a hand ends; Next hand deals on."""

    name = "hand_result"

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        game = table.state
        self.result = game.result
        self.over = game.is_over
        label = "Final standings" if self.over else "Next hand"
        self.button = Button(label, self.proceed, "Enter", primary=True)
        self.auto = 0.0
        self.bots_only = not table.setup.humans

    def proceed(self) -> None:
        """Deal on, or show the match result."""
        from marriage_gui.scenes.match_over import MatchOverScene

        if self.over:
            self.app.replace(MatchOverScene(self.app, self.table.setup, self.table.state))
            return
        self.app.pop()
        self.table.next_hand()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Enter, space or the button continues."""
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            self.proceed()
        elif event.type == pygame.MOUSEMOTION:
            self.button.hover = self.button.hit(event.pos)
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and getattr(event, "button", 1) == 1
            and self.button.hit(event.pos)
        ):
            self.proceed()

    def update(self, dt: float) -> None:
        """A table of bots only moves on by itself."""
        if self.bots_only and not self.table.frozen:
            self.auto += dt
            delay = float(getattr(getattr(self.app, "settings", None), "bot_delay", 0.6)) * 4
            if self.auto >= delay:
                self.proceed()

    def draw(self, surface: pygame.Surface) -> None:
        """The result sheet."""
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        r = self.result
        g = self.table.state
        if r is None:
            return
        art = self.table.art
        four = bool(getattr(getattr(self.app, "settings", None), "four_colour", False))
        m = max(16, w // 60)
        title_size = max(22, h // 26)
        head = f"Hand {r.hand_no + 1} of {g.hands_total} — {r.describe(g.names)}"
        img = fonts.render(head, title_size, GOLD, True)
        surface.blit(img, (m, m))
        sub = f"Tiplu: {r.tiplu}" if r.tiplu is not None else "Nobody saw: no tiplu was chosen"
        tip_w = max(34, h // 22)
        y0 = m + img.get_height() + 8
        if r.tiplu is not None:
            surface.blit(art.face(r.tiplu.code, tip_w, four, ("tiplu",)), (w - m - tip_w, m))
        surface.blit(fonts.render(sub, max(14, h // 50), MUTED), (m, y0))
        y = y0 + max(14, h // 50) + 14
        n = g.players
        bh = max(36, round(h * 0.055))
        row_h = (h - y - bh - 2 * m) / n
        cw = max(28, min(round((row_h - size_guess(row_h)) * 0.7), round(w * 0.6 / 15)))
        _, ch = card_size(cw)
        step = round(cw * 0.42)
        size = max(12, round(row_h * 0.17))
        wild = None
        if r.tiplu is not None:
            from engine.wilds import Wilds

            wild = Wilds(r.tiplu, g.rules)
        for seat in range(n):
            ry = round(y + seat * row_h)
            box = pygame.Rect(m, ry, w - 2 * m, round(row_h) - 6)
            winner = seat == r.winner
            panel(
                surface,
                box,
                (10, 40, 28, 210) if not winner else (70, 56, 16, 220),
                10,
                GOLD if winner else None,
            )
            name = g.names[seat] + ("  ★ went out" if winner else "")
            name_img = fonts.render(name, size + 2, GOLD if winner else TEXT, True)
            surface.blit(name_img, (box.x + 10, box.y + 6))
            seen = "seen" if r.seen[seat] else "not seen"
            net = r.nets[seat]
            line = f"{seen}  ·  maal {r.points[seat]}  ·  this hand {net:+d}  ·  total {r.totals[seat]:+d}"
            line_img = fonts.render(line, max(11, size - 2), MUTED)
            surface.blit(
                line_img,
                (
                    box.x + 26 + name_img.get_width(),
                    box.y + 6 + name_img.get_height() - line_img.get_height(),
                ),
            )
            melds, loose, shown = arranged(r, seat, g.rules)
            x = box.x + 10
            cy = box.bottom - ch - 6
            groups = (
                [("shown", ms) for ms in shown]
                + [("meld", ms) for ms in melds]
                + ([("loose", loose)] if loose else [])
            )
            for kind, cards in groups:
                for k, c in enumerate(cards):
                    marks = set()
                    if wild is not None and wild.role(c) is not None:
                        marks = {"tiplu"} if wild.role(c).value == "tiplu" else {"wild"}
                    if kind == "loose" and not winner:
                        marks.add("dim")
                    surface.blit(art.face(c.code, cw, four, marks), (x + k * step, cy))
                x += cw + step * (len(cards) - 1) + round(cw * 0.3)
            # The maal breakdown at the right of the row.
            items = r.breakdowns[seat].items if r.breakdowns else ()
            bx = max(x + 10, box.right - round(w * 0.34))
            by = box.y + 6
            for it in items[:5]:
                t = fonts.render(
                    f"{it.label}: {' '.join(str(c) for c in it.cards)}  = {it.points}",
                    max(11, size - 1),
                    TEXT,
                )
                surface.blit(t, (bx, by))
                by += t.get_height()
            if not items:
                surface.blit(fonts.render("no maal", max(11, size - 1), MUTED), (bx, by))
        area = pygame.Rect(m, h - m - bh, w - 2 * m, bh)
        lay_out_row([self.button], area, "right")
        self.button.draw(surface)
        if r.winner is not None and g.rules.scoring == "settlement":
            payers = [f"{g.names[s]} {r.nets[s]:+d}" for s in range(n) if s != r.winner]
            note = (
                "Settlement: "
                + ",  ".join(payers)
                + f"   —  {g.names[r.winner]} {r.nets[r.winner]:+d}"
            )
            surface.blit(
                fonts.render(note, max(13, h // 52), TEXT, True),
                (m, area.y + (bh - max(13, h // 52)) // 2),
            )
