"""The loopback hand the frozen app's self-test can play."""

import pytest

from marriage_net import selfcheck
from marriage_net.selfcheck import loopback_hand


def test_a_hand_over_loopback():
    # A hand can end after a handful of turns when the deal is kind, so a count of actions
    # proves little by itself: loopback_hand checks every one it sent is in the host's history.
    actions, how = loopback_hand(timeout=120)
    assert actions >= 1
    assert how.endswith(".") and how


def test_actions_missing_from_the_history_fail_the_check(monkeypatch):
    # Every turn starts with a draw or a take: with those not counted, the tally falls short.
    short = selfcheck.ACTION_EVENTS - {"draw_stock", "take_discard"}
    monkeypatch.setattr(selfcheck, "ACTION_EVENTS", short)
    with pytest.raises(RuntimeError, match="the host recorded"):
        loopback_hand(timeout=120)
