"""A turn clock on a slow line is fair: a player 300 ms away (each way), whose clock reaches
their screen a whole second late on top of that, who moves one second before the deadline their
screen shows, keeps the turn, every time. On 127.0.0.1, through a proxy that delays."""

from __future__ import annotations

import time

from net.tablekit import HostThread, SlowLine, wait_for

from engine import PRESETS
from engine.actions import Discard, GoOut
from engine.ai import make_bot
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
CLOCK = 4  # seconds a turn: a short clock of the test's own
DELAY = 0.3  # seconds each way
STALL = 1.0  # seconds more for the message that starts Eve's clock
BEFORE = 1.0  # Eve moves this long before the deadline her screen shows
TURNS = 4


def test_a_move_in_time_on_screen_over_a_slow_line_keeps_the_turn():
    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy", grace=60)
        return TableHost(seats, PRESETS["nepali"], 5, settings=settings, clock=CLOCK)

    armed = [False]  # from a first turn's end: the line has shown its quickest messages by then

    def late(chunk: bytes) -> bool:
        return armed[0] and b'"type":"clock","seat":0,' in chunk

    table = HostThread(make)
    line = SlowLine(table.port, DELAY, STALL, late)
    taken_over: list[p.SeatStatus] = []  # a computer moved for Eve
    refused: list[p.Refused] = []  # a move of Eve's came too late (or was wrong)

    def heard(msg: p.HostMessage) -> None:
        if isinstance(msg, p.SeatStatus) and msg.seat == 0 and msg.bot_playing:
            taken_over.append(msg)
        elif isinstance(msg, p.Refused):
            refused.append(msg)

    eve = RemoteMatch(LOOPBACK, line.port, table.code, "Eve", seat=0, on_message=heard)
    bot = make_bot("easy", 5)
    kept = 0
    try:
        assert wait_for(lambda: eve.refresh().state == PLAYING and eve.has_view(0), timeout=20)
        played: set[tuple[int, int]] = set()
        stalled = 0  # her clocks held up by the line before this turn's
        end = time.monotonic() + 120
        while kept < TURNS and time.monotonic() < end:
            v = eve.view(0)
            clock = eve.turn_clock()
            turn = (v.hand_no, v.turn)
            if v.phase == "hand_over":
                if (v.hand_no, -1) not in played:
                    played.add((v.hand_no, -1))
                    eve.submit(0, "next hand")
                time.sleep(0.02)
                continue
            mine = v.phase == "draw" and v.is_my_turn and clock is not None and clock.seat == 0
            if not mine or turn in played:
                time.sleep(0.01)
                continue
            played.add(turn)
            counts = line.stalled > stalled  # this turn's clock came a second late
            # The deadline her screen shows, as it shows it.
            deadline = time.monotonic() + clock.seconds_left
            # She draws (and shows her melds, if she will) at once; the move that ends her turn
            # waits until a second before that deadline.
            while not isinstance(move := bot.choose(eve.view(0)), Discard | GoOut):
                before = eve.seat_version(0)
                eve.submit(0, move)
                assert wait_for(lambda b=before: eve.seat_version(0) > b, timeout=5)
            if counts:  # a first turn, its clock not late, counts for nothing: no wait
                time.sleep(max(0.0, deadline - BEFORE - time.monotonic()))
            armed[0] = True  # her next clock comes late
            stalled = line.stalled
            eve.submit(0, move)
            assert wait_for(lambda t=turn[1]: eve.view(0).turn != t or eve.view(0).hand_over, 10)
            kept += counts
        assert kept == TURNS  # every one of these turns' clocks came a second late
        # Her own moves went in, every one: the computer never moved for her.
        assert not taken_over and not refused
    finally:
        line.cut()  # her leaving need not wait out the slow line's goodbye
        eve.close()
        line.stop()
        table.stop()
