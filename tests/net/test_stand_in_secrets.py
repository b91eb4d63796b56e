"""A computer playing a person's seat for them never shows what the person keeps hidden.

Asha is dealt a tunnela and her laptop goes away before her first move; after the grace time a
computer plays her seat. Laying a dealt tunnela face up is Asha's choice alone (she may be
keeping it hidden), so the computer never does: Bina's app, at the table on 127.0.0.1, never
draws it, and no message Bina's laptop receives names it or anything else her seat may not know.
The engine's side is a property: whatever the deal, a stand-in never exposes a dealt tunnela,
and every seat's view names only cards that seat may know.
"""

from __future__ import annotations

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net.tablekit import LOOPBACK, HostThread, wait_for
from net.test_missing_seat_screens import _drawn
from net.test_play import Recorder, check_nothing_hidden

from engine import PRESETS, Game
from engine.actions import ExposeTunnela
from engine.ai import make_bot
from engine.match import LocalMatch
from marriage_gui.app import App
from marriage_gui.table.net import NetTableScene
from marriage_net import host as host_module
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

#: A deal of three seats (Nepali rules, one hand) where seat 0 plays first holding a tunnela.
TUNNELA_SEED = 21


def _dealt_tunnela(seed: int, seat: int = 0) -> bool:
    g = Game.new(PRESETS["nepali"], ["A", "B", "C"], seed, 1)
    return g.current_player == seat and any(isinstance(a, ExposeTunnela) for a in g.legal_actions())


def test_the_seed_deals_asha_a_tunnela_on_her_first_turn():
    assert _dealt_tunnela(TUNNELA_SEED)


def test_a_computer_playing_for_asha_never_shows_her_dealt_tunnela(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module.secrets, "randbits", lambda _bits: TUNNELA_SEED)

    def make() -> TableHost:
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, grace=0.3, tick=0.01, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    seen = Recorder()
    asha = RemoteMatch(LOOPBACK, table.port, table.code, "Asha", seat=0)
    bina = RemoteMatch(LOOPBACK, table.port, table.code, "Bina", seat=1, on_message=seen)
    app = App((1280, 800), headless=True, data_dir=tmp_path / "bina")
    app.settings.animation_speed = "instant"
    try:
        assert wait_for(lambda: asha.refresh().state == PLAYING and asha.has_view(0), timeout=30)
        assert any(isinstance(a, ExposeTunnela) for a in asha.view(0).legal)
        asha.close()  # Asha's laptop goes before her first move, her tunnela kept in her hand
        assert wait_for(lambda: bina.refresh().state == PLAYING and bina.has_view(1), timeout=30)
        scene = NetTableScene(app, bina)
        app.push(scene)
        bot = make_bot("easy", 5)
        words: list[str] = []
        end = time.monotonic() + 90
        while not table.call(lambda: table.host.match.is_over or table.host.match.hand_no > 0):
            assert time.monotonic() < end
            top = app.scene
            if top is not scene and top is not None and top.name == "hand_result":
                break
            v = bina.view(1)
            if (
                v.current_player == 1
                and v.phase in ("draw", "play")
                and scene.actions.turn.sent is None
            ):
                bina.submit(1, bot.choose(v))
            words.append(_drawn(app, monkeypatch))
            time.sleep(0.01)
        game = table.call(lambda: table.host.match._game.clone())
        # The computer did play Asha's seat, as her stand-in, and never showed her tunnela.
        assert table.call(lambda: table.host.match.stands_in(0))
        assert list(game.log) and not any(isinstance(a, ExposeTunnela) for a in game.log)
        assert all(kind != "tunnela" for kind, _ids in game.shown[0])
        drawn = "\n".join(words)
        assert "Asha exposed a tunnela" not in drawn
        assert "computer plays for Asha" in drawn
        # Every message Bina's laptop received: her own seat's knowledge, and no tunnela of
        # Asha's shown while the hand was played.
        assert check_nothing_hidden(seen.messages, game, [1]) > 0
        for msg in seen.messages:
            if isinstance(msg, p.Snapshot | p.Updated) and msg.view.result is None:
                assert all(kind != "tunnela" for kind, _ids in msg.view.shown[0]), msg.v
    finally:
        asha.close()
        bina.close()
        table.stop()


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 10**6), stand_ins=st.sets(st.integers(0, 2), min_size=1))
def test_a_stand_in_never_exposes_and_no_view_names_a_hidden_card(seed, stand_ins):
    m = LocalMatch.new(
        PRESETS["nepali"],
        ["A", "B", "C"],
        ["human", "easy", "easy"],
        seed=seed,
        hands=1,
        worker="inline",
    )
    try:
        for seat in stand_ins:
            m.set_driver(seat, "easy", stand_in=True)
        m.run_bots(limit=400)
        g = m._game
        for action_seat in stand_ins:
            assert all(kind != "tunnela" for kind, _ids in g.shown[action_seat])
        assert not m.bot_errors
        if not g.is_over and g.phase != "hand_over":
            for seat in range(3):
                view = g.view(seat)
                others = {i for q in range(3) if q != seat for i in g.hands[q]}
                assert not (view.visible_ids() & others)
                wire = p.decode_host(
                    p.encode_raw("snapshot", seat=seat, v=m.version, view=view.to_dict())
                )
                assert isinstance(wire, p.Snapshot)
                assert set(wire.view.hand) == set(g.hands[seat])
    finally:
        m.close()
