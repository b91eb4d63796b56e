"""A player's app killed mid-hand (kill -9) and started again on the same data folder: the
other screens see the seat wait, then a computer cover it; the app offers its table on the
title, sits back down with nothing typed, holds its hand again and hears what was played."""

import json
import subprocess
import sys
import time
from pathlib import Path

from net.tablekit import HostThread, wait_for

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
APP = Path(__file__).resolve().parent / "app_process.py"
GRACE = 1.5


class AppProcess:
    """A player's app in a process of its own (see app_process.py), read line by line."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(
            [sys.executable, str(APP), *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.last = {}

    def until(self, want, timeout=40.0):
        """Read the app's reports until ``want(report)``; that report."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            line = self.proc.stdout.readline()
            if not line:
                break
            if not line.startswith("{"):
                continue  # not a report (a library saying hello)
            self.last = json.loads(line)
            if want(self.last):
                return self.last
        raise AssertionError(f"the app never got there; last report: {self.last}")

    def kill(self):
        """kill -9: no goodbye to anybody."""
        self.proc.kill()
        self.proc.wait(10)


def _turn_of(table, seat):
    def check():
        view = table.host.match.view(seat)
        return view.phase in ("draw", "play") and view.current_player == seat

    return lambda: table.call(check)


def test_a_killed_app_is_covered_and_sits_back_down_by_itself(tmp_path):
    def make():
        seats = make_seats([("open", ""), ("easy", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, grace=GRACE, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 3, settings=settings, clock=0)

    table = HostThread(make)
    other = RemoteMatch(LOOPBACK, table.port, table.code, "")  # another screen at the table
    bina = AppProcess(tmp_path / "bina", "join", f"{LOOPBACK}:{table.port}", table.code, "Bina", 0)
    again = None
    try:
        first = bina.until(lambda r: r["scene"] == "table" and r.get("hand"))
        assert first["seats"] == [0] and first["state"] == PLAYING
        # Her turn comes (she never moves here): then her laptop dies.
        assert wait_for(_turn_of(table, 0), timeout=30)
        bina.kill()
        assert wait_for(lambda: other.seat_states()[0].state == p.RECONNECTING, timeout=30)
        away = other.seat_states()[0]
        assert away.name == "Bina" and 0 < away.seconds_left <= GRACE
        assert wait_for(lambda: other.seat_states()[0].state == p.COMPUTER, timeout=30)
        assert other.seat_states()[0].why == p.WHY_AWAY
        # The computer plays her turn.
        assert wait_for(lambda: table.call(lambda: bool(table.host.cover.covered.get(0))))
        # The app starts again on the same data folder: the title offers the table; one click.
        again = AppProcess(tmp_path / "bina", "rejoin")
        back = again.until(lambda r: r["scene"] == "table" and r.get("hand"))
        assert back["seats"] == [0]
        # Her hand as the table holds it now (the computer may have shown melds from it).
        held = table.call(lambda: len(table.host.match.view(0).hand))
        assert again.until(lambda r: r.get("hand") == held)
        assert wait_for(lambda: other.seat_states()[0].state == p.CONNECTED, timeout=30)
        # The table tells her, in words, what the computer played for her.
        told = again.until(lambda r: "The computer played for you" in "\n".join(r["drawn"]))
        assert "Welcome back" in told["drawn"]
        assert table.call(lambda: table.host.match.driver(0)) == "human"
    finally:
        bina.kill()
        if again is not None:
            again.kill()
        other.close()
        table.stop()
