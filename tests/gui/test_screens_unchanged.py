"""The table looks exactly as it did: the offline table, hot-seat and a LAN-style table, pixel for
pixel against pictures kept in ``tests/gui/screens/``.

A change meant to alter the table's look regenerates them on purpose:
``MARRIAGE_NEW_SCREENS=1 python -m pytest tests/gui/test_screens_unchanged.py`` (then look at
the pictures before committing them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from engine.match import LocalMatch
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.demo import mid_hand
from marriage_gui.table.scene import TableScene

from .test_port import WireMatch, serve
from .test_table import DT, card_centre, click, close_tables, headless_app

SCREENS = Path(__file__).parent / "screens"
REGENERATE = os.environ.get("MARRIAGE_NEW_SCREENS") == "1"


def _frame(app: App) -> pygame.Surface:
    surface = pygame.Surface(app.size)
    for scene in app.stack:
        scene.draw(surface)
    return surface


def _same_as_kept(name: str, surface: pygame.Surface, tmp_path: Path) -> None:
    kept = SCREENS / f"{name}.png"
    if REGENERATE:
        SCREENS.mkdir(exist_ok=True)
        pygame.image.save(surface, str(kept))
        return
    assert kept.is_file(), f"no kept picture {kept.name}: regenerate with MARRIAGE_NEW_SCREENS=1"
    want = pygame.image.load(str(kept))
    assert want.get_size() == surface.get_size()
    got_bytes = pygame.image.tobytes(surface, "RGB")
    want_bytes = pygame.image.tobytes(want, "RGB")
    if got_bytes != want_bytes:
        differ = sum(1 for a, b in zip(got_bytes[::3], want_bytes[::3], strict=True) if a != b)
        out = tmp_path / f"{name}-now.png"
        pygame.image.save(surface, str(out))
        pytest.fail(f"{name}: about {differ} pixels differ from the kept picture (now: {out})")


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    yield a
    close_tables(a)


def _settle(app: App, frames: int = 30) -> None:
    for _ in range(frames):
        app.step([], DT)


def test_offline_table_mid_hand(app, tmp_path):
    setup, match = mid_hand(7, 5)
    scene = TableScene(app, setup, match)
    scene.frozen = True
    app.push(scene)
    _settle(app)
    _same_as_kept("offline-mid-hand", _frame(app), tmp_path)
    # A card picked up from the hand stands up, marked.
    cid = scene.seats.fan.order[2]
    click(app, card_centre(scene, cid))
    _settle(app)
    _same_as_kept("offline-selected", _frame(app), tmp_path)


def _hot_seat(app: App) -> TableScene:
    seats = (SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy"))
    setup = MatchSetup(seats, hands=2, seed=11)
    match = LocalMatch.new(
        setup.rules, [s.name for s in seats], setup.drivers, seed=11, hands=2, worker="inline"
    )
    scene = TableScene(app, setup, match)
    app.push(scene)
    _settle(app)
    return scene


def test_hot_seat_curtain_and_the_person_behind_it(app, tmp_path):
    scene = _hot_seat(app)
    assert scene.curtain is not None
    _same_as_kept("hotseat-curtain", _frame(app), tmp_path)
    click(app, (640, 400))
    _settle(app)
    assert scene.curtain is None
    _same_as_kept("hotseat-looking", _frame(app), tmp_path)


def test_lan_style_table_fed_plain_data(app, tmp_path):
    names = ("You", "Sita", "Ram")
    seats = (SeatSetup("You", "human"), SeatSetup("Sita", "easy"), SeatSetup("Ram", "human"))
    setup = MatchSetup(seats, hands=1, seed=4)
    host = LocalMatch.new(setup.rules, names, setup.drivers, seed=4, hands=1, worker="inline")
    wire = WireMatch(names)
    serve(host, wire)
    scene = TableScene(app, setup, wire, seats=(0,))  # type: ignore[arg-type]
    app.push(scene)
    for _ in range(40):
        serve(host, wire)
        app.step([], DT)
    _same_as_kept("lan-table", _frame(app), tmp_path)
