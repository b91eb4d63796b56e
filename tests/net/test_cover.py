"""Who covers a person's seat: the grace time, the turn clock's two run-outs, the host."""

from marriage_net import protocol as p
from marriage_net.cover import LATE_GRACE, Cover


def _turn(cover, n, seat, now):
    return cover.new_position((0, n, seat), seat, True, now)


def test_one_run_out_covers_one_turn_two_in_a_row_keep_the_seat():
    c = Cover(grace=60, clock=30)
    _turn(c, 0, 0, now=0.0)
    assert c.expired(29.9) is None
    # A move on its way when the clock ran out still counts, a moment late (a slow line).
    assert c.expired(30.0 + LATE_GRACE - 0.01) is None
    assert c.expired(30.0 + LATE_GRACE) == 0 and c.computer(0) and c.why(0) == p.WHY_CLOCK
    c.record(0, [{"kind": "discard", "player": 0}])
    assert c.take_covered(0)[1] == p.WHY_CLOCK  # told as the clock's doing, not as away
    assert c.expired(31.0) is None  # a clock runs out once
    changed, ended = _turn(c, 1, 1, now=32.0)
    assert changed and ended == 0 and not c.computer(0)  # that one turn only
    _turn(c, 2, 0, now=40.0)
    assert c.expired(70.0 + LATE_GRACE) == 0
    _turn(c, 3, 1, now=71.0)
    assert c.computer(0) and c.kept[0] == p.WHY_CLOCK  # two in a row: kept
    _turn(c, 4, 0, now=80.0)
    assert c.turn.deadline is None  # no clock on a seat the computer plays
    assert c.acted(0, now=81.0) and not c.computer(0)
    assert c.turn.deadline == 111.0  # back in the person's hands, with a fresh clock


def test_acting_between_run_outs_starts_the_count_again():
    c = Cover(grace=60, clock=30)
    _turn(c, 0, 0, now=0.0)
    assert c.expired(30.0 + LATE_GRACE) == 0
    _turn(c, 1, 1, now=31.0)
    _turn(c, 2, 0, now=32.0)
    c.acted(0, now=33.0)  # she plays this turn herself
    _turn(c, 3, 1, now=34.0)
    _turn(c, 4, 0, now=35.0)
    assert c.expired(65.0 + LATE_GRACE) == 0
    _turn(c, 5, 1, now=66.0)
    assert not c.computer(0)  # one run-out since she last acted: not kept


def test_a_missing_person_counts_down_then_is_covered_until_back():
    c = Cover(grace=10)
    c.gone(1, now=100.0)
    status = c.status(1, "Bina", connected=False, now=104.0)
    assert status.state == p.RECONNECTING and status.seconds == 6.0
    assert c.due([1], now=109.0) == []
    assert c.due([1], now=110.0) == [1]
    status = c.status(1, "Bina", connected=False, now=111.0)
    assert status.state == p.COMPUTER and status.why == p.WHY_AWAY and status.bot_playing
    c.record(1, [{"kind": "discard", "player": 1}])
    assert c.back(1) and not c.computer(1)
    assert c.take_covered(1) == ([{"kind": "discard", "player": 1}], p.WHY_AWAY)
    assert c.take_covered(1) == ([], None)


def test_leaving_on_purpose_is_covered_at_once_and_said():
    c = Cover(grace=60)
    c.gone(2, now=0.0, on_purpose=True)
    assert c.status(2, "Kamal", connected=False, now=0.0).state == p.LEFT
    assert c.due([2], now=0.0) == [2]
    status = c.status(2, "Kamal", connected=False, now=0.0)
    assert status.state == p.LEFT and status.bot_playing


def test_the_host_hands_over_and_back():
    c = Cover(grace=60, clock=60)
    _turn(c, 0, 3, now=0.0)
    assert c.hand_over(3, True, now=1.0) and c.why(3) == p.WHY_HOST
    assert c.turn.deadline is None
    assert not c.hand_over(3, True, now=2.0)  # already
    assert c.hand_over(3, False, now=3.0) and not c.computer(3)
    assert c.turn.deadline == 63.0


def test_the_time_the_host_was_away_counts_against_nobody():
    c = Cover(grace=60, clock=30)
    _turn(c, 0, 0, now=0.0)
    c.gone(1, now=5.0)  # seat 1's connection went
    c.shift(100.0)  # the host's laptop slept from 10 s to 110 s
    assert c.expired(110.0) is None  # seat 0 still has the 20 s it had when the host slept
    assert c.clock_message(110.0).seconds == 20.0
    assert c.due([1], now=160.0) == []  # seat 1's grace: 5 s were used before, 55 s are left
    assert c.due([1], now=165.0) == [1]
    assert c.expired(130.0 + LATE_GRACE) == 0
