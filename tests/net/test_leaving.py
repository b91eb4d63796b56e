"""A program holding a table connection, or a hosted table, ends when it is done: nothing it
started keeps it (or a process of its own) alive."""

import socket
import subprocess
import sys
from pathlib import Path

import pygame
from net.tablekit import free_udp_port, step_apps

from marriage_gui.app import App
from marriage_net import discovery

ROOT = Path(__file__).resolve().parents[2]

_FORGETFUL = """
import sys
from marriage_net.client import RemoteMatch
remote = RemoteMatch("127.0.0.1", int(sys.argv[1]), "123456", "Asha", seat=0)
print("connecting", flush=True)
# The program ends here without closing the match.
"""


def _closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_match_never_closed_does_not_keep_the_program_running(tmp_path):
    script = tmp_path / "forgetful.py"
    script.write_text(_FORGETFUL)
    # Before, it waited for its connection thread forever (the timeout below says so).
    done = subprocess.run(
        [sys.executable, str(script), str(_closed_port())],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": ""},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "connecting"


def test_closing_the_window_in_the_lobby_saves_and_closes_the_table(tmp_path, monkeypatch):
    from marriage_gui.scenes.lobby import LobbyScene
    from marriage_gui.table.hosting import TABLE_SAVE

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    port = free_udp_port()
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    lobby = LobbyScene(app, "Asha", discovery_port=port)
    app.push(lobby)
    assert step_apps([app], lambda: lobby.lobby is not None), lobby.problem
    proc, remote = lobby.proc, lobby.remote
    try:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        monkeypatch.setattr(pygame, "quit", lambda: None)  # other tests here still draw
        app.run()  # one frame: the window closes
        assert app.stack == []
        assert not proc.alive and not remote._thread.is_alive()  # its connection closed too
        # Saved, not thrown away: hosting again brings everyone back.
        assert app.storage.path(TABLE_SAVE).is_file()
    finally:
        proc.kill()
        remote.close()
