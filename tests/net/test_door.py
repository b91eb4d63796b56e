"""The table's door: a pile of sockets that never say hello keeps no seat holder out, and a
connection that holds no seat is let go after a while (the join screen comes back by itself
when its person picks a seat). On 127.0.0.1 only, bounded in time and count."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest
from net.tablekit import HostThread, messages_until, raw_client, say_hello, wait_for
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import LOBBY, PLAYING, RemoteMatch
from marriage_net.door import HostSettings
from marriage_net.host import TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
CHURNERS = 40
TRIES = 8


class Churn:
    """``CHURNERS`` tasks, each opening a websocket that never says hello, holding it until the
    host lets it go (or a few seconds pass), and opening the next one at once."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.loop = asyncio.new_event_loop()
        self.opened = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(),))
        self.thread.start()

    async def _one(self) -> None:
        while not self.stop.is_set():
            try:
                async with connect(f"ws://{LOOPBACK}:{self.port}", open_timeout=5) as ws:
                    self.opened += 1
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(ws.recv(), 6)  # the host closes it first
            except (OSError, ConnectionClosed, TimeoutError):
                await asyncio.sleep(0.01)

    async def _run(self) -> None:
        tasks = [asyncio.create_task(self._one()) for _ in range(CHURNERS)]
        while not self.stop.is_set():
            await asyncio.sleep(0.05)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(15)
        self.loop.close()


def test_a_seat_token_gets_in_through_a_churn_of_silent_sockets():
    def make():
        seats = make_seats([("open", ""), ("medium", "")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings())

    table = HostThread(make)
    churn = None
    try:
        with raw_client(table.port) as ws:
            welcome = say_hello(ws, table.code, "Asha", seat=0)
        assert isinstance(welcome, p.Welcome)
        churn = Churn(table.port)
        # The churn holds more sockets open at once than the table's limit of connections.
        cap = table.call(lambda: table.host.settings.max_connections)
        assert wait_for(lambda: table.call(lambda: len(table.host.sockets)) > cap, timeout=30)
        welcomed = 0
        for _ in range(TRIES):
            with raw_client(table.port) as ws:
                back = say_hello(ws, table.code, "Asha", token=welcome.token, seat=0)
                welcomed += isinstance(back, p.Welcome) and back.seat == 0
            time.sleep(0.2)
        assert welcomed == TRIES
        assert churn.opened > CHURNERS  # the silent sockets kept coming all along
        # A new player without a token is not promised room: but the table still answers.
        assert table.call(lambda: table.host.seats[0].name) == "Asha"
    finally:
        if churn is not None:
            churn.close()
        table.stop()


def test_a_waiting_socket_makes_room_for_a_newer_one_when_too_many_wait():
    def make():
        seats = make_seats([("open", ""), ("medium", "")])
        settings = HostSettings(max_waiting=6)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings)

    table = HostThread(make)
    try:
        with raw_client(table.port) as ws:
            welcome = say_hello(ws, table.code, "Asha", seat=0)
        with contextlib.ExitStack() as stack:
            silent = [stack.enter_context(raw_client(table.port)) for _ in range(6)]
            assert wait_for(lambda: table.call(lambda: len(table.host.sockets)) == 6)
            with raw_client(table.port) as ws:  # the seventh: the oldest waiting one goes
                back = say_hello(ws, table.code, "Asha", token=welcome.token, seat=0)
                assert isinstance(back, p.Welcome)
            with pytest.raises(ConnectionClosed) as closed:
                silent[0].recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == p.CLOSE_BUSY
    finally:
        table.stop()


IDLE = 0.5  # seconds a connection without a seat stays (a short one of the tests' own)


@pytest.fixture
def idle_table():
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("medium", "")])
        settings = HostSettings(seatless_idle=IDLE)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings)

    table = HostThread(make)
    yield table
    table.stop()


def test_a_connection_without_a_seat_is_let_go_and_a_seated_one_stays(idle_table):
    table = idle_table
    assert HostSettings().seatless_idle <= 120  # players' tables: within two minutes
    with raw_client(table.port) as looker, raw_client(table.port) as asha:
        assert isinstance(say_hello(looker, table.code, ""), p.Lobby)  # only looks
        start = time.monotonic()  # (the host counts from the hello, a moment before)
        assert isinstance(say_hello(asha, table.code, "Asha", seat=0), p.Welcome)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                looker.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == p.CLOSE_IDLE
        assert IDLE - 0.1 <= time.monotonic() - start <= IDLE + 3
        time.sleep(1.3)  # past the host's next look at idle connections (once a second)
        asha.send(p.encode(p.Resync()))
        assert messages_until(asha, lambda m: isinstance(m, p.Lobby))  # Asha is still here


def test_the_join_screens_connection_rests_and_comes_back_for_the_seat_picked(idle_table):
    table = idle_table
    bina = RemoteMatch(LOOPBACK, table.port, table.code, "")
    try:
        assert wait_for(lambda: bina.lobby is not None)
        # Let go for holding no seat: it rests (no new connection), showing the seats it saw.
        assert wait_for(lambda: table.call(lambda: len(table.host.conns)) == 0, timeout=30)
        assert bina.refresh().state == LOBBY
        time.sleep(IDLE + 0.5)  # a connection taken up again would be back well within it
        assert table.call(lambda: len(table.host.sockets)) == 0
        # Its person picks a seat: it comes back and sits.
        bina.sit("Bina", 1)
        assert wait_for(lambda: bina.seats == [1], timeout=30)
        assert wait_for(lambda: table.call(lambda: table.host.seats[1].name) == "Bina")
        assert bina.refresh().state in (LOBBY, PLAYING)
        time.sleep(IDLE + 0.5)  # seated now: never let go (it would be gone at IDLE)
        assert table.call(lambda: 1 in table.host.holder)
    finally:
        bina.close()
