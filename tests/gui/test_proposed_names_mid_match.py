"""A name the game proposed follows the language mid-match (the plates, the log, the score
sheet); a name a person typed stays as typed; the mark travels with the saved set-up."""

from __future__ import annotations

from gui.test_table import close_tables, headless_app
from gui.text_trace import Trace

from engine.match import LocalMatch
from marriage_gui import language
from marriage_gui.setup import MatchSetup
from marriage_gui.table.scene import TableScene


def test_proposed_names_follow_a_language_change_mid_match_typed_ones_do_not(tmp_path, monkeypatch):
    app = headless_app(tmp_path)
    app.go_title()
    try:
        new_game = app.open("new_game")
        new_game.seat_widgets[2][0].set_text("Bina")  # Ram's seat: a name typed by a person
        new_game._rename(2, "Bina")
        setup = new_game.build_setup()
        assert [s.name for s in setup.seats] == ["You", "Sita", "Bina", "Hari"]
        assert [s.proposed for s in setup.seats] == [("You", 0), ("Sita", 0), None, ("Hari", 0)]
        assert MatchSetup.from_dict(setup.to_dict()) == setup  # saved and read back, marks too
        app.pop()
        names = [s.name for s in setup.seats]
        match = LocalMatch.new(
            setup.rules, names, setup.drivers, seed=3, hands=setup.hands, worker="inline"
        )
        table = TableScene(app, setup, match)
        app.push(table)
        for _ in range(40):
            app.step([], 0.05)
        table.match.run_bots(limit=3)
        for _ in range(5):
            app.step([], 0.05)
        heard = " ".join(Trace(monkeypatch).draw(app).trace.heard)
        assert all(n in heard for n in ("Sita", "Bina", "Hari")), heard
        app.set_language("ne")
        app.step([], 0.05)
        heard = " ".join(Trace(monkeypatch).draw(app).trace.heard)
        assert "सीता" in heard and "हरि" in heard and "Bina" in heard
        assert "Sita" not in heard and "Hari" not in heard
        assert [table.seats.name(s) for s in range(4)] == ["तपाईं", "सीता", "Bina", "हरि"]
        # The log's lines name the proposed seats in the language in use when drawn.
        lines = " ".join(language.word(line) for line in table.seats.log.lines)
        assert "Sita" not in lines and "Hari" not in lines
        assert "सीता" in lines or "हरि" in lines, lines
    finally:
        language.use("en")
        close_tables(app)


def test_a_score_sheet_and_the_standings_already_open_follow_a_language_change(
    tmp_path, monkeypatch
):
    """The sheet of a finished hand is open when the language changes: its rows, its sentence
    and its pairs name the proposed seats in the new language; so do the standings after it."""
    from gui.test_replay import finished

    from marriage_gui.setup import SeatSetup

    seats = (
        SeatSetup("You", "human", ("You", 0)),
        SeatSetup("Sita", "easy", ("Sita", 0)),
        SeatSetup("Bina", "easy"),
    )
    app = headless_app(tmp_path)
    app.go_title()
    try:
        setup, match = finished(seats)
        table = TableScene(app, setup, match)
        table.frozen = True
        app.push(table)
        sheet = app.open("hand_result", table=table)
        app.step([], 0.05)
        heard = " ".join(Trace(monkeypatch).draw(app).trace.heard)
        assert "Sita" in heard and "Bina" in heard
        app.set_language("ne")
        app.step([], 0.05)
        heard = " ".join(Trace(monkeypatch).draw(app).trace.heard)
        assert "सीता" in heard and "Bina" in heard and "Sita" not in heard, heard
        assert sheet.names == ("तपाईं", "सीता", "Bina") == sheet.pairs.names
        assert sheet.review.names == sheet.names
        # The standings, opened in Nepali, then back to English while they are open.
        sheet.over = True
        sheet.proceed()
        standings = app.scene
        assert standings.name == "match_over" and standings.names == sheet.names
        app.set_language("en")
        app.step([], 0.05)
        heard = " ".join(Trace(monkeypatch).draw(app).trace.heard)
        assert "Sita" in heard and "सीता" not in heard, heard
        assert standings.names == ("You", "Sita", "Bina")
    finally:
        language.use("en")
        close_tables(app)
