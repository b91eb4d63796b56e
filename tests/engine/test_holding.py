"""Each seat's hand counts, kept from turn to turn, equal a fresh count of its hand.

``engine.speed.holding`` carries a seat's wide count, its kinds and its Discards over a turn
(one card gone, one come) instead of counting the hand again; here they are compared, after
every action of random games of every preset, with the hand counted afresh the plain way.
"""

import random

import pytest

from engine import PRESETS, turns
from engine.cards import JOKER_CODE, code_of
from engine.game import Game
from engine.speed import glance, holding


def _fresh(hand: list[int]) -> tuple[int | None, list[int], list[str]]:
    """The counts of ``hand`` the plain way: its wide count, its kinds, one Discard per kind."""
    kinds = [0] * (JOKER_CODE + 1)
    for i in hand:
        kinds[code_of(i)] += 1
    return glance.wide(hand), kinds, [str(a) for a in turns._discard_actions(hand, None)]


def _kept(h: holding.Holding) -> tuple[int | None, list[int], list[str]]:
    return h.wide, list(h.kinds), [str(a) for a in h.discard_actions(None)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kept_counts_equal_a_fresh_count_after_every_action(preset):
    """As the engine asks (the seat to act, after drawing): carried over from its last turn."""
    carried = 0
    for players in (2, 4, 5):
        rng = random.Random(players)
        g = Game.new(PRESETS[preset], players, players, hands=3)
        last: dict[int, holding.Holding | None] = {}
        for _ in range(600):
            if g.is_over:
                break
            p = g.current_player
            if g.phase == "play":
                kept = holding.holding(g, p)
                assert kept is not None
                assert kept.ids == g.hands[p] and kept.total == sum(g.hands[p])
                assert _kept(kept) == _fresh(g.hands[p])
                carried += kept is last.get(p)
                last[p] = kept
            g.apply(rng.choice(g.legal_actions()))
    assert carried > 100  # the counts were carried over turns, not only made afresh


def test_kept_counts_asked_of_every_seat_after_every_action_equal_a_fresh_count():
    """Asked after every single card moved, of every seat: never a count that is not the hand's."""
    rng = random.Random(7)
    g = Game.new(PRESETS["nepali"], 3, 7, hands=2)
    for _ in range(400):
        if g.is_over:
            break
        for seat in range(3):
            kept = holding.holding(g, seat)
            assert kept is not None and _kept(kept) == _fresh(g.hands[seat])
        g.apply(rng.choice(g.legal_actions()))


def test_a_turn_is_carried_over_and_anything_else_counted_afresh():
    g = Game.new(PRESETS["nepali"], 4, 3, hands=1)
    hand = g.hands[0]
    h = holding.holding(g, 0)
    assert h is not None
    hand.remove(hand[5])
    hand.append(g.stock.pop())  # a turn: one card gone, one come at the end
    assert holding.holding(g, 0) is h
    assert _kept(h) == _fresh(hand)
    hand[0], hand[1] = hand[1], hand[0]  # the same cards in another order
    again = holding.holding(g, 0)
    assert again is not h and _kept(again) == _fresh(hand)
    hand[2] = g.stock.pop()  # a card swapped in place (a lesson stacks its deal so)
    hand.append(g.stock.pop())
    hand.remove(hand[0])
    after = holding.holding(g, 0)
    assert after is not None and after.ids == hand and _kept(after) == _fresh(hand)
    g.hands[0] = [*hand[:-1], 10_000]  # an id no shoe holds: no counts, the searches decide
    assert holding.holding(g, 0) is None
    assert g.legal_actions() == turns.legal_actions(g)


def test_the_discard_barred_after_taking_is_left_out():
    g = Game.new(PRESETS["nepali"], 4, 4, hands=1)
    h = holding.holding(g, 0)
    assert h is not None
    code = code_of(g.hands[0][3])
    acts = h.discard_actions(code)
    assert [a.card.code for a in acts] == sorted({code_of(i) for i in g.hands[0]} - {code})
    assert h.discard_actions(None) == h.discards and h.discard_actions(None) is not h.discards


def test_a_clone_counts_its_own_hands():
    g = Game.new(PRESETS["nepali"], 4, 5, hands=1)
    g.apply("draw stock")
    g.legal_actions()
    copy = g.clone()
    copy.apply(copy.legal_actions()[-1])
    assert holding.holding(g, 0).ids == g.hands[0]
    assert holding.holding(copy, 0).ids == copy.hands[0]
    assert holding.holding(g, 0) is not holding.holding(copy, 0)


def test_the_table_is_kept_while_the_seat_shows_the_same_melds():
    rules = PRESETS["nepali"]
    g = Game.new(rules, 4, 6, hands=1)
    h = holding.holding(g, 0)
    assert h is not None
    shown = g.shown[0]
    first = h.table(shown, rules, 4)
    assert first == glance.table_of(shown, rules, 4)
    assert h.table(shown, rules, 4) is first
    hand = g.hands[0]
    shown.append(("tunnela", (hand.pop(), hand.pop(), hand.pop())))
    again = h.table(shown, rules, 4)
    assert again == glance.table_of(shown, rules, 4) and again != first
    assert h.table(shown, rules, 3) == glance.table_of(shown, rules, 3)
    shown.append(["see", [hand.pop(), hand.pop(), hand.pop()]])  # lists: never kept
    listed = h.table(shown, rules, 4)
    assert listed == glance.table_of(shown, rules, 4)
    shown[-1][1].pop()
    assert h.table(shown, rules, 4) == glance.table_of(shown, rules, 4)
