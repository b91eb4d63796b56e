"""The host's lobby and the join screen, driven headless, on loopback only."""

import pytest
from net.tablekit import close_screens, free_udp_port, step_apps

from marriage_gui.app import App
from marriage_gui.scene import NET_POLL
from marriage_net import discovery

_step = step_apps  # every app takes a frame, until the condition holds


@pytest.fixture
def screens(tmp_path, monkeypatch):
    """A factory: a host's app in its lobby and another app on its join screen; all that they
    opened is closed afterwards."""
    from marriage_gui.scenes.join import JoinScene
    from marriage_gui.scenes.lobby import LobbyScene

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    apps = []

    def open_screens(last_setup=None):
        port = free_udp_port()
        host_app = App((1280, 800), headless=True, data_dir=tmp_path / "host")
        join_app = App((1280, 800), headless=True, data_dir=tmp_path / "join")
        host_app.settings.last_setup = last_setup
        apps.extend([host_app, join_app])
        for app in (host_app, join_app):
            app.go_title()
        lobby = LobbyScene(host_app, "Asha", discovery_port=port)
        host_app.push(lobby)
        join = JoinScene(join_app, "Bina", discovery_port=port)
        join_app.push(join)
        return host_app, join_app, lobby, join

    yield open_screens
    close_screens(apps)


def test_host_and_join_through_the_screens(screens):
    from marriage_gui.scenes.lobby import LobbyScene

    host_app, join_app, lobby, join = screens()
    apps = [host_app, join_app]
    assert _step(apps, lambda: lobby.lobby is not None), lobby.problem
    assert lobby.proc is not None and lobby.addresses == ["127.0.0.1"]
    # Both screens look again by themselves: players join while nobody touches a key.
    assert lobby.wake_after() <= NET_POLL and join.wake_after() <= NET_POLL
    assert not lobby.start_button.enabled  # two seats are still open
    # The join screen finds the table (on loopback) and joins with the code.
    assert _step(apps, lambda: bool(join.table_buttons))
    join.table_buttons[0].click()
    join.code_input.set_text("000000" if lobby.proc.code != "000000" else "111111")
    join.connect()
    assert _step(apps, lambda: join.problem and "wrong table code" in join.message)
    join.code_input.set_text(lobby.proc.code)
    join.connect()
    assert _step(apps, lambda: len(join.seat_buttons) == 4)
    free = [b for b in join.seat_buttons if b.enabled]
    assert len(free) == 2
    free[0].click()
    assert _step(
        apps, lambda: lobby.lobby.seats[1].name == "Bina" and lobby.lobby.seats[1].connected
    )
    # The host makes the last open seat a computer player; now Start is live.
    lobby.seat_rows[2][0].move(2)  # open -> here -> easy
    assert _step(apps, lambda: lobby.lobby.seats[2].kind == "easy")
    assert _step(apps, lambda: lobby.start_button.enabled)
    lobby.start_button.click()
    assert _step(apps, lambda: host_app.scene.name == "table" and join_app.scene.name == "table")
    host_table, join_table = host_app.scene, join_app.scene
    assert host_table.remote.seats == [0] and join_table.remote.seats == [1]
    assert host_table.seats.state.hand and join_table.seats.state.hand
    assert host_table.setup.seats[2].kind == "easy"
    # The host leaves the table: it is saved and closed; the other screen says so and waits.
    host_app.go_title()
    remote = join_table.remote
    assert _step([join_app], lambda: remote.refresh().state == "closed")
    assert "saved the table" in remote.status.message.english
    # Hosting again reopens it: the joined laptop is back in its seat by itself.
    again = LobbyScene(host_app, "Asha", discovery_port=lobby.discovery_port)
    host_app.push(again)
    assert _step(apps, lambda: host_app.scene.name == "table"), again.problem
    # The joined laptop knocks again on its own schedule (slower once the table has been away
    # a while, as it may be on a busy machine): a generous bound, not the point here.
    assert _step([join_app], lambda: remote.refresh().state == "playing", timeout=90)
    assert join_app.scene is join_table and remote.view(1).hand == join_table.seats.state.hand
    # Leaving for good: the other screen is told plainly, not left hanging.
    host_app.scene.proc.stop(save=False)
    assert _step([join_app], lambda: remote.refresh().state == "gone")
    assert remote.status.message.english == "The host closed the table."
    host_app.go_title()


def test_the_host_screen_chooses_the_rules_and_the_join_screen_shows_them(screens):
    from dataclasses import replace

    from engine import PRESETS
    from marriage_gui.setup import MatchSetup

    # The rules last chosen on the New game screen, one of them changed, open the table.
    house = replace(PRESETS["house"], unseen_fee=12)
    host_app, join_app, lobby, join = screens(last_setup=MatchSetup(rules=house).to_dict())
    apps = [host_app, join_app]
    assert _step(apps, lambda: lobby.lobby is not None), lobby.problem
    assert lobby.proc is not None
    assert lobby.rules_stepper.value == "house" and lobby.changed_rules
    assert lobby.hands_stepper.value == 4
    # On the smallest window the back button still says "Close table" whole.
    host_app.resize((1024, 640))
    back = lobby.back_button
    assert back.text.endswith("Close table") and back.rect.w >= back.width_for(back.rect.h)
    assert "with your changes from New game" in _drawn_text(host_app)
    host_app.resize((1280, 800))
    # The host can read them, changes and all.
    lobby.rules_button.click()
    assert host_app.scene.name == "rules" and host_app.scene.rules == house
    assert host_app.scene.heading == "House rules (changed)"
    host_app.pop()
    assert host_app.scene is lobby
    assert _step(apps, lambda: bool(join.table_buttons))
    join.table_buttons[0].click()
    join.code_input.set_text(lobby.proc.code)
    join.connect()
    assert _step(apps, lambda: len(join.seat_buttons) == 4)
    assert "House rules · 4 hands" in _drawn_text(join_app)
    # Two steps on: the Indian rules, as they are; the join screen hears at once.
    lobby.rules_stepper.move(2)  # house, contract, indian
    assert not lobby.changed_rules
    assert _step(apps, lambda: lobby.lobby.rules == "indian")
    assert _step(apps, lambda: "Indian (deadwood) · 4 hands" in _drawn_text(join_app))
    # A player about to sit down can read them too.
    assert join.rules_button.visible
    join.rules_button.click()
    assert join_app.scene.name == "rules" and join_app.scene.rules == PRESETS["indian"]
    join_app.pop()
    assert join_app.scene is join
    # Six hands, then a fifth seat: the length chosen stays.
    lobby.hands_stepper.move(2)
    assert _step(apps, lambda: lobby.lobby.hands == 6)
    lobby.add_button.click()
    assert _step(apps, lambda: len(lobby.lobby.seats) == 5 and len(lobby.seat_rows) == 5)
    assert lobby.lobby.hands == 6 and lobby.hands_stepper.value == 6
    # Deal: the table plays by them.
    lobby.seat_rows[1][0].move(2)
    lobby.seat_rows[2][0].move(2)
    lobby.seat_rows[4][0].move(2)
    assert _step(apps, lambda: lobby.start_button.enabled)
    lobby.start_button.click()
    assert _step([host_app], lambda: host_app.scene.name == "table")
    table = host_app.scene
    assert table.seats.state.rules == PRESETS["indian"] and table.seats.state.hands_total == 6


def _drawn_text(app):
    """Every string the app's scene drew in one frame."""
    from marriage_gui.ui import theme

    said = []
    real = theme.text

    def spy(text, *args, **kwargs):
        said.append(text)
        return real(text, *args, **kwargs)

    theme.text = spy
    try:
        app.step([], 1 / 30)
    finally:
        theme.text = real
    return " | ".join(said)


def test_leaving_the_join_screen_lets_the_seat_go(screens):
    host_app, join_app, lobby, join = screens()
    apps = [host_app, join_app]
    assert _step(apps, lambda: lobby.lobby is not None), lobby.problem
    join.code_input.set_text(lobby.proc.code)
    join.address_input.set_text(f"127.0.0.1:{lobby.proc.port}")
    join.connect()
    assert _step(apps, lambda: len(join.seat_buttons) == 4)
    join.seat_buttons[1].click()
    assert _step(apps, lambda: lobby.lobby.seats[1].connected)
    remote = join.remote
    join.back()
    assert join_app.scene is not join and join.remote is None
    assert not remote._thread.is_alive()
    assert _step(apps, lambda: not lobby.lobby.seats[1].connected)
