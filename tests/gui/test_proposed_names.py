"""The names the game proposes are written as the language in use writes them: on a Nepali
screen the first seat is तपाईं and the others सीता, राम, हरि (New game, the hot-seat's
"Player N", Learn to play), read from what the screens draw. A proposal follows a change of
language; a name a person typed never changes, on screen or when remembered."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.scenes.new_game import NewGameScene

from .text_trace import Trace

DT = 1 / 30
NEPALI_FOUR = ["तपाईं", "सीता", "राम", "हरि"]
ENGLISH_FOUR = ["You", "Sita", "Ram", "Hari"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    language.use("en")


def make_app(tmp_path, opened: list | None = None) -> App:
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    if opened is not None:
        app.open_table = lambda **kw: opened.append(kw)  # type: ignore[method-assign]
    app.go_title()
    app.step([], DT)
    return app


def names(scene: NewGameScene) -> list[str]:
    return [field.text for field, _kinds, _remove in scene.seat_widgets]


def drawn(app: App, monkeypatch) -> list[str]:
    """The strings one frame of the app draws."""
    trace = Trace(monkeypatch)
    trace.draw(app)
    return list(trace.heard)


def retype(app: App, scene: NewGameScene, seat: int, text: str) -> None:
    """Select the whole name of ``seat`` and type ``text`` over it, as a person does."""
    field = scene.seat_widgets[seat][0]
    scene.form.focus(field, keyboard=False)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL)], DT)
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], DT)


def test_a_new_game_on_a_nepali_screen_proposes_nepali_names(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    language.use("ne")
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    assert names(scene) == NEPALI_FOUR
    words = drawn(app, monkeypatch)
    assert all(name in words for name in NEPALI_FOUR)
    assert not {"You", "Sita", "Ram", "Hari"} & set(words)
    # One more seat: the next name, in Devanagari too.
    scene._add_seat()
    assert names(scene)[-1] == "गीता"
    # Two people at this screen: the first seat is "Player 1", in Nepali.
    scene._set_kind(1, "human")
    assert names(scene)[0] == "खेलाडी 1"
    assert "खेलाडी 1" in drawn(app, monkeypatch)


def test_a_proposal_follows_the_language_and_a_typed_name_never_does(tmp_path, monkeypatch):
    opened: list = []
    app = make_app(tmp_path, opened)
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    assert names(scene) == ENGLISH_FOUR
    retype(app, scene, 2, "Asha")
    language.use("ne")  # with the screen open: it lays itself out again
    assert names(scene) == ["तपाईं", "सीता", "Asha", "हरि"]
    words = drawn(app, monkeypatch)
    assert "Asha" in words and "सीता" in words and "Sita" not in words
    retype(app, scene, 1, "Sita")  # an English name typed on a Nepali screen stays English
    scene.start()
    assert [s.name for s in opened[0]["setup"].seats] == ["तपाईं", "Sita", "Asha", "हरि"]
    # Remembered: the next New game, in English, proposes English names and keeps the typed.
    language.use("en")
    again = make_app(tmp_path)
    fresh = again.open("new_game")
    assert isinstance(fresh, NewGameScene)
    assert names(fresh) == ["You", "Sita", "Asha", "Hari"]
    language.use("ne")
    assert names(fresh) == ["तपाईं", "Sita", "Asha", "हरि"]


def test_a_set_up_remembered_before_proposals_were_kept_reads_its_names(tmp_path):
    from marriage_gui.setup import MatchSetup

    app = make_app(tmp_path)
    app.settings.last_setup = MatchSetup().to_dict()  # You, Sita, Ram, Hari, with no marks
    language.use("ne")
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    assert names(scene) == NEPALI_FOUR


def test_learn_to_play_seats_you_as_tapai_on_a_nepali_screen(tmp_path, monkeypatch):
    from marriage_gui.table.guide import GuideScene

    from .test_table import close_tables

    app = make_app(tmp_path)
    learn = next(b for b in app.scene.buttons if b.text == "Learn to play")
    language.use("ne")
    learn.click()
    scene = app.scene
    assert isinstance(scene, GuideScene)
    try:
        app.step([], DT)
        assert list(scene.match.names) == NEPALI_FOUR
        words = drawn(app, monkeypatch)
        assert "You" not in " ".join(words) and any("तपाईं" in w for w in words)
    finally:
        close_tables(app)
