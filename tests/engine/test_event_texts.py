"""The log's words for seeing the maal say what happens in the game (rules §2): nobody chooses
the tiplu; the first to see sets a random card aside, later ones look at it."""

from dataclasses import replace

from positions import rig

from engine import PRESETS
from engine.actions import DrawStock
from engine.game import Game

from .test_game import REST, SEE3

FIRST_SHOW = PRESETS["nepali"]


def _seeing(rules=FIRST_SHOW) -> tuple[Game, list]:
    """Seat 0 draws and sees with three pure melds; the events of the See."""
    g = Game.new(rules, ["You", "Sita", "Ram"], 1)
    rig(g, 0, (SEE3 + " " + REST).replace("|", "").rsplit(" ", 1)[0], stock_top="9C")
    g.apply(DrawStock())
    return g, g.apply("see " + SEE3)


def test_the_first_to_see_sets_a_random_card_aside_as_the_tiplu():
    assert FIRST_SHOW.tiplu_timing == "first_show"
    g, events = _seeing()
    assert [e.kind for e in events] == ["see", "tiplu_chosen"]
    assert events[0].text.english == "You saw the maal with pure melds"
    tiplu = events[1]
    assert (
        tiplu.text.english == f"You set aside a random card from the stock as the tiplu — {g.tiplu}"
    )
    assert "chose" not in tiplu.text.english
    # The others hear that it happened, not which card it was.
    assert (
        tiplu.for_seat(1).text.english == "You set aside a random card from the stock as the tiplu"
    )


def test_the_tiplu_comes_from_the_discards_only_when_the_stock_is_empty_and_says_so():
    g = Game.new(FIRST_SHOW, ["You", "Sita", "Ram"], 1)
    rig(g, 0, (SEE3 + " " + REST).replace("|", "").rsplit(" ", 1)[0], stock_top="9C")
    g.apply(DrawStock())
    g.discards.extend(g.stock)
    g.stock.clear()
    events = g.apply("see " + SEE3)
    assert events[1].text.english.startswith(
        "You set aside a random card from the discards as the tiplu"
    )


def test_a_player_who_sees_once_the_tiplu_is_set_looks_at_it():
    g, events = _seeing(replace(FIRST_SHOW, tiplu_timing="deal"))
    assert [e.kind for e in events] == ["see", "tiplu_seen"]
    assert events[1].text.english == f"You looked at the tiplu — {g.tiplu}"
    assert events[1].for_seat(2).text.english == "You looked at the tiplu"
