"""Card counting and danger: dead cards first; no move to make is not an error; hint wording."""

import dataclasses

import pytest
from positions import rig

from engine import PRESETS
from engine.actions import Discard, DrawStock
from engine.ai import LEVELS, hint, make_bot
from engine.ai.base import Knowledge
from engine.ai.evaluate import card_value
from engine.ai.hint import explain
from engine.ai.medium import Policy, counts_of
from engine.ai.reasons import closer_draws
from engine.ai.weights import WEIGHTS
from engine.cards import code_of, parse_card
from engine.facts import Position
from engine.game import Game

N = PRESETS["nepali"]
# Seat 0 should throw 9H or 6C, the only lone cards (it cannot see yet).
HAND = "2S 3S 4S 7S 8S JC QC KC 2D 3D TD JD AS AS 2C 2C 3C KD KD 5S 9H"


def _lone_cards_view(dead: str, dublee_next: bool):
    """Seat 0 after drawing 6C; the other two copies of ``dead`` are in the discards."""
    g = Game.new(N, 4, seed=4, hands=1)
    rig(g, 0, HAND, stock_top="6C")
    g.apply(DrawStock())
    view = g.view(0)
    code = parse_card(dead).code
    others = [i for s in (1, 2, 3) for i in g.hands[s] if code_of(i) == code]
    others += [i for i in g.stock if code_of(i) == code]
    buried = tuple(others[: 3 - sum(1 for i in view.hand if code_of(i) == code)])
    seen_by_dublees = tuple(s == 1 and dublee_next for s in range(4))
    return dataclasses.replace(
        view, discards=buried + view.discards, seen_by_dublees=seen_by_dublees
    )


def test_dead_card_goes_before_a_live_one_against_a_dublee_player():
    for dead, live in (("9H", "6C"), ("6C", "9H")):
        view = _lone_cards_view(dead, dublee_next=True)
        assert view.unseen_counts()[parse_card(dead).code] == 0
        for level in ("medium", "hard"):
            action = make_bot(level, iterations=4).choose(view)
            assert action == Discard(parse_card(dead)), (dead, level)
        ranked = Policy().rank_discards(
            Knowledge.of(view), [parse_card(c).code for c in (dead, live)]
        )
        assert ranked[0].danger == 0 < ranked[1].danger


def test_nothing_to_do_is_not_an_error():
    g = Game.new(N, 4, seed=3, hands=1)
    idle = g.view((g.current_player + 1) % 4)
    assert not idle.legal
    for level in (*LEVELS, "random"):
        assert make_bot(level, iterations=2).choose(idle) is None
    assert hint(idle, iterations=2) is None


def test_hint_counts_kinds_of_card_in_good_english():
    assert closer_draws(1).english == "1 kind of card would then bring you closer"
    assert closer_draws(2).english == "2 kinds of card would then bring you closer"
    view = _lone_cards_view("9H", dublee_next=False)
    card = parse_card("8S")  # it runs with 7S, so the reason names the useful draws
    kinds = Position(view).throwing(card).outs.kinds
    assert kinds > 1
    assert (
        f"{kinds} kinds of card would then bring you closer" in explain(view, Discard(card)).english
    )


def test_a_cards_worth_follows_the_tuned_weights_of_pairs_runs_and_rank_mates():
    k = Knowledge.of(_lone_cards_view("9H", dublee_next=False))
    counts = counts_of(k.cards)

    def worth(card: str, **changed: float) -> float:
        code = parse_card(card).code
        counts[code] -= 1
        try:
            return card_value(k, code, counts, {**WEIGHTS, **changed})
        finally:
            counts[code] += 1

    # AS is paired (AS AS): its worth moves with the pair weight, 9H (alone) does not.
    assert worth("AS", pair=WEIGHTS["pair"] + 2) == pytest.approx(worth("AS") + 2)
    assert worth("9H", pair=WEIGHTS["pair"] + 2) == pytest.approx(worth("9H"))
    # 3S sits between 2S and 4S: both neighbours count at the near weight.
    assert worth("3S", run_near=WEIGHTS["run_near"] + 1) == pytest.approx(worth("3S") + 2)
    # 2D has 2S and 2C beside it as rank mates (unseen: one share each).
    assert worth("2D", rank_mate=WEIGHTS["rank_mate"] + 1) == pytest.approx(worth("2D") + 2)
