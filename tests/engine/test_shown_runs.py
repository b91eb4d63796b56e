"""A run shown on the table lies as a player lays it, whatever order its cards were named in:
seen as 2♠ 3♠ A♠ it lies A♠ 2♠ 3♠ (in the state, in the event that moves the cards, in every
seat's view), and a card laid off at a run's low end takes its place before the others."""

from __future__ import annotations

from positions import rig

from engine.actions import DrawStock, GoOut, See
from engine.cards import card_of, parse_card, parse_cards
from engine.game import Game
from engine.rules import INDIAN, NEPALI

from .test_game import REST
from .test_layoff import _two_seen

#: Three pure runs named out of order: the ace low, the ace high, a middle run backwards.
NAMED = ("2S 3S AS", "AH QH KH", "7D 6D 5D")


def _rises(ids) -> bool:
    """Second route: the cards' ranks go up one by one (the ace as 1 when a two follows it)."""
    cards = [card_of(i) for i in ids]
    ranks = [c.rank for c in cards]
    if ranks[0] == 14 and ranks[1] == 2:
        ranks[0] = 1
    return ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def test_runs_seen_out_of_order_lie_in_run_order_for_everyone():
    g = Game.new(NEPALI, ["You", "Sita", "Ram"], 1)
    rig(g, 0, " ".join(NAMED) + " " + " ".join(REST.split()[:12]), stock_top="9C")
    g.apply(DrawStock())
    events = g.apply(See(tuple(tuple(parse_cards(m)) for m in NAMED)))
    laid = [" ".join(str(card_of(i)) for i in ids) for _kind, ids in g.shown[0]]
    assert laid == ["AS 2S 3S", "QH KH AH", "5D 6D 7D"]
    assert all(_rises(ids) for _kind, ids in g.shown[0])
    # The cards move to the table in that order, and every seat's view shows them so.
    see = next(e for e in events if e.kind == "see")
    assert list(see.card_ids) == [i for _kind, ids in g.shown[0] for i in ids]
    for seat in range(3):
        assert [list(ids) for _k, ids in g.view(seat).shown[0]] == [
            list(ids) for _k, ids in g.shown[0]
        ]


def test_a_card_laid_off_at_a_runs_low_end_lies_before_it():
    """Seat 1 shows 4S 5S 6S; seat 0 goes out laying 3S off onto it: 3S 4S 5S 6S."""
    rules = INDIAN.replace(lay_off_onto="anyone", scoring="settlement")
    g = _two_seen(rules, other=("TD JD QD", "4S 5S 6S", "QH QH QH"), spare="3S")
    finish = ("QC KC AC", "2S 2H 2C", "3C 4C 5C 6C 7C")
    out = GoOut(tuple(tuple(parse_cards(m)) for m in finish), parse_card("KD"))
    assert g.is_legal(out)
    g.apply(out)
    runs = [" ".join(str(card_of(i)) for i in ids) for _k, ids in g.shown[1]]
    assert "3S 4S 5S 6S" in runs
    assert _rises(g.shown[1][runs.index("3S 4S 5S 6S")][1])


def test_the_hint_and_the_coach_name_a_run_as_it_lies():
    """The words name a pure run's cards in the order the table lays them; a set as it came."""
    from engine.ai.reasons import named_melds

    named = (*(tuple(parse_cards(m)) for m in NAMED), tuple(parse_cards("9C 9C 9C")))
    assert named_melds(named).english == "AS 2S 3S | QH KH AH | 5D 6D 7D | 9C 9C 9C"
