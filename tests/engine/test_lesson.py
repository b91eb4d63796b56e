"""The lesson deal: a stacked first hand that keeps the shoe whole and lets the guide teach."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Discard, DrawStock, TakeDiscard
from engine.cards import card_of, code_of, parse_cards
from engine.lesson import LessonDeal, keep, lesson_facts, lesson_match
from engine.rules import PRESETS

HAND = "9C 9C 3H 4H 5H JS QS KS KC KH KD QH QC QD 8S 9S 7D 2C 3C AS 5S"
DEAL = LessonDeal(0, HAND, "9C", "4C AC 4C AC", "6D")
NAMES = ["You", "Sita", "Ram", "Hari"]


def match(seed: int = 4, deal: LessonDeal = DEAL):
    return lesson_match(
        PRESETS["nepali"], NAMES, ["human", "easy", "easy", "easy"], deal, seed, worker="inline"
    )


def codes(text: str) -> Counter[int]:
    return Counter(c.code for c in parse_cards(text))


@pytest.mark.parametrize("seed", [0, 4, 99])
def test_the_seat_holds_the_lesson_and_the_shoe_is_whole(seed):
    m = match(seed)
    v = m.view(0)
    assert Counter(code_of(c) for c in v.hand) == codes(HAND)
    assert str(card_of(v.discards[-1])) == "9C"
    g = m._game
    assert [str(card_of(c)) for c in g.stock[-4:][::-1]] == ["4C", "AC", "4C", "AC"]
    every = [*g.stock, *g.discards, *(c for h in g.hands for c in h)]
    assert sorted(every) == list(range(156))
    assert v.history[0].text.english.endswith("9C starts the discard pile")
    m.close()


def test_the_first_seer_sets_the_lessons_tiplu_aside_and_the_next_draw_goes_out():
    m = match()
    m.submit(0, TakeDiscard())
    see = m.view(0).best_see
    assert see is not None and len(see.melds) == 3
    m.submit(0, see)
    v = m.view(0)
    assert str(v.tiplu) == "6D"
    assert v.best_go_out is None  # seeing does not finish the hand at once
    five = next(c for c in v.hand if str(card_of(c)) == "5S")
    m.submit(0, Discard(card_of(five), five))
    m.run_bots()
    m.submit(0, DrawStock())
    out = m.view(0).best_go_out
    assert out is not None
    m.submit(0, out)
    assert m.view(0).hand_over and m.view(0).result.winner == 0
    m.close()


def test_a_stacked_deal_offers_no_replay_nor_record():
    m = match()
    assert not m.can_replay and m.replay(0) is None and m.record() is None
    m.close()


def test_a_lesson_that_cannot_be_dealt_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="cards, not 21"):
        match(deal=LessonDeal(0, "9C 9C", "9C"))
    with pytest.raises(ValueError, match="no free copy"):
        match(deal=LessonDeal(0, HAND, "9C", "9C 9C"))


def test_the_lesson_reads_its_words_from_its_position():
    m = match()
    f = lesson_facts(m.view(0))
    assert f.take is not None and f.take.said.english == (
        "it makes the tunnela 9C 9C 9C; you could then see this turn"
    )
    assert not f.takes_out
    m.submit(0, TakeDiscard())
    v = m.view(0)
    f = lesson_facts(v)
    assert [str(c) for c in f.tunnela] == ["9C"] * 3
    assert sorted(" ".join(map(str, r)) for r in f.runs) == ["3H 4H 5H", "JS QS KS"]
    m.submit(0, v.best_see)
    v = m.view(0)
    f = lesson_facts(v)
    assert [(str(c), r.value) for c, r in f.maal] == [("7D", "poplu")]
    assert {str(t.card) for t in f.loose} == {"AS", "5S"} and str(f.loose[0].card) == "AS"
    assert f.throw.said.english == (
        "it goes with nothing in your hand but the wild 7D; "
        "without it you are still 1 card from going out"
    )
    assert keep(v, card_of(next(c for c in v.hand if str(card_of(c)) == "8S"))).said.english == (
        "without it you would be 2 cards from going out, not 1"
    )
    assert keep(v, card_of(next(c for c in v.hand if str(card_of(c)) == "AS"))) is None
    m.close()
