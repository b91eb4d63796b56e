"""After a restart with a table to rejoin, the title's Rejoin button has the keyboard's focus
and is the one button lit: the menu it pushes down does not leave another button (Rules, under
a mouse that rests mid-screen) looking chosen. On loopback only."""

from __future__ import annotations

import socket
import threading

import pygame
import pytest
from net.tablekit import step_apps

from marriage_gui.app import App
from marriage_gui.table.hosting import TOKENS
from marriage_net.tokens import TokenStore, table_key


@pytest.fixture
def door():
    """A port on 127.0.0.1 that answers a knock (the title only knocks: no hello)."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
                conn.close()
            except OSError:
                pass

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield server.getsockname()[1]
    stop.set()
    thread.join(2)
    server.close()


def test_the_title_after_a_restart_lights_rejoin_alone(tmp_path, door):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    store = TokenStore(app.storage.path(TOKENS))
    key = table_key("127.0.0.1", door, "781942")
    store.remember(key, 1, "ab" * 16)
    store.note_table(key, "127.0.0.1", door, "781942", "Asha's table")
    app.go_title()
    title = app.scene
    # The window opens with the mouse resting mid-screen, as the system reports it.
    middle = (640, 400)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30
    )
    assert step_apps([app], lambda: title.rejoin_button.visible)
    app.step([], 1 / 30)
    assert title.menu[0] is title.rejoin_button
    assert title.form.focused is title.rejoin_button
    lit = [b for b in title.menu if b.hovered or b.focused]
    assert lit == [title.rejoin_button], [b.text for b in lit]
    # Enter sits back down at the table.
    opened = []
    app.open = lambda name, **kw: opened.append((name, kw))  # type: ignore[method-assign]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], 1 / 30)
    assert opened and opened[0][0] == "join" and opened[0][1]["rejoin"].port == door
    # The mouse moves: the button under it lights, as ever.
    under = next(b for b in title.menu if b.rect.collidepoint(middle))
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(0, 0, 0))], 1 / 30
    )
    assert under.hovered
