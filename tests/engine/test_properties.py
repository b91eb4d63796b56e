"""Thousands of random hands in every preset, 2–5 players, checking invariants after every action."""

import functools
import random
from itertools import chain

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import PRESETS, parse_cards
from engine.actions import Discard, DrawStock, ExposeTunnela, GoOut, NextHand, See, TakeDiscard
from engine.cards import SHOE_SIZE, code_of
from engine.game import Game, IllegalAction
from engine.record import MatchRecord

# Candidate actions that are often illegal, to prove refusals leave the state untouched.
PROBES = [
    DrawStock(),
    TakeDiscard(),
    NextHand(),
    Discard(parse_cards("AS")[0]),
    Discard(parse_cards("7H")[0]),
    ExposeTunnela(tuple(parse_cards("2C 2C 2C"))),
    See((tuple(parse_cards("3S 4S 5S")),) * 3),
    GoOut((tuple(parse_cards("3S 4S 5S")),), parse_cards("9C")[0]),
]


def check_conservation(g):
    """Every card of the shoe is in exactly one place: no card lost, none twice."""
    ids = [i for h in g.hands for i in h] + g.stock + g.discards
    ids += [i for s in g.shown for _k, m in s for i in m]
    if g.tiplu_id is not None:
        ids.append(g.tiplu_id)
    shoe = SHOE_SIZE + g.rules.printed_jokers
    assert len(ids) == shoe and set(ids) == _every_id(shoe), sorted(ids)


@functools.cache
def _every_id(shoe: int) -> frozenset[int]:
    return frozenset(range(shoe))


def check_hand_sizes(g):
    size = g.rules.hand_size
    for s in range(g.players):
        held = len(g.hands[s]) + sum(len(m) for _k, m in g.shown[s])
        extra = 1 if (g.phase == "play" and s == g.current_player) else 0
        assert held == size + extra, (s, held, g.phase)


class _ReadEvent(msgspec.Struct, gc=False):
    """What an event of a serialised view says about cards."""

    kind: str
    card_ids: list[int]
    text: str


class _ReadView(msgspec.Struct, gc=False):
    """The fields of a serialised view that name card ids (the others are read past)."""

    hand: list[int]
    discards: list[int]
    history: list[_ReadEvent]
    tiplu_id: int | None


_READ_VIEW = msgspec.json.Decoder(_ReadView)


def check_view(g, seat):
    v = g.view(seat)
    # The view as a host sends it, written out before anything else reads the view.
    sent = msgspec.json.encode(v.to_dict())
    allowed = set(g.hands[seat]) | set(g.discards)
    for s in g.shown:
        for _k, m in s:
            allowed.update(m)
    over = g.hand_over
    if over:
        for h in g.hands:
            allowed.update(h)
    public_history = set(chain.from_iterable([e.card_ids for e in g.events if e.visible_to(seat)]))
    allowed |= public_history
    if g.tiplu_id is not None and (g.seen[seat] or over):
        allowed.add(g.tiplu_id)
    else:
        assert v.tiplu is None and v.wilds is None
    assert v.visible_ids() <= allowed
    # The serialised view names no card id it may not know (read back as a laptop reads it:
    # into typed structs, here of the fields that name cards).
    data = _READ_VIEW.decode(sent)
    named = set(data.hand) | set(data.discards)
    named.update(chain.from_iterable([e.card_ids for e in data.history]))
    if data.tiplu_id is not None:
        named.add(data.tiplu_id)
    assert named <= allowed
    if g.tiplu_id is not None and not (g.seen[seat] or over):
        assert data.tiplu_id is None
        # No event tells this seat which card is the tiplu. (Its id may appear in an old public
        # discard: after a reshuffle the tiplu can be a card that was once thrown.)
        for e in data.history:
            if e.kind in ("tiplu_chosen", "tiplu_seen", "hand_end"):
                assert not e.card_ids and str(g.tiplu) not in e.text.split()
    hidden = set(g.stock) | {i for s, h in enumerate(g.hands) if s != seat for i in h}
    if not over:
        assert not (named & hidden - public_history)


def check_illegal_refused(g, rng):
    legal = g.legal_actions()
    before = g.state_key()  # each refusal below must leave exactly this
    for probe in rng.sample(PROBES, 3):
        if probe in legal or g.is_legal(probe):
            continue
        with pytest.raises(IllegalAction):
            g.apply(probe)
        assert g.state_key() == before


def play_random(rules, players, seed, choice_seed, deep=False):
    rng = random.Random(choice_seed)
    g = Game.new(rules, players, seed, hands=1 if not deep else None)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "a live game always has a legal action"
        # Prefer seeing and going out so that those paths are exercised often.
        strong = [a for a in legal if isinstance(a, GoOut | See)]
        action = rng.choice(strong) if strong and rng.random() < 0.9 else rng.choice(legal)
        g.apply(action)
        steps += 1
        check_conservation(g)
        check_hand_sizes(g)
        if steps % 7 == 0 or g.hand_over:
            check_view(g, rng.randrange(players))
            check_illegal_refused(g, rng)
        if g.result is not None and rules.scoring == "settlement":
            assert sum(g.result.nets) == 0
    return g


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_matches(preset, players):
    """A full match per preset and table size, then save/load and replay identical."""
    g = play_random(
        PRESETS[preset], players, seed=f"{preset}-{players}", choice_seed=players, deep=True
    )
    assert len(g.results) == g.hands_total
    assert MatchRecord.from_json(MatchRecord.of(g).to_json()).game() == g
    assert Game.replay(g.rules, g.seed, g.log) == g


#: The random hands below are checked in chunks of a few seconds each, so that the test workers
#: share them and none is left running alone at the end of the run.
CHUNKS = 6
#: The thousands of cheaper hands further down, in chunks of their own.
MANY_CHUNKS = 8


@pytest.mark.parametrize("chunk", range(CHUNKS))
@settings(max_examples=300 // CHUNKS, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**9),
    choice_seed=st.integers(0, 10**9),
)
def test_random_hands_keep_every_invariant(chunk, preset, players, seed, choice_seed):
    """300 hands in all, a quarter in each chunk (each chunk draws its own)."""
    g = play_random(PRESETS[preset], players, seed, choice_seed)
    assert g.result is not None
    assert MatchRecord.from_json(MatchRecord.of(g).to_json()).game() == g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.floats(0, 1), preset=st.sampled_from(sorted(PRESETS)))
def test_save_load_and_replay_mid_hand(seed, cut, preset):
    rng = random.Random(seed)
    g = Game.new(PRESETS[preset], 4, seed, hands=1)
    target = int(cut * 120)
    while not g.is_over and len(g.log) < target:
        g.apply(rng.choice(g.legal_actions()))
    loaded = MatchRecord.from_json(MatchRecord.of(g).to_json()).game()
    assert loaded == g
    assert Game.replay(g.rules, g.seed, g.log) == g
    clone = g.clone()
    if not g.is_over:
        clone.apply(clone.legal_actions()[0])
        assert clone != g and MatchRecord.from_json(MatchRecord.of(g).to_json()).game() == g


@pytest.mark.parametrize("start", range(0, 2000, 2000 // MANY_CHUNKS))
def test_thousands_of_random_hands(start):
    """2,000 more hands across presets and table sizes (cheaper checks, every action), in
    chunks."""
    rng = random.Random(2024 + start)
    names = sorted(PRESETS)
    wins = 0
    for i in range(start, start + 2000 // MANY_CHUNKS):
        rules = PRESETS[names[i % 4]]
        g = Game.new(rules, 2 + i % 4, i, hands=1)
        while not g.is_over:
            legal = g.legal_actions()
            strong = [a for a in legal if isinstance(a, GoOut | See)]
            g.apply(rng.choice(strong) if strong else rng.choice(legal))
            check_conservation(g)
        if rules.scoring == "settlement":
            assert sum(g.result.nets) == 0
        wins += g.result.winner is not None
        if i % 50 == 0:
            assert Game.replay(g.rules, g.seed, g.log) == g
    # Going out really happens in random play that prefers it: in more than one hand in 20.
    assert wins > 2000 // MANY_CHUNKS // 20


def test_card_ids_move_with_discards():
    g = Game.new(PRESETS["nepali"], 4, 3, hands=1)
    g.apply(DrawStock())
    card_id = g.hands[0][5]
    ev = g.apply(Discard(parse_cards(str(g.view(0).cards[5]))[0], card_id))
    assert ev[0].card_ids == (card_id,) and g.discards[-1] == card_id
    assert code_of(card_id) == code_of(g.discards[-1])


def test_contract_reshuffle_case_found_by_hypothesis():
    """Regression: a tiplu chosen after a reshuffle was once a public discard; views stay clean."""
    g = play_random(PRESETS["contract"], 4, 4, 152)
    assert g.result is not None
