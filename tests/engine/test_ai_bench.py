"""The bots' benchmarks: intervals clustered by deal, the reference player, the weight tuner."""

import pytest

from bench import tune
from bench.reference import ReferenceBot
from bench.tournament import clustered
from engine import PRESETS
from engine.ai.weights import WEIGHTS
from engine.game import Game


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
