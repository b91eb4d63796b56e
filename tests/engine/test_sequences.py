"""Which cards stand near one another in a sequence: the ace high (Q K A) and low (A 2 3),
never K A 2. ``engine.sequences`` and the relation the facts word sentences from are checked by
a second route: every three cards the meld checker calls a pure sequence, under every preset.
"""

from __future__ import annotations

import pytest

from engine import PRESETS
from engine.cards import CARDS, JOKER_CODE
from engine.facts import How, relation
from engine.melds import MeldKind, classify_meld
from engine.sequences import MATES, gap, in_sequence, run_gap


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_mates_of_a_card_are_the_cards_a_third_makes_a_pure_sequence_with(preset: str) -> None:
    """Under every preset's rules the meld checker agrees, card by card: no preset wraps K A 2."""
    rules = PRESETS[preset]
    for a in range(JOKER_CODE):
        mates = {m.code: m for m in MATES[a]}
        for b in range(JOKER_CODE):
            if a == b:
                continue
            fills = tuple(
                x
                for x in range(JOKER_CODE)
                if x not in (a, b)
                and classify_meld([CARDS[a], CARDS[b], CARDS[x]], None, rules)
                is MeldKind.PURE_SEQUENCE
            )
            assert (b in mates) == bool(fills) == (relation(CARDS[a], CARDS[b]) is How.RUN)
            if fills:
                assert mates[b].fills == fills, (CARDS[a], CARDS[b])
                # Two apart: the one card that makes the sequence stands between them.
                between = len(fills) == 1 and run_gap(fills[0], a) == run_gap(fills[0], b) == 1
                assert mates[b].gap == run_gap(a, b) == (2 if between else 1)


def test_a_king_and_a_two_are_twelve_ranks_apart_and_an_ace_one_from_each() -> None:
    king, two, ace, three = 11, 0, 12, 1
    assert gap(king, two) == gap(two, king) == 11
    assert gap(ace, two) == gap(ace, king) == 1
    assert gap(ace, three) == gap(three, ace) == 2
    for suit in range(4):
        assert suit * 13 + two not in {m.code for m in MATES[suit * 13 + king]}
        assert suit * 13 + king not in {m.code for m in MATES[suit * 13 + two]}


def test_ranks_are_in_sequence_with_the_ace_at_one_end_only() -> None:
    two, three, queen, king, ace = 0, 1, 10, 11, 12
    assert in_sequence((ace, two, three)) and in_sequence((queen, king, ace))
    assert not in_sequence((king, ace, two))
    assert not in_sequence((two, two, three))
    assert run_gap(CARDS[JOKER_CODE].code, 0) is None
    assert run_gap(13 + ace, ace) is None  # two suits
