"""The table says when it is still (the app may sleep) and when it moves, and the controls work."""

from __future__ import annotations

import pygame

from marriage_gui.setup import SeatSetup
from marriage_gui.table.scene import TableScene

from .test_table import DT, app, click, solo, table  # noqa: F401 - the fixture

__all__ = ["app"]


def settle(app, scene: TableScene, seconds: float = 6.0) -> None:
    """Step the app until the table has had time to finish every fade."""
    for _ in range(round(seconds / DT)):
        app.step([], DT)


def test_table_is_still_while_waiting_for_the_person_and_moves_when_they_act(app):
    scene = solo(app)
    settle(app, scene)
    assert scene.my_turn()
    assert not scene.animating()
    assert scene.wake_after() is None
    click(app, scene.layout.stock.center)
    # The drawn card flies in and the log announces it: the table moves again.
    assert scene.animating()
    settle(app, scene)
    assert not scene.animating()
    # A drag in progress keeps frames coming even when nothing else moves.
    cid = scene.fan.order[3]
    r = scene.board.sprites[cid].rect
    start = (r.x + 8, r.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, 0))], DT
    )
    assert scene.input.dragging and scene.animating()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 60))], DT)


def test_table_moves_while_a_bot_is_to_play(app):
    app.settings.bot_delay = 5.0
    scene = solo(app)
    settle(app, scene)
    click(app, scene.layout.stock.center)
    settle(app, scene)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")], DT)
    app.step([], DT)
    assert scene.state.current_player == 1
    # The bot thinks for its delay; the table keeps drawing its ring.
    for _ in range(10):
        app.step([], DT)
        assert scene.animating()


def test_hot_seat_curtain_is_still(app):
    scene = table(app, [SeatSetup("Asha", "human"), SeatSetup("Bina", "human")])
    settle(app, scene, 2.0)
    assert scene.curtain is not None
    settle(app, scene)
    assert not scene.animating()
