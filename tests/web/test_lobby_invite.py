"""The host's lobby invites phones: a QR code of the page's address (with the table code), and
the address in large type; the address is the page the table serves."""

import http.client
import urllib.parse

import pygame
from net.tablekit import close_screens, free_udp_port, step_apps

from marriage_gui.app import App
from marriage_gui.ui import phone_invite, theme
from marriage_gui.ui.phone_invite import page_address, qr_modules, qr_surface
from marriage_net import discovery


def test_the_lobby_shows_the_pages_address_and_its_qr_code(tmp_path, monkeypatch):
    from marriage_gui.scenes.lobby import LobbyScene

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    app = App((1280, 800), headless=True, data_dir=tmp_path / "host")
    try:
        app.go_title()
        lobby = LobbyScene(app, "Asha", discovery_port=free_udp_port())
        app.push(lobby)
        assert step_apps([app], lambda: lobby.lobby is not None), lobby.problem
        drawn, qrs = [], []
        real_text, real_qr = theme.text, phone_invite.qr_surface

        def spy_text(text, *args, **kwargs):
            drawn.append(text)
            return real_text(text, *args, **kwargs)

        def spy_qr(text, side):
            made = real_qr(text, side)
            qrs.append((text, made))
            return made

        monkeypatch.setattr(theme, "text", spy_text)
        monkeypatch.setattr(phone_invite, "qr_surface", spy_qr)
        lobby.invite = phone_invite.PhoneInvite()
        app.step([], 1 / 30)
        url = page_address("127.0.0.1", lobby.proc.port, lobby.proc.code)
        assert f"127.0.0.1:{lobby.proc.port}" in drawn  # as a person types it
        assert "Phones: scan this, or open in the browser" in drawn
        (text, qr), *_ = qrs
        assert text == url and qr is not None
        # Drawn whole, quiet zone and all: a phone's camera reads it off the screen.
        modules = qr_modules(url)
        px = qr.get_width() // len(modules)
        assert px >= phone_invite.SMALLEST_MODULE
        for y, row in enumerate(modules):
            for x, dark in enumerate(row):
                colour = qr.get_at((x * px + px // 2, y * px + px // 2))
                assert (colour.r < 128) == dark
        # That address is the page, with the code the page fills in.
        parts = urllib.parse.urlsplit(url)
        assert urllib.parse.parse_qs(parts.query) == {"code": [lobby.proc.code]}
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=5)
        conn.request("GET", f"/?{parts.query}")
        answer = conn.getresponse()
        assert answer.status == 200 and b'src="app.js"' in answer.read()
        conn.close()
    finally:
        close_screens([app])


def test_a_code_too_small_to_read_is_not_drawn():
    assert qr_surface("http://127.0.0.1:47470/?code=482913", 40) is None
    big = qr_surface("http://127.0.0.1:47470/?code=482913", 200)
    assert isinstance(big, pygame.Surface) and big.get_width() <= 200
    assert page_address("fe80::1", 47470, "123456") == "http://[fe80::1]:47470/?code=123456"
