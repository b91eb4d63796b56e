"""The loopback hand the frozen app's self-test can play."""

from marriage_net.selfcheck import loopback_hand


def test_a_hand_over_loopback():
    actions, how = loopback_hand(timeout=120)
    assert actions > 5
    assert how.endswith(".") and how
