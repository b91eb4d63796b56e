"""The pseudo-language (every message accented, bracketed and 40% longer) on every screen at
1280x800: no unmarked English shows, no text is cut with an ellipsis, and no text leaves the
window or lies over another text (measured from where each string is blitted)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from gui.screens_to_say import SCREENS
from gui.text_trace import Trace, crossings, english

from marriage_gui import language
from marriage_gui.app import App

SIZE = (1280, 800)
#: Set to a folder to keep each screen's picture (to look at what the test saw).
PICTURES = os.environ.get("MARRIAGE_PSEUDO_PICTURES")


def said(tmp_path, monkeypatch, screen: str, code: str, size=SIZE):
    """``screen`` built and drawn in language ``code``: the trace and the names at the table."""
    app = App(size, headless=True, data_dir=tmp_path)
    app.settings.animation_speed = "instant"
    app.go_title()
    language.use(code)
    names = SCREENS[screen](app)
    for _ in range(6):
        app.step([], 0.05)
    trace = Trace(monkeypatch)
    window = trace.draw(app)
    if PICTURES:
        import pygame

        Path(PICTURES).mkdir(parents=True, exist_ok=True)
        pygame.image.save(window, str(Path(PICTURES) / f"{screen}-{code}-{size[0]}.png"))
    return app, trace, names, window


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_string_on_every_screen_is_marked(tmp_path, monkeypatch, screen):
    _app, trace, names, _window = said(tmp_path, monkeypatch, screen, language.PSEUDO)
    assert trace.heard, "the screen said nothing at all"
    assert english(trace.heard, names) == []


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_longer_words_are_never_cut_and_never_cross(tmp_path, monkeypatch, screen):
    _app, trace, _names, window = said(tmp_path, monkeypatch, screen, language.PSEUDO)
    assert trace.cut == []
    assert crossings(window) == []
