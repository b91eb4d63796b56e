"""The bots' benchmarks: intervals clustered by deal, the reference player, the weight tuner."""

from collections import Counter
from functools import partial

import pytest

from bench import headroom, leaks, tune
from bench.reference import ReferenceBot
from bench.tournament import clustered
from engine import PRESETS
from engine.actions import Discard, DrawStock, TakeDiscard
from engine.ai import make_bot
from engine.ai.base import Knowledge
from engine.ai.evaluate import hand_cost
from engine.ai.medium import without
from engine.ai.weights import WEIGHTS
from engine.cards import CARDS, code_of
from engine.game import Game
from engine.record import MatchRecord


def test_interval_is_clustered_by_deal():
    # Two deals whose rotations all agree: four values but only two independent ones.
    mean, half = clustered({0: [1.0, 1.0], 1: [-1.0, -1.0]})
    assert mean == 0.0 and half == pytest.approx(1.96)
    # The same values seen as independent would give a narrower interval.
    mean, naive = clustered({0: [1.0], 1: [1.0], 2: [-1.0], 3: [-1.0]})
    assert naive < half
    assert clustered({0: [3.0, 5.0]}) == (4.0, 0.0)
    assert clustered({}) == (0.0, 0.0)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_reference_player_plays_whole_hands_legally(preset):
    g = Game.new(PRESETS[preset], 4, seed=11, hands=1)
    bots = [ReferenceBot(seed=s) for s in range(4)]
    for _ in range(2000):
        if g.hand_over:
            break
        view = g.view(g.current_player)
        action = bots[g.current_player].choose(view)
        assert action is not None and g.is_legal(action)
        g.apply(action)
    assert g.hand_over
    idle = Game.new(PRESETS[preset], 4, seed=11, hands=1)
    assert ReferenceBot().choose(idle.view((idle.current_player + 1) % 4)) is None


def test_paired_gain_of_equal_play_is_zero_and_a_gain_shows():
    base = {(0, 0): 5, (0, 1): -5, (1, 0): 2, (1, 1): 0}
    assert tune.paired_gain(dict(base), base) == (0.0, 0.0)
    better = {key: net + 2 for key, net in base.items()}
    mean, se = tune.paired_gain(better, base)
    assert mean == 2.0 and se == 0.0


def test_tuner_writes_weights_the_bots_can_load(tmp_path, monkeypatch):
    target = tmp_path / "weights.py"
    target.write_text(tune.WEIGHTS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(tune, "WEIGHTS_FILE", target)
    changed = {**WEIGHTS, "danger": 1.234}
    tune.write(changed)
    space: dict[str, object] = {}
    exec(target.read_text(encoding="utf-8"), space)
    assert space["WEIGHTS"] == changed
    target.write_text("WEIGHTS = {}\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="markers"):
        tune.write(changed)


# Deals on which each peek has something to do (on deal 1 the see peek throws a card hard's own
# search would not; seat 0 sees on deal 3).
PEEK_DEALS = {"draw": 3, "see": 1, "discard": 3, "feed": 3, "all": 3}


@pytest.mark.parametrize("peek", headroom.PEEKS)
def test_peeking_hard_plays_legally_and_acts_on_what_it_peeks(peek):
    g = Game.new(PRESETS["nepali"], 4, seed=PEEK_DEALS[peek], hands=1)
    bot = headroom.PeekingHard(seed=1, iterations=2, peek=peek)
    others = [make_bot("medium", seed=s) for s in range(4)]
    peeked = Counter[str]()
    for _ in range(2000):
        if g.hand_over:
            break
        seat = g.current_player
        view = g.view(seat)
        if seat != 0:
            g.apply(others[seat].choose(view))
            continue
        bot.stock = g.stock
        bot.would_take = partial(headroom.next_would_take, g, others)
        action = bot.choose(view)
        assert action is not None and g.is_legal(action)
        k = Knowledge.of(view)
        both = TakeDiscard() in view.legal and DrawStock() in view.legal
        if peek in ("draw", "all") and both and isinstance(action, TakeDiscard | DrawStock):
            under = CARDS[code_of(g.stock[-1])]
            took = hand_cost(k, [*k.cards, view.top_discard]) < hand_cost(k, [*k.cards, under])
            assert isinstance(action, TakeDiscard) == took
            peeked["draw"] += 1
        codes = {a.card.code for a in view.legal if isinstance(a, Discard)}
        if peek == "see" and isinstance(action, Discard) and not k.seen:
            draws = [CARDS[code_of(g.stock[-4 * i])] for i in range(1, 9) if 4 * i <= len(g.stock)]
            best = min(headroom.turns_to_see(k, without(k.cards, c), draws) for c in codes)
            assert headroom.turns_to_see(k, without(k.cards, action.card.code), draws) == best
            peeked["see"] += 1
        if peek == "discard" and isinstance(action, Discard) and k.seen:
            draws = [CARDS[code_of(g.stock[-4 * i])] for i in range(1, 7) if 4 * i <= len(g.stock)]
            best = min(headroom.turns_to_out(k, without(k.cards, c), draws) for c in codes)
            assert headroom.turns_to_out(k, without(k.cards, action.card.code), draws) == best
            peeked["discard"] += 1
        if peek in ("feed", "all") and isinstance(action, Discard):
            cost = hand_cost(k, without(k.cards, action.card.code))
            if bot.would_take(action.card.code):
                # fed only when every throw as close would have been taken too
                close = [c for c in codes if hand_cost(k, without(k.cards, c)) <= cost]
                assert all(bot.would_take(c) for c in close)
            peeked["feed"] += 1
        g.apply(action)
    assert g.hand_over and peeked
    if peek == "all":
        assert peeked["draw"] and peeked["feed"]


def test_next_would_take_asks_the_next_players_own_bot():
    g = Game.new(PRESETS["nepali"], 4, seed=3, hands=1)
    others = [make_bot("medium", seed=s) for s in range(4)]
    while True:  # play on until the mover is about to throw
        view = g.view(g.current_player)
        if any(isinstance(a, Discard) for a in view.legal):
            break
        g.apply(others[g.current_player].choose(view))
    before = MatchRecord.of(g).to_json()
    codes = sorted({a.card.code for a in view.legal if isinstance(a, Discard)})
    answers = {c: headroom.next_would_take(g, others, c) for c in codes}
    assert MatchRecord.of(g).to_json() == before  # asked on a copy: the game is untouched
    for code, taken in answers.items():
        ahead = g.clone()
        ahead.apply(Discard(CARDS[code]))
        nxt = ahead.current_player
        assert taken == isinstance(others[nxt].choose(ahead.view(nxt)), TakeDiscard)
    assert not headroom.next_would_take(g, others, 52)  # not in hand: not a throw


def test_leaks_split_every_win_by_the_race_to_see():
    rows = []
    for deal in range(6):
        job = ("nepali", ("medium", "easy", "medium", "easy"), deal, 0, None, None)
        rows += leaks.play(job, focus="medium")
    assert len(rows) == 12
    for r in rows:
        assert r["won"] == r["won, having seen first"] + r["won, having seen later"]
        assert r["saw first"] + r["saw later"] == r["seen at end"]
        assert r["net"] == r["maal"] + r["fee won"] + r["fee paid seen"] + r["fee paid unseen"]
    assert any(r["saw first"] for r in rows) and any(r["won"] for r in rows)


def test_headroom_hand_says_when_the_hard_seat_saw():
    hands = [headroom.play(("nepali", peek, 3, 0, 4, 2)) for peek in ("", "see")]
    for hand in hands:
        assert (hand.deal, hand.seat) == (3, 0)
        # deal 3: seat 0 sees (the discard peek's test relies on it), after a few turns
        assert hand.seen_turn is not None and 1 <= hand.seen_turn <= 30
        assert isinstance(hand.saw_first, bool)
    # a seat that went out had seen
    assert all(h.seen_turn is not None for h in hands if h.won)
