"""A score sheet of four real hands, for screenshots and the language checks: nothing of it is
ever written to the player's data folder."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from engine.cards import parse_card
from engine.rules import PRESETS
from engine.score_sheet import ScoreSheet
from engine.tally import MaalCards, SeatEntry, TableHand

if TYPE_CHECKING:
    from marriage_gui.app import App
    from marriage_gui.scene import Scene

NAMES = ("Sita", "Ram", "Hari", "सीता")
#: An evening of Dashain: the sheet's date.
STARTED = time.mktime((2026, 10, 12, 19, 30, 0, 0, 0, -1))


def seat(seen: bool, maal: int | MaalCards, dublees: bool = False, left: int = 0) -> SeatEntry:
    """One player's entry."""
    return SeatEntry(seen, dublees, maal, left)


def demo_sheet(preset: str = "nepali") -> ScoreSheet:
    """Four hands as a family enters them: maal told and maal shown, a dublee win (where the
    rules have dublees), a hand nobody went out of."""
    rules = PRESETS[preset]
    dublees = rules.dublees_allowed(len(NAMES))
    hands = (
        TableHand(
            (
                seat(True, 5, left=12),
                seat(True, MaalCards(1, 1, 1)),
                seat(False, 0, left=45),
                seat(True, 3, left=7),
            ),
            1,
            parse_card("7H"),
        ),
        TableHand(
            (
                seat(True, 12, left=20),
                seat(False, 0, left=38),
                seat(True, 4, left=9),
                seat(True, 2, dublees=dublees),
            ),
            3,
            parse_card("KS"),
        ),
        TableHand(
            (seat(True, 6, left=4), seat(True, 9, left=15), seat(True, 0), seat(False, 2, left=60)),
            None,
            None,
        ),
        TableHand(
            (
                seat(True, MaalCards(poplus=2, tunnelas=(parse_card("9C"),))),
                seat(True, 8, left=10),
                seat(False, 0, left=52),
                seat(True, 5, left=3),
            ),
            0,
            parse_card("4D"),
        ),
    )
    sheet = ScoreSheet(NAMES, rules, started=STARTED, sheet_id="20261012-193000-0000")
    for hand in hands:
        sheet = sheet.put(hand)
    return sheet


def sheet_scene(app: App, name: str) -> Scene:
    """``scorekeeper`` (the sheet) or ``score_hand`` (a fifth hand half entered over it)."""
    keeper = app.make("scorekeeper", sheet=demo_sheet(), keep=False)
    if name == "scorekeeper":
        return keeper
    app.push(keeper)
    from marriage_gui.hand_draft import NOT_SEEN, HandDraft  # noqa: PLC0415 - needs the GUI

    draft = HandDraft(demo_sheet(), tiplu_text="10♣")
    draft.went_out(2)
    draft.seats[0].maal_text = "7"
    draft.seats[1].cards = MaalCards(tiplus=1, jhiplus=1, shown_marriages=1)
    draft.seats[3].seen = NOT_SEEN
    return app.make("score_hand", sheet=draft.sheet, draft=draft)
