"""Menus driven by synthetic events: title, new game, settings, a damaged save."""

from __future__ import annotations

import json

import pygame
import pytest

from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.scenes.new_game import NewGameScene, parse_table
from marriage_gui.scenes.settings import SettingsScene
from marriage_gui.scenes.title import TitleScene
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.ui.pickers import Slider, Stepper, Toggle
from marriage_gui.ui.text_input import TextInput

DT = 1 / 30


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        DT,
    )


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")], DT)


def type_text(app: App, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], DT)


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.go_title()
    a.step([], DT)
    return a


def test_title_to_new_game_to_start(app, monkeypatch):
    opened = []
    monkeypatch.setattr(app, "open_table", lambda setup, game=None: opened.append((setup, game)))
    title = app.scene
    assert isinstance(title, TitleScene)
    assert not title.continue_button.enabled  # nothing saved yet
    click(app, title.buttons[1].rect.center)
    scene = app.scene
    assert isinstance(scene, NewGameScene)

    # Rename seat 2 in Devanagari.
    name_field, kinds, _remove = scene.seat_widgets[1]
    click(app, name_field.rect.center)
    key(app, pygame.K_END)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "गीता")
    # Seat 3 becomes a hard bot, seat 4 an easy one.
    click(app, (kinds.rect.right - 5, kinds.rect.centery))  # focus moves on; click the arrow
    _n3, kinds3, _ = scene.seat_widgets[2]
    click(app, (kinds3.rect.right - 5, kinds3.rect.centery))
    _n4, kinds4, _ = scene.seat_widgets[3]
    click(app, (kinds4.rect.x + 5, kinds4.rect.centery))

    # The house preset, then two rule changes on top.
    stepper = scene.preset_stepper
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert scene.preset == "house"
    fee = scene.rule_widgets["seen_fee"]
    assert isinstance(fee, Stepper)
    scene.form.focus(fee, keyboard=True)
    key(app, pygame.K_RIGHT)
    poplu = scene.rule_widgets["poplu_points"]
    assert isinstance(poplu, TextInput)
    scene.form.focus(poplu, keyboard=True)
    key(app, pygame.K_END)
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "3/x")
    assert "poplu_points" in scene.errors  # shown inline, Start refuses
    click(app, scene.start_button.rect.center)
    assert not opened and scene.message
    click(app, poplu.rect.center)
    key(app, pygame.K_END)
    key(app, pygame.K_BACKSPACE)
    type_text(app, "6/12")
    assert not scene.errors

    # A seed typed by hand.
    click(app, scene.seed_input.rect.center)
    type_text(app, "42")
    click(app, scene.start_button.rect.center)

    assert len(opened) == 1
    setup, game = opened[0]
    assert game is None
    assert [s.name for s in setup.seats] == ["You", "गीता", "Ram", "Hari"]
    assert [s.kind for s in setup.seats] == ["human", "hard", "hard", "easy"]
    assert setup.rules.name == "house"
    assert setup.rules.seen_fee == PRESETS["house"].seen_fee + 1
    assert setup.rules.poplu_points == (3, 6, 12)
    assert setup.seed == 42


def test_seats_can_be_added_and_removed(app):
    scene = NewGameScene(app)
    app.push(scene)
    app.step([], DT)
    click(app, scene.add_button.rect.center)
    assert len(scene.seats) == 5 and not scene.add_button.enabled
    click(app, scene.seat_widgets[4][2].rect.center)
    click(app, scene.seat_widgets[3][2].rect.center)
    click(app, scene.seat_widgets[2][2].rect.center)
    assert len(scene.seats) == 2
    assert not scene.seat_widgets[0][2].enabled  # never fewer than two


def test_keyboard_navigation_on_title(app):
    title = app.scene
    key(app, pygame.K_DOWN)  # from New game to Rules
    key(app, pygame.K_RETURN)
    assert app.scene.name == "rules"
    key(app, pygame.K_ESCAPE)
    assert app.scene is title


def test_settings_persist(app, tmp_path):
    app.push(SettingsScene(app))
    app.step([], DT)
    scene = app.scene
    widgets = {label: w for label, _help, w in scene.rows}
    speed = widgets["Animation speed"]
    click(app, (speed.rect.x + 5, speed.rect.centery))  # normal -> fast
    four = widgets["Four-colour deck"]
    assert isinstance(four, Toggle)
    click(app, four.rect.midleft)
    volume = widgets["Volume"]
    assert isinstance(volume, Slider)
    scene.form.focus(volume, keyboard=True)
    key(app, pygame.K_LEFT)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["animation_speed"] == "fast"
    assert saved["four_colour"] is True
    assert saved["volume"] == pytest.approx(0.75)
    assert app.sounds.volume == pytest.approx(0.75)
    fresh = App((1024, 640), headless=True, data_dir=tmp_path)
    assert fresh.settings.animation_speed == "fast" and fresh.settings.anim_scale == 0.5


def test_continue_names_the_hand_as_the_table_counts_it(tmp_path):
    setup = MatchSetup((SeatSetup("You", "human"), SeatSetup("Ram", "hard")), hands=4, seed=3)
    game = setup.start(worker="inline")
    game.submit(0, game.view(0).legal[0])
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.storage.save_game(setup, game)
    app.go_title()
    app.step([], DT)
    button = app.scene.continue_button
    assert button.enabled
    assert button.sub == "Hand 1 of 4 · You, Ram"


def test_damaged_save_disables_continue(tmp_path):
    (tmp_path / "savegame.json").write_text("{ this is not a save", encoding="utf-8")
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    app.step([], DT)
    title = app.scene
    assert not title.continue_button.enabled
    assert "damaged" in title.continue_button.sub
    assert "could not be restored" in (app.toasts.current or "")
    assert "kept aside" in (app.toasts.current or "")
    click(app, title.continue_button.rect.center)
    assert app.scene is title
    # The damaged save is kept, never deleted.
    kept = list(tmp_path.glob("savegame.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{ this is not a save"


def test_point_tables_parse():
    assert parse_table("2/5/10") == (2, 5, 10)
    assert parse_table(" 3, 8 ") == (3, 8)
    assert parse_table("") == ()
    with pytest.raises(ValueError):
        parse_table("2/five")


def test_a_name_field_selects_all_deletes_words_and_pastes(app, monkeypatch):
    from marriage_gui.ui import text_input

    click(app, app.scene.buttons[1].rect.center)
    scene = app.scene
    name_field = scene.seat_widgets[1][0]
    click(app, name_field.rect.center)
    assert name_field.focused and name_field.text == "Sita"
    # Ctrl+A then typing replaces the whole name (a key's press comes before its text).
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert name_field.all_selected
    key(app, pygame.K_LSHIFT, pygame.KMOD_LSHIFT)
    key(app, pygame.K_s, pygame.KMOD_LSHIFT)
    assert name_field.all_selected
    type_text(app, "Sita Devi")
    assert name_field.text == "Sita Devi" and not name_field.all_selected
    # Ctrl+Backspace takes the last word; Ctrl+A then Backspace clears it all.
    key(app, pygame.K_BACKSPACE, pygame.KMOD_LCTRL)
    assert name_field.text == "Sita "
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert name_field.text == "" and name_field.cursor == 0
    # Ctrl+V pastes the clipboard's text on one line, within the field's length.
    monkeypatch.setattr(text_input, "clipboard_text", lambda: "गीता\n  Thapa")
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert name_field.text == "गीता Thapa"
    monkeypatch.setattr(text_input, "clipboard_text", lambda: "x" * 100)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    assert len(name_field.text) == name_field.max_len
    # The real clipboard, whatever this machine has (none when headless), pastes without fuss.
    monkeypatch.undo()
    before = name_field.text
    key(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_v, pygame.KMOD_LCTRL)
    pasted = " ".join(text_input.clipboard_text().split())[: name_field.max_len]
    assert name_field.text == (pasted or before)
