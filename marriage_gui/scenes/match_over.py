"""The end of a match: the standings, and Play again with the same seats.

At a table across laptops, Play again is a new match at the same table (the lobby again, the
same seats and code, everyone invited), and Main menu closes the finished table (the host's
laptop) or leaves it (any other).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from marriage_gui.art import fonts
from marriage_gui.art.felt import felt
from marriage_gui.language import N_, _, ngettext, word
from marriage_gui.scene import Scene, polling
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_BUTTON,
    TABLE_MUTED,
    TABLE_TEXT,
    fitting_size,
    panel,
    text_width,
)
from marriage_gui.ui.widget import MOUSE_EVENTS
from marriage_gui.ui.words import gather_line, is_you, match_total

if TYPE_CHECKING:
    from engine.view import PlayerView
    from engine.words import Said
    from marriage_gui.scene import AppServices
    from marriage_gui.setup import MatchSetup
    from marriage_gui.table.net import NetTableScene
    from marriage_gui.table.scene import TableScene

#: Who plays a seat, as said beside their name on the podium.
KIND_WORDS = {
    "human": N_("human"),
    "easy": N_("bot · easy"),
    "medium": N_("bot · medium"),
    "hard": N_("bot · hard"),
}


def winner_line(name: str) -> str:
    """The podium's title: who won the match."""
    if is_you(name):
        return _("You win the match!")
    # Translators: the title of the end of a match; {name} is the winner's name.
    return _("{name} wins the match!").format(name=name)


class MatchOverScene(Scene):
    """Standings after the last hand."""

    name = "match_over"

    def __init__(
        self,
        app: AppServices,
        setup: MatchSetup,
        game: PlayerView,
        names: Sequence[str] | None = None,
        table: TableScene | None = None,
    ) -> None:
        """``table``: the table the match was played at (its score sheet opens this screen)."""
        super().__init__(app)
        self.setup = setup
        self.game = game
        #: The seats as the table said them (hot-seat: "Player 2", not "You").
        self.names = tuple(names) if names is not None else game.names
        self.buttons = [
            Button(_("Play again"), self.play_again, True, hotkey="Enter", look=TABLE_BUTTON),
            Button(_("Main menu"), self.main_menu, hotkey="Esc", look=TABLE_BUTTON),
        ]
        #: The table that names the seats (a proposed name follows the language), if any.
        self._named_by = table
        #: The table across laptops this match was played at (None: one on this computer).
        self.table = _net_table(table)
        #: Another laptop's new match at the table, to tell the person here (None: none yet).
        self.invited: str | None = None
        #: Why the table is gone, when its host closed it (None: it is still there).
        self.gone: Said | None = None
        #: Who has said Play again at a table that gathers for a new match (None: it does not).
        self.gathering: str | None = None
        if self.table is None:
            with contextlib.suppress(OSError):
                app.storage.clear_game()

    def on_resize(self, size: tuple[int, int]) -> None:
        """A new size, or a new language: the seats' names are said again (a name the game
        proposed follows the language: Sita, सीता)."""
        if self._named_by is not None:
            seats = self._named_by.seats
            self.names = tuple(seats.name(s) for s in range(len(self.names)))

    def play_again(self) -> None:
        """A new match with the same seats and rules (across laptops: at the same table)."""
        from dataclasses import replace

        if self.table is not None:
            self.table.play_again()
            return
        self.app.open_table(setup=replace(self.setup, seed=None))

    def update(self, dt: float) -> None:
        """Across laptops: hear whether the host has called a new match at the table."""
        table = self.table
        if table is None or table.proc is not None:
            return
        from marriage_net.client import GONE

        remote = table.remote
        status = remote.refresh()
        lobby = remote.lobby
        if status.state == GONE:  # nothing to play again at: the host closed the table
            self.gone, self.invited = status.message, None
            self.buttons[0].enabled = False
        elif lobby is not None and not remote.finished:
            self.invited = lobby.table
        self.gathering = gather_line(lobby) if status.state != GONE else None

    def wake_after(self) -> float | None:
        own = super().wake_after()
        return own if self.table is None or self.table.proc is not None else polling(own)

    def main_menu(self) -> None:
        """Back to the title (across laptops, leaving the finished table: the title offers to
        sit back down at it no more)."""
        if self.table is not None:
            remote = self.table.remote
            remote.tokens.finished(remote.key)
        self.app.go_title()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons by click or their hotkeys (Enter, Escape)."""
        for b in self.buttons:
            if event.type in MOUSE_EVENTS and b.handle_event(event):
                return
            if event.type == pygame.KEYDOWN and b.answers(event.key):
                b.click()
                return

    def animating(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The podium."""
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        g = self.game
        order = g.standings()
        best = order[0]
        # The words are worded as drawn: a change of language shows at once.
        self.buttons[0].text, self.buttons[1].text = _("Play again"), _("Main menu")
        heading = winner_line(self.names[best])
        size = fitting_size(heading, max(30, h // 14), w - 40, 20, True)
        title = fonts.render(heading, size, GOLD_LIGHT, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, h // 10)))
        hands = g.hand_no + 1
        played = ngettext("{n} hand played", "{n} hands played", hands).format(n=hands)
        if g.rules.lowest_wins:
            # Translators: after "4 hands played" when the lowest total wins the match.
            played = _("{played}  ·  the lowest deadwood wins").format(played=played)
        sub = fonts.render(played, fitting_size(played, max(16, h // 40), w - 40, 11), TABLE_MUTED)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, h // 10 + title.get_height() + 8)))
        call: str | None = word(self.gone) if self.gone is not None else None
        if self.invited is not None:
            from marriage_gui.table.hosting import table_words

            # Translators: at the end of a match across laptops; {table} is the table's name.
            call = _("A new match at {table}: Play again to sit back down.").format(
                table=table_words(self.invited)
            )
        foot = h - h // 12 - max(40, h // 16) - 12
        if self.gathering is not None:
            size = fitting_size(self.gathering, max(15, h // 42), w - 40, 10)
            ready = fonts.render(self.gathering, size, TABLE_TEXT)
            surface.blit(ready, ready.get_rect(midbottom=(w // 2, foot)))
            foot -= ready.get_height() + 6
        if call is not None:
            call_size = fitting_size(call, max(16, h // 38), w - 40, 11, True)
            line = fonts.render(call, call_size, GOLD_LIGHT, True)
            surface.blit(line, line.get_rect(midbottom=(w // 2, foot)))
        row_h = max(44, h // 12)
        box_w = min(w - 80, 720)
        y = h // 10 + title.get_height() + sub.get_height() + 40
        size = max(18, row_h // 2 - 2)
        for place, seat in enumerate(order):
            r = pygame.Rect((w - box_w) // 2, y + place * (row_h + 8), box_w, row_h)
            total = fonts.render(
                match_total(g.totals[seat], g.rules.lowest_wins), size, TABLE_TEXT, True
            )
            panel(
                surface,
                r,
                12,
                (70, 56, 16, 220) if place == 0 else (10, 40, 28, 210),
                GOLD_LIGHT if place == 0 else None,
                edge_width=2,
            )
            who = self.setup.seats[seat].kind if seat < len(self.setup.seats) else ""
            left = fonts.render(
                f"{place + 1}.  {self.names[seat]}",
                size,
                GOLD_LIGHT if place == 0 else TABLE_TEXT,
                True,
            )
            # The kind of player in the room left between the name and the total.
            kind_words = _(KIND_WORDS[who]) if who in KIND_WORDS else who
            room = r.w - 30 - left.get_width() - total.get_width() - 36
            kind_size = fitting_size(kind_words, max(12, size * 2 // 3), room, 9)
            if text_width(kind_words, kind_size) > room:
                kind_words = ""
            kind = fonts.render(kind_words, kind_size, TABLE_MUTED)
            surface.blit(left, (r.x + 18, r.centery - left.get_height() // 2))
            surface.blit(kind, (r.x + 30 + left.get_width(), r.centery - kind.get_height() // 2))
            surface.blit(total, total.get_rect(midright=(r.right - 18, r.centery)))
        bh = max(40, h // 16)
        area = pygame.Rect(0, h - bh - h // 12, w, bh)
        lay_out_row(self.buttons, area, "center", 16)
        for b in self.buttons:
            b.draw(surface)


def _net_table(table: TableScene | None) -> NetTableScene | None:
    """The table across laptops the match was played at, or None (one on this computer)."""
    from marriage_gui.table.net import NetTableScene

    return table if isinstance(table, NetTableScene) else None
