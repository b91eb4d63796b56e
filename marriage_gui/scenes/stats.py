"""Statistics: how the people at this computer have done, overall and against each opponent."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from marriage_gui import coach_tally
from marriage_gui.art import JOKER
from marriage_gui.language import N_, _, ngettext, word
from marriage_gui.scenes.base import MenuScene
from marriage_gui.sheets import SheetStore
from marriage_gui.storage import Stats
from marriage_gui.ui import line_plot, theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.form import ScrollPanel
from marriage_gui.ui.kept_sheets import KeptSheets
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from engine.score_sheet import ScoreSheet
    from marriage_gui.scene import AppServices

KIND_NAMES = {
    "easy": N_("easy bot"),
    "medium": N_("medium bot"),
    "hard": N_("hard bot"),
    "human": N_("person"),
}


def signed(n: float, digits: int = 0) -> str:
    """A number with its sign, the way winnings are written."""
    text = f"{abs(n):.{digits}f}"
    return f"+{text}" if n > 0 else f"-{text}" if n < 0 else text


class StatsScene(MenuScene):
    """Totals in tiles, and a table of opponents."""

    name = "stats"
    heading = N_("Statistics")

    def __init__(self, app: AppServices) -> None:
        self.panel = ScrollPanel()
        super().__init__(app)
        self.stats: Stats = app.storage.stats()
        #: The coach's tally: per player, the choices that matched the hard bot's.
        self.tally = coach_tally.read(app.storage)
        #: The score sheets of games played with real cards.
        self.sheets = KeptSheets(self._open_sheet)
        self.sheets.show(SheetStore(app.storage).kept())
        self.new_button = Button(_("Play a game"), self._new_game, primary=True, size=20)
        self.column_lines: list[list[str]] = []
        self.layout()

    def _new_game(self) -> None:
        self.app.open_instead("new_game")

    def _open_sheet(self, sheet: ScoreSheet) -> None:
        self.app.sounds.play("click")
        self.app.open("scorekeeper", sheet=sheet)

    @property
    def empty(self) -> bool:
        """Nothing to show: no hand played here, no sheet kept."""
        return self.stats.empty and not self.sheets.kept

    def resume(self) -> None:
        self.stats = self.app.storage.stats()
        self.tally = coach_tally.read(self.app.storage)
        self.sheets.show(SheetStore(self.app.storage).kept())
        super().resume()

    def layout(self) -> None:
        if not hasattr(self, "new_button"):
            return
        k, (w, h) = self.k, self.size
        widgets: list[Widget] = [self.back_button]
        self.new_button.text = _("Play a game")
        if self.empty:
            bw = max(round(260 * k), self.new_button.width_for(round(54 * k)))
            self.new_button.place(
                pygame.Rect(w // 2 - bw // 2, round(h * 0.68), bw, round(54 * k)), k
            )
            widgets.append(self.new_button)
            self.form.set_widgets(widgets)
            return
        margin = round(60 * k)
        if self.stats.empty:
            # Only score sheets of real games: they take the screen.
            top = self.content_top + round(14 * k)
            room = h - round(30 * k) - top
            box = pygame.Rect(margin, top, w - 2 * margin, min(room, self.sheets.height(k, 99)))
            widgets += self.sheets.layout(box, k)
            self.form.set_widgets(widgets, [self.sheets.panel])
            return
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
        sheets_h = self.sheets.height(k) if self.sheets.kept else 0
        room = (
            bottom - top - (tally_h + gap if tally_h else 0) - (sheets_h + gap if sheets_h else 0)
        )
        self.table_box = pygame.Rect(margin, top, w - 2 * margin, min(wanted, room))
        self.tally_box = pygame.Rect(margin, self.table_box.bottom + gap, w - 2 * margin, tally_h)
        below = self.tally_box.bottom + gap if tally_h else self.table_box.bottom + gap
        if sheets_h:
            # Three rows at least; more where the rest leaves room.
            sheets_h = min(self.sheets.height(k, len(self.sheets.kept)), bottom - below)
        sheet_box = pygame.Rect(margin, below, w - 2 * margin, sheets_h)
        widgets += self.sheets.layout(sheet_box, k) if sheets_h else []
        view = self.table_box.inflate(-round(20 * k), -round(20 * k))
        # The columns' titles wrap within their columns (longer in some languages): the rows
        # start under the tallest.
        self.column_lines = self._column_titles(view.w)
        extra = (max(len(lines) for lines in self.column_lines) - 1) * round(16 * k)
        view.y += round(46 * k) + extra
        view.h -= round(46 * k) + extra
        self.panel.clear(view, k)
        row = round(40 * k)
        for i, _opp in enumerate(self.stats.opponents):
            self.panel.paint(
                pygame.Rect(0, i * row, view.w - round(14 * k), row),
                partial(self._paint_row, i=i),
            )
        self.panel.content_height = len(self.stats.opponents) * row
        self.panel.scroll_to(self.panel.scroll)
        self.form.set_widgets(widgets, [self.panel, self.sheets.panel])

    # ------------------------------------------------------------------ drawing
    def _columns(self, width: int) -> list[tuple[str, float, str]]:
        # (title, right edge as a share of the width, alignment)
        return [
            (_("Opponent"), 0.0, "left"),
            # Translators: a column of the statistics: matches played against an opponent.
            (_("Matches"), 0.40, "right"),
            # Translators: a column: matches in which you finished ahead of that opponent.
            (_("You finished ahead"), 0.58, "right"),
            # Translators: a column: hands played against an opponent.
            (_("Hands"), 0.68, "right"),
            # Translators: a column: hands that opponent won.
            (_("Hands they won"), 0.84, "right"),
            # Translators: a column: what that opponent won or lost in all, against you.
            (_("Their net"), 0.99, "right"),
        ]

    def _column_titles(self, width: int) -> list[list[str]]:
        """Each right-aligned column's title in lines that fit between it and the one before
        (the opponent's name takes a quarter of the row)."""
        k = self.k
        size = round(13 * k)
        inner = width - round(14 * k)
        cols = self._columns(width)[1:]
        out = []
        left = 0.24
        for title, edge, _align in cols:
            room = max(round(40 * k), round(inner * (edge - left)) - round(10 * k))
            out.append(theme.wrap(title, size, room, True))
            left = edge
        return out

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
        # The kind of opponent after the name, in what is left of the opponent's quarter.
        kind_words = _(KIND_NAMES[o.kind]) if o.kind in KIND_NAMES else o.kind
        room = round(r.w * 0.26) - name.get_width() - round(10 * k)
        kind_words, kind_size = theme.shrunk(kind_words, round(13 * k), room, round(10 * k))
        kind = theme.text(kind_words, kind_size, theme.TEXT_FAINT)
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
        # The label in up to two lines under the value (set smaller if it needs more).
        room = rect.w - round(16 * k)
        size = round(14 * k)
        lines = theme.wrap(label, size, room)
        while len(lines) > 2 and size > round(10 * k):
            size -= 1
            lines = theme.wrap(label, size, room)
        line_h = round(size * 1.3)
        y = rect.bottom - round(10 * k) - line_h * len(lines)
        for line in lines:
            t = theme.text(theme.fit(line, size, room), size, theme.TEXT_DIM)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, y)))
            y += line_h

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.empty:
            self._draw_empty(surface)
            return
        if self.sheets.kept:
            self.sheets.draw(surface)
        if self.stats.empty:
            return
        k, st = self.k, self.stats
        tiles = [
            # Translators: under a number in a tile ("12 / matches played").
            (str(st.games), ngettext("match played", "matches played", st.games), theme.TEXT),
            (
                str(st.games_won),
                # Translators: under a number in a tile ("3 / matches won").
                ngettext("match won", "matches won", st.games_won),
                theme.GOLD_LIGHT,
            ),
            (
                str(st.hands_played),
                # Translators: under a number in a tile ("40 / hands played").
                ngettext("hand played", "hands played", st.hands_played),
                theme.TEXT,
            ),
            (
                f"{round(st.win_rate * 100)}%",
                # Translators: under the share of hands won ("25%"); {n} is how many were won.
                ngettext("hand won ({n})", "hands won ({n})", st.hands_won).format(n=st.hands_won),
                theme.GOLD_LIGHT,
            ),
            (
                signed(st.net_per_hand, 1),
                # Translators: under the average won or lost in a hand ("+1.5").
                _("net per hand"),
                (120, 220, 140)
                if st.net_per_hand > 0
                else theme.ERROR
                if st.net_per_hand < 0
                else theme.TEXT,
            ),
            (
                "—" if st.best_hand is None else str(st.best_hand),
                # Translators: under the most maal points held in one hand.
                _("best maal in a hand"),
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
        heading = _("Against each opponent")
        size = theme.fitting_size(heading, round(18 * k), inner.w - round(24 * k), 12, True)
        title = theme.text(heading, size, theme.GOLD_LIGHT, True)
        surface.blit(title, (inner.x + round(12 * k), head_y - round(2 * k)))
        columns = self._columns(inner.w)[1:]
        for (_title, edge, _align), lines in zip(columns, self.column_lines, strict=False):
            x = inner.x + round((inner.w - round(14 * k)) * edge)
            y = head_y + round(22 * k)
            for line in lines:
                s = theme.text(line, round(13 * k), theme.TEXT_FAINT, True)
                surface.blit(s, s.get_rect(topright=(x, y)))
                y += round(16 * k)
        if not st.opponents:
            s = theme.text(_("No opponents yet."), round(16 * k), theme.TEXT_DIM)
            surface.blit(s, s.get_rect(center=inner.center))
        self.panel.draw(surface)
        if self.tally.lines:
            self._draw_tally(surface)

    def _draw_tally(self, surface: pygame.Surface) -> None:
        """The coach's tally: a line per player over their last matches, with a key."""
        k, box = self.k, self.tally_box
        theme.panel(surface, box, round(14 * k), shadow=round(10 * k))
        pad = round(14 * k)
        title = theme.text(_("The coach's tally"), round(18 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (box.x + pad + round(6 * k), box.y + pad - round(2 * k)))
        # Translators: beside "The coach's tally": what its lines show.
        words = _("choices that matched the hard bot's, match by match (newest at the right)")
        note_x = title.get_rect().right + box.x + pad + round(18 * k)
        words, size = theme.shrunk(words, round(13 * k), box.right - pad - note_x, round(10 * k))
        note = theme.text(words, size, theme.TEXT_FAINT)
        surface.blit(
            note,
            note.get_rect(
                bottomleft=(
                    note_x,
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
            matches = len(t.shares)
            # Translators: under a player in the coach's tally: {matched} of their {choices}
            # choices matched the hard bot's, over {n} matches.
            detail_words = ngettext(
                "{matched} of {choices} choices, {n} match",
                "{matched} of {choices} choices, {n} matches",
                matches,
            ).format(matched=t.matched, choices=t.choices, n=matches)
            detail_words, detail_size = theme.shrunk(detail_words, round(12 * k), room, 9)
            detail = theme.text(detail_words, detail_size, theme.TEXT_FAINT)
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
        title = _("Statistics unavailable") if problem else _("No games played yet")
        size = theme.fitting_size(title, round(28 * k), w - round(80 * k), round(18 * k), True)
        t = theme.text(title, size, theme.GOLD_LIGHT, True)
        surface.blit(t, t.get_rect(midtop=(cx, cy + ch // 2 + round(30 * k))))
        note = (
            word(problem)
            if problem
            else _(
                "Finish a hand and your results, best maal and record against each opponent"
                " appear here."
            )
        )
        # The note wraps above the button (longer in some languages).
        y = cy + ch // 2 + round(74 * k)
        lines = theme.wrap(note, round(16 * k), w - round(120 * k))
        for line in lines[:3]:
            s = theme.text(line, round(16 * k), theme.TEXT_DIM)
            surface.blit(s, s.get_rect(midtop=(cx, y)))
            y += round(22 * k)
