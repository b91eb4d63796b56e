"""Pressing See writes what happened in the game's words: nobody chose the tiplu."""

from __future__ import annotations

from marriage_gui.setup import SeatSetup
from marriage_gui.ui.card_names import card_label, said

from .test_table import table
from .test_table_calm import see_now


def test_the_first_to_see_reads_that_a_random_card_was_set_aside_as_the_tiplu(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    assert scene.state.rules.tiplu_timing == "first_show"
    see_now(app, scene)
    tiplu = scene.state.tiplu
    assert tiplu is not None
    lines = scene.log.lines
    assert lines[-2] == "You saw the maal with pure melds"
    assert lines[-1] == f"You set aside a random card from the stock as the tiplu — {tiplu}"
    assert not any("chose" in line for line in lines)
    # The seat that has seen is shown the tiplu, as a player reads it.
    assert said(lines[-1]).endswith("— " + card_label(tiplu))
    # Sita has not seen: her log says what happened without the card.
    sita = scene.match.view(1).history
    assert sita[-1].text == "You set aside a random card from the stock as the tiplu"
