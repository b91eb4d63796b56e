"""The hand replay: frames that are the real game at every move, plain data, strict reading."""

import gc
import json
import pickle
import random
from dataclasses import replace

import pytest
from positions import sensible_action

from engine import PRESETS, LocalMatch
from engine.cards import CARDS, SHOE_SIZE, code_of
from engine.deadwood import deadwood
from engine.game import Game
from engine.replay import HandReplay, ReplayFrame, describe
from engine.run_order import in_run_order, run_of_ids
from engine.wilds import Wilds

_policy = sensible_action


def _snapshot(g, events):
    return {
        "hands": tuple(tuple(h) for h in g.hands),
        "shown": tuple(tuple(s) for s in g.shown),
        "seen": tuple(g.seen),
        "stock_count": len(g.stock),
        "discards": tuple(g.discards),
        "tiplu_id": g.tiplu_id,
        "current_player": g.current_player,
        "phase": g.phase,
        "texts": [e.text for e in events if e.text],
        "moved": {i for e in events for i in e.card_ids},
    }


def _played(preset, players, seed, hands=2):
    """A whole match played by a random walk that sees and goes out when it can, with the
    real game's state after every action, per hand."""
    g = Game.new(PRESETS[preset], players, seed, hands=hands)
    rng = random.Random(seed)
    states = {0: [_snapshot(g, g.events)]}
    while not g.is_over:
        events = g.apply(_policy(g, rng))
        states.setdefault(g.hand_no, []).append(_snapshot(g, events))
    return g, states


def _check(frame, state):
    for name in ("hands", "shown", "seen", "stock_count", "discards", "tiplu_id"):
        assert getattr(frame, name) == state[name], name
    assert frame.current_player == state["current_player"]
    assert frame.phase == state["phase"]
    assert set(frame.moved) == state["moved"]
    # The table log's own words, each line of the move.
    for line in state["texts"]:
        if not line.english.endswith(" went out."):
            assert line.english in frame.text.english


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("nepali", 4, 1), ("house", 3, 2), ("contract", 5, 3), ("indian", 2, 4)],
)
def test_frames_are_the_real_game_after_every_move(preset, players, seed):
    g, states = _played(preset, players, seed)
    match = LocalMatch(g, worker="inline")
    total = SHOE_SIZE + g.rules.printed_jokers
    for hand_no, result in enumerate(g.results):
        replay = match.hand_replay(hand_no)
        assert replay.hand_no == hand_no and replay.names == g.names
        assert len(replay.frames) == len(states[hand_no])
        for frame, state in zip(replay.frames, states[hand_no], strict=True):
            _check(frame, state)
            assert frame.card_count() == total
        last = replay.frames[-1]
        assert last.hands == result.hands
        assert last.shown == result.shown
        assert replay.frames[0].text.english.startswith(
            f"{g.names[replay.frames[0].actor]} dealt hand"
        )
        assert replay.moves == len(replay.frames) - 1 > 0


def test_a_move_is_one_line_and_going_out_is_not_said_twice():
    g, _ = _played("nepali", 2, 5, hands=1)
    replay = LocalMatch(g, worker="inline").hand_replay(0)
    last = replay.frames[-1]
    assert "\n" not in last.text.english
    if g.results[0].winner is not None:
        assert last.text.english.count("went out") == 1
    # The deal is said as the log says it: the game's own event text.
    assert replay.frames[0].text == describe(g.events[:1]) == g.events[0].text


def test_only_finished_hands_are_replayed():
    m = LocalMatch.new(PRESETS["nepali"], ["A", "B", "C"], seed=9, hands=2, worker="inline")
    with pytest.raises(ValueError, match="still being played"):
        m.hand_replay(0)
    with pytest.raises(ValueError, match="not been dealt"):
        m.hand_replay(1)
    for bad in (-1, True, "0", 0.0):
        with pytest.raises(ValueError, match="no hand"):
            m.hand_replay(bad)
    m.set_driver(0, "easy")
    m.set_driver(1, "easy")
    m.set_driver(2, "easy")
    m.run_bots()
    assert m.is_over
    second = m.hand_replay(1)
    assert second.frames[0].text.english.startswith(
        m.names[second.frames[0].actor] + " dealt hand 2"
    )


def test_a_replay_survives_json_and_reads_back_equal():
    g, _ = _played("indian", 3, 6, hands=1)
    replay = LocalMatch(g, worker="inline").hand_replay(0)
    data = json.loads(json.dumps(replay.to_dict()))
    assert HandReplay.from_dict(data) == replay
    frame = replay.frames[len(replay.frames) // 2]
    assert ReplayFrame.from_dict(json.loads(json.dumps(frame.to_dict()))) == frame


def _damaged(data):
    """Each a replay dict with one thing wrong."""
    out = []
    d = _copy(data)
    del d["frames"]
    out.append(d)
    d = _copy(data)
    d["extra"] = 1
    out.append(d)
    d = _copy(data)
    d["frames"] = []
    out.append(d)
    d = _copy(data)
    d["hand_no"] = d["hands_total"]
    out.append(d)
    d = _copy(data)
    d["names"] = ["only one"]
    out.append(d)
    for field, value in [
        ("phase", "dancing"),
        ("stock_count", -1),
        ("stock_count", True),
        ("tiplu_id", 999),
        ("actor", 7),
        ("current_player", "0"),
        ("text", 5),
        ("seen", [True]),
        ("hands", [[0, 1]]),
        ("moved", "3S"),
        ("shown", [[["see"]], [], []]),
    ]:
        d = _copy(data)
        d["frames"][0][field] = value
        out.append(d)
    d = _copy(data)
    first = d["frames"][0]
    first["discards"].append(first["hands"][0][0])  # one card in two places
    out.append(d)
    d = _copy(data)
    del d["frames"][0]["hands"]
    out.append(d)
    d = _copy(data)
    d["frames"][-1]["hands"][1].pop()  # a card lost
    out.append(d)
    d = _copy(data)
    d["frames"][1]["stock_count"] += 1  # a card too many
    out.append(d)
    out += _damaged_melds(data)
    return out


def _copy(data):
    """A deep copy of plain data (dicts, lists, text and numbers), in one pass of C (the
    collector held off meanwhile: the copy makes hundreds of thousands of lists, no cycle)."""
    was = gc.isenabled()
    gc.disable()
    try:
        return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
    finally:
        if was:
            gc.enable()


def _damaged_melds(data):
    """Each a replay dict whose melds are wrong in one way."""
    last = len(data["frames"]) - 1
    seat = next(s for s, melds in enumerate(data["frames"][-1]["melds"]) if melds)
    out = []
    for at, change in [
        (0, lambda f: f["melds"][seat].append(f["hands"][seat][:3])),  # before the hand is over
        (last, lambda f: f["melds"][seat][0].append(f["discards"][0])),  # not from the hand
        (last, lambda f: f["melds"][seat].append([f["melds"][seat][0][0]] * 2)),  # a card twice
        (last, lambda f: f["melds"][seat].append([f["melds"][seat][0].pop()])),  # one card
        (last, lambda f: f["melds"].pop()),  # a seat missing
        (last, lambda f: f["melds"][seat].append("3S 4S 5S")),
        (last, lambda f: f.__setitem__("melds", None)),
    ]:
        d = _copy(data)
        change(d["frames"][at])
        out.append(d)
    d = _copy(data)
    del d["frames"][last]["melds"]
    out.append(d)
    return out


def test_a_damaged_replay_is_a_value_error_with_a_reason():
    g, _ = _played("nepali", 3, 8, hands=1)
    data = LocalMatch(g, worker="inline").hand_replay(0).to_dict()
    HandReplay.from_dict(_copy(data))  # the undamaged one reads
    for bad in _damaged(data):
        with pytest.raises(ValueError) as caught:
            HandReplay.from_dict(bad)
        assert str(caught.value)
    for junk in (None, [], "replay", 3):
        with pytest.raises(ValueError):
            HandReplay.from_dict(junk)


def test_the_wilds_come_with_the_tiplu():
    g, _ = _played("nepali", 3, 10, hands=1)
    replay = LocalMatch(g, worker="inline").hand_replay(0)
    before = replay.frames[0]
    assert before.tiplu_id is None and replay.wilds(before) is None
    chosen = [f for f in replay.frames if f.tiplu_id is not None]
    if chosen:
        wilds = replay.wilds(chosen[0])
        assert wilds is not None and wilds.tiplu.code == chosen[0].tiplu_id % 52
    assert replay.wilds(replace(before, tiplu_id=5)) is not None
    # A seat that has not seen does not know the tiplu.
    out = replace(before, tiplu_id=5, seen=(False, True, False))
    assert replay.wilds(out, 0) is None and replay.wilds(out, 2) is None
    assert replay.wilds(out, 1) == replay.wilds(out)
    assert replay.wilds(before, 1) is None


def test_a_finished_hand_is_laid_out_in_melds_and_loose_cards():
    for preset, players, seed in [("nepali", 4, 1), ("house", 3, 2), ("contract", 5, 3)]:
        g, _ = _played(preset, players, seed, hands=1)
        result = g.results[0]
        for seat in range(players):
            melds, loose = result.arrangement(seat, g.rules)
            # Every card of the hand once: in one meld or loose.
            assert sorted([i for m in melds for i in m] + list(loose)) == sorted(result.hands[seat])
            if seat == result.winner and result.finish:
                # The finish as laid down, each run in its run order (Q K A, wilds in place).
                tiplu = Wilds(result.tiplu, g.rules)
                assert melds == tuple(run_of_ids(m, tiplu, g.rules) for m in result.finish)
                continue
            # The solver's best melds (wild cards only for a seat that saw), card for card.
            wilds = Wilds(result.tiplu, g.rules) if result.seen[seat] else None
            best = deadwood([CARDS[code_of(i)] for i in result.hands[seat]], wilds, g.rules)
            # ... each laid in the order of its run (A 2 3, not the solver's 2 3 A).
            laid = [list(in_run_order(m, wilds, g.rules)) for m in best.melds]
            assert [[CARDS[code_of(i)] for i in m] for m in melds] == laid
            assert [CARDS[code_of(i)] for i in loose] == best.loose


def test_the_last_frame_splits_each_hand_into_its_melds_and_reads_back_equal():
    g, _ = _played("nepali", 4, 1, hands=1)
    replay = LocalMatch(g, worker="inline").hand_replay(0)
    result = g.results[0]
    *before, last = replay.frames
    assert all(melds == () for f in before for melds in f.melds)
    assert last.melds == tuple(result.arrangement(s, g.rules)[0] for s in range(g.players))
    assert any(last.melds)
    if result.winner is not None and result.finish:
        tiplu = Wilds(result.tiplu, g.rules)
        laid = tuple(run_of_ids(m, tiplu, g.rules) for m in result.finish)
        assert last.melds[result.winner] == laid
    assert ReplayFrame.from_dict(json.loads(json.dumps(last.to_dict()))) == last
