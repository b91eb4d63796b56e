"""A hostile "host" (someone on café Wi-Fi answering at the table's address): whatever it sends
that this game cannot read ends the connection with words a player can read, never a traceback,
and nothing in that message is taken in. A skipped version is asked for again, not guessed.
On 127.0.0.1 only."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

import pytest
from net.tablekit import wait_for
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine import PRESETS, Game
from marriage_net import protocol as p
from marriage_net.client import GONE, PLAYING, RemoteMatch

LOOPBACK = "127.0.0.1"


class FakeHost:
    """A websocket server on 127.0.0.1 that answers a hello with ``script`` (raw texts), then
    keeps what the client sends and the code the client closed with."""

    def __init__(self, script: list[str]) -> None:
        self.script = script
        self.heard: list[p.ClientMessage] = []
        self.closed: int | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.port: int = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)

    async def _start(self) -> int:
        self.server = await serve(self._talk, LOOPBACK, 0)
        return int(next(iter(self.server.sockets)).getsockname()[1])

    async def _talk(self, ws: ServerConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            self.heard.append(p.decode_client(await ws.recv()))
            for text in self.script:
                await ws.send(text)
            async for raw in ws:
                self.heard.append(p.decode_client(raw))
        self.closed = ws.close_code

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.close)
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(self.server.wait_closed(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def _game() -> Game:
    return Game.new(PRESETS["house"], ["Asha", "Bina"], 7, 1)


def _welcome() -> str:
    return p.encode(p.Welcome(0, "ab" * 16, "Asha"))


def _snapshot(view: dict[str, Any], seat: int = 0, v: int = 0) -> str:
    return p.encode_raw("snapshot", seat=seat, v=v, view=view)


def _update(view: dict[str, Any], events: list[Any], seat: int = 0, v: int = 1) -> str:
    return p.encode_raw("update", seat=seat, v=v, events=events, view=view)


def _play(script: list[str]) -> tuple[FakeHost, RemoteMatch]:
    host = FakeHost(script)
    asha = RemoteMatch(LOOPBACK, host.port, "123456", "Asha", seat=0, give_up=5)
    return host, asha


def _untouched(asha: RemoteMatch) -> None:
    """Every question a screen asks still has an answer (no traceback on the screen's thread)."""
    asha.refresh()
    asha.seats  # noqa: B018
    asha.version  # noqa: B018
    asha.dealt  # noqa: B018
    asha.seat_states()
    asha.turn_clock()
    for seat in asha.seats:
        asha.poll(seat)


def _damaged_snapshots() -> dict[str, list[str]]:
    g = _game()
    mine = g.view(0).to_dict()
    three_counts = {**mine, "hand_counts": [*mine["hand_counts"], 21]}
    return {
        "another seat's view": [_welcome(), _snapshot(g.view(1).to_dict())],
        "hand sizes for three players at a table of two": [_welcome(), _snapshot(three_counts)],
        "a view of a seat that is not ours": [_welcome(), _snapshot(g.view(1).to_dict(), seat=1)],
    }


@pytest.mark.parametrize("case", sorted(_damaged_snapshots()))
def test_a_damaged_snapshot_ends_the_connection_with_words(case):
    host, asha = _play(_damaged_snapshots()[case])
    try:
        assert wait_for(lambda: asha.refresh().state == GONE)
        assert "cannot read" in asha.status.message.english
        assert wait_for(lambda: host.closed is not None)
        assert host.closed == 1002  # a protocol error, said as one
        assert not asha.has_view(0) and not asha.has_view(1)
        _untouched(asha)
    finally:
        asha.close()
        host.stop()


def test_a_damaged_update_is_not_taken_in():
    g = _game()
    snapshot = g.view(0).to_dict()
    bad_event = {**g.events[0].to_dict(), "groups": [2]}  # two cards grouped, one card named
    host, asha = _play(
        [_welcome(), _snapshot(snapshot), _update(g.view(0, history=False).to_dict(), [bad_event])]
    )
    try:
        assert wait_for(lambda: asha.refresh().state == GONE)
        assert "cannot read" in asha.status.message.english
        assert wait_for(lambda: host.closed == 1002)
        assert asha.seat_version(0) == 0
        assert asha.view(0) == g.view(0)  # the snapshot, as it came; nothing of the update
        _untouched(asha)
    finally:
        asha.close()
        host.stop()


def test_a_skipped_version_is_asked_for_again():
    g = _game()
    seen = g.view(0, history=False).to_dict()
    host, asha = _play([_welcome(), _snapshot(g.view(0).to_dict()), _update(seen, [], v=2)])
    try:
        # The screen takes the news in at every frame; the update's gap is found there.
        assert wait_for(lambda: asha.refresh() and any(isinstance(m, p.Resync) for m in host.heard))
        assert [m for m in host.heard if isinstance(m, p.Resync)] == [p.Resync(0)]
        assert asha.refresh().state == PLAYING
        assert asha.seat_version(0) == 0 and asha.view(0) == g.view(0)
        assert [u.version for u in asha.poll(0)] == [0]  # the snapshot only
    finally:
        asha.close()
        host.stop()
