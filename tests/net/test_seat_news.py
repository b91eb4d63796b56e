"""What a screen reads through RemoteMatch: every seat's state, the turn clock counting down,
what a computer played for a returning player, and the host handing a seat over."""

from net.tablekit import HostThread, steady_deal, wait_for

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
CLOCK = 2


def test_a_screen_reads_the_seats_the_clock_and_what_was_played_for_it(monkeypatch):
    steady_deal(monkeypatch)  # a deal with turns left to time after two run-outs

    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(tick=0.005, substitute="easy", auto_start=True)
        return TableHost(seats, PRESETS["nepali"], 3, settings=settings, clock=CLOCK)

    table = HostThread(make)
    eve = RemoteMatch(LOOPBACK, table.port, table.code, "Eve", seat=0)
    host = RemoteMatch(LOOPBACK, table.port, table.code, "Host", owner=table.host.owner)
    try:
        assert wait_for(lambda: eve.refresh().state == PLAYING)
        states = eve.seat_states()
        assert states[0].state == p.CONNECTED and states[0].name == "Eve"
        assert states[1].computer_player and states[1].name == "Ram"
        # Eve's turn: the clock counts down for every screen.
        assert wait_for(lambda: (c := eve.turn_clock()) is not None and c.seat == 0)
        first = eve.turn_clock()
        assert first.total == CLOCK and 0 < first.seconds_left <= CLOCK
        assert wait_for(lambda: eve.turn_clock() is None or eve.turn_clock().seconds_left < 1.5)
        # Eve never moves: the computer moves for her, then gives the seat back...
        assert wait_for(lambda: eve.seat_states()[0].why == p.WHY_CLOCK)
        assert wait_for(lambda: eve.played_for.get(0))
        told = eve.played_for.pop(0)
        assert all(e.player == 0 for e in told) and told
        # ...and after a second run-out keeps it until she acts.
        assert wait_for(lambda: 0 in table.call(lambda: table.host.cover.kept), timeout=30)
        assert wait_for(lambda: eve.seat_states()[0].state == p.COMPUTER)
        assert wait_for(lambda: host.seat_states()[0].why == p.WHY_CLOCK)  # the host's too
        eve.take_back(0)
        assert wait_for(lambda: eve.seat_states()[0].state == p.CONNECTED)
        # The host's screen turns the clock off: no countdown any more.
        host.set_clock(0)
        assert wait_for(lambda: eve.lobby.clock == 0 and eve.turn_clock() is None)
        # The host hands her seat to a computer player, then back.
        host.hand_to_computer(0)
        assert wait_for(lambda: eve.seat_states()[0].why == p.WHY_HOST)
        host.hand_to_computer(0, computer=False)
        assert wait_for(lambda: eve.seat_states()[0].state == p.CONNECTED)
    finally:
        eve.close()
        host.close()
        table.stop()


def test_a_message_held_up_on_the_way_is_read_as_sent_when_it_was():
    from marriage_net.news import Lateness

    late = Lateness(window=30.0, rtt=0.6)
    # The host's clock runs 1000 s behind this laptop's; messages take 0.3 s, one takes 1.3 s.
    assert late.sent_at(5.0, 1005.3) == 1005.3 - 0.3
    assert late.sent_at(6.0, 1006.3) == 1006.3 - 0.3
    assert abs(late.sent_at(7.0, 1008.3) - 1007.0) < 1e-9  # a second late: sent at 1007.0
    # The host's laptop slept and its clock stood still 20 s: within the window it is read as
    # late, after it as it is.
    assert late.sent_at(8.0, 1029.3) < 1029.0
    assert abs(late.sent_at(9.0, 1070.3) - 1070.0) < 1e-9
    late.reset()
    assert late.rtt == 0.0 and late.sent_at(10.0, 2000.0) == 2000.0
