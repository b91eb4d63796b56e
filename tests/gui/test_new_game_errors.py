"""A rule option's error on the New game screen is seen whole: the row that grows by its lines
scrolls into view (never below the panel's fold), and the line by Start wraps, in English and
in Nepali."""

from __future__ import annotations

import pygame
import pytest
from gui.text_trace import Trace

from engine.rules import PRESETS
from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.scenes.new_game import reason
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.ui import theme

SEATS = (SeatSetup("Asha", "human"), SeatSetup("Bina", "easy"), SeatSetup("Dev", "easy"))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("code", ["en", "ne"])
def test_an_option_error_at_the_panels_fold_is_drawn_whole(tmp_path, monkeypatch, code, size):
    app = App(size, headless=True, data_dir=tmp_path)
    app.go_title()
    language.use(code)
    scene = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"]))
    app.step([], 0.05)
    panel = scene.panel
    row = scene.rule_rows["dublee_see"]
    panel.scroll_to(row.bottom - panel.view.h)  # the row sits on the fold, as when stepped
    scene.rule_widgets["dublee_see"].on_change(8)  # more than dublees to go out: refused
    app.step([], 0.05)
    assert "dublee_see" in scene.errors
    trace = Trace(monkeypatch)
    window = trace.draw(app)
    size13 = round(13 * scene.k)
    width = panel.view.w - round(44 * scene.k)
    lines = theme.wrap(reason(scene.errors["dublee_see"]), size13, width, True)
    for line in lines:
        placed = [d for d in window.trace.placed if d.text == line]
        assert placed, line
        whole = theme.text(line, size13, theme.ERROR, True).get_bounding_rect()
        d = placed[0]
        assert panel.view.contains(d.box), (line, d.box, panel.view)
        assert (d.box.w, d.box.h) == (whole.w, whole.h), line  # nothing clipped
    # Start then says it by the button, whole, inside the window.
    scene.start()
    app.step([], 0.05)
    window = Trace(monkeypatch).draw(app)
    words = " ".join(d.text for d in window.trace.placed if d.box.top > scene.panel_box.bottom)
    assert " ".join(scene.message.split()) in " ".join(words.split())
    bottom = [d for d in window.trace.placed if d.box.top > scene.panel_box.bottom]
    assert all(window.get_rect().contains(d.box) for d in bottom)
    assert all(d.box.right <= scene.start_button.rect.x for d in bottom if d.text != "Start")
    assert isinstance(window, pygame.Surface)
