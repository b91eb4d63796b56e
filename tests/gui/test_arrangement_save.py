"""An arrangement made after the last move is saved by itself: once per drop, at most once a
second, and it survives the program being killed."""

from __future__ import annotations

import pygame

from marriage_gui.app import App
from marriage_gui.saved_match import ARRANGEMENT_SAVE_GAP, saved
from marriage_gui.table.scene import TableScene

from .test_table import DT, card_centre, solo


def steps(app: App, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step([], DT)


def test_an_arrangement_made_after_the_last_move_survives_a_kill(app, tmp_path, monkeypatch):
    scene = solo(app)
    steps(app, 2.0)
    assert scene.seats.my_turn() and scene.match.due() is None
    saves: list[list[int]] = []
    real = app.storage.save_game

    def save_game(setup, match):
        saves.append(list(match.arrangements[0]["order"]))
        return real(setup, match)

    monkeypatch.setattr(app.storage, "save_game", save_game)
    fan = scene.seats.fan
    moved = fan.order[-1]
    # Dragged to the far left of the hand: it becomes the first card.
    start, end = card_centre(scene, moved), (5, scene.staging.layout.hand_y + 40)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    for k in range(1, 31):
        p = (start[0] + (end[0] - start[0]) * k // 30, end[1])
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))], DT)
    assert scene.input.dragging and saves == []  # nothing written while the card is in the air
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)
    app.step([], DT)
    assert fan.order[0] == moved
    assert saves == [fan.order]  # written once, on the drop
    steps(app, 2 * ARRANGEMENT_SAVE_GAP)
    assert len(saves) == 1 and scene.wake_after() is None  # still: no more writes
    # Two quick changes by key: the first is written at once, the second waits out the gap.
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")], DT)
    assert len(saves) == 2
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s")], DT)
    assert len(saves) == 2
    due = scene.match.due()
    assert due is not None and 0 < due <= ARRANGEMENT_SAVE_GAP
    steps(app, ARRANGEMENT_SAVE_GAP)
    assert saves[2:] == [fan.order]
    steps(app, 4.0)  # the sort's message fades
    # A table at rest sleeps until the gap is over, then wakes to write the change.
    fan.order.reverse()
    app.step([], DT)
    fan.order.reverse()
    app.step([], DT)
    assert len(saves) == 4 and not scene.animating()
    assert scene.wake_after() == scene.match.due() > 0
    steps(app, ARRANGEMENT_SAVE_GAP)
    assert len(saves) == 5 and saves[-1] == fan.order
    arranged = list(fan.order)
    steps(app, 2 * ARRANGEMENT_SAVE_GAP)
    assert len(saves) == 5 and scene.wake_after() is None
    # The kill: no Save and quit, no close; another start of the program reads the save.
    again = App((1280, 800), headless=True, data_dir=tmp_path)
    loaded = again.storage.load_game()
    assert loaded is not None
    resumed = TableScene(again, loaded[0], saved(again, *loaded))
    try:
        assert resumed.seats.fan is not None and resumed.seats.fan.order == arranged
    finally:
        resumed.close()


def test_a_table_that_cannot_save_tries_again_no_more_than_once_a_gap(app, monkeypatch):
    scene = solo(app)
    steps(app, 2.0)
    tries: list[float] = []

    def refuse(setup, match):
        tries.append(scene.time)
        return False

    monkeypatch.setattr(app.storage, "save_game", refuse)
    scene.seats.fan.order.reverse()
    steps(app, 2.5 * ARRANGEMENT_SAVE_GAP)
    assert 2 <= len(tries) <= 3, tries
    assert all(
        b - a >= ARRANGEMENT_SAVE_GAP - DT for a, b in zip(tries, tries[1:], strict=False)
    ), tries
