"""The window stays one window: resizing and full screen change it in place, never remake it."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui.app import MIN_SIZE, App


@pytest.fixture
def no_set_mode(monkeypatch):
    """Count ``set_mode`` calls made after the app has opened its window."""
    calls: list[tuple] = []
    real = pygame.display.set_mode

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", counting)
    return calls


def _window_id(app: App) -> int:
    window = app.window
    assert window is not None
    return window.id


def _resize_event(w: int, h: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)


@pytest.mark.parametrize("headless", [True, False])
def test_a_resize_keeps_the_window_and_its_surface(tmp_path, no_set_mode, headless):
    app = App((1280, 800), headless=headless, data_dir=tmp_path)
    app.go_title()
    first, surface = _window_id(app), pygame.display.get_surface()
    no_set_mode.clear()
    for w, h in ((1100, 700), (1400, 900), (1300, 760), (1024, 640)):
        app.step([_resize_event(w, h)], 0.05)
        assert app.size == (w, h)
        assert _window_id(app) == first
        assert pygame.display.get_surface() is surface
        assert app.screen is surface
    assert no_set_mode == []


def test_a_window_asked_smaller_than_the_minimum_stays_at_the_minimum(tmp_path, no_set_mode):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    no_set_mode.clear()
    app.step([_resize_event(600, 400)], 0.05)
    assert app.size == MIN_SIZE
    assert no_set_mode == []


def test_full_screen_and_back_keeps_the_window_and_its_size(tmp_path, no_set_mode):
    app = App((1280, 800), headless=False, data_dir=tmp_path)
    app.go_title()
    first = _window_id(app)
    app.step([_resize_event(1024, 720)], 0.05)  # the dummy desktop is 1024 x 768
    no_set_mode.clear()
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)
    app.step([f11], 0.05)
    assert app.settings.fullscreen
    app.step([f11], 0.05)
    assert not app.settings.fullscreen
    assert _window_id(app) == first
    assert app.size == (1024, 720)
    assert no_set_mode == []


def test_a_window_coming_back_from_full_screen_fits_on_the_desktop():
    desktop = pygame.display.get_desktop_sizes()[0]
    size, at = App._back_on_screen((desktop[0] + 300, desktop[1] + 100), (200, 150))
    assert size == desktop
    assert at == pygame.WINDOWPOS_CENTERED
    small = (desktop[0] // 2, desktop[1] // 2)
    assert App._back_on_screen(small, (10, 20)) == (small, (10, 20))
    assert App._back_on_screen(small, (desktop[0] - 5, 0))[1] == pygame.WINDOWPOS_CENTERED
