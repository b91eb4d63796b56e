"""Sitting back down by itself: the title offers the table this laptop held a seat at, the join
screen remembers what was typed, and a hosted table is named after its host."""

import pytest
from net.tablekit import close_screens, free_udp_port, step_apps

from marriage_gui.app import App
from marriage_net import discovery

_step = step_apps


@pytest.fixture
def apps(tmp_path, monkeypatch):
    """A factory of headless apps (by data folder name); all they opened is closed afterwards."""
    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    made = []

    def app(folder):
        a = App((1280, 800), headless=True, data_dir=tmp_path / folder)
        a.go_title()
        made.append(a)
        return a

    yield app
    close_screens(made)


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


def _host(app, port, name="Asha"):
    from marriage_gui.scenes.lobby import LobbyScene

    lobby = LobbyScene(app, name, discovery_port=port)
    app.push(lobby)
    return lobby


def _join(app, port):
    from marriage_gui.scenes.join import JoinScene

    join = JoinScene(app, discovery_port=port)
    app.push(join)
    return join


def test_hosting_asks_the_hosts_name_and_names_the_table_after_it(apps):
    from marriage_gui.table.hosting import DEFAULT_HOST_NAME

    host_app = apps("host")
    lobby = _host(host_app, free_udp_port(), DEFAULT_HOST_NAME)
    assert lobby.asking and lobby.proc is None
    assert lobby.back_button.text.endswith("Back")  # no table open yet
    assert "What is your name?" in _drawn_text(host_app)
    lobby.name_input.set_text("   ")
    lobby.open_named()
    assert lobby.asking and "Type a name" in lobby.problem
    lobby.name_input.set_text("Asha")
    lobby.open_named()
    assert not lobby.asking and lobby.back_button.text.endswith("Close table")
    back = lobby.back_button
    assert back.rect.w >= back.width_for(back.rect.h)
    assert _step([host_app], lambda: lobby.lobby is not None), lobby.problem
    assert lobby.lobby.table == "Asha's table"
    lobby.back()
    # The name is remembered: hosting again opens at once, under it.
    again = _host(host_app, free_udp_port(), DEFAULT_HOST_NAME)
    assert not again.asking and again.player_name == "Asha"
    assert _step([host_app], lambda: again.lobby is not None), again.problem
    assert again.lobby.table == "Asha's table"
    again.back()


def test_the_clock_is_chosen_in_the_lobby_and_shown_when_joining(apps):
    host_app, join_app = apps("host"), apps("join")
    port = free_udp_port()
    lobby = _host(host_app, port)
    join = _join(join_app, port)
    both = [host_app, join_app]
    assert _step(both, lambda: lobby.lobby is not None), lobby.problem
    assert lobby.lobby.clock == 60 and lobby.clock_stepper.value == 60  # network tables: 60 s
    lobby.clock_stepper.move(-1)
    assert _step(both, lambda: lobby.lobby.clock == 30)
    join.name_input.set_text("Bina")
    join.code_input.set_text(lobby.proc.code)
    join.address_input.set_text(f"127.0.0.1:{lobby.proc.port}")
    join.connect()
    assert _step(both, lambda: len(join.seat_buttons) == 4)
    assert "30 s a turn" in _drawn_text(join_app)
    lobby.clock_stepper.move(-1)
    assert _step(both, lambda: "no turn clock" in _drawn_text(join_app))
    lobby.back()


def test_join_remembers_what_was_typed_and_asks_the_address_above_join(apps):
    join_app = apps("join")
    join = _join(join_app, free_udp_port())
    join.waited = 10.0  # nothing found for a while: the address is asked for
    join.layout()
    assert join.address_input.visible
    # Top to bottom as they are filled in: name, address, then the code beside Join.
    assert join.name_input.rect.bottom < join.address_input.rect.top
    assert join.address_input.rect.bottom < join.connect_button.rect.top
    assert join.connect_button.rect.centery == join.code_input.rect.centery
    join.name_input.set_text("Bina")
    join.code_input.set_text("482 913")
    join.address_input.set_text("127.0.0.1:1")  # nobody there: it does not matter here
    join.connect()
    join_app.pop()
    again = _join(join_app, free_udp_port())
    assert again.name_input.text == "Bina" and again.code_input.text == "482913"
    assert again.address_input.text == "127.0.0.1:1" and again.address_input.visible
    join_app.pop()


def test_a_restarted_app_offers_its_table_and_sits_back_down(apps, tmp_path):
    host_app, join_app = apps("host"), apps("join")
    port = free_udp_port()
    lobby = _host(host_app, port)
    join = _join(join_app, port)
    both = [host_app, join_app]
    assert _step(both, lambda: lobby.lobby is not None), lobby.problem
    assert join_app.scene.name == "join"
    # Nothing to rejoin yet.
    assert not join_app.stack[0].rejoin_button.visible
    join.name_input.set_text("Bina")
    join.code_input.set_text(lobby.proc.code)
    join.address_input.set_text(f"127.0.0.1:{lobby.proc.port}")
    join.connect()
    assert _step(both, lambda: len(join.seat_buttons) == 4)
    join.sit(1)
    assert _step(both, lambda: lobby.lobby.seats[1].connected)
    lobby.seat_rows[2][0].move(2)  # open -> here -> easy
    lobby.seat_rows[3][0].move(-1)  # medium -> easy
    assert _step(both, lambda: lobby.start_button.enabled)
    lobby.start_button.click()
    assert _step(both, lambda: join_app.scene.name == "table" and host_app.scene.name == "table")
    hand = join_app.scene.remote.view(1).hand
    # Bina's app goes away (closed, or killed); a new one starts on the same data folder.
    join_app.go_title()
    restarted = apps("join")
    title = restarted.scene
    assert title.name == "title"
    assert _step([host_app, restarted], lambda: title.rejoin_button.visible)
    assert title.rejoin_button.text == "Rejoin Asha's table"
    assert title.menu[0] is title.rejoin_button and title.form.focused is title.rejoin_button
    title.rejoin_button.click()  # no name, no code to type
    assert _step([host_app, restarted], lambda: restarted.scene.name == "table", timeout=30)
    remote = restarted.scene.remote
    assert remote.seats == [1] and len(remote.view(1).hand) == len(hand)
    assert _step([host_app, restarted], lambda: remote.seat_states()[1].state == "connected")
    host_table = host_app.scene
    assert host_table.remote.seat_states()[1].state == "connected"
