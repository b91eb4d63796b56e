"""Typed refusals: every code the protocol names is one the host really uses, for the request it
names; and no decision of the client rests on a refusal's words, only on its code."""

import ast
import json
import time
from pathlib import Path

import msgspec
import pytest
import websockets
from net.tablekit import HostThread, raw_client, say_hello, wait_for

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats
from marriage_net.tokens import TokenStore

LOOPBACK = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]
R = p.Refusal


def _table(plan=(("open", ""), ("open", ""), ("medium", "")), **settings):
    def make():
        seats = make_seats(list(plan))
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(**settings))

    return HostThread(make)


def _refusal(ws, timeout=5.0):
    """The next refusal on ``ws``; other messages (views among them) are passed over unread."""
    end = time.monotonic() + timeout
    while True:
        text = ws.recv(timeout=max(0.01, end - time.monotonic()))
        if json.loads(text).get("type") == "refused":
            msg = p.decode_host(text)
            assert isinstance(msg, p.Refused)
            return msg


def _snapshot_v(ws, timeout=5.0):
    end = time.monotonic() + timeout
    while True:
        data = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if data.get("type") == "snapshot":
            return data["v"]


def _hello(ws, code, name="Eve", **kw):
    ws.send(p.encode(p.Hello(p.PROTO, code, name, **kw)))


def _at_the_door(code, **hello):
    t = _table(hello_timeout=1.0)
    try:
        with raw_client(t.port) as ws:
            if "raw" in hello:
                ws.send(hello["raw"])
            else:
                _hello(ws, t.code if code is None else code, **hello)
            return _refusal(ws)
    finally:
        t.stop()


def _after_hello(*messages, owner=False, plan=None, seat=0):
    t = _table(plan) if plan else _table()
    try:
        with raw_client(t.port) as ws:
            kw = {"owner": t.host.owner} if owner else {"seat": seat}
            say_hello(ws, t.code, "Eve", **kw)
            for m in messages:
                ws.send(m if isinstance(m, str) else p.encode(m))
            return _refusal(ws)
    finally:
        t.stop()


def _playing(send):
    """Two raw players at a table that deals once both sit; ``send(ws, v)`` acts as seat 0."""
    t = _table((("open", ""), ("open", "")), auto_start=True, tick=0.005)
    try:
        with raw_client(t.port) as eve, raw_client(t.port) as bob:
            say_hello(eve, t.code, "Eve", seat=0)
            say_hello(bob, t.code, "Bob", seat=1)
            v = _snapshot_v(eve)
            send(eve, v)
            return _refusal(eve)
    finally:
        t.stop()


def _locked_out():
    t = _table(wrong_code_limit=2, wrong_code_wait=0.01)
    wrong = "000000" if t.code != "000000" else "111111"
    try:
        for _ in range(2):
            with raw_client(t.port) as ws:
                _hello(ws, wrong)
                assert _refusal(ws).code == R.WRONG_CODE
        with raw_client(t.port) as ws:
            _hello(ws, t.code)  # even the right code, from a guesser's address without a seat
            return _refusal(ws)
    finally:
        t.stop()


def _flood():
    t = _table(flood_rate=1.0, flood_burst=3.0)
    try:
        with raw_client(t.port) as ws:
            say_hello(ws, t.code, "Eve", seat=0)
            for _ in range(10):
                try:
                    ws.send(p.encode(p.Resync()))
                except websockets.exceptions.ConnectionClosed:
                    break  # the host may shut the door before the tenth ask: its refusal is read below
            while (msg := _refusal(ws)).code != R.FLOOD:
                pass
            return msg
    finally:
        t.stop()


def _two_tabs(kick):
    """Seat 0 held by one connection, then shown on another (or given away by the host)."""
    t = _table()
    try:
        with raw_client(t.port) as first:
            welcome = say_hello(first, t.code, "Eve", seat=0)
            assert isinstance(welcome, p.Welcome)
            with raw_client(t.port) as second:
                if kick:
                    say_hello(second, t.code, "Host", owner=t.host.owner)
                    second.send(p.encode(p.Kick(0)))
                else:
                    say_hello(second, t.code, "Eve", token=welcome.token, seat=0)
                return _refusal(first)
    finally:
        t.stop()


def _started_twice():
    t = _table((("here", "Asha"), ("medium", "")))
    try:
        with raw_client(t.port) as ws:
            say_hello(ws, t.code, "Asha", owner=t.host.owner)
            ws.send(p.encode(p.Start()))
            _snapshot_v(ws)
            ws.send(p.encode(p.SetRules(hands=2)))
            return _refusal(ws)
    finally:
        t.stop()


def _again_too_soon():
    """The host's screen asks for a new match while this one is still being played."""
    t = _table((("here", "Asha"), ("medium", "")))
    try:
        with raw_client(t.port) as ws:
            say_hello(ws, t.code, "Asha", owner=t.host.owner)
            ws.send(p.encode(p.Start()))
            _snapshot_v(ws)
            ws.send(p.encode(p.Again()))
            return _refusal(ws)
    finally:
        t.stop()


SCENARIOS = {
    R.BAD_MESSAGE: lambda: _after_hello("{not json"),
    R.HELLO_FIRST: lambda: _at_the_door(None, raw=p.encode(p.Resync())),
    R.ALREADY_HELLO: lambda: _after_hello(p.Hello(p.PROTO, "123456", "Eve")),
    R.OTHER_VERSION: lambda: _at_the_door(
        None, raw=json.dumps({"type": "hello", "proto": 1, "code": "1", "name": "E"})
    ),
    R.LOCKED_OUT: _locked_out,
    R.WRONG_CODE: lambda: _at_the_door("wrong!"),
    R.NOT_OWNER: lambda: _at_the_door(None, owner="not the owner"),
    R.UNKNOWN_TOKEN: lambda: _at_the_door(None, token="ab" * 16, seat=0),
    R.NO_FREE_SEAT: lambda: _after_hello(p.Sit("Bob"), plan=(("open", ""), ("medium", ""))),
    R.NO_SUCH_SEAT: lambda: _at_the_door(None, seat=7),
    R.SEAT_TAKEN: lambda: _after_hello(p.Sit("Bob", seat=0)),
    R.BAD_NAME: lambda: _at_the_door(None, name="x" * 40, seat=0),
    R.SEAT_MOVED: lambda: _two_tabs(kick=False),
    R.SEAT_GIVEN: lambda: _two_tabs(kick=True),
    R.STALE: lambda: _playing(lambda ws, v: ws.send(p.encode(p.Act(0, v + 3, "draw stock")))),
    R.NOT_STARTED: lambda: _after_hello(p.Act(0, 0, "draw stock")),
    R.STARTED: lambda: _started_twice(),
    R.SEAT_OPEN: lambda: _after_hello(p.Start(), owner=True),
    R.NOT_YOUR_SEAT: lambda: _after_hello(p.Ready(1)),
    R.BAD_ACTION: lambda: _playing(lambda ws, v: ws.send(p.encode(p.Act(0, v, "fly away")))),
    R.ILLEGAL: lambda: _playing(lambda ws, v: ws.send(p.encode(p.Act(0, v, "discard QS")))),
    R.HOST_ONLY: lambda: _after_hello(p.Start()),
    R.NO_SUCH_EMOTE: lambda: _after_hello(p.Emote(0, "rude")),
    R.BAD_SEATS: lambda: _after_hello(p.SetSeat(0, "none"), owner=True),
    R.BAD_RULES: lambda: _after_hello(p.SetRules(hands=10_000), owner=True),
    R.FLOOD: _flood,
    R.NOT_OVER: _again_too_soon,
}


def test_every_code_has_a_scenario_here():
    assert set(SCENARIOS) == set(R)


@pytest.mark.parametrize("code", list(R))
def test_the_host_refuses_with_this_code(code):
    msg = SCENARIOS[code]()
    assert msg.code == code, (msg.code, msg.reason)
    assert msg.reason  # and words for the player


# ---------------------------------------------------------------- the client reads codes only
MISLEADING = (
    "this seat was taken up on another connection",
    "the host gave your seat to someone else",
    "the table has moved on: look again",
    "wrong table code",
)


@pytest.fixture
def lying_words(monkeypatch):
    """Every refusal the host sends says something else in words (its code stays true)."""
    encode, encode_raw = p.encode, p.encode_raw
    said = []

    def mislead(code, reason):
        said.append(code)
        return next(w for w in MISLEADING if w != reason)

    def lying_encode(message):
        if isinstance(message, p.Refused):
            message = msgspec.structs.replace(message, reason=mislead(message.code, message.reason))
        return encode(message)

    def lying_encode_raw(kind, **fields):
        if kind == "refused":
            fields["reason"] = mislead(fields["code"], fields["reason"])
        return encode_raw(kind, **fields)

    monkeypatch.setattr(p, "encode", lying_encode)
    monkeypatch.setattr(p, "encode_raw", lying_encode_raw)
    return said


def _seated_and_settled(asha):
    """Wait until the lobby that shows ``asha`` seated has come, and the lobbies the host was
    already sending have landed: a later lobby is then an answer to what the test sends."""
    assert wait_for(
        lambda: (
            asha.refresh() is not None and asha.lobby is not None and asha.lobby.seats[0].connected
        )
    )
    time.sleep(0.3)
    asha.refresh()


def test_a_seat_shown_elsewhere_is_let_go_whatever_the_words(lying_words):
    t = _table()
    store = TokenStore(None)
    asha = RemoteMatch(LOOPBACK, t.port, t.code, "Asha", seat=0, tokens=store)
    lobbies = []
    again = None
    try:
        assert wait_for(lambda: asha.refresh().state == "lobby" and store.tokens(asha.key))
        _seated_and_settled(asha)
        # Words of a lost seat, with a harmless code: the seat stays, nothing is asked again.
        asha.on_message = lambda m: lobbies.append(m) if isinstance(m, p.Lobby) else None
        asha.send(p.Emote(0, "rude"))
        assert wait_for(lambda: asha.refusals)
        time.sleep(0.3)
        assert not asha.lost and not lobbies
        # The code of a lost seat, with other words: the seat is let go.
        again = RemoteMatch(LOOPBACK, t.port, t.code, "Asha", seat=0, tokens=store)
        assert wait_for(lambda: asha.refresh() is not None and 0 in asha.lost)
        assert R.SEAT_MOVED in lying_words
    finally:
        asha.close()
        if again is not None:
            again.close()
        t.stop()


def test_a_stale_action_asks_again_whatever_the_words(lying_words):
    t = _table()
    asha = RemoteMatch(LOOPBACK, t.port, t.code, "Asha", seat=0)
    lobbies = []
    try:
        _seated_and_settled(asha)
        asha.on_message = lambda m: lobbies.append(m) if isinstance(m, p.Lobby) else None
        asha.send(p.Act(0, 0, "draw stock"))  # before the deal: NOT_STARTED, with stale words
        assert wait_for(lambda: asha.refusals)
        time.sleep(0.3)
        assert not lobbies  # not asked again: the code was not STALE
    finally:
        asha.close()
        t.stop()


def test_turned_away_at_the_door_whatever_the_words(lying_words):
    t = _table()
    store = TokenStore(None)
    store.remember(f"{LOOPBACK}:{t.port}/{t.code}", 0, "ab" * 16)
    asha = RemoteMatch(LOOPBACK, t.port, t.code, "Asha", seat=0, tokens=store, give_up=30)
    try:
        assert wait_for(lambda: asha.refresh().state == "gone")
        assert not store.tokens(asha.key)  # an unknown token is forgotten, by its code
        assert lying_words == [R.UNKNOWN_TOKEN]
    finally:
        asha.close()
        t.stop()


_STRING_TESTS = {"startswith", "endswith", "find", "rfind", "index", "count", "split", "lower"}


def _reads_words(tree):
    """Comparisons and string tests that look at a refusal's words."""
    found = []

    def words(node):
        return any(
            isinstance(sub, ast.Attribute) and sub.attr in ("reason", "refusals_seen", "refusals")
            for sub in ast.walk(node)
        )

    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Compare)
            and words(node)
            or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in _STRING_TESTS
                and words(node.func.value)
            )
        ):
            found.append(ast.unparse(node))
    return found


@pytest.mark.parametrize(
    "path",
    [
        "marriage_net/client.py",
        "marriage_net/line.py",
        "marriage_gui/scenes/join.py",
        "marriage_gui/scenes/lobby.py",
    ],
)
def test_no_decision_reads_a_refusals_words(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    assert not _reads_words(tree)


def test_the_word_check_can_fail():
    old = ast.parse('if "moved on" in msg.reason:\n    resync()')
    assert _reads_words(old)
    assert _reads_words(ast.parse("x = self.refusals_seen.startswith('gave')"))
