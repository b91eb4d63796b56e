"""Every screen in Nepali, at 1280x800 and at 1920x1080: it says something in Devanagari, no
English is left (players' names and key caps aside), and no text is cut, leaves the window or
lies over another. A whole hand is played at the table in Nepali, the log read as it goes."""

from __future__ import annotations

import re

import pytest
from gui.screens_to_say import NAMES, SCREENS
from gui.test_pseudo_screens import said
from gui.text_trace import Trace, crossings, english

from marriage_gui import language

DEVANAGARI = re.compile("[\u0900-\u097f]")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=["1280", "1920"])
@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_every_screen_speaks_nepali_and_holds_its_layout(tmp_path, monkeypatch, screen, size):
    _app, trace, names, window = said(tmp_path, monkeypatch, screen, "ne", size)
    assert any(DEVANAGARI.search(t) for t in trace.heard), trace.heard
    assert english(trace.heard, names) == []
    assert trace.cut == []
    assert crossings(window) == []


def test_a_whole_hand_at_the_table_in_nepali(tmp_path, monkeypatch):
    """Four computer players play a hand at a table whose log is open; every so often the table
    is drawn and read: Nepali throughout, to the score sheet."""
    from gui.test_table import close_tables, frame, headless_app, table

    from marriage_gui.setup import SeatSetup

    app = headless_app(tmp_path)
    app.go_title()
    language.use("ne")
    names = ("Asha", "Bina", "Hari", "सीता")
    table(app, [SeatSetup(n, "easy") for n in names], seed=11, hands=1)
    trace = Trace(monkeypatch)
    said_lines: set[str] = set()
    seen_sheet = False
    for count in range(20000):
        frame(app, 1 / 60)
        at_sheet = app.scene is not None and app.scene.name == "hand_result"
        if count % 40 and not at_sheet:
            continue
        window = trace.draw(app)
        said_lines.update(trace.heard)
        assert english(trace.heard, (*names, *NAMES)) == [], app.scene.name
        assert crossings(window) == [], app.scene.name
        if at_sheet:
            seen_sheet = True
            break
    close_tables(app)
    assert seen_sheet, "the hand did not end"
    assert sum(bool(DEVANAGARI.search(t)) for t in said_lines) > 20
