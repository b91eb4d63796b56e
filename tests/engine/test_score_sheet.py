"""The score sheet of a real match: rows, running totals, corrections, and its plain form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS
from engine.cards import parse_card
from engine.ledger import payments
from engine.score_sheet import ScoreSheet
from engine.tally import MaalCards, SeatEntry, TableHand, tally
from engine.words import Said

NAMES = ("Asha", "Bina", "Chandra", "Dev")


def hand(maal, winner, seen=None, tiplu=None):
    seen = seen or [True] * len(maal)
    return TableHand(tuple(SeatEntry(seen[i], False, m) for i, m in enumerate(maal)), winner, tiplu)


def sheet_of(hands, rules="nepali") -> ScoreSheet:
    sheet = ScoreSheet(NAMES[: len(hands[0].seats)], PRESETS[rules], started=1.0)
    for h in hands:
        sheet = sheet.put(h)
    return sheet


def test_rows_are_the_engines_and_totals_run_on():
    rules = PRESETS["nepali"]
    hands = [hand([5, 6, 0, 10], 2), hand([0, 3, 12, 4], 0, [True, False, True, True])]
    sheet = sheet_of(hands)
    first = tally(hands[0], rules)
    second = tally(hands[1], rules, 1, first.totals)
    assert sheet.results == (first, second)
    assert sheet.totals == tuple(a + b for a, b in zip(first.nets, second.nets, strict=True))
    assert sum(sheet.totals) == 0
    assert sheet.settle_up() == payments(sheet.totals)
    assert sheet.standings()[0] == max(range(4), key=lambda s: (sheet.totals[s], -s))


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_correcting_a_hand_moves_the_totals_and_nothing_else(data):
    rules = PRESETS[data.draw(st.sampled_from(sorted(PRESETS)))]
    n = data.draw(st.integers(2, 5))

    def one() -> TableHand:
        maal = data.draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
        winner = data.draw(st.integers(0, n - 1))
        left = data.draw(st.lists(st.integers(0, 60), min_size=n, max_size=n))
        return TableHand(tuple(SeatEntry(True, False, maal[i], left[i]) for i in range(n)), winner)

    count = data.draw(st.integers(1, 6))
    sheet = ScoreSheet((*NAMES, "Ela")[:n], rules)
    for _ in range(count):
        sheet = sheet.put(one())
    at = data.draw(st.integers(0, count - 1))
    fixed = sheet.put(one(), at)
    before, after = sheet.results, fixed.results
    assert fixed.hands[:at] + fixed.hands[at + 1 :] == sheet.hands[:at] + sheet.hands[at + 1 :]
    assert after[:at] == before[:at]
    shift = [a - b for a, b in zip(after[at].nets, before[at].nets, strict=True)]
    for old, new in zip(before[at + 1 :], after[at + 1 :], strict=True):
        assert new.nets == old.nets
        assert list(new.totals) == [t + d for t, d in zip(old.totals, shift, strict=True)]


def test_a_hand_can_be_taken_out_and_a_closed_match_refuses_changes():
    sheet = sheet_of([hand([5, 0], 1), hand([0, 9], 0)])
    shorter = sheet.remove(0)
    assert shorter.hands == sheet.hands[1:]
    assert shorter.totals == tally(sheet.hands[1], sheet.rules).nets
    closed = sheet.close(5.0)
    for change in (lambda: closed.put(hand([1, 1], 0)), lambda: closed.remove(0)):
        with pytest.raises(ValueError, match="closed"):
            change()


def test_the_plain_form_reads_back_the_same_sheet():
    seven = parse_card("7H")
    cards = MaalCards(tiplus=1, poplus=2, shown_marriages=1, tunnelas=(parse_card("5C"),))
    sheet = sheet_of(
        [
            TableHand((SeatEntry(True, False, cards), SeatEntry(True, False, 4)), 1, seven),
            hand([3, 0], None, [True, False]),
        ]
    ).close(9.5)
    data = json.loads(json.dumps(sheet.to_dict()))
    back = ScoreSheet.from_dict(data, "x")
    assert back == sheet and back.results == sheet.results and back.sheet_id == "x"
    deadwood = sheet_of(
        [TableHand((SeatEntry(True), SeatEntry(False, left=(parse_card("KD"),))), 0)], "indian"
    )
    assert ScoreSheet.from_dict(json.loads(json.dumps(deadwood.to_dict()))) == deadwood


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: [],
        lambda d: {**d, "version": 99},
        lambda d: {**d, "names": ["Asha"]},
        lambda d: {**d, "names": ["Asha", "Asha"]},
        lambda d: {**d, "rules": {"scoring": "poker"}},
        lambda d: {**d, "started": "yesterday"},
        lambda d: {**d, "hands": [{"seats": []}]},
        lambda d: {**d, "hands": [{**d["hands"][0], "winner": 7}]},
        lambda d: {**d, "hands": [{**d["hands"][0], "tiplu": "ZZ"}]},
        lambda d: {
            **d,
            "hands": [{**d["hands"][0], "seats": [{"seen": True, "dublees": 1, "maal": 0}] * 2}],
        },
        lambda d: {
            **d,
            "hands": [
                {**d["hands"][0], "seats": [{"seen": True, "dublees": False, "maal": {"x": 1}}] * 2}
            ],
        },
    ],
)
def test_a_damaged_sheet_is_refused_with_a_reason(damage):
    data = sheet_of([hand([5, 0], 1)]).to_dict()
    with pytest.raises(ValueError) as caught:
        ScoreSheet.from_dict(damage(data))
    assert caught.value.args and isinstance(caught.value.args[0], Said | str)


def test_refusals_are_sentences():
    with pytest.raises(ValueError) as caught:
        ScoreSheet(("Asha",))
    assert isinstance(caught.value.args[0], Said)
