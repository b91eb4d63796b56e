"""The whole Rules screen of every preset, scrolled from top to bottom, in the pseudo-language
and in Nepali: every word marked, nothing cut, nothing crossing, at 1280x800."""

from __future__ import annotations

import re

import pytest
from gui.screens_to_say import NAMES
from gui.text_trace import Trace, crossings, english

from engine.rules import PRESETS
from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.licences import licence_notices
from marriage_gui.scenes.rules import RulesScene

DEVANAGARI = re.compile("[\u0900-\u097f]")


@pytest.mark.parametrize("code", [language.PSEUDO, "ne"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_line_of_every_preset_is_said(tmp_path, monkeypatch, preset, code):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    language.use(code)
    scene = RulesScene(app, PRESETS[preset])
    app.push(scene)
    app.step([], 0.05)
    panel = scene.panel
    assert panel.max_scroll > 0  # the screen is longer than the window: read it all
    # The licences close the screen as their authors wrote them (in English, said to be so).
    notices = " ".join(licence_notices().split())
    trace = Trace(monkeypatch)
    heard: set[str] = set()
    y = 0.0
    while True:
        panel.scroll_to(y)
        window = trace.draw(app)
        heard.update(trace.heard)
        unmarked = [t for t in english(trace.heard, NAMES) if " ".join(t.split()) not in notices]
        assert unmarked == [], y
        assert trace.cut == [] and crossings(window) == [], y
        if y >= panel.max_scroll:
            break
        y = min(panel.max_scroll, y + panel.view.h * 0.8)
    if code == "ne":
        assert sum(bool(DEVANAGARI.search(t)) for t in heard) > 20
