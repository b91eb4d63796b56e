"""The New game screen says seats and rules as the table and the Rules screen do."""

from __future__ import annotations

from engine.rules import PRESETS, RuleSet
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.ui.pickers import Stepper


def _scene(tmp_path, setup=None):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    return app.open("new_game", setup=setup)


def test_a_second_person_makes_you_player_1_as_the_table_says(tmp_path):
    scene = _scene(tmp_path)
    assert scene.seats[0][0] == "You"
    scene._set_kind(1, "human")
    assert scene.seats[0][0] == "Player 1"
    assert scene.seat_widgets[0][0].text == "Player 1"
    setup = scene.build_setup()
    assert setup.seats[0].name == "Player 1"


def test_a_remembered_hot_seat_with_you_starts_as_player_1(tmp_path):
    seats = (SeatSetup("You", "human"), SeatSetup("Sita", "human"), SeatSetup("Ram", "easy"))
    scene = _scene(tmp_path, MatchSetup(seats, PRESETS["nepali"]))
    assert scene.build_setup().seats[0].name == "Player 1"


def test_one_person_stays_you(tmp_path):
    scene = _scene(tmp_path)
    scene._set_kind(1, "hard")
    assert scene.build_setup().seats[0].name == "You"


def test_dublee_minimum_of_zero_reads_no_minimum(tmp_path):
    scene = _scene(tmp_path)
    widget = scene.rule_widgets["dublee_min_players"]
    assert isinstance(widget, Stepper)
    assert widget.fmt(widget.value) == "no minimum"
    assert widget.fmt(4) == "4"


def test_the_lay_off_readings_are_offered_like_the_other_rules(tmp_path):
    scene = _scene(tmp_path, MatchSetup(default_seats(), PRESETS["indian"]))
    for name, choices in (("lay_off_cards", ["any", "wild"]), ("lay_off_onto", ["own", "anyone"])):
        widget = scene.rule_widgets[name]
        assert isinstance(widget, Stepper)
        assert widget.options == choices
        widget.on_change(choices[1])
    setup = scene.build_setup()
    assert setup.rules == PRESETS["indian"].replace(
        lay_off_cards="wild", lay_off_onto="anyone", match_hands=setup.hands
    )
    assert isinstance(scene.rules, RuleSet)


def default_seats():
    return (SeatSetup("You", "human"), SeatSetup("Sita", "easy"))
