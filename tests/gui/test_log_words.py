"""The log's words: nobody chose the tiplu; a long line wraps in the panel."""

from __future__ import annotations

import pygame

from marriage_gui.setup import SeatSetup
from marriage_gui.table.log import Log
from marriage_gui.ui.card_names import card_label, readable
from marriage_gui.ui.theme import text_width

from .test_table import table
from .test_table_calm import see_now


def test_the_first_to_see_reads_that_a_random_card_was_set_aside_as_the_tiplu(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    assert scene.seats.state.rules.tiplu_timing == "first_show"
    see_now(app, scene)
    tiplu = scene.seats.state.tiplu
    assert tiplu is not None
    lines = [line.english for line in scene.seats.log.lines]
    assert lines[-2] == "You saw the maal with pure melds"
    assert lines[-1] == f"You set aside a random card from the stock as the tiplu — {tiplu}"
    assert not any("chose" in line for line in lines)
    # The seat that has seen is shown the tiplu, as a player reads it.
    assert readable(lines[-1]).endswith("— " + card_label(tiplu))
    # Sita has not seen: her log says what happened without the card.
    sita = scene.match.view(1).history
    assert sita[-1].text.english == "You set aside a random card from the stock as the tiplu"


def test_a_long_line_of_the_log_wraps_and_the_newest_stays_at_the_bottom():
    log = Log(("Ram",))
    log.open = True
    long = "Ram set aside a random card from the stock as the tiplu — 5H"
    for text in ("Ram drew from the stock", long, "Ram discarded TS"):
        log.add(text)
    rect = pygame.Rect(0, 0, 260, 400)
    rows = log.rows(rect, 16, 23)
    words = [row for _y, row, _cont in rows]
    # Every word of the long line is there, over several rows, the later ones indented.
    assert " ".join(words[1:-1]) == readable(long, ("Ram",))
    assert len(words) > 3 and [c for _y, _r, c in rows] == [False, False] + [True] * (
        len(rows) - 3
    ) + [False]
    assert all(text_width(w, 16) <= rect.width - 16 - 16 for w in words)
    assert words[-1] == "Ram discarded 10♠"
    # A short panel keeps the newest rows; scrolled one line back, the long line ends it.
    assert [r for _y, r, _c in log.rows(pygame.Rect(0, 0, 260, 16 + 2 * 23), 16, 23)] == [
        words[-2],
        words[-1],
    ]
    log.wheel(1)
    assert log.rows(rect, 16, 23)[-1][1] == words[-2]
    surface = pygame.Surface(rect.size)
    log.draw_panel(surface, rect, 16)
