"""Choosing the language: from the computer's own on a first start, in Settings at any time
(every open screen changes at once), kept in the settings, and English with a notice when the
choice cannot be used. Devanagari digits too."""

from __future__ import annotations

import json
import re

import pygame
import pytest
from gui.screens_to_say import NAMES
from gui.text_trace import Trace, english

from engine.words import say
from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.language import _, word
from marriage_gui.scenes.settings import SettingsScene
from marriage_gui.ui.pickers import Stepper, Toggle

DEVANAGARI = re.compile("[\u0900-\u097f]")


@pytest.mark.parametrize(
    "env, code",
    [
        ({"LANG": "ne_NP.UTF-8"}, "ne"),
        ({"LANGUAGE": "ne:en", "LANG": "en_GB.UTF-8"}, "ne"),
        ({"LC_ALL": "ne_NP"}, "ne"),
        ({"LANG": "Nepali_Nepal.1252"}, "ne"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "hi_IN.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_computers_own_language_is_followed_when_it_is_ours(env, code):
    assert language.from_system(env) == code


def app_in(tmp_path, size=(1280, 800)) -> App:
    app = App(size, headless=True, data_dir=tmp_path)
    app.go_title()
    app.step([], 0.05)
    return app


def heard(app, monkeypatch) -> list[str]:
    return Trace(monkeypatch).draw(app).trace.heard


def test_a_first_start_speaks_the_computers_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ne_NP")
    app = app_in(tmp_path)
    assert language.current() == "ne"
    words = heard(app, monkeypatch)
    assert _("New game") in words and DEVANAGARI.search(_("New game"))
    assert english(words, NAMES) == []


def test_a_kept_choice_wins_over_the_computers_language(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en"}))
    monkeypatch.setenv("LANGUAGE", "ne_NP")
    app_in(tmp_path)
    assert language.current() == "en"


def settings_scene(app: App) -> SettingsScene:
    scene = app.open("settings")
    assert isinstance(scene, SettingsScene)
    app.step([], 0.05)
    return scene


def widget(scene: SettingsScene, label: str):
    return next(w for text, _help, w in scene.rows if text.startswith(label))


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.02)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.02)


def test_switching_in_settings_changes_every_open_screen_at_once(tmp_path, monkeypatch):
    app = app_in(tmp_path)
    app.open("new_game")
    app.step([], 0.05)
    scene = settings_scene(app)
    stepper = widget(scene, "Language")
    assert isinstance(stepper, Stepper)
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert language.current() == "ne"
    # The Settings screen itself, at once.
    words = heard(app, monkeypatch)
    assert _("Settings") in words and DEVANAGARI.search(_("Settings"))
    assert english(words, NAMES) == []
    # The screens under it changed too: back to each without building it again.
    for _step in range(2):
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 0)
        app.step([], 0.05)
        words = heard(app, monkeypatch)
        assert any(DEVANAGARI.search(w) for w in words), app.scene.name
        assert english(words, NAMES) == [], app.scene.name
    assert app.scene is not None and app.scene.name == "title"
    # And back to English the same way.
    scene = settings_scene(app)
    stepper = widget(scene, "Language")
    click(app, (stepper.rect.x + 5, stepper.rect.centery))
    assert language.current() == "en"
    assert "Settings" in heard(app, monkeypatch)


def test_the_choice_is_kept_for_the_next_start(tmp_path):
    app = app_in(tmp_path)
    app.set_language("ne")
    assert json.loads((tmp_path / "settings.json").read_text())["language"] == "ne"
    language._reset_for_tests()
    app_in(tmp_path)
    assert language.current() == "ne"


@pytest.mark.parametrize("damaged", ['"xx"', "5", "null", '"../../etc"'])
def test_a_damaged_language_setting_falls_back_to_english_with_a_notice(tmp_path, damaged):
    (tmp_path / "settings.json").write_text(f'{{"language": {damaged}, "volume": 0.3}}')
    app = app_in(tmp_path)
    assert language.current() == "en"
    assert app.settings.language == "en"
    assert app.settings.volume == 0.3  # the rest of the settings are kept
    told = " ".join(m.text for m in app.toasts.queue)
    assert "language" in told and "English" in told


def test_a_missing_catalog_falls_back_to_english_with_a_notice(tmp_path, monkeypatch):
    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path / "no-catalogs")
    (tmp_path / "settings.json").write_text('{"language": "ne"}')
    app = app_in(tmp_path)
    assert language.current() == "en"
    told = " ".join(m.text for m in app.toasts.queue)
    assert "English" in told


def test_devanagari_digits_show_every_number_in_devanagari(tmp_path, monkeypatch):
    app = app_in(tmp_path)
    scene = settings_scene(app)
    toggle = widget(scene, "Devanagari")
    assert isinstance(toggle, Toggle)
    click(app, toggle.rect.center)
    assert app.settings.devanagari_digits
    trace = Trace(monkeypatch)
    window = trace.draw(app)
    shown = [d.text for d in window.trace.placed]
    # The card-size percentage is drawn with Devanagari digits; the words are unchanged.
    assert any("%" in t for t in shown)
    from marriage_gui.art import fonts

    assert fonts.size_of("100%", 20) == fonts.size_of("१००%", 20)
    assert language.with_digits("100%") == "१००%"
    assert (
        language.with_digits("F1: controls, F11: full screen") == "F1: controls, F11: full screen"
    )
    # The setting's own help says both kinds of digit, as they are.
    help_text = next(t for t in shown if "0123" in t)
    assert "०१२३" in help_text and language.with_digits(help_text) == help_text
    assert json.loads((tmp_path / "settings.json").read_text())["devanagari_digits"] is True


def test_an_engine_sentence_is_worded_in_the_language_in_use():
    sentence = say("Your settings file was damaged, so the defaults are back.")
    assert word(sentence) == sentence.english
    language.use("ne")
    assert DEVANAGARI.search(word(sentence))
    language.use("pseudo")
    assert word(sentence).startswith("[")


def test_the_table_changes_language_from_its_own_pause_menu(tmp_path, monkeypatch):
    """Mid-hand: Esc, Settings, नेपाली, Back: the same table, in Nepali, at once."""
    from gui.screens_to_say import SCREENS

    app = app_in(tmp_path)
    names = SCREENS["table"](app)
    table = app.scene
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 0.05)
    menu = table.ask.dialog
    assert menu is not None
    settings = next(b for b in menu.buttons if b.text == "Settings")
    click(app, settings.rect.center)
    assert isinstance(app.scene, SettingsScene)
    stepper = widget(app.scene, "Language")
    click(app, (stepper.rect.right - 5, stepper.rect.centery))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 0.05)
    assert app.scene is table
    app.step([], 0.05)
    words = heard(app, monkeypatch)
    assert any(DEVANAGARI.search(w) for w in words)
    assert english(words, (*names, *NAMES)) == []


def test_a_card_size_chosen_from_the_pause_menu_is_taken_at_once(tmp_path):
    from gui.screens_to_say import SCREENS

    app = app_in(tmp_path)
    SCREENS["table"](app)
    table = app.scene
    before = table.staging.layout.cw
    app.open("settings")
    app.settings.card_scale = 1.3
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], 0.05)
    assert app.scene is table
    assert table.staging.layout.card_scale == 1.3 and table.staging.layout.cw > before
