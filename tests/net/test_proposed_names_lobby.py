"""A table hosted from a Nepali screen names its computer players as that screen proposes names
(गीता, हरि), and a person's seat left unnamed is "Player N" in Nepali; on loopback only."""

from __future__ import annotations

from gui.text_trace import Trace
from net.tablekit import close_screens, free_udp_port, step_apps

from marriage_gui import language
from marriage_gui.app import App
from marriage_net import discovery


def test_the_hosts_computer_players_are_named_in_its_language(tmp_path, monkeypatch):
    from marriage_gui.scenes.lobby import LobbyScene

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    language.use("ne")
    lobby = LobbyScene(app, "Asha", discovery_port=free_udp_port())
    app.push(lobby)
    try:
        # The lobby is heard, and its seats' rows are built on the screen's next step.
        assert step_apps([app], lambda: lobby.lobby is not None and len(lobby.seat_rows) == 4), (
            lobby.problem
        )
        assert [s.name for s in lobby.lobby.seats] == ["Asha", "", "", "गीता"]
        lobby.seat_rows[1][0].move(1)  # open -> a person at this screen, with no name typed
        assert step_apps([app], lambda: lobby.lobby.seats[1].kind == "here")
        assert lobby.lobby.seats[1].name == "खेलाडी 2"
        lobby.seat_rows[2][0].move(2)  # open -> here -> easy
        assert step_apps([app], lambda: lobby.lobby.seats[2].kind == "easy")
        assert lobby.lobby.seats[2].name == "हरि"
        assert step_apps([app], lambda: lobby.seat_rows[2][1].text == "हरि")
        trace = Trace(monkeypatch)
        trace.draw(app)
        assert {"गीता", "हरि", "खेलाडी 2"} <= set(trace.heard)
    finally:
        close_screens([app])
        language.use("en")
