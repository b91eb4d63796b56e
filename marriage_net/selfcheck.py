"""One hand over loopback: a host process and two clients, for the frozen app's ``--self-test``.

It proves a build can open a table and join it (the websockets client needs ``ssl``, which a
packaging recipe could leave out), without a window and without any packet leaving 127.0.0.1.
"""

from __future__ import annotations

import time

from engine.ai import make_bot
from engine.rules import PRESETS
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings
from marriage_net.hostproc import TableConfig, start_host

LOOPBACK = "127.0.0.1"
# What a player's accepted action leaves in the hand's history, one event each.
ACTION_EVENTS = frozenset({"draw_stock", "take_discard", "discard", "expose", "see", "go_out"})


def loopback_hand(timeout: float = 120.0) -> tuple[int, str]:
    """Two clients and a bot on the host play one hand; (actions sent, how it ended).

    Raises RuntimeError when the hand does not finish in time, or when the history the host
    sends back does not hold exactly the actions the clients sent.
    """
    config = TableConfig(
        seats=[("open", ""), ("open", ""), ("easy", "")],
        rules=PRESETS["nepali"].to_dict(),
        hands=1,
        settings=HostSettings(auto_start=True, tick=0.01),
    )
    host = start_host(config, LOOPBACK, 0, timeout=60)
    clients = [
        RemoteMatch(LOOPBACK, host.port, host.code, name, seat=seat)
        for seat, name in ((0, "Sita"), (1, "Ram"))
    ]
    try:
        end = time.monotonic() + timeout
        bots = {0: make_bot("easy", 1), 1: make_bot("easy", 2)}
        sent: set[tuple[int, int]] = set()
        while True:
            if time.monotonic() > end:
                states = ", ".join(c.refresh().message.english for c in clients)
                raise RuntimeError(f"the loopback hand did not finish in time ({states})")
            views = []
            for seat, client in enumerate(clients):
                client.poll(seat)
                if client.refresh().state != PLAYING or not client.has_view(seat):
                    continue
                view = client.view(seat)
                views.append(view)
                key = (seat, client.seat_version(seat))
                action = bots[seat].choose(view) if view.is_my_turn else None
                if action is not None and key not in sent:
                    sent.add(key)
                    client.submit(seat, action)
                elif view.phase == "hand_over" and seat == 0 and key not in sent:
                    sent.add(key)  # between hands any person may deal: the first seat does
                    client.submit(seat, "next hand")
            if len(views) == 2 and all(v.phase == "match_over" for v in views):
                accepted = sum(
                    1 for e in views[0].history if e.player in bots and e.kind in ACTION_EVENTS
                )
                if accepted != len(sent):
                    raise RuntimeError(f"sent {len(sent)} actions, the host recorded {accepted}")
                result = views[0].result
                how = result.describe(views[0].names).english if result is not None else "over"
                return len(sent), how
            time.sleep(0.005)
    finally:
        for c in clients:
            c.close()
        host.stop(save=False)
