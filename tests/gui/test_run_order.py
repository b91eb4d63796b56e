"""A run is laid out in run order wherever a hand's melds are shown: A 2 3 with the ace low,
Q K A with it high, each wild card where it stands; the score sheet draws its cards so, and
the hint and coach words name the cards so."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui.test_replay import SOLO, app, sheet  # noqa: F401  (the app fixture)
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import CARDS, DECK_SIZE, parse_card, parse_cards
from engine.facts import in_order
from engine.melds import MeldKind, classify_meld
from engine.rules import PRESETS
from engine.run_order import in_run_order
from engine.wilds import Wilds

NEPALI = PRESETS["nepali"]
WILDS = Wilds(parse_card("9D"), NEPALI)


def _said(cards) -> str:
    return " ".join(str(c) for c in cards)


@pytest.mark.parametrize(
    ("meld", "laid"),
    [
        ("2S 3S AS", "AS 2S 3S"),
        ("AS 3S 2S", "AS 2S 3S"),
        ("KH AH QH", "QH KH AH"),
        ("2S AS 9C", "AS 2S 9C"),  # 9♣ (a joker) stands for the three
        ("3S AS 9C", "AS 9C 3S"),  # ... for the two
        ("QH AH 9S", "QH 9S AH"),  # ... for the king
        ("5C 5C 5C", "5C 5C 5C"),  # a tunnela as it is
    ],
)
def test_runs_are_laid_in_run_order(meld, laid):
    assert _said(in_run_order(parse_cards(meld), WILDS, NEPALI)) == laid
    if " 9" not in f" {meld}":
        assert _said(in_order(parse_cards(meld))) == laid  # the words' order agrees


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.integers(1, 11), st.randoms(use_true_random=False))
def test_a_pure_run_in_any_order_comes_out_rising(suit, start, rnd):
    """Second route: the laid cards' ranks rise one by one from the ace low (1) or from
    ``start`` up to the ace high (14), whatever order they came in."""
    ranks = [r % 13 or 13 for r in range(start, start + 3)]  # 1..13, 13 stands for K
    codes = [suit * 13 + (12 if r == 1 else r - 2) for r in ranks]
    cards = [CARDS[c] for c in codes]
    rnd.shuffle(cards)
    assert classify_meld(cards, None, NEPALI) is MeldKind.PURE_SEQUENCE
    laid = in_run_order(cards, None, NEPALI)
    seen = [c.rank if not (c.rank == 14 and start == 1) else 1 for c in laid]
    assert seen == list(range(seen[0], seen[0] + 3))


def test_the_score_sheet_draws_a_2_3_a_run_ace_first(app, monkeypatch):  # noqa: F811
    scene, _match = sheet(app, SOLO)
    r = scene.result
    seat = next(s for s in range(len(r.hands)) if s != r.winner)
    # The seat held 2♠ 3♠ A♠ (the third pack's), in that order in the hand.
    run = tuple(c + 2 * DECK_SIZE for c in (0, 1, 12))
    hands = list(r.hands)
    hands[seat] = run + tuple(hands[seat][3:])
    scene.result = replace(r, hands=tuple(hands))
    drawn: list[int] = []
    real = scene.table.art.face

    def face(code, *args, **kwargs):
        drawn.append(code)
        return real(code, *args, **kwargs)

    monkeypatch.setattr(scene.table.art, "face", face)
    app.draw()
    said = " ".join(str(CARDS[c]) for c in drawn)
    assert "AS 2S 3S" in said and "2S 3S AS" not in said
