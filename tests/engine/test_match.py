"""The match port: plain-data round trips, strict reading, LocalMatch play, refusals, secrecy."""

import contextlib
import copy
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import sensible_action

from engine import PRESETS, Event, HandResult, LocalMatch, Match, PlayerView, Update
from engine.actions import Discard, DrawStock, NextHand, TakeDiscard
from engine.cards import parse_card
from engine.game import Game

_policy = sensible_action


def _play(preset, players, seed, steps):
    """A position: a random walk that goes out and sees whenever it can."""
    g = Game.new(PRESETS[preset], players, seed, hands=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(_policy(g, rng))
    return g


def _round_trip_everything(g):
    for seat in range(g.players):
        for history in (True, False):
            v = g.view(seat, history=history)
            data = json.loads(json.dumps(v.to_dict()))
            back = PlayerView.from_dict(data)
            assert back == v
            assert back.to_dict() == v.to_dict()
    for e in g.events:
        assert Event.from_dict(json.loads(json.dumps(e.to_dict()))) == e
    for r in g.results:
        assert HandResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(2, 5),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 400),
)
def test_views_events_and_results_round_trip(preset, players, seed, steps):
    _round_trip_everything(_play(preset, players, seed, steps))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_finished_hands_round_trip_in_every_preset(preset):
    g = _play(preset, 4, 11, 3000)
    assert g.results, "the walk must finish a hand"
    _round_trip_everything(g)
    over = g.view(0)
    assert over.result is not None and over.revealed_hands is not None


def test_the_history_flag_leaves_only_the_history_out():
    g = _play("nepali", 3, 5, 30)
    full, cheap = g.view(1), g.view(1, history=False)
    assert full.history and cheap.history == ()
    assert full.to_dict() | {"history": []} == cheap.to_dict()


# ---------------------------------------------------------------------- strict reading


def _view_data():
    return json.loads(json.dumps(_play("nepali", 4, 3, 60).view(2).to_dict()))


DAMAGE = [
    ("not an object", lambda d: [d]),
    ("missing field", lambda d: {k: v for k, v in d.items() if k != "hand"}),
    ("unknown field", lambda d: d | {"cheat": 1}),
    ("seat as text", lambda d: d | {"seat": "2"}),
    ("seat as bool", lambda d: d | {"seat": True}),
    ("seat out of range", lambda d: d | {"seat": 9}),
    ("card id too big", lambda d: d | {"hand": d["hand"] + [10_000]}),
    ("negative card id", lambda d: d | {"discards": [-1]}),
    ("unknown phase", lambda d: d | {"phase": "cheating"}),
    ("seen too short", lambda d: d | {"seen": d["seen"][:2]}),
    ("bad action", lambda d: d | {"legal": ["fly away"]}),
    ("bad rules", lambda d: d | {"rules": {"no_such_rule": 1}}),
    ("event not an object", lambda d: d | {"history": [3]}),
    ("event field wrong", lambda d: d | {"history": [d["history"][0] | {"player": "x"}]}),
    ("event extra field", lambda d: d | {"history": [d["history"][0] | {"extra": 0}]}),
    ("bad meld", lambda d: d | {"shown": [[["see"]]] + d["shown"][1:]}),
    ("huge names", lambda d: d | {"names": ["x" * 10_000] * 4}),
    ("bad result", lambda d: d | {"result": {"winner": 1}}),
]


@pytest.mark.parametrize("name,damage", DAMAGE, ids=[n for n, _ in DAMAGE])
def test_damaged_views_are_refused_with_a_reason(name, damage):
    data = _view_data()
    PlayerView.from_dict(copy.deepcopy(data))  # the undamaged view reads
    with pytest.raises(ValueError) as info:
        PlayerView.from_dict(damage(copy.deepcopy(data)))
    assert str(info.value)


def test_damaged_results_and_events_are_refused():
    g = _play("house", 3, 7, 3000)
    data = json.loads(json.dumps(g.results[0].to_dict()))
    HandResult.from_dict(copy.deepcopy(data))
    for bad in (
        data | {"reason": "magic"},
        data | {"tiplu": "ZZ"},
        data | {"points": data["points"][:1]},
        data | {"breakdowns": [{"total": 1}] * len(data["seen"])},
        data | {"winner": 7},
        {k: v for k, v in data.items() if k != "totals"},
    ):
        with pytest.raises(ValueError):
            HandResult.from_dict(bad)
    event = {"kind": "see", "player": 0, "card_ids": [1, 2, 3], "groups": [3], "private_to": None}
    Event.from_dict(event | {"text": "ok"})
    for bad in (
        event,
        event | {"text": "x", "groups": [2]},
        event | {"text": "x", "kind": ""},
        event | {"text": 5},
        event | {"text": "x", "card_ids": [1.5]},
    ):
        with pytest.raises(ValueError):
            Event.from_dict(bad)


# ---------------------------------------------------------------------- LocalMatch


def test_local_match_is_a_match():
    m = LocalMatch.new(PRESETS["nepali"], ["A", "B"], worker="inline")
    assert isinstance(m, Match)
    assert m.names == ("A", "B") and m.version == 0


def _known(view):
    ids = set(view.hand) | set(view.discards)
    for melds in view.shown:
        for _k, meld in melds:
            ids.update(meld)
    if view.tiplu_id is not None:
        ids.add(view.tiplu_id)
    for hand in view.revealed_hands or ():
        ids.update(hand)
    return ids


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_a_whole_match_and_updates_keep_secrets(preset):
    saves = []
    m = LocalMatch.new(
        PRESETS[preset],
        ["A", "B", "C"],
        ["easy", "medium", "easy"],
        seed=preset,
        hands=2,
        worker="inline",
        on_change=lambda match: saves.append(match.version),
    )
    known = [_known(m.view(s)) for s in range(3)]
    last = [0, 0, 0]
    applied = 0
    while not m.is_over:
        assert m.pump() or m.thinking is not None
        applied += 1
        g = m._game  # the test looks behind the port to know what is hidden
        for seat in range(3):
            for up in m.poll(seat):
                assert up.seat == seat and up.refused is None
                assert up.version == last[seat] + 1
                last[seat] = up.version
                assert Update.from_dict(json.loads(json.dumps(up.to_dict()))) == up
                hidden = set(g.stock) | {i for s, h in enumerate(g.hands) if s != seat for i in h}
                if g.tiplu_id is not None:
                    hidden.add(g.tiplu_id)
                hidden -= _known(up.view) | known[seat]
                for e in up.events:
                    assert e.visible_to(seat)
                    assert not hidden & set(e.card_ids), (seat, e)
                assert up.view.hand == tuple(g.hands[seat])
                if not (g.seen[seat] or g.hand_over):
                    assert up.view.tiplu_id is None
                known[seat] |= _known(up.view)
                for e in up.events:
                    known[seat] |= set(e.card_ids)
    assert saves == list(range(1, m.version + 1))
    assert len(m.view(0).totals) == 3 and m.bot_errors == []
    again = LocalMatch.from_save(json.loads(json.dumps(m.save_dict())), worker="inline")
    assert again.version == m.version and again.view(1) == m.view(1)
    m.close()


def test_a_bot_thinks_in_a_worker_process():
    m = LocalMatch.new(PRESETS["nepali"], ["A", "B"], ["easy", "easy"], seed=4, hands=1)
    try:
        assert m.run_bots(limit=6) == 6
        assert m.version == 6 and m.bot_errors == []
        assert m._worker.kind == "process"
    finally:
        m.close()


_PARENT = """
import os, sys, time
from engine.match import BotWorker
if __name__ == "__main__":
    worker = BotWorker("process")
    print(worker.submit(os.getpid).result(timeout=60), flush=True)
    time.sleep(120)
"""


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone as far as work goes: it only waits for its parent to read its status.
    with contextlib.suppress(OSError):
        if Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] == "Z":
            return False
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="kills by POSIX signal")
def test_the_worker_ends_when_the_program_that_started_it_is_killed(tmp_path):
    """A killed app (the system's task manager, a crash) leaves no bot worker running."""
    script = tmp_path / "parent.py"
    script.write_text(_PARENT)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, env=env)
    worker = None
    try:
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and _alive(worker)
        parent.kill()  # SIGKILL: no clean-up of any kind runs in the parent
        parent.wait(10)
        end = time.monotonic() + 20
        while _alive(worker) and time.monotonic() < end:
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        parent.kill()
        parent.stdout.close()
        if worker is not None and _alive(worker):  # the test failed: leave nothing behind
            os.kill(worker, signal.SIGKILL)


def _refused(m, seat, action):
    before = json.dumps(m.save_dict()), m.version, [m.view(s) for s in range(m.players)]
    m.submit(seat, action)
    (up,) = m.poll(seat)
    assert up.refused and not up.events and up.version == m.version
    assert (json.dumps(m.save_dict()), m.version, [m.view(s) for s in range(m.players)]) == before
    return up.refused.english


def test_refusals_carry_a_reason_and_change_nothing():
    m = LocalMatch.new(
        PRESETS["nepali"],
        ["Asha", "Bina", "Chet"],
        ["human", "human", "easy"],
        seed=8,
        worker="inline",
    )
    assert m.view(0).is_my_turn
    assert "Asha" in _refused(m, 1, DrawStock())
    assert "computer" in _refused(m, 2, DrawStock())
    assert _refused(m, 0, "fly to the moon")
    assert _refused(m, 0, 42)
    assert _refused(m, 0, Discard(parse_card("AS")))  # the engine's own reason: draw first
    assert _refused(m, 0, NextHand())
    m.submit(0, DrawStock())
    (up,) = m.poll(0)
    assert up.refused is None and up.version == 1
    assert [e.kind for e in up.events] == ["draw_stock"] and up.events[0].card_ids
    (other,) = m.poll(1)
    assert other.events[0].card_ids == () and "—" not in other.events[0].text.english
    assert _refused(m, 0, TakeDiscard())
    with pytest.raises(ValueError):
        m.submit(7, DrawStock())


def test_a_seat_can_be_handed_to_a_bot_and_back():
    m = LocalMatch.new(PRESETS["nepali"], ["A", "B"], seed=2, worker="inline")
    assert m.bot_to_move() is None and not m.pump()
    m.set_driver(0, "hard")
    assert m.bot_to_move() == 0
    while m.version == 0:
        m.pump()
    m.set_driver(0, "human")
    with pytest.raises(ValueError):
        m.set_driver(1, "wizard")
    assert m.drivers == ("human", "human")


def test_next_hand_waits_for_a_person():
    m = LocalMatch.new(
        PRESETS["nepali"], ["A", "B"], ["human", "easy"], seed=1, hands=2, worker="inline"
    )
    rng = random.Random(1)
    while m.view(0).phase not in ("hand_over", "match_over"):
        if m.bot_to_move() is not None:
            m.pump()
        else:
            m.submit(0, _policy(m._game, rng))
    assert m.bot_to_move() is None and not m.pump()
    m.submit(1, NextHand())  # the bot's seat may not press it...
    assert m.poll(1)[-1].refused
    m.submit(0, NextHand())  # ...the person may
    assert m.view(0).hand_no == 1
