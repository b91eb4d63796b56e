"""Toasts leave screen titles readable; New-game tooltips leave their row and the next alone."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui.app import App
from marriage_gui.scenes.new_game import NewGameScene
from marriage_gui.ui.form import TOOLTIP_DELAY

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", ["title", "new_game", "settings", "stats", "rules"])
def test_a_toast_does_not_cover_the_title(tmp_path, name, size):
    app = App(size, headless=True, data_dir=tmp_path)
    app.go_title()
    if name != "title":
        app.open(name)
    app.toast("Your settings could not be saved because the disk is full right now.")
    for _ in range(10):
        app.step([], 0.05)
    heading = app.scene.heading_rect
    assert app.toasts.rect is not None
    assert not app.toasts.rect.colliderect(heading), (app.toasts.rect, heading)
    assert app.toasts.rect.bottom < size[1]


def hover(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], 0.0)
    app.step([], TOOLTIP_DELAY + 0.05)


def tooltip_at(app, scene, point, what: str) -> pygame.Rect:
    """The tooltip shown after the pointer rests at ``point`` (there must be one)."""
    hover(app, point)
    box = scene.form.tooltip_rect
    assert box is not None, what
    return box


def new_game(tmp_path, size: tuple[int, int]) -> tuple[App, NewGameScene]:
    """A headless app of ``size`` on the New-game screen."""
    app = App(size, headless=True, data_dir=tmp_path)
    app.go_title()
    scene = app.open("new_game")
    assert isinstance(scene, NewGameScene)
    return app, scene


@pytest.mark.parametrize("words", ["en", "pseudo", "ne"])
@pytest.mark.parametrize("size", SIZES)
def test_new_game_tooltips_leave_the_next_row_alone(tmp_path, size, words):
    from marriage_gui import language

    app, scene = new_game(tmp_path, size)
    language.use(words)
    checked = 0
    for widget in list(scene.form.widgets):
        if not widget.tooltip or not widget.visible:
            continue
        rect = widget.rect if widget.clip is None else widget.rect.clip(widget.clip)
        if rect.w < 4 or rect.h < 4:
            continue  # scrolled out of view
        box = tooltip_at(app, scene, rect.center, widget.tooltip)
        below = [
            other.rect
            for other in scene.form.widgets
            if other is not widget
            and other.visible
            and other.rect.top >= rect.bottom
            and (other.clip is None or other.clip.colliderect(other.rect))
        ]
        hit = [r for r in below if box.colliderect(r)]
        assert hit == [], (widget.tooltip, box, hit)
        assert not box.collidepoint(rect.center)  # nor the widget it explains
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("size", SIZES)
def test_a_seats_tooltip_leaves_its_own_row_alone_its_remove_button_above_all(tmp_path, size):
    app, scene = new_game(tmp_path, size)
    for row in scene.seat_widgets:
        field, kinds, remove = row
        for widget in row:
            box = tooltip_at(app, scene, widget.rect.center, widget.tooltip)
            same_row = [
                w.rect
                for w in scene.form.widgets
                if w is not widget
                and w.visible
                and w.rect.bottom > widget.rect.top
                and w.rect.top < widget.rect.bottom
            ]
            assert remove.rect in same_row or widget is remove
            hit = [r for r in same_row if box.colliderect(r)]
            assert hit == [], (widget.tooltip, box, hit)
            # It goes past the end of the row: every seat stays in sight.
            seats = [w.rect for r in scene.seat_widgets for w in r]
            assert not any(box.colliderect(r) for r in seats if r != widget.rect)
