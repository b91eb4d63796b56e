"""Hostile clients before the deal: each is refused or disconnected with a reason, and the
table (and the players already seated) carry on unchanged."""

import contextlib
import time

import pytest
from net.tablekit import HostThread, messages_until, raw_client, say_hello
from websockets.exceptions import ConnectionClosed

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats


@pytest.fixture
def table():
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("medium", "")])
        return TableHost(seats, PRESETS["nepali"], 2, settings=HostSettings(hello_timeout=0.5))

    t = HostThread(make)
    yield t
    t.stop()


def _state(table):
    return table.call(lambda: p.encode(table.host._lobby()))


def _closed_with(ws):
    with pytest.raises(ConnectionClosed) as err:
        for _ in range(10):
            ws.recv(timeout=30)
    return err.value.rcvd


def test_an_honest_player_sits_down(table):
    with raw_client(table.port) as ws:
        welcome = say_hello(ws, table.code, "Asha")
        assert isinstance(welcome, p.Welcome) and welcome.seat == 0
        assert len(welcome.token) == 32  # 128 bits as hex
        lobby = messages_until(ws, lambda m: isinstance(m, p.Lobby))[-1]
        assert lobby.seats[0].name == "Asha" and lobby.seats[0].connected


def test_wrong_code_is_refused_and_slowed_down(table):
    before = _state(table)
    times = []
    for _ in range(3):
        with raw_client(table.port) as ws:
            start = time.monotonic()
            msg = say_hello(ws, "000000" if table.code != "000000" else "111111")
            times.append(time.monotonic() - start)
            assert isinstance(msg, p.Refused) and msg.reason == "wrong table code"
            assert _closed_with(ws).code == 1008
    assert times[2] > times[0] * 2  # each wrong code from this address waits longer
    assert _state(table) == before
    with raw_client(table.port) as ws:  # the right code still works, and clears the count
        assert isinstance(say_hello(ws, table.code, "Asha"), p.Welcome)


def test_no_hello_in_time(table):
    with raw_client(table.port) as ws:
        closed = _closed_with(ws)
    assert closed.code == 1008 and closed.reason == "no hello in time"


@pytest.mark.parametrize(
    "first",
    [
        '{"type":"hello","proto":1,"code":"x","name":"E","admin":true}',
        '{"type":"hello","proto":"1","code":"x","name":"E"}',
        '{"type":"act","seat":0,"v":0,"action":"draw stock"}',
        '{"type":"hello","proto":99,"code":"x","name":"E"}',
    ],
)
def test_a_bad_hello_is_refused_with_a_reason(table, first):
    before = _state(table)
    with raw_client(table.port) as ws:
        ws.send(first)
        msg = p.decode_host(ws.recv(timeout=5))
        assert isinstance(msg, p.Refused) and msg.reason
        assert _closed_with(ws).code == 1008
    assert _state(table) == before


def test_bad_messages_after_hello_are_refused_and_others_are_unaffected(table):
    with raw_client(table.port) as honest, raw_client(table.port) as eve:
        assert isinstance(say_hello(honest, table.code, "Asha"), p.Welcome)
        welcome = say_hello(eve, table.code, "Eve")
        assert isinstance(welcome, p.Welcome)
        messages_until(eve, lambda m: isinstance(m, p.Lobby))
        messages_until(honest, lambda m: isinstance(m, p.Lobby) and m.seats[1].connected)
        before = _state(table)
        for bad, words in [
            ('{"type":"resync","extra":1}', "unknown field"),
            ('{"type":"ready","seat":"0"}', "Expected `int`"),
            ('{"type":"act","seat":1,"v":0,"action":"draw stock"}', "has not started"),
            ('{"type":"act","seat":0,"v":0,"action":"draw stock"}', "has not started"),
            ('{"type":"start"}', "only the host's screen"),
            ('{"type":"kick","seat":0}', "only the host's screen"),
            ('{"type":"emote","seat":1,"id":"<script>"}', "no such emote"),
            ('{"type":"emote","seat":0,"id":"nice"}', "not your seat"),
            ('{"type":"hello","proto":1,"code":"1","name":"E"}', "already said hello"),
            ('{"type":"resync","x":' + "[" * 7000 + "]" * 7000 + "}", "bad message"),
        ]:
            eve.send(bad)
            msg = messages_until(eve, lambda m: isinstance(m, p.Refused))[-1]
            assert words in msg.reason, (bad[:60], msg.reason)
        assert _state(table) == before
        eve.send("x" * 100_000)
        assert _closed_with(eve).code == 1009  # message too big
    with raw_client(table.port) as eve:
        assert isinstance(say_hello(eve, table.code, "Eve", token=welcome.token), p.Welcome)
        eve.send('{"type":"resync","x":' + "[" * 100_000 + "]" * 100_000 + "}")
        assert _closed_with(eve).code == 1009


def test_a_flood_is_cut_off_but_a_busy_honest_client_is_not(table):
    with raw_client(table.port) as honest, raw_client(table.port) as eve:
        say_hello(honest, table.code, "Asha")
        say_hello(eve, table.code, "Eve")
        # Honest: a burst of 30 requests (more than any screen sends at once) is answered.
        for _ in range(30):
            honest.send(p.encode(p.Ready(0)))
        messages_until(honest, lambda m: isinstance(m, p.Lobby) and m.seats[0].ready)
        for _ in range(500):
            try:
                eve.send(p.encode(p.Resync()))
            except ConnectionClosed:
                break
        seen = []
        with pytest.raises(ConnectionClosed) as err:
            while True:
                seen.append(p.decode_host(eve.recv(timeout=30)))
        assert err.value.rcvd.code == 1008 and err.value.rcvd.reason == "too many messages"
        assert any(isinstance(m, p.Refused) and m.reason == "too many messages" for m in seen)
        honest.send(p.encode(p.Resync()))
        assert isinstance(messages_until(honest, lambda m: isinstance(m, p.Lobby))[-1], p.Lobby)


def test_too_many_sockets_from_one_address_are_turned_away(table):
    limit = table.host.settings.max_per_address
    with contextlib.ExitStack() as stack:
        for _ in range(limit):
            stack.enter_context(raw_client(table.port))
        with raw_client(table.port) as extra:
            closed = _closed_with(extra)
            assert closed.code == 1013 and "not taking connections" in closed.reason
    assert wait_for_sockets_gone(table)
    with raw_client(table.port) as ws:  # once they are gone, a player gets in again
        assert isinstance(say_hello(ws, table.code, "Asha"), p.Welcome)


def wait_for_sockets_gone(table):
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if not table.call(lambda: sum(table.host.open_sockets.values())):
            return True
        time.sleep(0.02)
    return False
