"""The pause menu at a table across laptops says what is true there, and the host's *Seats…*
hands a person's seat to a computer and back (the connection here is a stand-in that plays the
host's part on this computer)."""

from __future__ import annotations

import pygame

from engine import PRESETS
from engine.match import LocalMatch, Unshared, Update
from engine.view import PlayerView
from marriage_gui.table.net import NetTableScene
from marriage_net import protocol as p
from marriage_net.client import PLAYING, Status
from marriage_net.news import SeatState

from .test_table import DT


class StandIn(Unshared):
    """What NetTableScene asks of a RemoteMatch, answered from a match on this computer."""

    def __init__(self) -> None:
        self.local = LocalMatch.new(
            PRESETS["nepali"],
            ["Asha", "Bina", "Hari"],
            ["human", "human", "easy"],
            5,
            worker="inline",
        )
        self.seats = [0]
        self.lobby = None
        self.status = Status(PLAYING, "")
        self.played_for: dict[int, list] = {}
        self.played_why: dict[int, str] = {}
        self.states = {
            0: SeatState(0, "Asha", p.CONNECTED, connected=True),
            1: SeatState(1, "Bina", p.CONNECTED, connected=True),
            2: SeatState(2, "Hari", p.COMPUTER),
        }
        self.handed: list[tuple[int, bool]] = []

    names = property(lambda self: self.local.names)
    version = property(lambda self: self.local.version)

    def view(self, seat: int) -> PlayerView:
        return self.local.view(seat)

    def seat_version(self, seat: int) -> int:
        return self.local.version

    @property
    def finished(self) -> bool:
        return self.local.is_over

    def submit(self, seat: int, action) -> None:
        self.local.submit(seat, action)

    def poll(self, seat: int) -> list[Update]:
        return self.local.poll(seat)

    def close(self) -> None:
        self.local.close()

    def refresh(self) -> Status:
        return self.status

    def seat_states(self) -> dict[int, SeatState]:
        return dict(self.states)

    def turn_clock(self):
        return None

    def take_back(self, seat: int) -> None:
        self.states[seat] = SeatState(seat, self.states[seat].name, p.CONNECTED, connected=True)

    def hand_to_computer(self, seat: int, computer: bool = True) -> None:
        self.handed.append((seat, computer))
        name = self.states[seat].name
        self.states[seat] = (
            SeatState(seat, name, p.COMPUTER, why=p.WHY_HOST, connected=True)
            if computer
            else SeatState(seat, name, p.CONNECTED, connected=True)
        )


class NoProcess:
    """The host's table process, as far as the menu needs it."""

    def stop(self, save: bool = True) -> None:
        """Nothing runs."""


def _esc(app) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], DT)


def _press(app, scene, label: str) -> None:
    button = next(b for b in scene.ask.dialog.buttons if b.text == label)
    button.click()
    app.step([], DT)


def test_a_joiners_pause_menu_says_nothing_is_saved_here(app):
    scene = NetTableScene(app, StandIn())  # type: ignore[arg-type]
    app.push(scene)
    app.step([], DT)
    _esc(app)
    assert (
        scene.ask.dialog is not None and "Nothing is saved on this laptop" in scene.ask.dialog.text
    )
    labels = [b.text for b in scene.ask.dialog.buttons]
    assert "Leave the table" in labels and "Save and quit to menu" not in labels
    assert "Seats…" not in labels  # only the host hands seats over


def test_the_hosts_seats_menu_hands_a_seat_to_a_computer_and_back(app):
    remote = StandIn()
    scene = NetTableScene(app, remote, proc=NoProcess())  # type: ignore[arg-type]
    app.push(scene)
    app.step([], DT)
    _esc(app)
    assert "pauses the game for everyone" in scene.ask.dialog.text
    _press(app, scene, "Seats…")
    labels = [b.text for b in scene.ask.dialog.buttons]
    # Bina (a person at another laptop) can be covered; Hari is the table's own computer.
    assert "A computer plays for Bina" in labels and not any("Hari" in x for x in labels)
    _press(app, scene, "A computer plays for Bina")
    assert remote.handed == [(1, True)] and scene.ask.dialog is None
    app.step([], DT)
    assert scene.seat_notes() == {1: "Computer plays"}
    assert "A computer took over Bina's seat" in [line.english for line in scene.seats.log.lines]
    _esc(app)
    _press(app, scene, "Seats…")
    _press(app, scene, "Give Bina their seat back")
    assert remote.handed == [(1, True), (1, False)]
    app.step([], DT)
    assert scene.seat_notes() == {} and "Bina is back" in [
        line.english for line in scene.seats.log.lines
    ]
    scene.close()


def test_the_table_under_the_pause_menu_is_the_one_being_played_and_no_burst_is_played_out(app):
    """Moves made at the table while this screen's pause menu is up reach the table under it at
    once; that many moves at once go straight to where the match is, without a sound for each,
    and closing the menu plays nothing out afterwards."""
    from engine.ai import make_bot

    remote = StandIn()
    scene = NetTableScene(app, remote)  # type: ignore[arg-type]
    app.push(scene)
    app.step([], DT)
    sounds: list[str] = []
    scene.app.sounds.play = sounds.append  # type: ignore[method-assign]
    _esc(app)
    assert scene.ask.dialog is not None
    # The others (and this seat's own computer stand-in) play a dozen moves meanwhile.
    local, bot = remote.local, make_bot("easy", 3)
    start = local.version
    for _ in range(200):
        if local.version >= start + 12 or local.view(0).hand_over:
            break
        seat = local.view(0).current_player
        if seat == 2:
            local.pump()
        else:
            local.submit(seat, bot.choose(local.view(seat)))
    moved = local.version
    for _ in range(5):
        app.step([], DT)
    assert scene.ask.dialog is not None and scene.seats.version == moved  # the table is current
    assert scene.seats.state.hand == local.view(0).hand
    assert sounds == []  # gone straight there: no burst of sounds under the menu
    _esc(app)  # Resume
    for _ in range(20):
        app.step([], DT)
    assert scene.ask.dialog is None and scene.seats.version == moved and sounds == []
    scene.close()
