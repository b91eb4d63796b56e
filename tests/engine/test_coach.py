"""The coach's engine side: a seat's moments in a finished hand, the hard bot's ranked
alternatives, and the review's marks (reproducible, naming only cards the seat could see).

The full run (200 random hands per preset) is ``bench/coach.py``; this file checks a sample of
the same kind of hands, so that it fits in the test suite's time.
"""

from __future__ import annotations

import pytest

from bench.coach import NAMES, finished_hand, problems, record
from engine.actions import DrawStock, TakeDiscard
from engine.ai.alternatives import bot_choice, decision_kind, rank
from engine.ai.coach import Mark, Review, named_codes, review_seat
from engine.cards import CARDS, code_of, parse_cards
from engine.game import Game
from engine.match import LocalMatch
from engine.moments import seat_moments, view_at
from engine.record import MatchRecord
from engine.replay import replay_hand
from engine.rules import PRESETS
from engine.words import Cards, say, words

#: Hands of the sample, per preset (the bench runs 200).
SAMPLE = (0, 2)


@pytest.fixture(scope="module")
def hands() -> dict[tuple[str, int], list]:
    return {(p, s): finished_hand(p, s) for p in PRESETS for s in SAMPLE}


def test_moments_are_the_seats_moves_with_its_view_just_before(hands) -> None:
    played = record("nepali", 0, hands[("nepali", 0)])
    replay = replay_hand(played, 0)
    for seat in range(len(NAMES)):
        moments = seat_moments(played, 0, seat)
        assert moments
        for m in moments:
            before, after = replay.frames[m.move - 1], replay.frames[m.move]
            assert after.actor == seat
            assert m.view.seat == seat
            assert sorted(m.view.hand) == sorted(before.hands[seat])
            assert m.action in m.view.legal
    # every move of the hand belongs to exactly one seat's moments
    moves = sorted(m.move for seat in range(len(NAMES)) for m in seat_moments(played, 0, seat))
    assert moves == list(range(1, replay.moves + 1))


def test_view_at_is_the_moment_view(hands) -> None:
    played = record("house", 2, hands[("house", 2)])
    m = seat_moments(played, 0, 1)[2]
    assert view_at(played, 0, m.move, 1) == m.view
    with pytest.raises(ValueError, match="no move"):
        view_at(played, 0, 10_000, 1)
    with pytest.raises(ValueError, match="no seat"):
        view_at(played, 0, 1, 9)


def test_a_hand_not_finished_cannot_be_looked_back_on(hands) -> None:
    log = hands[("nepali", 0)]
    with pytest.raises(ValueError, match="has not been played to its end"):
        seat_moments(record("nepali", 0, log[:-1]), 0, 0)
    with pytest.raises(ValueError, match="has not been played to its end"):
        review_seat(record("nepali", 0, log), 1, 0)


def test_ranked_alternatives_start_with_the_bots_pick_and_grow_dearer(hands) -> None:
    kinds = set()
    for m in seat_moments(record("nepali", 0, hands[("nepali", 0)]), 0, 0)[:8]:
        ranked = rank(m.view)
        kind = decision_kind(m.view)
        if kind is None:
            assert ranked == []
            continue
        kinds.add(kind)
        assert ranked[0].action == bot_choice(m.view)
        assert ranked[0].cost == 0
        costs = [a.cost for a in ranked]
        assert costs == sorted(costs)
        assert all(a.action in m.view.legal for a in ranked)
        if kind == "discard":
            # one line per kind of card held
            assert len(ranked) == len({c.code for c in m.view.cards})
        if kind == "draw":
            assert {type(a.action) for a in ranked} == {DrawStock, TakeDiscard}
    assert {"draw", "discard"} <= kinds


def test_the_bots_pick_is_the_same_every_time(hands) -> None:
    for m in seat_moments(record("contract", 0, hands[("contract", 0)]), 0, 2)[:6]:
        assert bot_choice(m.view) == bot_choice(m.view)


def test_reviews_are_reproducible_and_name_only_cards_the_seat_saw(hands) -> None:
    marked = 0
    for (preset, seed), log in hands.items():
        review = review_seat(record(preset, seed, log), 0, 0)
        assert problems(preset, seed, log, review) == []
        assert 0 <= review.matched <= review.choices
        assert [m.cost for m in review.marks] == sorted(
            (m.cost for m in review.marks), reverse=True
        )
        for mark in review.marks:
            assert mark.done.english.startswith("you ")
            assert mark.instead.english.startswith("the hard bot would ")
            assert mark.cost >= 0.5
            assert "\n" not in mark.why.english
        marked += len(review.marks)
    assert marked > 0


def test_the_unseen_card_check_can_fail(hands) -> None:
    log = hands[("nepali", 0)]
    first = seat_moments(record("nepali", 0, log), 0, 0)[0]
    # a card the seat had not seen at its first move: one only another seat held
    seen = {code_of(i) for i in first.view.visible_ids()}
    g = Game.new(PRESETS["nepali"], list(NAMES), 0, 1)
    hidden = next(code_of(i) for i in g.hands[1] if code_of(i) not in seen)
    why = say("{card} joins nothing", card=Cards.of([CARDS[hidden]]))
    bad = Review(
        0,
        0,
        1,
        0,
        (Mark(first.move, "discard", words("you threw X"), words("x"), why, 1.0),),
    )
    assert any(f"names unseen codes [{hidden}]" in p for p in problems("nepali", 0, log, bad))


def test_marks_say_what_was_done_and_what_the_bot_would_do() -> None:
    # Two equal hands but for one move make no difference: look for a mark on a thrown card.
    for seed in range(6):
        log = finished_hand("nepali", seed, "easy")
        review = review_seat(record("nepali", seed, log), 0, 0)
        throws = [m for m in review.marks if m.kind == "discard"]
        if throws:
            m = throws[0]
            thrown = parse_cards(m.done.english.split("you threw ")[1].split()[0])[0]
            instead = parse_cards(m.instead.english.split("would throw ")[1].split()[0])[0]
            assert thrown != instead
            assert str(thrown) in m.why.english and str(instead) in m.why.english
            return
    pytest.fail("no thrown card was marked in six hands of easy play")


def test_review_of_a_saved_match_is_the_same(hands) -> None:
    match = LocalMatch.new(
        PRESETS["nepali"], NAMES, ["human"] * 4, seed=0, hands=1, worker="inline"
    )
    for action in hands[("nepali", 0)]:
        match.submit(match._game.current_player, action)
    played = match.record()
    assert played == record("nepali", 0, hands[("nepali", 0)])
    assert MatchRecord.from_dict(match.save_dict()) == played
    assert review_seat(played, 0, 0) == review_seat(record("nepali", 0, hands[("nepali", 0)]), 0, 0)
    with pytest.raises(ValueError, match="not a Marriage game save"):
        MatchRecord.from_dict({"rules": played.rules.to_dict()})
    with pytest.raises(ValueError, match="not a Marriage game save"):
        MatchRecord.from_dict([])


def test_reviews_and_marks_round_trip_as_plain_data() -> None:
    mark = Mark(
        3,
        "discard",
        say("you threw {card}", card=Cards.of(parse_cards("8D"))),
        words("KC"),
        words("why"),
        1.5,
    )
    review = Review(1, 0, 7, 5, (mark,))
    assert Review.from_dict(review.to_dict()) == review
    assert review.share == 5 / 7
    assert Review(0, 0, 0, 0, ()).share is None
    broken = review.to_dict() | {"matched": 9}
    with pytest.raises(ValueError):
        Review.from_dict(broken)
    with pytest.raises(ValueError):
        Mark.from_dict(mark.to_dict() | {"kind": "dance"})
    with pytest.raises(ValueError):
        Mark.from_dict(mark.to_dict() | {"cost": "lots"})


def test_named_codes_reads_the_card_fields_not_the_words() -> None:
    from engine.words import Cards, clauses, say

    threw = say("you threw {card}", card=Cards.of(parse_cards("8D")))
    went = say(
        "{card} went with {cards}",
        card=Cards.of(parse_cards("8D")),
        cards=Cards.of(parse_cards("7D 9D TS JK AC"), 4),
    )
    assert named_codes(clauses([threw, went])) == {c.code for c in parse_cards("8D 7D 9D TS JK")}
    # A name that looks like a card is a name, not a card.
    assert named_codes(say("{name} could help {other}", name="AS", other="QC")) == set()


def test_choices_that_differed_at_little_cost_are_kept_apart_from_the_marks(hands) -> None:
    from engine.ai.coach import MATCHED, MIN_COST
    from engine.words import Said

    differed = 0
    for (preset, seed), log in hands.items():
        review = review_seat(record(preset, seed, log), 0, 0)
        assert all(m.cost >= MIN_COST for m in review.marks)
        assert all(MATCHED <= m.cost < MIN_COST for m in review.differences)
        for m in review.differences:
            assert isinstance(m.why, Said) and m.done.english.startswith("you ")
        # every choice that did not match is a mark or a difference (up to the kept number)
        unmatched = review.choices - review.matched
        assert len(review.marks) + len(review.differences) <= unmatched
        differed += len(review.differences)
        assert Review.from_dict(review.to_dict()) == review
    assert differed > 0
