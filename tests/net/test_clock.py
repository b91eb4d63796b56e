"""The turn clock, the host's handover and the seats' status, as the host tells every screen.

The players here are bare connections that read the host's messages as JSON and never act
unless told to: nothing on this side decides anything, so what is seen is what the host did.
"""

import json
import socket
import time

import pytest
from net.tablekit import HostThread, raw_client, say_hello, steady_deal

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

CLOCK = 2  # seconds: a short clock of the tests' own (players choose 30, 60 or 90)


class Listener:
    """A bare connection that keeps every message it reads, stamped on arrival."""

    def __init__(self, ws):
        self.ws = ws
        self.seen = []  # (arrival, plain message)

    def until(self, want, timeout=30.0, since=None):
        """The first message from ``since`` (an index into ``seen``; default: the next one to
        read) on that satisfies ``want``; AssertionError if it never comes."""
        if since is not None:
            for _t, msg in self.seen[since:]:
                if want(msg):
                    return msg
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                text = self.ws.recv(timeout=max(0.01, end - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(text)
            if msg.get("type") != "update" and msg.get("type") != "snapshot":
                p.decode_host(text)  # everything but the views is checked strictly here too
            self.seen.append((time.monotonic(), msg))
            if want(msg):
                return msg
        raise AssertionError(f"never came; last: {[m['type'] for _t, m in self.seen[-8:]]}")

    def mark(self):
        """Where the messages read from now on start."""
        return len(self.seen)


def _is(kind, **fields):
    return lambda m: m.get("type") == kind and all(m.get(k) == v for k, v in fields.items())


def _moved_for(seat):
    return lambda m: m.get("type") == "update" and any(e["player"] == seat for e in m["events"])


def _moved_on_in_time(seconds):
    """The computer moved once the clock ran out, not before; how soon after is the bench's
    to measure (bench/net.py: the bar is the clock plus 1 s), so here only a loose bound."""
    assert CLOCK - 0.2 <= seconds <= CLOCK + 10, seconds


def _table(plan, clock=CLOCK, **settings):
    def make():
        seats = make_seats(plan)
        options = {"tick": 0.005, "substitute": "easy", "auto_start": True, **settings}
        return TableHost(seats, PRESETS["nepali"], 3, settings=HostSettings(**options), clock=clock)

    return HostThread(make)


@pytest.fixture
def silent(monkeypatch):
    """Eve (seat 0) is connected and never acts; an easy computer player sits in seat 1 (in a
    deal that lasts: see ``steady_deal``)."""
    steady_deal(monkeypatch)
    table = _table([("open", ""), ("easy", "")])
    with raw_client(table.port) as ws:
        welcome = say_hello(ws, table.code, "Eve", seat=0)
        assert isinstance(welcome, p.Welcome)
        yield table, Listener(ws)
    table.stop()


def test_a_silent_player_cannot_stall_the_table(silent):
    table, eve = silent
    lobby = eve.until(_is("lobby"))
    assert lobby["clock"] == CLOCK
    # Eve's turn comes; the clock counts it for everyone; the table moves on within it plus 1 s.
    clock = eve.until(_is("clock", seat=0))
    assert 0 < clock["seconds"] <= CLOCK and clock["total"] == CLOCK
    started, mark = eve.seen[-1][0], eve.mark()
    eve.until(_moved_for(0))
    _moved_on_in_time(eve.seen[-1][0] - started)
    cover = eve.until(_is("seat_status", seat=0, state="computer"), since=mark)
    assert cover["why"] == "clock" and cover["connected"]
    # One run-out: the computer plays that turn only, then the seat is Eve's again.
    eve.until(_is("seat_status", seat=0, state="connected"), since=mark)
    told = eve.until(_is("covered", seat=0), since=mark)
    assert told["events"] and all(e["player"] == 0 for e in told["events"])
    # Her next turn runs out too: two in a row, and the computer keeps the seat.
    eve.until(_is("clock", seat=0))
    started, mark = eve.seen[-1][0], eve.mark()
    eve.until(_moved_for(0))
    _moved_on_in_time(eve.seen[-1][0] - started)
    eve.until(_is("seat_status", seat=0, state="computer", why="clock"), since=mark)
    mark = eve.mark()
    # It stays the computer's: her next turns are played at once, with no clock for them.
    for _turn in range(2):
        eve.until(_moved_for(1))
        eve.until(_moved_for(0))
    since = [m for _t, m in eve.seen[mark:]]
    assert not any(_is("clock", seat=0)(m) for m in since)
    assert not any(_is("seat_status", seat=0)(m) for m in since)
    assert table.call(lambda: table.host.match.driver(0)) == "easy"
    # Eve acts (a move too late is a move): the seat is hers again, and she is told what was
    # played for her.
    eve.ws.send(p.encode(p.Act(0, 0, "draw stock")))
    eve.until(_is("seat_status", seat=0, state="connected"))
    assert eve.until(_is("covered", seat=0))["events"]
    assert table.call(lambda: table.host.match.driver(0)) == "human"
    eve.until(_is("clock", seat=0))  # and her turns are timed again


def test_the_host_hands_a_seat_to_a_computer_and_back():
    table = _table([("open", ""), ("here", "Asha")], clock=0)
    try:
        with raw_client(table.port) as bob, raw_client(table.port) as host:
            say_hello(bob, table.code, "Bob", seat=0)
            say_hello(host, table.code, "Asha", owner=table.host.owner)
            host.send(p.encode(p.Start()))
            bob_sees = Listener(bob)
            bob_sees.until(_is("snapshot"))
            host.send(p.encode(p.Handover(0)))
            status = bob_sees.until(_is("seat_status", seat=0, state="computer"))
            assert status["why"] == "host"
            assert table.call(lambda: table.host.match.driver(0)) == "easy"
            host.send(p.encode(p.Handover(0, computer=False)))
            bob_sees.until(_is("seat_status", seat=0, state="connected"))
            assert table.call(lambda: table.host.match.driver(0)) == "human"
            # Only the host's screen may hand seats over.
            bob.send(p.encode(p.Handover(0)))
            refused = bob_sees.until(_is("refused"))
            assert refused["code"] == p.Refusal.HOST_ONLY
    finally:
        table.stop()


def test_a_missing_seat_counts_down_then_a_computer_covers_it():
    table = _table([("open", ""), ("open", ""), ("easy", "")], clock=0, grace=1.5)
    try:
        with raw_client(table.port) as eve:
            say_hello(eve, table.code, "Eve", seat=0)
            eve_sees = Listener(eve)
            with raw_client(table.port) as bob:
                welcome = say_hello(bob, table.code, "Bob", seat=1)
                eve_sees.until(_is("snapshot"))
                bob.socket.shutdown(socket.SHUT_RDWR)  # his laptop drops off: no goodbye
            away = eve_sees.until(_is("seat_status", seat=1, state="reconnecting"))
            assert 0 < away["seconds"] <= 1.5 and not away["connected"]
            covered = eve_sees.until(_is("seat_status", seat=1, state="computer"))
            assert covered["why"] == "away"
            # Bob comes back with his token: connected, told what was played for him (if any).
            with raw_client(table.port) as again:
                say_hello(again, table.code, "Bob", token=welcome.token, seat=1)
                eve_sees.until(_is("seat_status", seat=1, state="connected"))
                assert table.call(lambda: table.host.match.driver(1)) == "human"
            # Leaving on purpose says so, and a computer takes the seat at once.
            with raw_client(table.port) as again:
                say_hello(again, table.code, "Bob", token=welcome.token, seat=1)
                eve_sees.until(_is("seat_status", seat=1, state="connected"))
            left = eve_sees.until(_is("seat_status", seat=1, state="left"))
            assert not left["connected"]
            eve_sees.until(lambda m: _is("seat_status", seat=1)(m) and m["bot_playing"])
    finally:
        table.stop()


def test_the_clock_is_a_table_option_the_host_chooses():
    table = _table([("open", ""), ("here", "Asha")], auto_start=False)
    try:
        with raw_client(table.port) as host:
            say_hello(host, table.code, "Asha", owner=table.host.owner)
            sees = Listener(host)
            for clock in p.TURN_CLOCKS:
                host.send(p.encode(p.SetRules(clock=clock)))
                assert sees.until(_is("lobby", clock=clock))["clock"] == clock
            host.send(p.encode(p.SetRules(clock=45)))
            assert sees.until(_is("refused"))["code"] == p.Refusal.BAD_RULES
        assert table.call(lambda: table.host.save().clock) == p.TURN_CLOCKS[-1]
    finally:
        table.stop()
