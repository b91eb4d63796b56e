"""Facts of a position: what a card goes with (by the real rules), cards missing, what a draw
makes. The relation is checked against the meld checker for every pair of cards."""

from __future__ import annotations

import pytest
from positions import rig

from engine import PRESETS
from engine.actions import DrawStock
from engine.cards import CARDS, parse_card, parse_cards
from engine.facts import How, Position, in_order, makes, partners, relation
from engine.game import Game
from engine.melds import MeldKind, classify_meld
from engine.rules import RuleSet
from engine.wilds import Wilds

N = PRESETS["nepali"]
#: Two pure sequences, 2C 3C waiting for an ace or a four, 9D 9D for a tunnela; AD alone.
HAND = "3H 4H 5H JS QS KS 2C 3C 9D 9D 7H 8S TC AD 6C 5S 4D QH 8C 2S JH"


def _how(a: str, b: str, wilds: Wilds | None = None) -> How | None:
    return relation(parse_card(a), parse_card(b), wilds)


def test_the_ace_goes_high_and_low_but_a_run_never_wraps() -> None:
    assert _how("AH", "QH") is _how("AH", "KH") is How.RUN
    assert _how("AH", "2H") is _how("AH", "3H") is How.RUN
    assert _how("2H", "AH") is _how("3H", "AH") is How.RUN
    assert _how("KH", "2H") is None  # K A 2 is no sequence in any preset
    assert _how("QH", "2H") is _how("KH", "3H") is _how("AH", "4H") is _how("JH", "AH") is None


def test_copies_ranks_and_wild_cards() -> None:
    assert _how("5D", "5D") is How.COPY
    assert _how("5D", "5S") is How.RANK
    assert _how("5D", "8D") is _how("5D", "6S") is None
    assert _how("JK", "JK") is How.COPY and _how("JK", "5D") is None  # not wild before seeing
    wilds = Wilds(parse_card("6D"), N)  # poplu 7D, jhiplu 5D, the other sixes jokers
    assert _how("KC", "7D", wilds) is _how("7D", "KC", wilds) is How.WILD
    assert _how("5D", "4D", wilds) is How.RUN  # a wild card may stand as itself
    assert _how("KC", "9H", wilds) is None
    assert _how("KC", "JK", wilds) is How.WILD


@pytest.mark.parametrize("preset", ["nepali", "indian"])
@pytest.mark.parametrize("tiplu", [None, "6D", "AS"])
def test_two_cards_go_together_exactly_when_a_third_card_makes_a_meld(
    preset: str, tiplu: str | None
) -> None:
    rules: RuleSet = PRESETS[preset].replace(printed_jokers=2)
    wilds = Wilds(parse_card(tiplu), rules) if tiplu else None
    kinds = {How.COPY: MeldKind.TUNNELA, How.RUN: MeldKind.PURE_SEQUENCE, How.RANK: None}
    for a in range(53):
        for b in range(53):
            found = {classify_meld([CARDS[a], CARDS[b], CARDS[x]], wilds, rules) for x in range(53)}
            found.discard(None)
            how = relation(CARDS[a], CARDS[b], wilds)
            assert bool(found) == (how is not None), (CARDS[a], CARDS[b], how, found)
            if how is How.COPY or how is How.RUN:
                assert kinds[how] in found or MeldKind.MARRIAGE in found


def test_partners_list_each_kind_once_with_how() -> None:
    goes = partners(parse_card("AC"), parse_cards("2C 3C QC KD 9C 2C AS"))
    assert dict(goes.partners) == {
        parse_card("2C"): How.RUN,
        parse_card("3C"): How.RUN,
        parse_card("QC"): How.RUN,
        parse_card("AS"): How.RANK,
    }
    assert not goes.copy and not goes.alone and goes.wild == ()
    assert partners(parse_card("2H"), parse_cards("KH QH 5S")).alone


def test_melds_are_laid_low_to_high_with_the_ace_low_beside_a_two() -> None:
    assert [str(c) for c in in_order(parse_cards("3C AC 2C"))] == ["AC", "2C", "3C"]
    assert [str(c) for c in in_order(parse_cards("AH QH KH"))] == ["QH", "KH", "AH"]
    made = makes(parse_card("AC"), parse_cards("2C 3C 9S 9S"))
    assert made is not None and made.kind is MeldKind.PURE_SEQUENCE
    assert [str(c) for c in made.meld] == ["AC", "2C", "3C"]
    tunnela = makes(parse_card("9S"), parse_cards("2C 3C 9S 9S"))
    assert tunnela is not None and tunnela.kind is MeldKind.TUNNELA


def test_taking_an_ace_that_completes_a_low_run_is_said_to_help() -> None:
    g = Game.new(N, 4, seed=4, hands=1)
    rig(g, 0, HAND, discard_top="AC")
    taking = Position(g.view(0)).taking()
    assert taking is not None and str(taking.card) == "AC"
    assert {str(c) for c in taking.goes.cards} >= {"2C", "3C"}
    assert taking.makes is not None and taking.makes.kind is MeldKind.PURE_SEQUENCE
    assert taking.see is not None and taking.see.before == 1 and taking.see.after == 0
    assert taking.sees


def test_throwing_counts_missing_cards_and_the_draws_that_help() -> None:
    g = Game.new(N, 4, seed=4, hands=1)
    rig(g, 0, HAND, stock_top="6S")
    g.apply(DrawStock())
    pos = Position(g.view(0))
    lone = pos.throwing(parse_card("AD"))
    assert lone.goes.alone
    assert lone.see is not None and lone.see.before == lone.see.after == 1
    assert lone.outs.kinds > 0 and lone.outs.exact
    keep = pos.throwing(parse_card("2C"))
    assert keep.out.after == keep.out.before + 1  # the low run loses a card
