"""The wrong-code lockout: a code-guesser behind the same router as the players is slowed down
and turned away, and every honest player keeps and regains their seat all the while."""

import threading

from net.tablekit import HostThread, raw_client, wait_for
from websockets.exceptions import ConnectionClosed

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats
from marriage_net.tokens import TokenStore

LOOPBACK = "127.0.0.1"


def _guess(port, code):
    """One seatless guess; the code the host answered with ("busy" if it would not listen)."""
    with raw_client(port) as ws:
        ws.send(p.encode(p.Hello(p.PROTO, code, "Eve")))
        try:
            msg = p.decode_host(ws.recv(timeout=10))
        except ConnectionClosed:
            return "busy"
        assert isinstance(msg, p.Refused)
        return msg.code


def _drop_and_return(players, welcomes):
    """Every player's connection drops; each is welcomed back to their seat."""
    before = dict(welcomes)
    for pl in players:
        pl.reconnect()
    assert wait_for(lambda: all(welcomes[s] > before[s] for s in range(5)), timeout=30)


def test_honest_players_behind_a_guesser_keep_and_regain_their_seats():
    def make():
        seats = make_seats([("open", "")] * 5)
        settings = HostSettings(wrong_code_limit=5, wrong_code_wait=0.05, max_per_address=4)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings)

    table = HostThread(make)
    wrong = "000000" if table.code != "000000" else "111111"
    welcomes = {s: 0 for s in range(5)}

    def counter(seat):
        def note(msg):
            if isinstance(msg, p.Welcome):
                welcomes[seat] += 1

        return note

    stores = [TokenStore(None) for _ in range(5)]
    players = [
        RemoteMatch(
            LOOPBACK,
            table.port,
            table.code,
            f"P{s + 1}",
            seat=s,
            tokens=stores[s],
            on_message=counter(s),
        )
        for s in range(5)
    ]
    try:
        assert wait_for(lambda: all(welcomes.values()))
        tokens = [
            st.tokens(pl.key)[s] for s, (st, pl) in enumerate(zip(stores, players, strict=True))
        ]
        # The guesser, from the same address, guesses past the lockout, several at once.
        codes = []
        guessers = [
            threading.Thread(
                target=lambda: codes.extend(_guess(table.port, wrong) for _ in range(3))
            )
            for _ in range(4)
        ]
        for g in guessers:
            g.start()
        # Meanwhile every honest player's connection drops and comes back, twice.
        for _round in range(2):
            _drop_and_return(players, welcomes)
        for g in guessers:
            g.join(30)
        assert p.Refusal.LOCKED_OUT in codes  # the guesser was locked out...
        assert _guess(table.port, table.code) == p.Refusal.LOCKED_OUT  # (even the right code)
        # ...and yet once more every honest player comes back to their own seat.
        _drop_and_return(players, welcomes)
        assert wait_for(lambda: table.call(lambda: sorted(table.host.holder)) == list(range(5)))
        assert [
            st.tokens(pl.key)[s] for s, (st, pl) in enumerate(zip(stores, players, strict=True))
        ] == tokens
        names = table.call(lambda: [s.name for s in table.host.seats])
        assert names == [f"P{s + 1}" for s in range(5)]
        assert not any(pl.refresh().state == "gone" for pl in players)
    finally:
        for pl in players:
            pl.close()
        table.stop()
