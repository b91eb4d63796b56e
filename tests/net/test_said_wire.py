"""The engine's sentences over a real table: the host sends their codes, never English words,
and the client reads them back as sentences each laptop words in its own language."""

import threading

import pytest
from net.tablekit import HostThread, wait_for

from engine import PRESETS
from engine.actions import Discard, DrawStock
from engine.words import CODE_MARK, Said
from marriage_net import client
from marriage_net import protocol as p
from marriage_net.client import GONE, PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


class Recorder:
    """Every message one client receives (on its network thread)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.messages: list[p.HostMessage] = []

    def __call__(self, msg):
        with self.lock:
            self.messages.append(msg)

    def refusals(self):
        with self.lock:
            return [m for m in self.messages if isinstance(m, p.Refused)]


@pytest.fixture
def table():
    def make():
        seats = make_seats([("open", ""), ("here", "Chandra")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(tick=0.005))

    t = HostThread(make)
    yield t
    t.stop()


def test_refusals_and_why_not_arrive_as_sentences(table):
    records = [Recorder(), Recorder()]
    asha = RemoteMatch(LOOPBACK, table.port, table.code, "Asha", seat=0, on_message=records[0])
    here = RemoteMatch(
        LOOPBACK, table.port, table.code, "Chandra", owner=table.host.owner, on_message=records[1]
    )
    clients = [asha, here]
    try:
        assert wait_for(
            lambda: here.lobby is not None and all(s.connected for s in here.lobby.seats)
        )
        here.send(p.Start())
        assert wait_for(lambda: all(c.refresh().state == PLAYING for c in clients))
        assert wait_for(lambda: asha.has_view(0) and here.has_view(1))
        first = asha.view(0).current_player
        mover, waiter = (asha, here) if first == 0 else (here, asha)
        mine, theirs = (0, 1) if first == 0 else (1, 0)
        k_mover, k_waiter = (0, 1) if first == 0 else (1, 0)

        # The seat to act hears why it may not see yet: a sentence, with the engine's template.
        view = mover.view(mine)
        assert isinstance(view.why_not.see, Said)
        assert view.why_not.see.template == "draw a card first (from the stock or the discard pile)"
        assert isinstance(view.why_not.go_out, Said)
        for e in view.history:
            assert isinstance(e.text, Said)

        # An illegal action: discarding before drawing.
        card = view.cards[0]
        mover.submit(mine, Discard(card))
        assert wait_for(lambda: bool(records[k_mover].refusals()))
        wire = records[k_mover].refusals()[0]
        assert wire.code == p.Refusal.ILLEGAL
        assert wire.reason.startswith(CODE_MARK)  # the host sent the sentence, not its words
        assert "draw a card" not in wire.reason.split('"', 2)[2]  # no English besides it
        assert wait_for(lambda: bool(mover.refusals))
        reason = mover.refusals[-1]
        assert isinstance(reason, Said)
        assert reason.template == "draw a card first (from the stock or the discard pile)"
        updates = [u for u in mover.poll(mine) if u.refused is not None]
        assert updates and isinstance(updates[-1].refused, Said)

        # Out of turn: the match's own refusal names whose turn it is, as a field.
        waiter.submit(theirs, DrawStock())
        assert wait_for(lambda: bool(records[k_waiter].refusals()))
        assert wait_for(lambda: bool(waiter.refusals))
        turn = waiter.refusals[-1]
        assert isinstance(turn, Said)
        assert turn.template == "it is {name}'s turn"
        assert turn.fields["name"] == view.names[mine]

        # A move the table takes: its event arrives as a sentence too.
        mover.submit(mine, DrawStock())
        assert wait_for(
            lambda: mover.has_view(mine) and mover.view(mine).phase == "play", timeout=10
        )
        drew = [e for e in mover.view(mine).history if e.kind == "draw_stock"]
        assert drew and isinstance(drew[-1].text, Said)
        assert drew[-1].text.template == "{name} drew from the stock — {card}"
        assert wait_for(
            lambda: any(e.kind == "draw_stock" for e in waiter.view(theirs).history), timeout=10
        )
        seen = [e for e in waiter.view(theirs).history if e.kind == "draw_stock"][-1]
        assert isinstance(seen.text, Said)
        assert seen.text.template == "{name} drew from the stock"  # the card stays hidden
    finally:
        for c in clients:
            c.close()


def test_a_refusal_at_the_door_is_worded_from_its_code(table):
    eve = RemoteMatch(LOOPBACK, table.port, "000000" if table.code != "000000" else "111111", "Eve")
    try:
        assert wait_for(lambda: eve.refresh().state == GONE)
        message = eve.refresh().message
        # A wrong code, with no seat kept here: words of this laptop's own, which say how to
        # put it right.
        assert isinstance(message, Said) and message.template == client.WRONG_CODE.template
    finally:
        eve.close()


def test_every_refusal_code_has_words_of_its_own():
    for code in p.Refusal:
        words = p.refusal_words(code, "§not a sentence")
        assert isinstance(words, Said) and words
    assert p.refusal_words(p.Refusal.ILLEGAL, "old host's words").english == "old host's words"
    turned_down = p.refusal_words("a code from a newer game", "words")
    assert turned_down.english == "the table turned that down"
