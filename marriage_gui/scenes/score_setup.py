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
    from marriage_gui.scene import AppServices

#: Names to start from when no sheet was kept before.
NAMES = ("Sita", "Ram", "Hari", "Gita")


class ScoreSetupScene(NewGameScene):
    """Names and rules for a new sheet; Start keeps it and asks for its first hand."""

    name = "score_setup"
    heading = N_("Score a real game")

    def __init__(
        self, app: AppServices, names: tuple[str, ...] | None = None, rules: RuleSet | None = None
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
        setup = self.checked_setup()
        if setup is None:
            return
        now = time.time()
        names = tuple(s.name for s in setup.seats)
        sheet = ScoreSheet(names, setup.rules, started=now, sheet_id=new_id(now))
        self.store.save(sheet)
        self.app.sounds.play("click")
        keeper = self.app.open_instead("scorekeeper", sheet=sheet)
        keeper.new_hand()  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ layout
    def _word(self) -> None:
        super()._word()
        self.start_button.text = N_("Start the sheet")

    def layout(self) -> None:
        """The New-game screen as it lays itself out, less what a table of real cards does not
        need: the names take the room of the bots' pickers, and the rules' button moves up
        where the match's length and seed were."""
        super().layout()
        if not hasattr(self, "start_button"):
            return
        k = self.k
        hidden: set[int] = {id(self.hands_stepper), id(self.seed_input)}
        for field, kind, remove in self.seat_widgets:
            wide = pygame.Rect(field.rect)
            wide.width = remove.rect.x - round(10 * k) - wide.x
            field.place(wide, k)
            hidden.add(id(kind))
        below = self.hands_stepper.rect.y - self.rules_button.rect.y
        self.rules_button.place(self.rules_button.rect.move(0, below), k)
        self.match_rows = self.match_rows[:1]
        shown: list[Widget] = [w for w in self.form.widgets if id(w) not in hidden]
        self.form.set_widgets(shown, [self.panel])

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
