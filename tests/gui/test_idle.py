"""A calm machine: the real loop sleeps while nothing moves, counted in simulated time."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui.app import FPS, App
from marriage_gui.scene import Scene
from marriage_gui.ui.form import TOOLTIP_DELAY


class SimulatedPacer:
    """The app's pacer on a simulated clock, with input scripted at given times."""

    def __init__(self) -> None:
        self.now = 0.0
        self.last_tick = 0.0
        self.script: list[tuple[float, pygame.event.Event]] = []
        self.waits: list[float | None] = []
        #: Where simulated time stops; a sleep with nothing to end it sleeps until here.
        self.horizon = 0.0
        #: Sleeps cut short by the horizon: their frames belong to no real wake-up.
        self.cut = 0

    def at(self, when: float, event: pygame.event.Event) -> None:
        self.script.append((when, event))
        self.script.sort(key=lambda pair: pair[0])

    def tick(self, fps: int) -> float:
        if fps:
            self.now = max(self.now, self.last_tick + 1 / fps)
        dt, self.last_tick = self.now - self.last_tick, self.now
        return dt

    def _due(self) -> list[pygame.event.Event]:
        due = [e for t, e in self.script if t <= self.now]
        self.script = [(t, e) for t, e in self.script if t > self.now]
        return due

    def events(self) -> list[pygame.event.Event]:
        return self._due()

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        self.waits.append(timeout)
        ends = [self.horizon]
        if self.script:
            ends.append(self.script[0][0])
        if timeout is not None:
            ends.append(self.now + timeout)
        if min(ends) == self.horizon and min(ends[1:], default=self.horizon + 1) > self.horizon:
            self.cut += 1
        self.now = max(self.now, min(ends))
        return self._due()


def run_until(app: App, pacer: SimulatedPacer, until: float) -> int:
    """Run the real loop until simulated time ``until``; the frames drawn meanwhile."""
    before, cut = app.frames, pacer.cut
    pacer.horizon = until
    while pacer.now < until and app.running:
        app.frame()
    return app.frames - before - (pacer.cut - cut)


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.pacer = SimulatedPacer()
    a.go_title()
    return a


def test_title_settles_then_draws_nothing_until_input(app):
    pacer = app.pacer
    pacer.at(
        30.0, pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))
    )
    # The opening sway runs at full rate, then the fan rests.
    first = run_until(app, pacer, 10.0)
    assert FPS * 3 <= first <= FPS * 5
    assert app.idle()
    # Twenty quiet seconds cost one frame: the one the pointer's move woke up.
    quiet = run_until(app, pacer, 30.0 + 1e-9)
    assert quiet == 1
    assert None in pacer.waits


def test_a_toast_animates_at_full_rate_then_stops(app):
    pacer = app.pacer
    run_until(app, pacer, 10.0)
    app.toast("Saved")
    assert not app.idle()
    frames = run_until(app, pacer, 13.0)
    assert FPS * 2 <= frames <= FPS * 3
    assert app.idle()


def test_tooltip_timer_wakes_the_loop_once(app):
    pacer = app.pacer
    run_until(app, pacer, 10.0)
    app.open("new_game")
    scene = app.scene
    run_until(app, pacer, 11.0)
    target = scene.add_button
    pacer.at(
        12.0,
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=target.rect.center, rel=(1, 1), buttons=(0, 0, 0)
        ),
    )
    run_until(app, pacer, 12.0 + 1e-9)
    assert scene.form.wake_after() == pytest.approx(TOOLTIP_DELAY)
    frames = run_until(app, pacer, 20.0)
    # The pointer rests on the button: one frame shows the tooltip, then nothing more.
    assert frames == 1
    assert scene.form.wake_after() is None


def test_focused_text_field_blinks_at_its_own_pace(app):
    pacer = app.pacer
    run_until(app, pacer, 10.0)
    app.open("new_game")
    scene = app.scene
    scene.form.focus(scene.seed_input, keyboard=True)
    frames = run_until(app, pacer, 20.0)
    # The cursor turns on and off twice a second: about twenty frames, not six hundred.
    assert 15 <= frames <= 25


def test_a_scene_that_does_not_say_is_drawn_every_frame(app):
    pacer = app.pacer
    app.push(Scene(app))
    frames = run_until(app, pacer, 2.0)
    assert frames >= FPS * 2 - 1


def test_wake_ends_a_real_sleep_at_once(tmp_path):
    import time

    from marriage_gui.app import Pacer
    from marriage_gui.scenes.title import SWAY_SECONDS

    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    app.scene._t = SWAY_SECONDS  # the fan has settled
    assert isinstance(app.pacer, Pacer) and app.idle()
    pygame.event.clear()
    # A safety net so a broken wake cannot hang the suite: a quit event two seconds on.
    pygame.time.set_timer(pygame.QUIT, 2000, loops=1)
    try:
        app.wake()
        start, before = time.perf_counter(), app.frames
        app.frame()
        assert time.perf_counter() - start < 1.0
        assert app.frames == before + 1 and app.running
    finally:
        pygame.time.set_timer(pygame.QUIT, 0)


def test_a_still_join_screen_keeps_looking_and_offers_the_address(app, monkeypatch):
    import socket

    from marriage_gui.scenes.join import ASK_ADDRESS_AFTER, JoinScene
    from marriage_net import discovery

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody answers here: no table is found
    join = JoinScene(app, "Bina", discovery_port=port)
    app.push(join)
    try:
        # No key, no move: the search and its clock still run, a few times a second.
        run_until(app, app.pacer, ASK_ADDRESS_AFTER + 1.0)
        assert join.ask_address and join.address_input.visible
        assert join.waited >= ASK_ADDRESS_AFTER
    finally:
        join._stop.set()
