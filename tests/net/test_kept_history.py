"""A seat's history is kept on its laptop: the host sends each update's view without the history
(to stay small), and the view the laptop builds from the events it has heard is, after every
move of a whole match (a new hand included), exactly the host's own view of that seat, history
and all. No snapshot is asked for along the way. On 127.0.0.1 only."""

from __future__ import annotations

import threading
import time

from net.tablekit import HostThread, wait_for

from engine import PRESETS
from engine.ai import make_bot
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


class Snapshots:
    """Counts the snapshots one laptop receives, by seat (on its network thread)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.count: dict[int, int] = {}

    def __call__(self, msg: p.HostMessage) -> None:
        if isinstance(msg, p.Snapshot):
            with self.lock:
                self.count[msg.seat] = self.count.get(msg.seat, 0) + 1


def test_every_view_a_laptop_builds_is_the_hosts_own_history_and_all():
    def make():
        seats = make_seats([("open", ""), ("open", "")])
        return TableHost(
            seats, PRESETS["house"], 2, settings=HostSettings(tick=0.005, auto_start=True), clock=0
        )

    table = HostThread(make)
    snapshots = [Snapshots(), Snapshots()]
    laptops = [
        RemoteMatch(LOOPBACK, table.port, table.code, name, seat=s, on_message=snapshots[s])
        for s, name in enumerate(("Asha", "Bina"))
    ]
    bots = [make_bot("easy", 40 + s) for s in range(2)]

    def host() -> tuple[int, list]:
        match = table.host.match
        return match.version, [match.view(s) for s in range(2)]

    try:
        assert wait_for(lambda: all(c.refresh().state == PLAYING for c in laptops))
        compared, hands, version = 0, set(), 0
        end = time.monotonic() + 120
        while True:
            assert time.monotonic() < end, "the match did not finish in time"
            # Lockstep: only these two laptops act, one move at a time.
            assert wait_for(lambda v=version: table.call(host)[0] == v)
            _, views = table.call(host)
            assert wait_for(
                lambda v=version: all(c.seat_version(s) == v for s, c in enumerate(laptops))
            )
            for s, c in enumerate(laptops):
                c.poll(s)
                assert c.view(s) == views[s], f"seat {s} at version {version}"
                assert c.view(s).history == views[s].history
            compared += 1
            hands.add(views[0].hand_no)
            if views[0].phase == "match_over":
                break
            version += 1
            if views[0].phase == "hand_over":
                laptops[0].submit(0, "next hand")
                continue
            s = views[0].current_player
            laptops[s].submit(s, bots[s].choose(laptops[s].view(s)))
        assert hands == {0, 1}
        assert compared == version + 1  # every position of the match, from the deal on
        # The story was kept, not fetched again: one snapshot per seat, the one on sitting down.
        for count in snapshots:
            with count.lock:
                assert sum(count.count.values()) == 1
    finally:
        for c in laptops:
            c.close()
        table.stop()
