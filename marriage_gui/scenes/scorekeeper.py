"""The score keeper: the running sheet of a match played with real cards.

A row per hand with what each player won or lost, the totals at the foot, and under them who
pays whom for the chosen hand and for the match so far. N enters the next hand, Enter corrects
the chosen one (every total after it follows), P shows the chosen hand pair by pair, S saves
the sheet as a picture and a CSV to share. Every change is on disk at once; a closed match
stays kept, and Statistics lists every sheet.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.rules import NEPALI
from engine.score_sheet import ScoreSheet
from marriage_gui.language import N_, _
from marriage_gui.scenes.base import MenuScene
from marriage_gui.sheet_export import (
    csv_bytes,
    picture,
    png_bytes,
    rules_words,
    settle_up_words,
    when,
)
from marriage_gui.sheets import SheetStore
from marriage_gui.storage import SaveError
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.pairwise import PairwiseView
from marriage_gui.ui.sheet_grid import SheetGrid, detail_height, draw_hand
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices


class ScoreKeeperScene(MenuScene):
    """The sheet of one match (``keep``: every change saved; off for a picture of a demo)."""

    name = "scorekeeper"
    heading = N_("Score sheet")

    def __init__(
        self, app: AppServices, sheet: ScoreSheet | None = None, keep: bool = True
    ) -> None:
        self.store = SheetStore(app.storage) if keep else None
        #: Where pictures and CSV files go (a demo sheet is never saved, but may be shared).
        self.exports = SheetStore(app.storage)
        if sheet is None and self.store is not None:
            sheet = self.store.open_sheet()
        self.sheet = sheet
        self.grid = SheetGrid()
        self.selected: int | None = len(sheet.hands) - 1 if sheet and sheet.hands else None
        self.pairs = PairwiseView(None, sheet.rules if sheet else NEPALI, ())
        #: What a key asked for, done once the frame's events are handled.
        self.later: Callable[[], object] | None = None
        super().__init__(app)
        self.new_button = Button(N_("New hand"), self.new_hand, primary=True, size=19, hotkey="N")
        self.correct_button = Button(N_("Correct"), self.correct, size=17, hotkey="Enter")
        self.remove_button = Button(N_("Remove"), self.remove, size=17, hotkey="Del")
        self.pairs_button = Button(N_("Pair by pair"), self.toggle_pairs, size=17, hotkey="P")
        self.share_button = Button(N_("Picture and CSV"), self.share, size=17, hotkey="S")
        self.close_button = Button(N_("Close the match"), self.close_match, size=17)
        self.start_button = Button(N_("New match"), self.new_match, primary=True, size=19)
        self._choose(self.selected)

    # ------------------------------------------------------------------ the sheet
    def _choose(self, index: int | None) -> None:
        """Make hand ``index`` the chosen one (its pairs, its buttons)."""
        sheet = self.sheet
        self.selected = index
        shown = self.pairs.shown
        result = sheet.results[index] if sheet is not None and index is not None else None
        rules = sheet.rules if sheet is not None else NEPALI
        self.pairs = PairwiseView(result, rules, sheet.names if sheet else ())
        self.pairs.shown = shown and self.pairs.offered
        self.layout()

    def _keep(self, sheet: ScoreSheet) -> None:
        """``sheet`` is the sheet now: on screen and on disk."""
        self.sheet = sheet
        if self.store is not None:
            self.store.save(sheet)

    def _kept(self, sheet: ScoreSheet, at: int) -> None:
        """A hand was entered or corrected."""
        self._keep(sheet)
        self._choose(at)
        self.grid.keep_in_view(at, self.grid_rect, self.k, len(sheet.hands))

    @property
    def is_open(self) -> bool:
        """Whether hands can still be added and corrected."""
        return self.sheet is not None and self.sheet.closed is None

    # ------------------------------------------------------------------ actions
    def new_hand(self) -> None:
        if self.sheet is None or not self.is_open:
            return
        self.app.sounds.play("click")
        self.app.open("score_hand", sheet=self.sheet, on_keep=self._kept)

    def correct(self) -> None:
        if self.sheet is None or self.selected is None or not self.is_open:
            return
        self.app.sounds.play("click")
        self.app.open("score_hand", sheet=self.sheet, at=self.selected, on_keep=self._kept)

    def remove(self) -> None:
        sheet, at = self.sheet, self.selected
        if sheet is None or at is None or not self.is_open:
            return

        def gone() -> None:
            self._keep(sheet.remove(at))
            self._choose(min(at, len(sheet.hands) - 2) if len(sheet.hands) > 1 else None)

        self.app.open(
            "confirm",
            question=lambda: _("Remove hand {number} from the sheet?").format(number=at + 1),
            detail=N_("The totals after it change to follow; the other hands stay as they are."),
            yes=N_("Remove it"),
            on_yes=gone,
        )

    def toggle_pairs(self) -> None:
        self.pairs.toggle()

    def share(self) -> None:
        """Save the sheet as a picture and as CSV where the person can find them."""
        sheet = self.sheet
        if sheet is None or self.store is None:
            return
        names = sheet.names
        try:
            png = self.store.export(
                f"marriage-{sheet.sheet_id}.png", png_bytes(picture(sheet, names))
            )
            table = self.store.export(f"marriage-{sheet.sheet_id}.csv", csv_bytes(sheet, names))
        except SaveError as exc:
            self.app.sounds.play("error")
            self.app.toast(exc.message)
            return
        self.app.sounds.play("click")
        # Translators: where the picture and the CSV of the sheet were saved.
        self.app.toast(_("Saved {picture} and {table}").format(picture=png, table=table.name))

    def close_match(self) -> None:
        sheet = self.sheet
        if sheet is None or not self.is_open:
            return

        def closed() -> None:
            self._keep(sheet.close(time.time()))
            self.layout()

        self.app.open(
            "confirm",
            question=N_("Close this match?"),
            detail=N_("The sheet is kept and listed in Statistics; no hand can be added to it."),
            yes=N_("Close it"),
            on_yes=closed,
        )

    def new_match(self) -> None:
        """A new sheet, with these players and rules to start from."""
        sheet = self.sheet
        names = sheet.names if sheet is not None else None
        rules = sheet.rules if sheet is not None else None
        if sheet is not None and self.is_open:
            self.close_match()
            return
        self.app.sounds.play("click")
        self.app.open_instead("score_setup", names=names, rules=rules)

    # ------------------------------------------------------------------ keys and mouse
    def update(self, dt: float) -> None:
        super().update(dt)
        later, self.later = self.later, None
        if later is not None:
            later()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.grid.hit(event.pos)
            if hit is not None:
                # A click chooses a hand; a click on the chosen one opens it to correct.
                if hit == self.selected:
                    self.correct()
                else:
                    self._choose(hit)
                return
        if event.type == pygame.MOUSEWHEEL and self.sheet is not None:
            count = len(self.sheet.hands)
            room = self.grid.rows_room(self.grid_rect, self.k)
            self.grid.first = max(0, min(count - room, self.grid.first - event.y))
            return
        super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.pairs.shown:
            self.pairs.shown = False
            return True
        sheet = self.sheet
        if sheet is None:
            return False
        count = len(sheet.hands)
        at = self.selected if self.selected is not None else count
        moves = {
            pygame.K_UP: at - 1,
            pygame.K_DOWN: at + 1,
            pygame.K_HOME: 0,
            pygame.K_END: count - 1,
            pygame.K_PAGEUP: at - 10,
            pygame.K_PAGEDOWN: at + 10,
        }
        if event.key in moves and count:
            self._choose(max(0, min(count - 1, moves[event.key])))
            self.grid.keep_in_view(self.selected, self.grid_rect, self.k, count)
            return True
        if (
            event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and isinstance(self.form.focused, Button)
            and self.form.keyboard
        ):
            return False  # the focused button's own Enter
        code = getattr(event, "scancode", 0)
        keys = (
            (self.new_button, pygame.KSCAN_N),
            (self.correct_button, None),
            (self.remove_button, None),
            (self.pairs_button, pygame.KSCAN_P),
            (self.share_button, pygame.KSCAN_S),
        )
        for button, scan in keys:
            if button.answers(event.key) or (scan is not None and code == scan and button.enabled):
                # After this frame's events: the letter's own text (N) is not typed into the
                # screen it opens.
                self.later = button.click
                return True
        if event.key == pygame.K_DELETE and self.remove_button.enabled:
            self.remove()
            return True
        return False

    # ------------------------------------------------------------------ layout and drawing
    def layout(self) -> None:
        if not hasattr(self, "start_button"):
            return
        k, (w, h) = self.k, self.size
        margin = round(40 * k)
        top = self.content_top + round(44 * k)
        sheet = self.sheet
        players = len(sheet.names) if sheet is not None else 4
        detail_h = detail_height(players, k)
        bottom = h - round(24 * k) - round(50 * k) - round(56 * k)
        grid_h = bottom - top - detail_h - round(24 * k)
        self.grid_rect = pygame.Rect(margin, top, w - 2 * margin, grid_h)
        self.detail_rect = pygame.Rect(
            margin, self.grid_rect.bottom + round(20 * k), w - 2 * margin, detail_h
        )
        has_hand = sheet is not None and self.selected is not None
        self.new_button.visible = self.is_open
        self.correct_button.visible = self.remove_button.visible = self.is_open
        self.close_button.visible = self.is_open
        self.correct_button.enabled = self.remove_button.enabled = has_hand
        self.pairs_button.visible = sheet is not None and sheet.rules.scoring == "settlement"
        self.pairs_button.enabled = self.pairs.offered
        self.share_button.visible = sheet is not None
        self.share_button.enabled = bool(sheet and sheet.hands)
        self.start_button.visible = not self.is_open
        buttons = [
            self.start_button,
            self.close_button,
            self.share_button,
            self.pairs_button,
            self.remove_button,
            self.correct_button,
            self.new_button,
        ]
        bh = round(50 * k)
        for b in buttons:
            b.k = k
        lay_out_row(
            buttons,
            pygame.Rect(margin, h - round(24 * k) - bh, w - 2 * margin, bh),
            "right",
            round(10 * k),
        )
        if sheet is not None:
            self.grid.keep_in_view(self.selected, self.grid_rect, k, len(sheet.hands))
        shown: list[Widget] = [b for b in reversed(buttons) if b.visible]
        self.form.set_widgets([*shown, self.back_button])

    def resume(self) -> None:
        super().resume()
        if self.sheet is not None and self.is_open and not self.sheet.hands:
            self.form.focus(self.new_button, keyboard=False)

    def draw_content(self, surface: pygame.Surface) -> None:
        k, (w, _h) = self.k, self.size
        sheet = self.sheet
        margin = round(40 * k)
        if sheet is None:
            words = _("No match is being kept. Start one with its players and rules.")
            img = theme.text(words, round(20 * k), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(w // 2, self.content_top + round(60 * k))))
            return
        sub = f"{', '.join(sheet.names)}   ·   {rules_words(sheet)}   ·   {when(sheet.started)}"
        if sheet.closed is not None:
            # Translators: after the sheet's date: the match was closed at this time.
            sub += "   ·   " + _("closed {when}").format(when=when(sheet.closed))
        words, fit = theme.shrunk(sub, round(16 * k), w - 2 * margin, round(10 * k))
        img = theme.text(words, fit, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(w // 2, self.content_top)))
        box = self.grid_rect.inflate(round(20 * k), round(12 * k))
        theme.panel(surface, box, round(12 * k), shadow=round(8 * k))
        if sheet.hands:
            self.grid.draw(surface, self.grid_rect, sheet, sheet.names, k, self.selected)
        else:
            words = _("No hand yet: N enters the first one.")
            img = theme.text(words, round(20 * k), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=self.grid_rect.center))
        self._draw_notes(surface)
        self.pairs.draw(surface, self.grid_rect, round(20 * k))

    def _draw_notes(self, surface: pygame.Surface) -> None:
        """The chosen hand line by line, and who pays whom to settle the match."""
        sheet = self.sheet
        if sheet is None or not sheet.hands:
            return
        k, (w, _h) = self.k, self.size
        if self.selected is not None:
            box = self.detail_rect.inflate(round(20 * k), round(8 * k))
            theme.panel(surface, box, round(12 * k))
            result = sheet.results[self.selected]
            draw_hand(surface, self.detail_rect, result, sheet.rules, sheet.names, k)
        margin = round(40 * k)
        words = settle_up_words(sheet, sheet.names)
        words, fit = theme.shrunk(words, round(19 * k), w - 2 * margin, round(11 * k), True)
        img = theme.text(words, fit, theme.GOLD_LIGHT, True)
        surface.blit(img, (margin, self.detail_rect.bottom + round(14 * k)))
