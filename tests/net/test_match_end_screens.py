"""The end of a match across laptops, through the screens: *Play again* starts a new match at
the same table (the lobby again, the same seats and code, everyone invited), and *Main menu*
closes the finished table, so that *Host a table* opens a new lobby. Headless apps, on
127.0.0.1 only."""

from __future__ import annotations

import time

from net.screenkit import drawn_words as _drawn
from net.screenkit import keep_picture as _keep
from net.tablekit import free_udp_port, step_apps

from engine.ai import make_bot
from marriage_gui.app import App
from marriage_net import protocol as p
from marriage_net.client import GONE

_step = step_apps


def _seated_table(host_app: App, join_app: App):
    """Asha hosts (three seats: Asha here, Bina at another laptop, an easy computer player; one
    hand), Bina joins; Start. Returns the table's process."""
    from marriage_gui.scenes.join import JoinScene
    from marriage_gui.scenes.lobby import LobbyScene

    port = free_udp_port()
    lobby = LobbyScene(host_app, "Asha", discovery_port=port)
    host_app.push(lobby)
    join = JoinScene(join_app, "Bina", discovery_port=port)
    join_app.push(join)
    both = [host_app, join_app]
    assert _step(both, lambda: lobby.lobby is not None), lobby.problem
    join.code_input.set_text(lobby.proc.code)
    join.address_input.set_text(f"127.0.0.1:{lobby.proc.port}")
    join.connect()
    assert _step(both, lambda: len(join.seat_buttons) == 4)
    join.sit(1)
    assert _step(both, lambda: lobby.lobby.seats[1].connected)
    lobby.remove_seat()
    assert _step(both, lambda: len(lobby.lobby.seats) == 3)
    lobby.seat_rows[2][0].move(2)  # open -> here -> easy
    lobby.set_hands(1)
    assert _step(both, lambda: lobby.lobby.seats[2].kind == "easy" and lobby.lobby.hands == 1)
    assert _step(both, lambda: lobby.start_button.enabled)
    proc = lobby.proc
    lobby.start_button.click()
    assert _step(both, lambda: host_app.scene.name == "table" and join_app.scene.name == "table")
    return proc


def _play_to_the_end(apps: list[App], timeout: float = 120.0) -> None:
    """Each app plays its seat as an easy computer player would, and goes on from each hand's
    result, until both show the match's standings."""
    bots = {id(app): make_bot("easy", 11 + i) for i, app in enumerate(apps)}
    acted: set[tuple[int, int, int]] = set()
    end = time.monotonic() + timeout
    while not all(app.scene.name == "match_over" for app in apps):
        assert time.monotonic() < end, [app.scene.name for app in apps]
        for app in apps:
            app.step([], 1 / 30)
            scene = app.scene
            if scene.name == "hand_result":
                scene.proceed()
                continue
            if scene.name != "table":
                continue
            remote = scene.remote
            seat = remote.seats[0]
            if not remote.has_view(seat):
                continue
            view = remote.view(seat)
            key = (id(app), seat, remote.seat_version(seat))
            if view.phase in ("draw", "play") and view.is_my_turn and key not in acted:
                acted.add(key)
                remote.submit(seat, bots[id(app)].choose(view))
        time.sleep(0.005)


def test_play_again_at_a_network_table_is_a_new_match_at_the_same_table(apps):
    host_app, join_app = apps("host"), apps("join")
    both = [host_app, join_app]
    proc = _seated_table(host_app, join_app)
    code, port = proc.code, proc.port
    _play_to_the_end(both)
    # Bina is first to press Play again: she waits for the host, seated, at the same table.
    join_app.scene.play_again()
    waiting = join_app.scene
    assert waiting.name == "join" and waiting.remote.seats == [1]
    assert _step(both, lambda: "new match" in waiting.message)
    # Asha presses Play again: her lobby again, same code and seats, everyone invited.
    host_over = host_app.scene
    assert host_over.table is not None and host_over.table.proc is not None
    host_over.play_again()
    again = host_app.scene
    assert again.name == "lobby" and again.again and again.proc.code == code
    assert again.proc.port == port
    assert _step(both, lambda: again.lobby is not None and not again.lobby.started)
    seats = [(s.kind, s.name) for s in again.lobby.seats]
    assert seats == [("here", "Asha"), ("open", "Bina"), ("easy", seats[2][1])]
    assert _step(both, lambda: again.lobby.seats[1].connected and again.start_button.enabled)
    assert again.lobby.seats[1].ready  # Bina said Play again: the lobby shows her back
    assert _step(both, lambda: "Back for the new match: Bina." in _drawn(host_app))
    assert _step(both, lambda: waiting.message == "Seated. Waiting for the host to start…")
    assert host_app.scene is again and join_app.scene is waiting  # nobody is dealt in yet
    _keep(host_app, "lan-play-again-lobby")
    _keep(join_app, "lan-play-again-waiting")
    again.start_button.click()
    assert _step(both, lambda: host_app.scene.name == "table" and join_app.scene.name == "table")
    # A new match at the same table: hand 1, fresh hands, the same seats, nothing finished.
    for app, seat in ((host_app, 0), (join_app, 1)):
        table = app.scene
        assert table.remote.seats == [seat] and not table.remote.finished
        assert table.seats.state.hand_no == 0 and len(table.seats.state.hand) >= 21
        assert table.remote.code == code and table.seats.state.names[:2] == ("Asha", "Bina")


def test_main_menu_closes_the_finished_table_and_hosting_opens_a_new_lobby(apps):
    from marriage_gui.scenes.lobby import LobbyScene
    from marriage_gui.table.hosting import TABLE_SAVE

    host_app, join_app = apps("host"), apps("join")
    both = [host_app, join_app]
    proc = _seated_table(host_app, join_app)
    code = proc.code
    remote = join_app.scene.remote
    save = host_app.storage.path(TABLE_SAVE)
    _play_to_the_end(both)
    assert save.is_file()
    host_app.scene.main_menu()
    assert host_app.scene.name == "title"
    assert not proc.alive and not save.exists()  # closed for good, not kept to reopen
    assert _step([join_app], lambda: remote.refresh().state == GONE)
    assert "closed the table" in remote.status.message.english
    # Bina's standings say so, and there is nothing to play again at.
    over = join_app.scene
    assert _step([join_app], lambda: over.gone is not None and not over.buttons[0].enabled)
    _keep(join_app, "lan-table-closed-after-the-match")
    # Host a table: a new lobby, with a new code (not the finished table reopened).
    fresh = LobbyScene(host_app, "Asha", discovery_port=free_udp_port())
    host_app.push(fresh)
    assert _step([host_app], lambda: fresh.lobby is not None), fresh.problem
    assert not fresh.reopened and fresh.proc.code != code
    assert not fresh.lobby.started
    assert [s.kind for s in fresh.lobby.seats][1:3] == ["open", "open"]
    assert p.PROTO >= 5
