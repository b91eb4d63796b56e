"""A table saved between two matches (Play again called, the table gathering its people) opens
again where it was: the finished match's standings for whoever is not back from them, who has
said Play again, and the gathering itself. What is damaged of that state is left out, never
the table; a save made before it was kept reads as before."""

from __future__ import annotations

import json
from pathlib import Path

from net.conftest import served_settings
from net.screenkit import drawn_words, keep_picture
from net.tablekit import QUICK_DEAL, HostThread, free_udp_port, step_apps
from net.test_back_at_standings import (
    _back_on_the_call,
    _finished_table,
    _gone,
    _host,
    _killed,
    _sent_back,
)
from net.test_match_end_screens import _play_to_the_end, _seated_table

from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import TableSave


def _closed(host: TableHost) -> None:
    if host.match is not None:
        host.match.close()


def _saved_while_gathering(tmp_path: Path) -> tuple[Path, dict]:
    """A finished table's save, written once Asha has called the new match: (its path, its
    data)."""
    save = tmp_path / "table.json"
    host = _finished_table(save)
    host.play_again(0)
    _closed(host)
    return save, json.loads(save.read_text())


def test_a_table_saved_while_it_gathers_opens_on_the_same_standings(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    host = _finished_table(save)
    match = host.match
    assert match is not None
    final = {seat: match.view(seat) for seat in range(3)}
    version = match.version
    host.play_again(0)  # Asha calls the new match; Bina and Chandra are still on the standings
    _closed(host)
    # The table's process ends here (its laptop restarts); the table opens again from its save.
    again = TableHost.reopen(save, HostSettings(auto_start=True))
    try:
        assert again.match is None and again.rematch and again.gathering is not None
        assert [s.ready for s in again.seats] == [True, False, False]
        # Bina comes back: her last view of the finished match, then the lobby that calls the
        # new one, as if the table had never closed.
        sent = _sent_back(again, 1)
        kinds = [type(m).__name__ for m in sent]
        assert kinds.index("Snapshot") < kinds.index("Lobby")
        snap = next(m for m in sent if isinstance(m, p.Snapshot))
        assert snap.seat == 1 and snap.v == version and snap.view.phase == "match_over"
        assert snap.view.totals == final[1].totals and snap.view.hand == final[1].hand
        # Asha said Play again before the table closed: she is not sent the standings again.
        assert not any(isinstance(m, p.Snapshot) for m in _sent_back(again, 0))
        # Bina and Chandra say it too: the new match is dealt, and the standings are let go.
        again.play_again(1)
        assert again.match is None  # Chandra is not back yet
        again.play_again(2)
        assert again.match is not None and again.gathering is None
        assert again.standings.view(1) is None
        assert TableSave.read(save).standings is None
    finally:
        _closed(again)


def test_damaged_standings_are_left_out_and_the_table_still_opens(tmp_path: Path) -> None:
    save, data = _saved_while_gathering(tmp_path)
    data["standings"]["views"]["1"] = {"phase": "match_over"}  # a view that cannot be read
    save.write_text(json.dumps(data))
    again = TableHost.reopen(save, HostSettings(auto_start=True))
    assert again.standings.view(1) is None and again.standings.view(2) is not None
    assert not any(isinstance(m, p.Snapshot) for m in _sent_back(again, 1))
    # Everything between the two matches damaged at once: the table opens without it.
    data.update(standings="?", rematch=3, gathering=None)
    save.write_text(json.dumps(data))
    again = TableHost.reopen(save, HostSettings(auto_start=True))
    assert again.match is None and again.standings.view(2) is None and not again.rematch
    assert [m for m in _sent_back(again, 2) if isinstance(m, p.Snapshot)] == []


def test_a_save_made_before_the_standings_were_kept_reads_as_before(tmp_path: Path) -> None:
    save, data = _saved_while_gathering(tmp_path)
    for key in ("rematch", "gathering", "standings"):
        del data[key]
    del data["seats"][0]["ready"]  # Asha's Play again (only a ready seat says it)
    assert not any("ready" in seat for seat in data["seats"])
    save.write_text(json.dumps(data))
    old = TableSave.read(save)
    assert (old.rematch, old.gathering, old.standings) == (False, False, None)
    assert [s.ready for s in old.seats] == [False, False, False]
    again = TableHost.reopen(save, HostSettings(auto_start=True))
    assert again.match is None and again.gathering is None and again.standings.view(1) is None
    # A seat with a key it never had is still a damaged seat.
    data["seats"][0]["colour"] = "red"
    save.write_text(json.dumps(data))
    try:
        TableSave.read(save)
    except ValueError as exc:
        assert "seat is damaged" in str(exc)
    else:
        raise AssertionError("a damaged seat was read")


def test_back_at_the_standings_of_a_table_that_closed_and_opened_while_it_gathered(
    served, people, tmp_path
):
    """Through the screens: Bina's app dies on the standings, Asha says Play again, the table's
    process stops and opens again from its save. Bina, started again, is back at the same
    standings with the call; Asha's screen is back waiting with the table; Bina's Play again
    deals them both in."""
    save = tmp_path / "table.json"
    table, asha, bina = served(save=save, deal=QUICK_DEAL)
    _play_to_the_end([asha, bina])
    _killed(bina)
    assert step_apps([asha], lambda: _gone(table, 1))
    asha.scene.play_again()
    waiting = asha.scene
    assert step_apps([asha], lambda: _host(table, lambda h: h.gathering is not None))
    assert step_apps([asha], lambda: TableSave.read(save).seats[0].ready)
    port = table.port
    table.stop(saved=True)
    reopened = HostThread(lambda: TableHost.reopen(save, served_settings()), port)
    try:
        assert _host(reopened, lambda h: h.gathering is not None and h.rematch)
        bina, over = _back_on_the_call(people, asha)
        both = [asha, bina]
        # Asha's screen took the table up again by itself, still waiting for Bina.
        assert asha.scene is waiting
        ready = "Ready for a new match: Asha. Waiting for Bina."
        assert step_apps(both, lambda: waiting.message == ready)
        assert ready in drawn_words(asha)
        over.play_again()
        assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
        assert bina.scene.remote.seats == [1] and asha.scene.remote.seats == [0]
        assert _host(reopened, lambda h: h.match is not None and not h.cover.kept)
    finally:
        reopened.stop()


def test_a_hosts_table_closed_on_its_new_lobby_opens_on_it_again_with_bina_still_away(people):
    """At a table with a host screen: Asha says Play again (her lobby says Bina is still on
    the standings), then leaves it (the table is saved and closed) and hosts again. The lobby
    opens as she left it, her own screen is never sent standings, Bina's standings take the
    table up again with the call, and Bina's Play again is heard."""
    from marriage_gui.scenes.lobby import LobbyScene

    asha, bina = people("host"), people("join")
    _seated_table(asha, bina)
    _play_to_the_end([asha, bina])
    over = bina.scene
    asha.scene.play_again()
    both = [asha, bina]
    assert step_apps(both, lambda: over.invited is not None)
    asha.go_title()  # Asha leaves her lobby: the table is saved and closed
    assert step_apps([bina], lambda: over.table.remote.refresh().state == "closed")
    lobby = LobbyScene(asha, "Asha", discovery_port=free_udp_port())
    asha.push(lobby)
    assert step_apps(both, lambda: lobby.lobby is not None and lobby.reopened), lobby.problem
    assert asha.scene is lobby  # not the standings: Asha called the new match herself
    away = "Still on the standings: Bina."
    assert step_apps(both, lambda: away in drawn_words(asha))
    keep_picture(asha, "lan-host-lobby-reopened-between-matches")
    # Bina's standings took the table up again by themselves (it gathers: no match yet).
    assert step_apps(both, lambda: over.table.remote.refresh().state == "lobby")
    assert over.invited is not None
    assert "Play again to sit back down" in drawn_words(bina) and bina.scene is over
    over.play_again()
    assert step_apps(both, lambda: lobby.lobby.seats[1].ready)
    assert step_apps(both, lambda: away not in drawn_words(asha))
    lobby.start_button.click()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    assert bina.scene.remote.seats == [1] and asha.scene.seats.state.hand_no == 0
