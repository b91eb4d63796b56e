"""Hostile clients during play: stale versions, illegal and out-of-turn actions, someone else's
seat, floods. Each is refused with a reason; the host's match does not change; others carry on."""

import pytest
from net.tablekit import HostThread, messages_until, raw_client, say_hello, wait_for
from websockets.exceptions import ConnectionClosed

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


@pytest.fixture
def table():
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("here", "Chandra")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(tick=0.005))

    t = HostThread(make)
    yield t
    t.stop()


def _match_state(table):
    return table.call(lambda: (table.host.match.version, str(table.host.match.save_dict())))


def test_bad_actions_are_refused_and_change_nothing(table):
    bina_updates = []
    bina = RemoteMatch(
        LOOPBACK,
        table.port,
        table.code,
        "Bina",
        seat=1,
        on_message=lambda m: bina_updates.append(m) if isinstance(m, p.Updated) else None,
    )
    owner = RemoteMatch(LOOPBACK, table.port, table.code, "Chandra", owner=table.host.owner)
    try:
        with raw_client(table.port) as eve:
            welcome = say_hello(eve, table.code, "Eve", seat=0)
            assert isinstance(welcome, p.Welcome) and welcome.seat == 0
            assert wait_for(
                lambda: owner.lobby is not None and all(s.connected for s in owner.lobby.seats)
            )
            owner.send(p.Start())
            snap = messages_until(eve, lambda m: isinstance(m, p.Snapshot))[-1]
            assert snap.view.current_player == 0  # Eve is first to play
            assert wait_for(lambda: bina.refresh().state == PLAYING)
            before = _match_state(table)
            hand = snap.view.hand
            for act, words in [
                (p.Act(0, snap.v + 5, "draw stock"), "moved on"),  # a version from the future
                (p.Act(0, snap.v - 1, "draw stock"), "moved on"),  # a stale version
                (p.Act(1, snap.v, "draw stock"), "not your seat"),  # Bina's seat
                (p.Act(7, snap.v, "draw stock"), "not your seat"),
                (p.Act(0, snap.v, "discard QS"), ""),  # out of order: draw first
                (p.Act(0, snap.v, "go out discard 2C"), ""),  # illegal
                (p.Act(0, snap.v, "dance"), "not an action"),
                (p.Act(0, snap.v, "discard ZZ"), ""),
            ]:
                eve.send(p.encode(act))
                msg = messages_until(eve, lambda m: isinstance(m, p.Refused))[-1]
                assert words in msg.reason and msg.reason, (act, msg)
                assert _match_state(table) == before
            # Bina plays out of turn through the real client: refused with the engine's reason.
            bina.submit(1, "draw stock")
            assert wait_for(lambda: bina.refusals, timeout=30)
            assert _match_state(table) == before
            assert bina_updates == []  # nothing of the above reached another player
            # And a legal action still works.
            eve.send(p.encode(p.Act(0, snap.v, "draw stock")))
            upd = messages_until(eve, lambda m: isinstance(m, p.Updated))[-1]
            assert upd.v == snap.v + 1 and len(upd.view.hand) == len(hand) + 1
            assert wait_for(lambda: bina.seat_version(1) == snap.v + 1)
    finally:
        bina.close()
        owner.close()


def test_a_flood_of_refused_actions_is_cut_off(table):
    owner = RemoteMatch(LOOPBACK, table.port, table.code, "Chandra", owner=table.host.owner)
    bina = RemoteMatch(LOOPBACK, table.port, table.code, "Bina", seat=1)
    try:
        with raw_client(table.port) as eve:
            say_hello(eve, table.code, "Eve", seat=0)
            assert wait_for(
                lambda: owner.lobby is not None and all(s.connected for s in owner.lobby.seats)
            )
            owner.send(p.Start())
            snap = messages_until(eve, lambda m: isinstance(m, p.Snapshot))[-1]
            before = _match_state(table)
            with pytest.raises(ConnectionClosed) as err:
                for _ in range(2000):
                    eve.send(p.encode(p.Act(0, snap.v, "discard QS")))
                while True:
                    eve.recv(timeout=5)
            assert err.value.rcvd.code == 1008 and err.value.rcvd.reason == "too many messages"
            assert _match_state(table) == before
        assert bina.refresh().state == PLAYING
    finally:
        owner.close()
        bina.close()
