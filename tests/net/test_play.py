"""Whole matches over loopback through the real client code: five seats of every kind.

Seat 0 and 1 are laptops of their own, seats 2 and 3 a hot-seat pair on the host's screen
(one connection), seat 4 a computer player on the host. Every message each client receives is
checked against what the engine allows that seat to know at that moment.
"""

import threading

import pytest
from net.tablekit import HostThread, play_turns, wait_for

from engine import PRESETS, Game, parse_action
from engine.ai import make_bot
from engine.cards import code_of
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def named_ids(view: p.ViewData) -> set[int]:
    """Every physical card a view on the wire names."""
    ids = set(view.hand) | set(view.discards)
    for melds in view.shown:
        for _kind, meld in melds:
            ids.update(meld)
    if view.tiplu_id is not None:
        ids.add(view.tiplu_id)
    for e in view.history:
        ids.update(e.card_ids)
    for h in view.revealed_hands or ():
        ids.update(h)
    if view.result is not None:
        r = view.result
        for h in r.hands:
            ids.update(h)
        for melds in r.shown:
            for _kind, meld in melds:
                ids.update(meld)
        for m in r.finish:
            ids.update(m)
        if r.final_discard is not None:
            ids.add(r.final_discard)
    return ids


def bot_moves(game: Game, seat: int) -> int:
    """How many actions of ``game``'s log ``seat`` played on its own turn."""
    replay = Game.new(game.rules, game.names, game.seed, game.hands_total)
    moves = 0
    for action in game.log:
        moves += replay.phase in ("draw", "play") and replay.current_player == seat
        replay.apply(action)
    return moves


class Recorder:
    """Keeps every message one client receives (on its network thread)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.messages: list[p.HostMessage] = []

    def __call__(self, msg):
        with self.lock:
            self.messages.append(msg)


def check_nothing_hidden(messages, game: Game, seats):
    """Each view and event a client got names only cards its seat could know at that version."""
    allowed: dict[tuple[int, int], tuple[set[int], tuple[int, ...], int | None]] = {}
    replay = Game.new(game.rules, game.names, game.seed, game.hands_total)

    def note(v):
        for s in seats:
            view = replay.view(s)
            allowed[(v, s)] = (view.visible_ids(), tuple(sorted(view.hand)), view.tiplu_id)

    note(0)
    for i, action in enumerate(game.log):
        replay.apply(action)
        note(i + 1)
    checked = 0
    for msg in messages:
        if not isinstance(msg, p.Snapshot | p.Updated):
            continue
        assert msg.seat in seats
        ok, hand, tiplu = allowed[(msg.v, msg.seat)]
        named = named_ids(msg.view)
        events = msg.events if isinstance(msg, p.Updated) else []
        for e in [*events, *msg.view.history]:
            assert e.private_to in (None, msg.seat), e
            named.update(e.card_ids)
        assert named <= ok, f"seat {msg.seat} was shown {sorted(named - ok)} at v{msg.v}"
        assert tuple(sorted(msg.view.hand)) == hand
        assert msg.view.tiplu_id == tiplu
        own_codes = {code_of(i) for i in msg.view.hand}
        for text in msg.view.legal:
            for card in getattr(parse_action(text), "cards", ()):
                assert card.code in own_codes
        checked += 1
    return checked


@pytest.fixture
def table():
    def make():
        seats = make_seats(
            [("open", ""), ("open", ""), ("here", "Chandra"), ("here", "Dipa"), ("easy", "")]
        )
        return TableHost(seats, PRESETS["house"], 2, settings=HostSettings(tick=0.005))

    t = HostThread(make)
    yield t
    t.stop()


def test_five_mixed_seats_play_a_whole_match(table):
    records = [Recorder() for _ in range(3)]
    asha = RemoteMatch(LOOPBACK, table.port, table.code, "Asha", seat=0, on_message=records[0])
    bina = RemoteMatch(LOOPBACK, table.port, table.code, "Bina", seat=1, on_message=records[1])
    here = RemoteMatch(
        LOOPBACK, table.port, table.code, "Chandra", owner=table.host.owner, on_message=records[2]
    )
    clients = [asha, bina, here]
    try:
        assert wait_for(
            lambda: here.lobby is not None and all(s.connected for s in here.lobby.seats)
        )
        here.send(p.Start())
        assert wait_for(lambda: all(c.refresh().state == PLAYING for c in clients))
        # A screen holding two seats is playing at its first welcome; the second comes after.
        assert wait_for(lambda: here.seats == [2, 3])
        assert asha.seats == [0] and bina.seats == [1]
        bots = {s: make_bot("easy", 100 + s) for s in range(4)}

        def over():
            return all(
                c.has_view(s) and c.view(s).phase == "match_over" for c in clients for s in c.seats
            )

        actions = play_turns(clients, bots, over, timeout=240)
        # The host's own game (private to its match: only a test looks inside).
        host_game = table.call(lambda: table.host.match._game.clone())
        # The final game is exactly the replay of the host's log.
        assert host_game == Game.replay(host_game.rules, host_game.seed, host_game.log)
        # Every action the clients sent is in that log; the rest are the host's bot's (seat 4).
        # (A kind deal can end a hand in a few turns, so the count itself is not the check.)
        assert actions == len(host_game.log) - bot_moves(host_game, 4) > 0
        assert host_game.is_over and host_game.hands_total == 2
        # Every client's last view is the host's view of that seat.
        for c in clients:
            for s in c.seats:
                host_view = table.call(lambda s=s: table.host.match.view(s))
                assert c.view(s) == host_view, s
        # Nothing a client received named a card its seat could not know.
        for rec, seats in zip(records, ([0], [1], [2, 3]), strict=True):
            with rec.lock:
                assert check_nothing_hidden(rec.messages, host_game, seats) > actions // 2
    finally:
        for c in clients:
            c.close()
