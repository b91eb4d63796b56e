"""A rule option is declared once, in the engine: the New game screen offers it and the Rules
screen names it from that one declaration, with the same words for the option and its value in
every language; a refusal names the option by its label; and the screens quote no rule's
field name (at most 3)."""

from __future__ import annotations

import ast
import re
from dataclasses import fields, make_dataclass
from pathlib import Path

import pytest
from gui.text_trace import Trace

from engine.options import choice
from engine.rules import PRESETS, RuleSet, option_of, rule_options
from engine.words import say
from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.scenes.rules import RulesScene, unseen_maal_words
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.ui.pickers import Stepper, Toggle
from marriage_gui.ui.text_input import TextInput

GUI = Path(__file__).resolve().parents[2] / "marriage_gui"
SEATS = (SeatSetup("Asha", "human"), SeatSetup("Bina", "easy"), SeatSetup("Dev", "easy"))
MARKS = {"_", "N_", "ngettext"}


def _app(tmp_path, code: str = "en") -> App:
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    language.use(code)
    return app


def _heard_whole_panel(app: App, scene, monkeypatch) -> set[str]:
    """Every string the screen draws, its panel scrolled from top to bottom."""
    app.step([], 0.05)
    trace = Trace(monkeypatch)
    heard: set[str] = set()
    panel, y = scene.panel, 0.0
    while True:
        panel.scroll_to(y)
        trace.draw(app)
        heard.update(" ".join(t.split()) for t in trace.heard)
        if y >= panel.max_scroll:
            return heard
        y = min(panel.max_scroll, y + panel.view.h * 0.5)


def _new_game_shows(scene) -> dict[str, str]:
    """Each option's value as its widget on the New game screen shows it."""
    shown = {}
    for name, widget in scene.rule_widgets.items():
        if isinstance(widget, Stepper):
            shown[name] = widget.fmt(widget.value)
        elif isinstance(widget, Toggle):
            shown[name] = language._("On") if widget.value else language._("Off")
        else:
            assert isinstance(widget, TextInput)
            shown[name] = widget.text or widget.placeholder
    return shown


# ---------------------------------------------------------------- one declaration, no names
def _quoted_rule_fields() -> list[str]:
    """Each quoted rule-field name in the GUI's code: a string equal to a field's name that is
    not a marked message (``N_("alter")`` is a word, not a field). The preset's ``name`` is left
    out: every seat, player and table has a "name" too."""
    names = {f.name for f in fields(RuleSet)} - {"name"}
    hits = []
    for path in sorted(GUI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked = {
            id(node.args[0])
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in MARKS
            and node.args
        }
        hits += [
            f"{path.relative_to(GUI)}:{node.lineno} {node.value}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in names and id(node) not in marked
        ]
    return hits


def test_the_gui_quotes_at_most_three_rule_field_names():
    hits = _quoted_rule_fields()
    assert len(hits) <= 3, hits
    # The one left: the Rules screen's sentence on an unseen player's maal names that option.
    assert [h.split()[-1] for h in hits] == ["unseen_maal"]


# ---------------------------------------------------------------- a throwaway option
@pytest.fixture
def seating(monkeypatch):
    """A rule set with one more option, declared as the engine declares its own, in every
    preset: nothing of the screens is told of it."""
    extra = make_dataclass(
        "WithSeating",
        [
            (
                "seating",
                str,
                choice(
                    "fixed",
                    say("Seating"),
                    say("Where each player sits."),
                    fixed=say("kept"),
                    drawn=say("drawn by cards"),
                ),
            )
        ],
        bases=(RuleSet,),
        frozen=True,
    )
    for key, rules in list(PRESETS.items()):
        monkeypatch.setitem(
            PRESETS, key, extra(**{f.name: getattr(rules, f.name) for f in fields(rules)})
        )
    return extra


def test_an_option_declared_in_the_engine_alone_is_on_both_screens(tmp_path, monkeypatch, seating):
    assert rule_options(PRESETS["nepali"])[-1].name == "seating"
    app = _app(tmp_path)
    scene = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"]))
    widget = scene.rule_widgets["seating"]
    assert isinstance(widget, Stepper) and widget.options == ["fixed", "drawn"]
    heard = _heard_whole_panel(app, scene, monkeypatch)
    assert {"Seating", "kept", "Where each player sits."} <= heard
    # Picked on the New game screen, checked by the engine, read on the Rules screen.
    widget.on_change("drawn")
    assert scene.rules.seating == "drawn" and scene.build_setup().rules.seating == "drawn"
    scene._show_rules()
    rules_scene = app.scene
    assert isinstance(rules_scene, RulesScene)
    heard = _heard_whole_panel(app, rules_scene, monkeypatch)
    assert {"Seating", "drawn by cards"} <= heard
    # A value it does not declare is refused in a sentence naming it by its label.
    app.pop()
    scene._set_rule("seating", "standing")
    with pytest.raises(ValueError, match=r"^Seating must be one of kept, drawn by cards\.$"):
        scene.build_setup()


# ---------------------------------------------------------------- the same words on both
@pytest.mark.parametrize("code", ["en", "ne"])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_rules_screen_names_each_option_and_value_as_the_new_game_screen(
    tmp_path, monkeypatch, preset, code
):
    rules = PRESETS[preset].replace(seen_fee=7, lay_off_onto="anyone")  # two changed, in gold
    app = _app(tmp_path, code)
    new_game = app.open("new_game", setup=MatchSetup(SEATS, rules))
    offered = _heard_whole_panel(app, new_game, monkeypatch)
    values = _new_game_shows(new_game)
    app.pop()
    told = _heard_whole_panel(app, app.open("rules", rules=rules), monkeypatch)
    # The match's length is the Length picker beside the preset (its own test below).
    options = [o for o in rule_options() if o.picked and o.name != "match_hands"]
    assert len(values) == len(options)
    for option in options:
        label = language.word(option.label)
        changed = getattr(rules, option.name) != getattr(PRESETS[preset], option.name)
        assert (label + " •" if changed else label) in offered, option.name
        assert label in told and values[option.name] in told, option.name
        if code == "ne":
            assert label != option.label.english and values[option.name] != option.name


@pytest.mark.parametrize("code", ["en", "ne"])
def test_the_matchs_length_is_one_picker_with_one_name_on_new_game_and_rules(
    tmp_path, monkeypatch, code
):
    app = _app(tmp_path, code)
    new_game = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"], hands=3))
    length = language.word(option_of("match_hands").label)
    offered = _heard_whole_panel(app, new_game, monkeypatch)
    trace = Trace(monkeypatch)
    trace.draw(app)
    # Drawn once, beside the preset; no second picker among the options.
    assert [t for t in trace.heard if t == length] == [length]
    assert length not in offered - set(trace.heard) and "Match hands" not in offered
    assert "match_hands" not in new_game.rule_widgets
    new_game.hands_stepper.select(6)
    new_game.hands_stepper.on_change(6)
    setup = new_game.build_setup()
    assert (setup.hands, setup.rules.match_hands) == (6, 6)
    # The Rules screen says that length under the same name, changed from the preset.
    new_game._show_rules()
    told = _heard_whole_panel(app, app.scene, monkeypatch)
    assert length in told and "6" in told and "Match hands" not in told
    from marriage_gui.ui.option_sheet import option_rows

    assert (length, "6", True) in option_rows(app.scene.rules)
    # Another preset keeps the picked length; an untouched length follows the seats.
    app.pop()
    new_game._set_preset("house")
    assert new_game.build_setup().rules.match_hands == 6
    fresh = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"], hands=3))
    assert fresh.build_setup().rules.match_hands == 0 and fresh.hands == 3
    fresh._add_seat()
    assert fresh.hands == 4 and fresh.build_setup().rules.match_hands == 0


@pytest.mark.parametrize("code", ["en", "ne"])
def test_the_unseen_maal_sentence_names_the_option_as_the_new_game_screen(tmp_path, code):
    app = _app(tmp_path, code)
    option = option_of("unseen_maal")
    for value in ("count", "murder", "kidnap"):
        scene = app.open(
            "new_game", setup=MatchSetup(SEATS, PRESETS["nepali"].replace(unseen_maal=value))
        )
        shown = _new_game_shows(scene)["unseen_maal"]
        app.pop()
        said = unseen_maal_words(PRESETS["nepali"].replace(unseen_maal=value))
        label = language.word(option.label)
        # "(option Unseen maal: murder)"; in Nepali (विकल्प “नहेरेकाको माल”: मर्डर)
        assert re.search(rf"[“\"]?{re.escape(label)}[”\"]?: {re.escape(shown)}[;)]", said), said
    if code == "ne":
        assert "नहेरेकाको माल" in said and "गन्ने" not in said


# ---------------------------------------------------------------- refusals name the label
@pytest.mark.parametrize("code", ["en", "ne"])
def test_a_refused_rule_is_named_by_its_label_not_its_field(tmp_path, monkeypatch, code):
    app = _app(tmp_path, code)
    scene = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"]))
    scene._set_rule("dublee_see", 8)  # dublees to go out (8) must be more than to see
    app.step([], 0.05)
    with pytest.raises(ValueError) as err:
        scene.build_setup()
    message = str(err.value)
    see, out = (language.word(option_of(n).label) for n in ("dublee_see", "dublee_out"))
    assert see in message and out in message and "8" in message
    assert not re.search(r"[a-z]+_[a-z]+", message), message
    heard = _heard_whole_panel(app, scene, monkeypatch)
    assert any(see in h and out in h for h in heard)  # the row's own error says it too
    if code == "en":
        assert message == "Dublee out must be more than Dublee see (8)."


@pytest.mark.parametrize("code", ["en", "ne"])
def test_a_tables_rules_that_cannot_be_read_name_the_option_in_the_readers_words(tmp_path, code):
    from types import SimpleNamespace

    from marriage_gui.table.hosting import read_table_rules

    app = _app(tmp_path, code)
    lobby = SimpleNamespace(rule_set=dict(PRESETS["nepali"].to_dict(), hand_size=40))
    said = read_table_rules(app, lobby)
    assert said is not None and language.word(option_of("hand_size").label) in said
    assert "hand_size" not in said
    if code == "ne":
        assert "must be" not in said and "प्रति खेलाडी पत्ती" in said
