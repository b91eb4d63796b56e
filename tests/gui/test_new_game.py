"""New game: ask before a new match replaces a saved one; remember the last set-up."""

from __future__ import annotations

import pygame
import pytest

from engine.match import LocalMatch
from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.scenes.confirm import ConfirmScene
from marriage_gui.scenes.new_game import NewGameScene
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.storage import SAVE_FILE

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


def key(app: App, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")], DT)


def make_app(tmp_path, opened: list) -> App:
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.open_table = lambda **kw: opened.append(kw)  # type: ignore[method-assign]
    app.go_title()
    app.step([], DT)
    return app


def save_a_match(app: App) -> None:
    setup = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Bina", "easy")), hands=3)
    game = LocalMatch.new(setup.rules, ["Asha", "Bina"], seed=5, hands=3)
    app.storage.save_game(setup, game)


@pytest.mark.parametrize("how", ["button", "escape"])
def test_start_over_a_saved_match_asks_and_can_keep_it(tmp_path, how):
    opened: list = []
    app = make_app(tmp_path, opened)
    save_a_match(app)
    scene = app.open("new_game")
    click(app, scene.start_button.rect.center)
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    assert "Asha, Bina" in ask.detail and "hand 1 of 3" in ask.detail
    assert opened == [] and app.storage.has_game()
    if how == "button":
        click(app, ask.no_button.rect.center)
    else:
        key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    assert opened == [] and app.storage.load_game() is not None


def test_enter_on_the_question_keeps_the_save(tmp_path):
    opened: list = []
    app = make_app(tmp_path, opened)
    save_a_match(app)
    scene = app.open("new_game")
    click(app, scene.start_button.rect.center)
    key(app, pygame.K_RETURN)  # the safe answer has the focus
    assert app.scene is scene and opened == [] and app.storage.has_game()


def test_start_over_a_saved_match_replaces_it_when_confirmed(tmp_path):
    opened: list = []
    app = make_app(tmp_path, opened)
    save_a_match(app)
    scene = app.open("new_game")
    click(app, scene.start_button.rect.center)
    ask = app.scene
    assert isinstance(ask, ConfirmScene)
    click(app, ask.yes_button.rect.center)
    assert len(opened) == 1 and not app.storage.has_game()


def test_start_without_a_save_does_not_ask(tmp_path):
    opened: list = []
    app = make_app(tmp_path, opened)
    scene = app.open("new_game")
    click(app, scene.start_button.rect.center)
    assert len(opened) == 1
    assert not isinstance(app.scene, ConfirmScene)


def test_a_damaged_save_is_named_in_the_question(tmp_path):
    opened: list = []
    app = make_app(tmp_path, opened)
    save_a_match(app)
    (tmp_path / SAVE_FILE).write_text("{damaged", encoding="utf-8")
    scene = app.open("new_game")
    click(app, scene.start_button.rect.center)
    ask = app.scene
    assert isinstance(ask, ConfirmScene) and "damaged" in ask.detail


def test_the_last_setup_is_remembered_across_restarts(tmp_path):
    opened: list = []
    app = make_app(tmp_path, opened)
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    scene._set_preset("house")
    scene._add_seat()
    scene._set_kind(1, "hard")
    scene._set_hands(7)
    scene._set_seed("123")
    click(app, scene.start_button.rect.center)
    started = opened[0]["setup"]
    assert started.seed == 123

    again = make_app(tmp_path, [])  # a fresh App reads the settings file again
    fresh = again.open("new_game")
    assert isinstance(fresh, NewGameScene)
    setup = fresh.build_setup()
    assert setup.rules == PRESETS["house"].replace(match_hands=7)  # the length picked
    assert [s.kind for s in setup.seats] == [s.kind for s in started.seats]
    assert len(setup.seats) == 5 and setup.seats[1].kind == "hard"
    assert setup.hands == 7
    assert setup.seed is None  # a typed seed would deal the same cards again by surprise


def test_a_damaged_memory_gives_the_defaults(tmp_path):
    app = make_app(tmp_path, [])
    app.settings.last_setup = {"seats": "nonsense"}
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    assert len(scene.build_setup().seats) == 4


def test_numbers_typed_in_devanagari_digits_are_numbers(tmp_path):
    """A Nepali keyboard types ०-९: the seed and a box of points read them as 0-9."""
    opened: list = []
    app = make_app(tmp_path, opened)
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    scene.form.focus(scene.seed_input, keyboard=False)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="४२")], DT)
    assert scene.seed_input.text == "42"
    points = scene.rule_widgets["poplu_points"]
    scene.form.focus(points, keyboard=False)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL)], DT)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text="३/६/१२")], DT)
    click(app, scene.start_button.rect.center)
    started = opened[0]["setup"]
    assert started.seed == 42 and started.rules.poplu_points == (3, 6, 12)
