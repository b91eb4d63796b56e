"""The hand ledger: each net split into maal, fee and bonus, and who pays whom."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS
from engine.ai import make_bot
from engine.game import Game
from engine.ledger import Payment, describe_payments, ledger, payments
from engine.result import HandResult

NAMES = ("Asha", "Bina", "Chandra", "Dev", "Ela")


def finished_hands(preset: str, players: int, hands: int):
    """The results of a whole match played by easy bots."""
    g = Game.new(PRESETS[preset], players, seed=players * 31 + len(preset), hands=hands)
    bots = [make_bot("easy", seed=s) for s in range(players)]
    for _ in range(5000 * hands):
        if g.is_over:
            break
        seat = g.current_player
        g.apply(bots[seat].choose(g.view(seat)))
    assert g.is_over
    return g.results


def check(result: HandResult, rules) -> None:
    book = ledger(result, rules)
    assert book.nets == result.nets, (book.shares, result.nets)
    if rules.scoring == "settlement":
        assert sum(s.maal for s in book.shares) == 0
        assert sum(s.fee for s in book.shares) == 0
        assert sum(s.bonus for s in book.shares) == 0
        # Applying the payments gives every player exactly their net.
        got = [0] * len(result.nets)
        for p in book.payments:
            assert p.amount > 0 and p.payer != p.payee
            got[p.payer] -= p.amount
            got[p.payee] += p.amount
        assert tuple(got) == result.nets
        assert len(book.payments) <= max(0, len(result.nets) - 1)
    else:
        assert book.payments == ()
    assert describe_payments(book, NAMES[: len(result.nets)])


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_parts_sum_to_the_settlement_in_played_hands(preset, players):
    results = finished_hands(preset, players, hands=3)
    for result in results:
        check(result, PRESETS[preset])


def _result(rules, points, winner, seen, dublee_win, reason="went out") -> HandResult:
    from engine.scoring import contract_scores, settle

    n = len(points)
    if reason == "void":
        nets = [0] * n
    elif rules.scoring == "settlement":
        nets = settle(points, winner, seen, dublee_win, rules)
    else:
        nets = contract_scores(points, winner, rules)
    return HandResult(
        hand_no=0,
        dealer=0,
        winner=winner,
        reason=reason,
        dublee_win=dublee_win,
        tiplu=None,
        seen=tuple(seen),
        points=tuple(points),
        breakdowns=(),
        nets=tuple(nets),
        hands=((),) * n,
        shown=((),) * n,
        finish=(),
        final_discard=None,
        totals=tuple(nets),
    )


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(["nepali", "house", "contract"]),
    unseen=st.sampled_from(["count", "murder", "kidnap"]),
    data=st.data(),
)
def test_parts_sum_to_the_settlement_for_any_maal(preset, unseen, data):
    rules = PRESETS[preset].replace(unseen_maal=unseen)
    n = data.draw(st.integers(2, 5))
    points = data.draw(st.lists(st.integers(0, 120), min_size=n, max_size=n))
    seen = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    winner = data.draw(st.none() | st.integers(0, n - 1))
    if winner is not None:
        seen[winner] = True
    dublee = winner is not None and rules.dublee_enabled and data.draw(st.booleans())
    reason = "went out" if winner is not None else data.draw(st.sampled_from(["turn cap", "void"]))
    check(_result(rules, points, winner, seen, dublee, reason), rules)


def test_the_example_the_rules_text_got_wrong():
    # Bina went out with 5 maal; Asha (seen, 12 maal) and Chandra (unseen, 0) pay her fees.
    rules = PRESETS["nepali"]
    r = _result(rules, [12, 5, 0], winner=1, seen=[True, True, False], dublee_win=False)
    book = ledger(r, rules)
    asha, bina, chandra = book.shares
    assert (asha.maal, asha.fee, asha.bonus) == (19, -3, 0)
    assert (bina.maal, bina.fee, bina.bonus) == (-2, 13, 0)
    assert (chandra.maal, chandra.fee, chandra.bonus) == (-17, -10, 0)
    assert book.nets == r.nets == (16, 11, -27)
    assert book.payments == (Payment(2, 0, 16), Payment(2, 1, 11))
    assert describe_payments(book, NAMES).english == "Chandra pays Asha 16, Bina 11"


def test_dublee_bonus_and_kidnap_are_their_own_parts():
    rules = PRESETS["nepali"].replace(unseen_maal="kidnap")
    r = _result(rules, [0, 10, 4], winner=0, seen=[True, True, False], dublee_win=True)
    a, b, c = ledger(r, rules).shares
    assert (a.bonus, b.bonus, c.bonus) == (2 * rules.dublee_bonus, -rules.dublee_bonus, -5)
    assert (a.counted, c.counted) == (4, 0)  # the winner took the unseen player's maal


def test_void_and_points_race_and_deadwood():
    nepali = PRESETS["nepali"]
    void = _result(nepali, [7, 3], None, [True, True], False, reason="void")
    assert ledger(void, nepali).nets == (0, 0)
    assert (
        describe_payments(ledger(void, nepali), NAMES).english == "Nobody pays anybody this hand."
    )
    contract = PRESETS["contract"]
    r = _result(contract, [4, 9, 0], 2, [True, False, True], False)
    book = ledger(r, contract)
    assert [s.bonus for s in book.shares] == [0, 0, 2 * contract.contract_win_points]
    assert "Chandra scores 20" in describe_payments(book, NAMES).english
    indian = PRESETS["indian"]
    r = dataclasses.replace(r, nets=(0, 40, 12))
    book = ledger(r, indian)
    assert [s.deadwood for s in book.shares] == [0, 40, 12]
    assert describe_payments(book, NAMES).english == "Bina is charged 40; Chandra is charged 12"


def test_payments_refuse_nets_that_do_not_balance():
    with pytest.raises(ValueError, match="sum to zero"):
        payments([3, -1])


def test_the_default_seat_name_reads_as_english():
    rules = PRESETS["nepali"]
    r = _result(rules, [0, 9], winner=1, seen=[True, True], dublee_win=False)
    assert describe_payments(ledger(r, rules), ("You", "Sita")).english == "You pay Sita 12"
