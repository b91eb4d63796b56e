"""Small things seen at the table: toasts keep off the open log, the plate keeps off the tiplu,
a lifted card shows whole without hiding its neighbour, groups stand apart with felt between
them, and "it is Hari's turn" goes once the turn comes."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui.setup import SeatSetup
from marriage_gui.table.layout import Layout

from .test_table import DT, card_centre, click, solo, step_until, table


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_announcement_and_toasts_stand_left_of_the_open_log(size, players):
    L = Layout(size, players, 0, False, 1.0, True)
    assert L.banner[0] < L.log_rect.x
    closed = Layout(size, players, 0, False, 1.0, False)
    assert closed.banner[0] == size[0] // 2


def test_a_toast_with_the_log_open_does_not_cross_it(app):
    scene = solo(app)
    scene.staging.toggle_log()
    scene.toast.show("Hint: discard K♣, which joins nothing in your hand (no live outs)")
    app.step([], DT)
    assert scene.toast.rect is not None and scene.staging.layout is not None
    assert not scene.toast.rect.colliderect(scene.staging.layout.log_rect)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_my_plate_never_covers_the_tiplu(app, size, monkeypatch):
    from marriage_gui.table import render
    from marriage_gui.ui import words

    app.resize(size)
    scene = solo(app)
    # The longest words the plate may hold: a seen player with a big total.
    monkeypatch.setattr(render, "match_total", lambda total, low: "+12345 pts")
    monkeypatch.setattr(words, "match_total", lambda total, low: "+12345 pts")
    drawn: list[pygame.Rect] = []
    real = render.panel

    def spy(surface, rect, *args, **kwargs):
        drawn.append(pygame.Rect(rect))
        return real(surface, rect, *args, **kwargs)

    monkeypatch.setattr(render, "panel", spy)
    render._draw_my_plate(scene.picture(), app.screen)
    L = scene.staging.layout
    assert drawn and drawn[0].right <= L.my_melds.x


def test_a_lifted_card_shows_whole_and_its_neighbour_too(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    fan = scene.seats.fan
    cid, after = fan.order[3], fan.order[4]
    click(app, card_centre(scene, cid))
    for _ in range(10):
        app.step([], DT)
    assert cid in fan.selected
    lifted, nxt = scene.board.targets[cid], scene.board.targets[after]
    before = scene.board.targets[fan.order[2]]
    step = lifted.x - before.x
    # The neighbour moved right: the lifted card is drawn whole over its left neighbour, and
    # the right neighbour's corner is not under it.
    assert nxt.x - lifted.x > step * 1.8
    assert nxt.x >= lifted.x + lifted.w * 0.85


@pytest.mark.parametrize(
    ("size", "breaks", "shown"),
    [((1280, 800), [3, 6, 9], 0.85), ((1920, 1080), [3, 6, 9], 1.0), ((1280, 800), [4], 1.0)],
)
def test_groups_stand_apart_with_felt_between_them(size, breaks, shown):
    """A group's last card shows (almost) whole before the next group begins, as the mobile
    apps lay a hand out; the cards within a group keep their overlap."""
    L = Layout(size, 4, 0, False, 1.0, False)
    xs = [x for x, _y in L.hand_slots_grouped(21, breaks)]
    steps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    between = [steps[b - 1] for b in breaks]
    inside = [s for i, s in enumerate(steps) if i + 1 not in breaks]
    assert min(between) >= L.cw * shown
    assert max(inside) < L.cw * 0.7
    assert xs[0] >= 0 and xs[-1] + L.cw <= size[0]


def test_not_your_turn_goes_when_the_turn_comes(app):
    seats = [SeatSetup("You", "human"), SeatSetup("Hari", "easy")]
    scene = table(app, seats, seed=5)
    for _ in range(400):
        if not scene.seats.my_turn():
            break
        # Play our turn quickly: draw, then throw the first card.
        click(app, scene.staging.layout.stock.center)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)], DT)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")], DT)
    assert not scene.seats.my_turn()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")], DT)
    assert "hari's turn" in (scene.toast.current or "").lower()
    step_until(app, scene.seats.my_turn)
    assert scene.seats.my_turn()
    for _ in range(40):  # the note fades out
        app.step([], DT)
    assert "hari's turn" not in (scene.toast.current or "").lower()
