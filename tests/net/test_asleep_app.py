"""A laptop that sleeps while it is not its turn, and wakes: what its screen draws.

Bina's whole app runs in a process of its own (see app_process.py) and plays her turns. Off her
turn, it is stopped (SIGSTOP, as a laptop whose lid is shut) for longer than the grace time:
the host lets her connection go and a computer plays her turns. Then it goes on (SIGCONT). What
it draws is read from its reports: the table under the welcome-back note is the table as it
is now (the match version and the hand the host holds for her), never the position it fell
asleep on; and when her turn comes, her clock shows while the note is still up. Everything runs
on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from collections import deque
from typing import Any

from net.tablekit import HostThread, wait_for
from net.test_killed_app import APP, LOOPBACK

from engine import PRESETS
from engine.ai import make_bot
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

GRACE = 1.0
CLOCK = 30
#: The laptop sleeps past the grace time (a computer has played for her), until the table has
#: moved on by more than this many versions.
MOVED_ON = 10
#: The prompt with the turn clock's seconds, as the table draws it.
CLOCK_DRAWN = re.compile(r"Your turn.*·\s+(\d+) s$")


class WatchedApp:
    """A player's app in its own process; its reports are read as they come (a pipe nobody
    reads would fill up and stop the app as surely as SIGSTOP)."""

    def __init__(self, *args: Any) -> None:
        import subprocess
        import sys

        self.proc = subprocess.Popen(
            [sys.executable, str(APP), *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        self.reports: deque[dict[str, Any]] = deque(maxlen=2000)
        self.count = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("{"):
                with self._lock:
                    self.reports.append(json.loads(line))
                    self.count += 1

    @property
    def last(self) -> dict[str, Any]:
        with self._lock:
            return self.reports[-1] if self.reports else {}

    def until(self, want: Any, timeout: float = 40.0, since: int = 0) -> dict[str, Any]:
        """The first report (from the ``since``-th on) that satisfies ``want``."""
        end = time.monotonic() + timeout
        seen = since
        while time.monotonic() < end:
            with self._lock:
                fresh = list(self.reports)[-(self.count - seen) :] if self.count > seen else []
                seen = self.count
            for report in fresh:
                if want(report):
                    return report
            time.sleep(0.05)
        raise AssertionError(f"the app never got there; last report: {self.last}")

    def signal(self, sig: int) -> None:
        os.kill(self.proc.pid, sig)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)


class Players:
    """Asha and Hari, at their own connections: each plays when it is their turn, once per
    position, while ``playing`` is set (and Asha deals each next hand)."""

    def __init__(self, port: int, code: str) -> None:
        self.clients = {
            seat: RemoteMatch(LOOPBACK, port, code, name, seat=seat)
            for seat, name in ((1, "Asha"), (2, "Hari"))
        }
        self.bots = {seat: make_bot("easy", 40 + seat) for seat in self.clients}
        self.playing = threading.Event()
        self.acted: set[tuple[int, int]] = set()
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.playing.is_set():
                for seat, client in self.clients.items():
                    if not client.has_view(seat):
                        continue
                    view = client.view(seat)
                    key = (seat, client.seat_version(seat))
                    deal = view.phase == "hand_over" and seat == 1  # Asha deals the next hand
                    mine = view.phase in ("draw", "play") and view.is_my_turn
                    if not (deal or mine) or key in self.acted:
                        continue
                    self.acted.add(key)
                    client.submit(seat, "next hand" if deal else self.bots[seat].choose(view))
            time.sleep(0.03)

    def close(self) -> None:
        self._stop.set()
        self.thread.join(5)
        for client in self.clients.values():
            client.close()


def _drawn_clock(report: dict[str, Any]) -> int | None:
    """The seconds of the turn clock in the prompt the table drew, if it drew one."""
    for text in report.get("drawn", []):
        found = CLOCK_DRAWN.search(text)
        if found:
            return int(found.group(1))
    return None


def test_a_laptop_asleep_off_its_turn_wakes_to_the_table_as_it_is(tmp_path):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("open", "")])
        settings = HostSettings(
            auto_start=True,
            grace=GRACE,
            tick=0.005,
            substitute="easy",
            ping_interval=0.5,
            ping_timeout=1.0,
        )
        return TableHost(seats, PRESETS["nepali"], 12, settings=settings, clock=CLOCK)

    table = HostThread(make)
    where = f"{LOOPBACK}:{table.port}"
    bina = WatchedApp(tmp_path / "bina", "join", where, table.code, "Bina", 0, "play")
    players = None

    def host(fn: Any) -> Any:
        return table.call(lambda: fn(table.host))

    def current(h: TableHost) -> int:
        view = h.match.view(0)
        return view.current_player if view.phase in ("draw", "play") else -1

    try:
        bina.until(lambda r: r.get("seats") == [0])
        players = Players(table.port, table.code)
        bina.until(lambda r: r["scene"] == "table" and r.get("table"), timeout=60)
        # Play a while, then stop when it is not Bina's turn and her screen shows that very
        # position: then her laptop sleeps, off her turn.
        players.playing.set()
        assert wait_for(lambda: host(lambda h: h.match.version) > 6, timeout=30)
        for _ in range(100):
            players.playing.clear()
            time.sleep(0.3)  # anything the others started is in
            slept_at = host(lambda h: h.match.version)
            if host(current) in (1, 2) and wait_for(
                lambda v=slept_at: bina.last.get("table", {}).get("v") == v, timeout=5
            ):
                break
            players.playing.set()
            time.sleep(0.1)
        else:
            raise AssertionError("no position off Bina's turn to stop at")
        bina.signal(signal.SIGSTOP)
        assert host(lambda h: h.match.version) == slept_at and host(current) != 0
        (tmp_path / "bina" / "stop-playing").touch()  # once awake, she plays nothing herself
        # Her laptop sleeps past the grace time: the host lets her go, a computer plays for her.
        players.playing.set()
        assert wait_for(lambda: bool(host(lambda h: h.cover.covered.get(0))), timeout=30)
        # She sleeps on until the table has moved on a long way (not for a fixed time).
        assert wait_for(lambda: host(lambda h: h.match.version) > slept_at + MOVED_ON, timeout=60)
        # Awake, off her turn: the others wait until her screen has caught up.
        assert wait_for(lambda: host(current) != 0, timeout=30)
        players.playing.clear()
        time.sleep(0.3)
        now_v, held = host(lambda h: (h.match.version, len(h.match.view(0).hand)))
        assert now_v > slept_at + 6  # the table moved on a long way while she slept
        mark = bina.count
        bina.signal(signal.SIGCONT)
        told = bina.until(
            lambda r: "Welcome back" in r["drawn"] and r.get("table", {}).get("v") == now_v,
            timeout=40,
            since=mark,
        )
        # Under the note: the table as it is now, her hand as the host holds it, nothing stopped.
        words = "\n".join(told["drawn"])
        assert "The computer played for you" in words
        assert told["table"]["hand"] == held and told["table"]["laid"] == held
        assert told["table"]["note"] and not told["table"]["dialog"]
        # Her turn comes: her clock shows, counting down, the note still up.
        caught_up = bina.count
        players.playing.set()
        mine = bina.until(lambda r: _drawn_clock(r) is not None, timeout=60, since=caught_up)
        assert mine["table"]["turn"] and mine["table"]["note"]
        first = _drawn_clock(mine)
        # (A busy machine may draw it a few seconds into the turn: the others' moves land first.)
        assert first is not None and CLOCK - 6 <= first <= CLOCK
        assert host(current) == 0 and host(lambda h: h.cover.turn.seat) == 0
        assert mine["table"]["v"] == host(lambda h: h.match.version)
        later = bina.until(
            lambda r: (s := _drawn_clock(r)) is not None and s <= first - 2, timeout=10
        )
        assert later["table"]["turn"]  # the clock runs on her screen
        assert host(lambda h: h.match.driver(0)) == "human"  # her seat is hers again
    finally:
        if bina.proc.poll() is None:
            bina.signal(signal.SIGCONT)
        bina.kill()
        if players is not None:
            players.close()
        table.stop()
