"""Score a real game: the players' names and the rules, then the sheet.

The rules are chosen exactly as a new game chooses them: this screen is the New-game screen's
own (its preset picker and every rule option, with their explanations and checks), showing only
what a table of real cards needs: names, not seats for bots; no length or seed, since the
family plays as long as it likes.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from engine.rules import NEPALI, RuleSet
from engine.score_sheet import ScoreSheet
from marriage_gui.language import N_, _
from marriage_gui.scenes.new_game import NewGameScene
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.sheets import SheetStore, new_id
from marriage_gui.ui import theme
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from marriage_gui.app import App

#: Names to start from when no sheet was kept before.
NAMES = ("Sita", "Ram", "Hari", "Gita")


class ScoreSetupScene(NewGameScene):
    """Names and rules for a new sheet; Start keeps it and asks for its first hand."""

    name = "score_setup"
    heading = N_("Score a real game")

    def __init__(
        self, app: App, names: tuple[str, ...] | None = None, rules: RuleSet | None = None
    ) -> None:
        self.store = SheetStore(app.storage)
        if names is None or rules is None:
            last = self.store.kept()[:1]
            names = names or (last[0].sheet.names if last else NAMES)
            rules = rules or (last[0].sheet.rules if last else NEPALI)
        seats = tuple(SeatSetup(n, "human") for n in names)
        super().__init__(app, MatchSetup(seats, rules, hands=len(seats)))

    # ------------------------------------------------------------------ the sheet
    def start(self) -> None:
        """Keep a new sheet for these players and rules, and enter its first hand."""
        try:
            setup = self.build_setup()
        except ValueError as exc:
            self.message = str(exc)
            self.app.sounds.play("error")
            return
        self.message = ""
        now = time.time()
        names = tuple(s.name for s in setup.seats)
        sheet = ScoreSheet(names, setup.rules, started=now, sheet_id=new_id(now))
        self.store.save(sheet)
        self.app.sounds.play("click")
        keeper = self.app.open_instead("scorekeeper", sheet=sheet)
        keeper.new_hand()  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        """The New-game screen's names, preset and rule options; no seats for bots, no length
        or seed."""
        if not hasattr(self, "start_button"):
            return
        self._word()
        self.start_button.text = N_("Start the sheet")
        k, (w, h) = self.k, self.size
        margin = round(40 * k)
        top = self.content_top + round(20 * k)
        left_w = round(min(460 * k, w * 0.36))
        row, gap = round(44 * k), round(10 * k)
        x, y = margin, top + round(30 * k)
        widgets: list[Widget] = []
        for field, _kind, remove in self.seat_widgets:
            field.place(pygame.Rect(x, y, left_w - row - gap, row), k)
            remove.place(pygame.Rect(x + left_w - row, y, row, row), k)
            widgets += [field, remove]
            y += row + gap
        add_w = min(max(round(200 * k), self.add_button.width_for(round(38 * k))), left_w)
        self.add_button.place(pygame.Rect(x, y, add_w, round(38 * k)), k)
        widgets.append(self.add_button)
        y += round(38 * k) + round(34 * k)
        self.match_top = y - round(30 * k) + round(4 * k)
        label = _("Rules")
        self.label_w = min(
            max(round(90 * k), theme.text_width(label, round(16 * k)) + round(14 * k)),
            round(left_w * 0.4),
        )
        self.preset_stepper.place(pygame.Rect(x + self.label_w, y, left_w - self.label_w, row), k)
        self.match_rows = [(label, y + row // 2)]
        y += row + gap
        read_w = max(round(200 * k), self.rules_button.width_for(round(36 * k)))
        read_w = min(read_w, left_w - self.label_w)
        self.rules_button.place(pygame.Rect(x + self.label_w, y, read_w, round(36 * k)), k)
        widgets += [self.preset_stepper, self.rules_button]
        px = x + left_w + round(40 * k)
        self.panel_box = pygame.Rect(px, top, w - px - margin, h - top - round(110 * k))
        view = self.panel_box.inflate(-round(24 * k), -round(60 * k)).move(0, round(24 * k))
        self._layout_rules(view)
        start_w = max(round(220 * k), self.start_button.width_for(round(58 * k)))
        self.start_button.place(
            pygame.Rect(w - margin - start_w, h - round(86 * k), start_w, round(58 * k)), k
        )
        panel_widgets = [wd for wd, _rect in self.panel.items]
        self.form.set_widgets(
            [self.back_button, *widgets, *panel_widgets, self.start_button], [self.panel]
        )
        self.panel.relayout()

    def _draw_by_start(
        self,
        surface: pygame.Surface,
        words: str,
        size: int,
        colour: theme.Colour,
        bold: bool = False,
    ) -> None:
        """Beside Start: what is wrong (in bold), else what the sheet will be."""
        if not bold:
            n = len(self.seats)
            # Translators: beside "Start the sheet": {n} players' hands are added up by the
            # rules chosen.
            words = _("A sheet for {n} players: every hand added up by these rules.").format(n=n)
        super()._draw_by_start(surface, words, size, colour, bold)
