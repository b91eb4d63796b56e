"""A player's app in a process of its own, for the kill-and-restart test.

Usage: seat_client.py PORT CODE SEAT TOKENS_FILE. Joins (or rejoins with the saved token),
prints ``SEATED <seconds> <version>`` once its seat's view has arrived, then plays the seat with
an easy bot until it is killed.
"""

import sys
import time
from pathlib import Path

from engine.ai import make_bot
from marriage_net.client import RemoteMatch
from marriage_net.tokens import TokenStore


def main() -> None:
    port, code, seat, tokens = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    start = time.monotonic()
    remote = RemoteMatch(
        "127.0.0.1", port, code, f"Player {seat + 1}", seat=seat, tokens=TokenStore(Path(tokens))
    )
    while not remote.has_view(seat):
        if time.monotonic() - start > 30:
            print("NOT SEATED", remote.refresh().message, flush=True)
            return
        time.sleep(0.005)
    print(f"SEATED {time.monotonic() - start:.3f} {remote.seat_version(seat)}", flush=True)
    bot = make_bot("easy", seat)
    done: set[int] = set()
    while True:
        remote.poll(seat)
        view = remote.view(seat)
        v = remote.seat_version(seat)
        if view.is_my_turn and v not in done:
            done.add(v)
            remote.submit(seat, bot.choose(view))
        time.sleep(0.005)


if __name__ == "__main__":
    main()
