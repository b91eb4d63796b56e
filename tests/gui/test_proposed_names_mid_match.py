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
