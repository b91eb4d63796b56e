"""The LAN screens in Nepali, on loopback only: the host's lobby and the join screen speak
Nepali with nothing cut or crossing, and what the host refuses is worded on the joining laptop
from its code, so the same refusal reads in whichever language that laptop speaks."""

from __future__ import annotations

import re

import pytest
from gui.text_trace import Trace, crossings, english
from net.tablekit import close_screens, free_udp_port, step_apps

from marriage_gui import language
from marriage_gui.app import App
from marriage_net import discovery

DEVANAGARI = re.compile("[\u0900-\u097f]")
#: Names (the players', the seats' defaults), and the words a translation keeps as the system
#: shows them: Windows' own firewall question and its Allow button, Wi-Fi.
NAMES = ("Asha", "Bina", "You", "Gita", "Hari", "Sita", "Ram", "Windows", "Allow", "Wi-Fi")


@pytest.fixture
def screens(tmp_path, monkeypatch):
    from marriage_gui.scenes.join import JoinScene
    from marriage_gui.scenes.lobby import LobbyScene

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    port = free_udp_port()
    host_app = App((1280, 800), headless=True, data_dir=tmp_path / "host")
    join_app = App((1280, 800), headless=True, data_dir=tmp_path / "join")
    for app in (host_app, join_app):
        app.go_title()
    language.use("ne")
    lobby = LobbyScene(host_app, "Asha", discovery_port=port)
    host_app.push(lobby)
    join = JoinScene(join_app, "Bina", discovery_port=port)
    join_app.push(join)
    yield host_app, join_app, lobby, join
    close_screens([host_app, join_app])


def read(app: App, monkeypatch) -> tuple[list[str], list[str]]:
    """What ``app`` says now, and any text of it cut, leaving the window or crossing another."""
    trace = Trace(monkeypatch)
    window = trace.draw(app)
    return list(trace.heard), [*trace.cut, *crossings(window)]


def test_the_lobby_and_the_join_screen_in_nepali(screens, monkeypatch):
    host_app, join_app, lobby, join = screens
    apps = [host_app, join_app]
    assert step_apps(apps, lambda: lobby.lobby is not None), lobby.problem
    assert step_apps(apps, lambda: bool(join.table_buttons))
    # The table's name travels in one form from a Nepali host; the joining laptop words it.
    assert lobby.lobby.table == "Asha's table"
    assert language._("{name}'s table").format(name="Asha") in read(join_app, monkeypatch)[0]
    for app in apps:
        words, problems = read(app, monkeypatch)
        assert any(DEVANAGARI.search(w) for w in words), app.scene.name
        assert english(words, NAMES) == [], (app.scene.name, english(words, NAMES))
        assert problems == [], app.scene.name
    # The pseudo-language too: every word of both screens is marked, and longer words hold.
    language.use(language.PSEUDO)
    for app in apps:
        words, problems = read(app, monkeypatch)
        assert english(words, NAMES) == [], (app.scene.name, english(words, NAMES))
        assert problems == [], app.scene.name
    language.use("ne")
    # A wrong code: the host refuses with a code, and the joining laptop words it.
    join.table_buttons[0].click()
    assert lobby.proc is not None
    join.code_input.set_text("000000" if lobby.proc.code != "000000" else "111111")
    join.connect()
    assert step_apps(apps, lambda: bool(join.problem))
    words, problems = read(join_app, monkeypatch)
    refusal = join.message
    assert DEVANAGARI.search(refusal), refusal
    assert refusal in words
    assert english(words, NAMES) == [] and problems == []
    # The same refusal, on a laptop that speaks English: English words, from the same code.
    language.use("en")
    assert "wrong table code" in join.message.lower()
    # Seated in Nepali again: the seat buttons and the rules line.
    language.use("ne")
    join.code_input.set_text(lobby.proc.code)
    join.connect()
    assert step_apps(apps, lambda: len(join.seat_buttons) == 4)
    words, problems = read(join_app, monkeypatch)
    assert english(words, NAMES) == [] and problems == []
