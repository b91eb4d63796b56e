"""Statistics: how the people at this computer have done, overall and against each opponent."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from marriage_gui import coach_tally
from marriage_gui.art import JOKER
from marriage_gui.scenes.base import MenuScene
from marriage_gui.storage import Stats
from marriage_gui.ui import line_plot, theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.form import ScrollPanel
from marriage_gui.ui.widget import Widget
from marriage_gui.ui.words import noun

if TYPE_CHECKING:
    from marriage_gui.app import App

KIND_NAMES = {"easy": "easy bot", "medium": "medium bot", "hard": "hard bot", "human": "person"}


def signed(n: float, digits: int = 0) -> str:
    """A number with its sign, the way winnings are written."""
    text = f"{abs(n):.{digits}f}"
    return f"+{text}" if n > 0 else f"-{text}" if n < 0 else text


class StatsScene(MenuScene):
    """Totals in tiles, and a table of opponents."""

    name = "stats"
    heading = "Statistics"

    def __init__(self, app: App) -> None:
        self.panel = ScrollPanel()
        super().__init__(app)
        self.stats: Stats = app.storage.stats()
        #: The coach's tally: per player, the choices that matched the hard bot's.
        self.tally = coach_tally.read(app.storage)
        self.new_button = Button("Play a game", self._new_game, primary=True, size=20)
        self.layout()

    def _new_game(self) -> None:
        self.app.open_instead("new_game")

    def on_enter(self) -> None:
        self.stats = self.app.storage.stats()
        self.tally = coach_tally.read(self.app.storage)
        super().on_enter()

    def layout(self) -> None:
        if not hasattr(self, "new_button"):
            return
        k, (w, h) = self.k, self.size
        widgets: list[Widget] = [self.back_button]
        if self.stats.empty:
            self.new_button.place(
                pygame.Rect(
                    w // 2 - round(130 * k), round(h * 0.68), round(260 * k), round(54 * k)
                ),
                k,
            )
            widgets.append(self.new_button)
            self.form.set_widgets(widgets)
            return
        margin = round(60 * k)
        self.tiles_rect = pygame.Rect(
            margin, self.content_top + round(14 * k), w - 2 * margin, round(116 * k)
        )
        top = self.tiles_rect.bottom + round(26 * k)
        row = round(40 * k)
        wanted = round(86 * k) + max(1, len(self.stats.opponents)) * row
        bottom = h - round(30 * k)
        gap = round(18 * k)
        tally_h = 0
        if self.tally.lines:
            # The coach's tally sits under the opponents, who scroll if both do not fit.
            tally_h = round(min(230 * k, max(150 * k, (bottom - top) * 0.45)))
        room = bottom - top - (tally_h + gap if tally_h else 0)
        self.table_box = pygame.Rect(margin, top, w - 2 * margin, min(wanted, room))
        self.tally_box = pygame.Rect(margin, self.table_box.bottom + gap, w - 2 * margin, tally_h)
        view = self.table_box.inflate(-round(20 * k), -round(20 * k))
        view.y += round(46 * k)
        view.h -= round(46 * k)
        self.panel.clear(view, k)
        row = round(40 * k)
        for i, _opp in enumerate(self.stats.opponents):
            self.panel.paint(
                pygame.Rect(0, i * row, view.w - round(14 * k), row),
                partial(self._paint_row, i=i),
            )
        self.panel.content_height = len(self.stats.opponents) * row
        self.panel.scroll_to(self.panel.scroll)
        self.form.set_widgets(widgets, [self.panel])

    # ------------------------------------------------------------------ drawing
    def _columns(self, width: int) -> list[tuple[str, float, str]]:
        # (title, right edge as a share of the width, alignment)
        return [
            ("Opponent", 0.0, "left"),
            ("Matches", 0.40, "right"),
            ("You finished ahead", 0.58, "right"),
            ("Hands", 0.68, "right"),
            ("Hands they won", 0.84, "right"),
            ("Their net", 0.99, "right"),
        ]

    def _paint_row(self, surf: pygame.Surface, r: pygame.Rect, i: int) -> None:
        k = self.k
        o = self.stats.opponents[i]
        if i % 2 == 0:
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((255, 255, 255, 10))
            surf.blit(band, r.topleft)
        size = round(16 * k)
        values = [
            o.matches,
            f"{o.matches_ahead}"
            + (f"  ({round(100 * o.matches_ahead / o.matches)}%)" if o.matches else ""),
            o.hands,
            o.their_wins,
        ]
        name = theme.text(theme.fit(o.name, size, round(r.w * 0.24)), size, theme.TEXT, True)
        surf.blit(name, name.get_rect(midleft=(r.x + round(12 * k), r.centery)))
        kind = theme.text(KIND_NAMES.get(o.kind, o.kind), round(13 * k), theme.TEXT_FAINT)
        surf.blit(
            kind,
            kind.get_rect(
                midleft=(
                    r.x + round(12 * k) + name.get_width() + round(10 * k),
                    r.centery + round(1 * k),
                )
            ),
        )
        cols = self._columns(r.w)[1:]
        for (_title, edge, _align), value in zip(cols[:-1], values, strict=True):
            s = theme.text(str(value), size, theme.TEXT)
            surf.blit(s, s.get_rect(midright=(r.x + round(r.w * edge), r.centery)))
        net_colour = (
            theme.ERROR if o.their_net > 0 else (120, 220, 140) if o.their_net < 0 else theme.TEXT
        )
        s = theme.text(signed(o.their_net), size, net_colour, True)
        surf.blit(s, s.get_rect(midright=(r.x + round(r.w * cols[-1][1]), r.centery)))

    def _tile(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        value: str,
        label: str,
        colour: theme.Colour,
    ) -> None:
        k = self.k
        theme.panel(surface, rect, round(12 * k), shadow=round(8 * k))
        v = theme.text(value, round(34 * k), colour, True)
        surface.blit(v, v.get_rect(midtop=(rect.centerx, rect.y + round(14 * k))))
        t = theme.text(label, round(14 * k), theme.TEXT_DIM)
        surface.blit(t, t.get_rect(midbottom=(rect.centerx, rect.bottom - round(14 * k))))

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.stats.empty:
            self._draw_empty(surface)
            return
        k, st = self.k, self.stats
        tiles = [
            (str(st.games), noun(st.games, "match") + " played", theme.TEXT),
            (str(st.games_won), noun(st.games_won, "match") + " won", theme.GOLD_LIGHT),
            (str(st.hands_played), noun(st.hands_played, "hand") + " played", theme.TEXT),
            (
                f"{round(st.win_rate * 100)}%",
                f"{noun(st.hands_won, 'hand')} won ({st.hands_won})",
                theme.GOLD_LIGHT,
            ),
            (
                signed(st.net_per_hand, 1),
                "net per hand",
                (120, 220, 140)
                if st.net_per_hand > 0
                else theme.ERROR
                if st.net_per_hand < 0
                else theme.TEXT,
            ),
            (
                "—" if st.best_hand is None else str(st.best_hand),
                "best maal in a hand",
                theme.GOLD_LIGHT,
            ),
        ]
        gap = round(16 * k)
        n = len(tiles)
        tw = (self.tiles_rect.w - gap * (n - 1)) // n
        for i, (value, label, colour) in enumerate(tiles):
            rect = pygame.Rect(
                self.tiles_rect.x + i * (tw + gap), self.tiles_rect.y, tw, self.tiles_rect.h
            )
            self._tile(surface, rect, value, label, colour)
        box = self.table_box
        theme.panel(surface, box, round(14 * k), shadow=round(10 * k))
        head_y = box.y + round(14 * k)
        inner = self.panel.view
        title = theme.text("Against each opponent", round(18 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (inner.x + round(12 * k), head_y - round(2 * k)))
        for col_title, edge, align in self._columns(inner.w)[1:]:
            s = theme.text(col_title, round(13 * k), theme.TEXT_FAINT, True)
            x = inner.x + round((inner.w - round(14 * k)) * edge)
            surface.blit(
                s,
                s.get_rect(topright=(x, head_y + round(22 * k)))
                if align == "right"
                else (x, head_y),
            )
        if not st.opponents:
            s = theme.text("No opponents yet.", round(16 * k), theme.TEXT_DIM)
            surface.blit(s, s.get_rect(center=inner.center))
        self.panel.draw(surface)
        if self.tally.lines:
            self._draw_tally(surface)

    def _draw_tally(self, surface: pygame.Surface) -> None:
        """The coach's tally: a line per player over their last matches, with a key."""
        k, box = self.k, self.tally_box
        theme.panel(surface, box, round(14 * k), shadow=round(10 * k))
        pad = round(14 * k)
        title = theme.text("The coach's tally", round(18 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (box.x + pad + round(6 * k), box.y + pad - round(2 * k)))
        note = theme.text(
            "choices that matched the hard bot's, match by match (newest at the right)",
            round(13 * k),
            theme.TEXT_FAINT,
        )
        surface.blit(
            note,
            note.get_rect(
                bottomleft=(
                    title.get_rect().right + box.x + pad + round(18 * k),
                    box.y + pad - round(2 * k) + title.get_height() - round(2 * k),
                )
            ),
        )
        key_w = round(box.w * 0.26)
        top = box.y + pad + title.get_height() + round(8 * k)
        plot = pygame.Rect(box.x + pad, top, box.w - 3 * pad - key_w, box.bottom - pad - top)
        series = [line_plot.Series(t.name, t.shares) for t in self.tally.lines]
        slots = max(len(t.shares) for t in self.tally.lines)
        line_plot.draw(surface, plot, series, slots, k)
        y = top
        size = round(15 * k)
        for i, t in enumerate(self.tally.lines):
            ink = line_plot.INKS[i % len(line_plot.INKS)]
            x = plot.right + pad
            pygame.draw.line(
                surface,
                ink,
                (x, y + size // 2 + 2),
                (x + round(22 * k), y + size // 2 + 2),
                max(2, round(3 * k)),
            )
            words = f"{t.name}  {round(100 * t.share)}%"
            room = box.right - pad - (x + round(30 * k))
            name = theme.text(theme.fit(words, size, room, True), size, theme.TEXT, True)
            surface.blit(name, (x + round(30 * k), y))
            detail = theme.text(
                f"{t.matched} of {t.choices} choices, {len(t.shares)} {noun(len(t.shares), 'match')}",
                round(12 * k),
                theme.TEXT_FAINT,
            )
            surface.blit(detail, (x + round(30 * k), y + name.get_height()))
            y += name.get_height() + detail.get_height() + round(6 * k)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        k, (w, h) = self.k, self.size
        art = self.app.art
        card_w = round(110 * k)
        cw, ch = art.size(card_w)
        cx, cy = w // 2, round(h * 0.36)
        # An untouched deck waiting for the first game: backs squared up, one face on top.
        for i in range(5):
            off = (i - 2) * round(3 * k)
            m = art.shadow_margin(card_w)
            if i == 0:
                surface.blit(
                    art.shadow(card_w), (cx - cw // 2 - m + off + 3, cy - ch // 2 - m + off + 5)
                )
            surface.blit(art.back(card_w), (cx - cw // 2 + off, cy - ch // 2 + off))
        tilted = pygame.transform.rotozoom(
            art.face(JOKER, card_w, self.app.settings.four_colour), -14, 1.0
        )
        surface.blit(tilted, tilted.get_rect(center=(cx + round(cw * 0.75), cy + round(10 * k))))
        problem = self.stats.problem
        title = "Statistics unavailable" if problem else "No games played yet"
        t = theme.text(title, round(28 * k), theme.GOLD_LIGHT, True)
        surface.blit(t, t.get_rect(midtop=(cx, cy + ch // 2 + round(30 * k))))
        s = theme.text(
            problem
            or "Finish a hand and your results, best maal and record against each opponent"
            " appear here.",
            round(16 * k),
            theme.TEXT_DIM,
        )
        surface.blit(s, s.get_rect(midtop=(cx, cy + ch // 2 + round(74 * k))))
