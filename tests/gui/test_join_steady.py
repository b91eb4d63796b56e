"""The join screen's boxes stay where they are when the box for the host's address appears:
nothing moves under a person typing the code."""

from __future__ import annotations

import pygame

from marriage_gui.scenes.join import ASK_ADDRESS_AFTER

from .test_table import DT


def test_the_code_box_stays_put_when_the_address_is_asked_for(app, monkeypatch):
    monkeypatch.setenv("MARRIAGE_DISCOVERY", "127.0.0.1")
    join = app.open("join")
    join.waited = 0.0
    monkeypatch.setattr(type(join), "ask_address", property(lambda self: self.waited >= 1e9))
    join.layout()
    before = (pygame.Rect(join.code_input.rect), pygame.Rect(join.connect_button.rect))
    assert not join.address_input.visible
    monkeypatch.setattr(type(join), "ask_address", property(lambda self: True))
    app.step([], DT)
    join.layout()
    assert join.address_input.visible
    assert (join.code_input.rect, join.connect_button.rect) == before
    assert join.address_input.rect.bottom <= join.code_input.rect.top
    assert ASK_ADDRESS_AFTER > 0
