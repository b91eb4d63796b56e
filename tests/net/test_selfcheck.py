"""The loopback hand the frozen app's self-test can play."""

import pytest

pytest.importorskip("engine.match")  # until the Match port lands: removed at the merge

from marriage_net.selfcheck import loopback_hand  # noqa: E402


def test_a_hand_over_loopback():
    actions, how = loopback_hand(timeout=120)
    assert actions > 5
    assert how.endswith(".") and how
