"""Time the table itself was away counts against nobody: a host whose process stood still (its
laptop asleep) gives the acting player the time they had left, and a screen that cannot hear the
table shows its clock standing still. On 127.0.0.1 only."""

from __future__ import annotations

import time

from net.tablekit import HostThread, wait_for

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import CLOSED, PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
CLOCK = 3  # seconds a turn: a short clock of the test's own
AWAY = 4.0  # seconds the host stands still: longer than the whole clock and its late grace


def _table(**settings):
    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        options = {"auto_start": True, "tick": 0.005, "substitute": "easy", "grace": 60}
        return TableHost(
            seats, PRESETS["nepali"], 5, settings=HostSettings(**options, **settings), clock=CLOCK
        )

    return HostThread(make)


def _my_clock(eve: RemoteMatch) -> bool:
    clock = eve.turn_clock()
    view = eve.view(0) if eve.has_view(0) else None
    return clock is not None and clock.seat == 0 and view is not None and view.is_my_turn


def test_the_hosts_own_sleep_is_not_charged_to_the_player(tmp_path):
    table = _table()
    taken_over: list[p.SeatStatus] = []

    def heard(msg: p.HostMessage) -> None:
        if isinstance(msg, p.SeatStatus) and msg.seat == 0 and msg.bot_playing:
            taken_over.append(msg)

    eve = RemoteMatch(LOOPBACK, table.port, table.code, "Eve", seat=0, on_message=heard)
    try:
        assert wait_for(lambda: eve.refresh().state == PLAYING and _my_clock(eve), timeout=30)
        left = eve.turn_clock().seconds_left
        assert left > 1.5
        # The host's process stands still (its laptop's lid shut) longer than the whole clock.
        table.loop.call_soon_threadsafe(time.sleep, AWAY)
        time.sleep(AWAY + 0.5)
        # Awake: the clock is where it was, and every screen hears it.
        host_left = table.call(lambda: table.host.cover.turn.deadline - time.monotonic())
        assert left - 1.5 < host_left <= left
        assert wait_for(lambda: eve.turn_clock().seconds_left > 1.0, timeout=30)
        eve.submit(0, "draw stock")
        assert wait_for(lambda: eve.view(0).phase == "play", timeout=30)
        assert not taken_over  # the computer never moved for her
    finally:
        eve.close()
        table.stop()


def test_a_screen_that_cannot_hear_the_table_shows_its_clock_standing_still(tmp_path):
    table = _table()
    eve = RemoteMatch(LOOPBACK, table.port, table.code, "Eve", seat=0)
    try:
        assert wait_for(lambda: eve.refresh().state == PLAYING and _my_clock(eve), timeout=30)
        assert not eve.turn_clock().paused
        table.stop("The host closed the table.", saved=True)  # "Save and close"
        assert wait_for(lambda: eve.refresh().state == CLOSED, timeout=30)
        first = eve.turn_clock()
        assert first is not None and first.paused and first.seconds_left > 0
        time.sleep(0.5)
        assert eve.turn_clock().seconds_left == first.seconds_left  # it does not count down
    finally:
        eve.close()
