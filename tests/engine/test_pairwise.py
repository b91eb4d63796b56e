"""Settling pair by pair (§7): each two players settle their maal difference, losers their fee."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.rules import HOUSE, NEPALI
from engine.scoring import pairwise, settle


def _nets(owed, n):
    nets = [0] * n
    for payer, payee, amount in owed:
        nets[payer] -= amount
        nets[payee] += amount
    return nets


def test_the_spec_example_pair_by_pair():
    # S = 5, 6, 0 (winner), 10, all seen: nets -4, 0, -12, +16.
    owed = pairwise([5, 6, 0, 10], 2, [True] * 4, False, NEPALI)
    assert owed == [(0, 1, 1), (2, 0, 2), (0, 3, 5), (2, 1, 3), (1, 3, 4), (2, 3, 7)]
    assert _nets(owed, 4) == [-4, 0, -12, 16]


def test_a_dublee_win_and_an_unseen_loser():
    # 3 players, S = 10 (winner, dublees), 2 (seen), 0 (unseen): final +41, -14, -27.
    owed = pairwise([10, 2, 0], 0, [True, True, False], True, NEPALI)
    assert (1, 0, 8 + 3 + 5) in owed and (2, 0, 10 + 10 + 5) in owed and (2, 1, 2) in owed
    assert _nets(owed, 3) == [41, -14, -27]


@given(
    st.lists(st.integers(0, 80), min_size=2, max_size=5),
    st.data(),
)
def test_pair_by_pair_adds_up_to_the_nets(points, data):
    n = len(points)
    winner = data.draw(st.one_of(st.none(), st.integers(0, n - 1)))
    seen = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    dublee = data.draw(st.booleans())
    for rules in (NEPALI, HOUSE, HOUSE.replace(unseen_maal="kidnap")):
        owed = pairwise(points, winner, seen, dublee, rules)
        assert _nets(owed, n) == settle(points, winner, seen, dublee, rules)
        assert all(amount > 0 and payer != payee for payer, payee, amount in owed)
        assert len({frozenset((a, b)) for a, b, _ in owed}) == len(owed)  # one payment a pair
