"""A hand played with real cards, tallied: the table's words give the engine's own settlement.

Three routes check it: the rules text's worked examples; every hand of matches the engine
played itself, said again as a real table would say it (maal as numbers, and maal as the cards
shown, counted again); and random entries against the scoring functions directly.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS
from engine.ai import make_bot
from engine.cards import CARDS, Card, code_of, parse_card, parse_cards
from engine.game import Game
from engine.ledger import ledger
from engine.melds import MeldKind, classify_meld
from engine.result import HandResult
from engine.rules import RuleSet
from engine.scoring import contract_scores, settle
from engine.tally import MaalCards, SeatEntry, TableHand, no_winner_reason, tally
from engine.wilds import Role, Wilds
from engine.words import Said


def played(preset: str, players: int, hands: int, seed: int) -> list[HandResult]:
    """Every hand of a match the engine's easy bots played."""
    g = Game.new(PRESETS[preset], players, seed=seed, hands=hands)
    bots = [make_bot("easy", seed=seed + s) for s in range(players)]
    for _ in range(6000 * hands):
        if g.is_over:
            break
        seat = g.current_player
        g.apply(bots[seat].choose(g.view(seat)))
    assert g.is_over
    return g.results


def shown_cards(result: HandResult, seat: int) -> list[tuple[str, list[Card]]]:
    return [(kind, [CARDS[code_of(i)] for i in ids]) for kind, ids in result.shown[seat]]


def maal_cards_of(result: HandResult, seat: int, rules: RuleSet) -> MaalCards:
    """What a player lays out at a real table's end: their maal cards by kind, the marriages
    they showed, the tunnelas exposed from the deal (counted here from the cards themselves,
    not from the engine's maal count)."""
    assert result.tiplu is not None
    wilds = Wilds(result.tiplu, rules)
    loose = [CARDS[code_of(i)] for i in result.hands[seat]]
    tunnelas: list[Card] = []
    shown_marriages = 0
    for kind, cards in shown_cards(result, seat):
        if kind == "tunnela":
            tunnelas.append(cards[0])
        elif classify_meld(cards, wilds, rules) is MeldKind.MARRIAGE:
            shown_marriages += 1
        else:
            loose += cards
    roles = Counter(wilds.role(c) for c in loose)
    return MaalCards(
        tiplus=roles[Role.TIPLU],
        poplus=roles[Role.POPLU],
        jhiplus=roles[Role.JHIPLU],
        alters=roles[Role.ALTER],
        printed=roles[Role.PRINTED],
        shown_marriages=shown_marriages,
        tunnelas=tuple(tunnelas),
    )


def said_again(result: HandResult, rules: RuleSet, as_cards: bool) -> TableHand:
    """The hand as the keeper of a real table enters it."""
    seats = []
    for s in range(len(result.nets)):
        maal: int | MaalCards = result.points[s]
        if as_cards and result.tiplu is not None:
            maal = maal_cards_of(result, s, rules)
        left = tuple(CARDS[code_of(i)] for i in result.hands[s])
        seats.append(
            SeatEntry(
                seen=result.seen[s],
                dublees=s == result.winner and result.dublee_win,
                maal=maal,
                left=left if as_cards else (result.deadwood[s].points if result.deadwood else 0),
            )
        )
    return TableHand(tuple(seats), result.winner, result.tiplu)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_hand_the_engine_played_tallies_to_its_own_settlement(preset, players):
    rules = PRESETS[preset]
    for result in played(preset, players, hands=3, seed=players * 17 + len(preset)):
        for as_cards in (False, True):
            got = tally(said_again(result, rules, as_cards), rules, result.hand_no)
            assert got.nets == result.nets, (preset, result.hand_no, as_cards)
            if rules.scores_maal:
                assert got.points == result.points
            if result.reason != "turn cap":
                assert got.reason == result.reason
            assert ledger(got, rules).nets == ledger(result, rules).nets


def test_the_rules_text_examples():
    nepali = PRESETS["nepali"]

    def nets(rules, maal, winner, seen=None, dublee=False):
        seen = seen or [True] * len(maal)
        seats = tuple(
            SeatEntry(seen=seen[i], dublees=dublee and i == winner, maal=m)
            for i, m in enumerate(maal)
        )
        return tally(TableHand(seats, winner), rules).nets

    assert nets(nepali, [5, 6, 0, 10], 2) == (-4, 0, -12, 16)
    assert nets(nepali, [5, 6, 0, 10], 2, dublee=True) == (-9, -5, 3, 11)
    assert nets(nepali, [10, 2, 0], 0, [True, True, False], dublee=True) == (41, -14, -27)
    kidnap = nepali.replace(unseen_maal="kidnap")
    assert nets(kidnap, [1, 5, 5], 1, [False, True, True]) == (-21, 20, 1)


def test_maal_cards_are_counted_by_the_engine():
    rules = PRESETS["nepali"]
    seven = parse_card("7H")
    cards = MaalCards(tiplus=1, poplus=2, jhiplus=1, tunnelas=(parse_card("5C"),))
    hand = TableHand((SeatEntry(True, maal=cards), SeatEntry(True, maal=3)), 1, seven)
    result = tally(hand, rules)
    # A marriage (jhiplu, tiplu, poplu) 10, the other poplu 2, the tunnela 5.
    assert result.points == (17, 3)
    labels = sorted(i.label.english for i in result.breakdowns[0].items)
    assert labels == ["marriage", "poplu", "tunnela of 5C (dealt)"]
    house = PRESETS["house"]
    shown = MaalCards(shown_marriages=1, alters=2)
    hand = TableHand((SeatEntry(True, maal=shown), SeatEntry(True, maal=0)), 1, seven)
    assert tally(hand, house).points == (15 + 15, 0)


def test_deadwood_counts_the_cards_left_over_with_the_wild_cards_of_a_player_who_saw():
    rules = PRESETS["indian"]
    left = tuple(parse_cards("5C 6C KD"))
    tiplu = parse_card("KS")  # KD is a joker: 5C 6C KD is a run
    seats = (SeatEntry(True), SeatEntry(True, left=left), SeatEntry(False, left=left))
    result = tally(TableHand(seats, 0, tiplu), rules)
    assert result.nets == (0, 0, 5 + 6 + 10)
    told = (SeatEntry(True), SeatEntry(True, left=12), SeatEntry(False, left=30))
    assert tally(TableHand(told, 0, tiplu), rules).nets == (0, 12, 30)


@pytest.mark.parametrize(
    ("hand", "rules", "words"),
    [
        (
            TableHand((SeatEntry(True, maal=MaalCards(tiplus=1)), SeatEntry(True)), 0),
            "nepali",
            "maal cards are counted from the tiplu",
        ),
        (
            TableHand(
                (
                    SeatEntry(True, maal=MaalCards(tiplus=2)),
                    SeatEntry(True, maal=MaalCards(tiplus=1)),
                ),
                0,
                parse_card("7H"),
            ),
            "nepali",
            "7H is entered 3 times, but only 2 can be held",
        ),
        (
            TableHand(
                tuple(SeatEntry(True, maal=MaalCards(poplus=2)) for _ in range(2)),
                0,
                parse_card("7H"),
            ),
            "nepali",
            "8H is entered 4 times, but the shoe holds only 3",
        ),
        (
            TableHand(
                (SeatEntry(True, maal=MaalCards(alters=1)), SeatEntry(True)), 0, parse_card("7H")
            ),
            "nepali",
            "these rules have no alter",
        ),
        (TableHand((SeatEntry(False), SeatEntry(True)), 0), "nepali", "must have seen"),
        (
            TableHand((SeatEntry(True, True), SeatEntry(True), SeatEntry(True)), 0),
            "house",
            "do not allow dublees",
        ),
        (TableHand((SeatEntry(True, maal=1001), SeatEntry(True)), 0), "nepali", "0 to 1000"),
        (TableHand((SeatEntry(True),), 0), "nepali", "2 to 5 players"),
    ],
)
def test_what_no_hand_can_be_is_refused_with_a_reason(hand, rules, words):
    with pytest.raises(ValueError, match=words) as caught:
        tally(hand, PRESETS[rules])
    assert isinstance(caught.value.args[0], Said)


def test_a_hand_nobody_went_out_of_is_void_where_the_rules_say_so():
    seats = (SeatEntry(True, maal=7), SeatEntry(False, maal=2))
    assert tally(TableHand(seats, None), PRESETS["house"]).nets == (0, 0)
    nepali = tally(TableHand(seats, None), PRESETS["nepali"])
    assert nepali.nets == (5, -5) and nepali.reason == no_winner_reason(PRESETS["nepali"])


@settings(max_examples=300, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), data=st.data())
def test_every_row_is_the_engines_settlement(preset, data):
    rules = PRESETS[preset].replace(
        unseen_maal=data.draw(st.sampled_from(["count", "murder", "kidnap"]))
    )
    n = data.draw(st.integers(2, 5))
    maal = data.draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    left = data.draw(st.lists(st.integers(0, 200), min_size=n, max_size=n))
    seen = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    winner = data.draw(st.none() | st.integers(0, n - 1))
    if winner is not None:
        seen[winner] = True
    dublee = winner is not None and rules.dublees_allowed(n) and data.draw(st.booleans())
    seats = tuple(SeatEntry(seen[i], dublee and i == winner, maal[i], left[i]) for i in range(n))
    result = tally(TableHand(seats, winner), rules)
    if no_winner_reason(rules) == "void" and winner is None:
        expected = [0] * n
    elif rules.scoring == "settlement":
        expected = settle(maal, winner, seen, dublee, rules)
    elif rules.scoring == "contract":
        expected = contract_scores(maal, winner, rules)
    else:
        expected = [0 if i == winner else left[i] for i in range(n)]
    assert list(result.nets) == expected
    assert ledger(result, rules).nets == result.nets
    if rules.scoring == "settlement":
        assert sum(result.nets) == 0
