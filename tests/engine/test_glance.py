"""The glance at a hand says "nothing to show" or "no way out" only when the searches agree.

``engine.speed.glance`` lets ``legal_actions`` skip the seeing and going-out searches for most
hands; each of its answers is compared here with the search it spares, on random hands, tables
and wild cards of every preset, and the legal actions with it with those listed without it.
"""

import dataclasses
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, turns
from engine.actions import GoOut, See
from engine.cards import CARDS, SHOE_SIZE
from engine.game import Game
from engine.solver import going_out_options, seeing_options
from engine.solver.bounds import hopeless_masks
from engine.solver.going_out import Tally
from engine.solver.search import Table, table_for
from engine.solver.seeing import _pure_code_melds
from engine.speed import glance
from engine.wilds import Wilds

#: Printed jokers in play, so that their hands are met too (the glance leaves them to search).
JOKERS = 2


def _ids(codes: list[int]) -> list[int]:
    """Physical ids for card codes: the next unused copy of each (52 for a printed joker)."""
    used: dict[int, int] = {}
    ids = []
    for c in codes:
        k = used.get(c, 0)
        used[c] = k + 1
        ids.append(SHOE_SIZE + k if c == 52 else c + 52 * k)
    return ids


def _codes(rng: random.Random, size: int, jokers: bool) -> list[int]:
    """A hand's codes: random, or mostly melds and pairs (one in two) so that some can see or
    go out; never more than three copies of a card."""
    shoe = [c for c in range(52) for _ in range(3)] + ([52] * JOKERS if jokers else [])
    if rng.random() < 0.5:
        return rng.sample(shoe, size)
    codes: list[int] = []
    while len(codes) < size:
        kind = rng.random()
        if kind < 0.35:
            suit, start = rng.randrange(4), rng.randrange(-1, 11)
            codes += [suit * 13 + (start + i) % 13 for i in range(3)]
        elif kind < 0.55:
            codes += [rng.randrange(52)] * 3
        elif kind < 0.7:
            r = rng.randrange(13)
            codes += [s * 13 + r for s in rng.sample(range(4), 3)]
        elif kind < 0.85:
            codes += [rng.randrange(52)] * 2
        else:
            codes.append(rng.choice(shoe))
    kept: list[int] = []
    for c in codes[:size]:
        if kept.count(c) < (JOKERS if c == 52 else 3):
            kept.append(c)
    return kept


def _table(rng: random.Random) -> list[tuple[str, tuple[int, ...]]]:
    """What a seat may show: nothing, exposed tunnelas, the melds it saw with, or dublees."""
    kind = rng.randrange(5)
    if kind == 0:
        return []
    if kind == 1:
        return [("tunnela", tuple(_ids([c] * 3))) for c in rng.sample(range(52), rng.randint(1, 3))]
    if kind == 2:
        suit, start = rng.randrange(4), rng.randrange(11)
        run = [suit * 13 + start + i for i in range(3)]
        return [("see", tuple(_ids(run)))] + [("see", tuple(_ids([c] * 3))) for c in (40, 41)]
    if kind == 3:
        return [("see", tuple(_ids([c] * 3))) for c in rng.sample(range(52), 3)]
    return [("dublee", tuple(_ids([c] * 2))) for c in rng.sample(range(52), 7)]


def _cards(ids):
    return [CARDS[i % 52 if i < SHOE_SIZE else 52] for i in ids]


def _rules(preset: str):
    return dataclasses.replace(PRESETS[preset], printed_jokers=JOKERS)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_may_see_is_exactly_whether_there_is_a_way_to_see(preset):
    rules = _rules(preset)
    rng = random.Random(preset)
    answers = set()
    for i in range(1500):
        hand = _ids(_codes(rng, rng.choice((13, 21, 22, 22)), jokers=i % 5 == 0))
        shown = _table(rng) if i % 3 == 0 else []
        players = rng.randint(2, 5)
        ways = seeing_options(_cards(hand), rules, [_cards(ids) for _k, ids in shown], players)
        assert glance.may_see(hand, shown, rules, players) == bool(ways), (hand, shown)
        answers.add(bool(ways))
    assert answers == {True, False}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_may_go_out_is_false_only_when_there_is_no_way_out(preset):
    rules = _rules(preset)
    rng = random.Random(preset)
    met = set()
    for i in range(1500):
        hand = _ids(_codes(rng, rng.choice((14, 19, 22, 22, 23)), jokers=i % 7 == 0))
        shown = _table(rng) if i % 4 else []
        wilds = None if i % 5 == 0 else Wilds(CARDS[rng.randrange(52)], rules)
        players = rng.randint(2, 5)
        glanced = glance.may_go_out(hand, shown, wilds, rules, players)
        if rules.lay_off:  # cards laid off are left to the search
            assert glanced
            continue
        finishes = going_out_options(
            _cards(hand), wilds, rules, [_cards(ids) for _k, ids in shown], players
        )
        assert glanced or not finishes, (hand, shown, wilds)
        met.add((glanced, bool(finishes)))
    if not rules.lay_off:
        assert met == {(True, True), (True, False), (False, False)}


@settings(max_examples=250, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13))
def test_most_pure_melds_of_a_suit_equal_the_most_the_listed_melds_give(counts):
    """The count of one suit's pure melds shown at once, against trying every choice of the
    pure melds the seeing search lists."""
    whole = counts + [0] * 40
    melds = _pure_code_melds(whole, False)

    def most(start: int, left: list[int]) -> int:
        best = 0
        for i in range(start, len(melds)):
            need = {c: melds[i].count(c) for c in melds[i]}
            if all(left[c] >= k for c, k in need.items()):
                for c, k in need.items():
                    left[c] -= k
                best = max(best, 1 + most(i, left))
                for c, k in need.items():
                    left[c] += k
        return best

    assert glance._most_pure(tuple(counts), {}) == most(0, list(whole))


def test_the_wide_hopeless_bound_equals_the_solvers():
    rng = random.Random(5)
    rules = _rules("nepali")
    for i in range(3000):
        codes = _codes(rng, rng.choice((7, 13, 16, 22)), jokers=False)
        codes = [c for c in codes if c != 52][: len(codes) - i % 3] + [52] * (i % 3)
        wilds = None if i % 2 else Wilds(CARDS[rng.randrange(52)], rules)
        t = Tally([CARDS[c] for c in codes], None if wilds is None else wilds.wild)
        jokers = t.counts[52] if wilds is None else 0
        count = glance.wide(_ids(codes))
        assert count is not None
        once = count & glance._SLOTS
        twice = (count >> 1) & glance._SLOTS
        wild = 0 if wilds is None else glance._wild_slots(wilds)
        wide = glance.hopeless_wide(
            once | twice, twice, once & twice, (once | twice) & ~wild, t.wild_cards, jokers
        )
        assert wide == hopeless_masks(t.p1, t.p2, t.p3, t.nat, t.wild_cards, jokers)


def test_the_table_of_ids_is_the_table_of_cards():
    rng = random.Random(9)
    for preset in PRESETS:
        rules = PRESETS[preset]
        for _ in range(200):
            shown = _table(rng)
            players = rng.randint(2, 5)
            a = glance.table_of(shown, rules, players)
            b = Table([_cards(ids) for _k, ids in shown], rules, players)
            assert [getattr(a, k) for k in Table.__slots__] == [
                getattr(b, k) for k in Table.__slots__
            ]
    edited = [("tunnela", [0, 52, 104])]  # lists inside, as a hand-edited state may hold
    assert glance.table_of(edited, rules, 4) is table_for([[CARDS[0]] * 3], rules, 4)


def test_an_unknown_card_id_leaves_the_answer_to_the_searches():
    rules = PRESETS["nepali"]
    assert glance.wide([0, 10_000]) is None
    assert glance.may_see([0, 10_000], [], rules, 4)
    assert glance.may_go_out([0, 10_000], [], None, rules, 4)


def _eager(rng: random.Random, acts: list) -> object:
    """Random play that sees and goes out whenever it may, so that seen hands are met often."""
    shows = [a for a in acts if isinstance(a, See | GoOut)]
    return rng.choice(shows or acts)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_legal_actions_with_the_glance_equal_the_searches_alone(preset, monkeypatch):
    """Every position of random games (2 to 5 players): the glance changes no legal list."""
    sees = goes = 0
    for players in (2, 3, 4, 5):
        rng = random.Random(players)
        g = Game.new(_rules(preset), players, players, hands=3)
        for _ in range(250):
            if g.is_over:
                break
            fast = turns.legal_actions(g)
            with monkeypatch.context() as m:
                m.setattr(glance, "may_see_wide", lambda *a: True)
                m.setattr(glance, "may_go_out_wide", lambda *a: True)
                plain = turns.legal_actions(g)
            assert fast == plain
            sees += sum(1 for a in plain if isinstance(a, See) and a.melds)
            goes += sum(1 for a in plain if isinstance(a, GoOut))
            g.apply(_eager(rng, plain))
    assert sees and goes


def test_every_way_to_see_a_suit_can_hold_is_met():
    """The memo answers for a suit's cards, whatever else the hand holds."""
    rules = PRESETS["nepali"]
    hand = _ids([0, 1, 2, 3, 4, 5, 12, 20, 33, 46])  # 2 3 4 5 6 7 and A of spades: two runs
    assert glance.may_see(hand, [("tunnela", tuple(_ids([9] * 3)))], rules, 4)
    assert not glance.may_see(hand, [], rules, 4)
    for more in combinations((6, 7, 8), 3):  # 8 9 T: a third run
        assert glance.may_see(hand + _ids(list(more)), [], rules, 4)
