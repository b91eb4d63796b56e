"""Play again at a table without a host screen (``marriage --serve``), through the screens: the
table gathers its players, every screen says who is ready, and the new match is dealt only when
everyone has said Play again, or once the wait has run out, a computer then playing for whoever
is still looking at the standings (no turn clock runs against them). Two headless apps against
a real host on 127.0.0.1."""

from __future__ import annotations

import time

from net.screenkit import keep_picture as _keep
from net.screenkit import play_seat_until
from net.tablekit import (
    LOOPBACK,
    QUICK_DEAL,
    HostThread,
    close_screens,
    steady_deal,
    step_apps,
)
from net.test_match_end_screens import _play_to_the_end
from net.test_missing_seat_screens import _drawn

from engine import PRESETS
from marriage_gui.app import App
from marriage_net import discovery
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats


def _unboxed(app: App) -> App:
    """``app`` with no box over its table: a box (a dealt tunnela?) keeps the banner and the
    notes off it. Its person keeps the tunnela hidden (put away unanswered, the table would
    only ask again)."""
    scene = app.scene
    if scene.name == "table" and scene.ask.dialog is not None:
        view = scene.seats.state
        scene.actions.showing.keep_hidden(view.hand_no, view.current_player)
        scene.ask.close()
    return app


def _host(table: HostThread, ask):
    return table.call(lambda: ask(table.host))


def test_play_again_deals_only_when_everyone_has_said_it(served, monkeypatch):
    table, asha, bina = served(clock=60, grace=60.0, deal=QUICK_DEAL)
    both = [asha, bina]
    _play_to_the_end(both)
    asha.scene.play_again()
    waiting = asha.scene
    assert waiting.name == "join" and waiting.remote.seats == [0]
    # The table gathers: no match, so no clock runs for anyone on the standings.
    assert step_apps(both, lambda: _host(table, lambda h: h.gathering is not None))
    assert _host(table, lambda h: h.match is None and h.cover.turn.deadline is None)
    ready = "Ready for a new match: Asha. Waiting for Bina."
    over = bina.scene
    assert over.name == "match_over"
    assert step_apps(both, lambda: over.gathering == ready and waiting.message == ready)
    words = _drawn(bina, monkeypatch)
    assert ready in words and "Play again to sit back down" in words
    assert ready in _drawn(asha, monkeypatch)
    _keep(bina, "lan-served-play-again-standings")
    _keep(asha, "lan-served-play-again-waiting")
    # Time passes (well within the wait): still nobody is dealt in.
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        for app in both:
            app.step([], 1 / 30)
        time.sleep(0.02)
    assert asha.scene is waiting and bina.scene is over
    assert _host(table, lambda h: h.match is None)
    # Bina says Play again: the new match is dealt to both, with nobody's seat given away.
    over.play_again()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    for app, seat in ((asha, 0), (bina, 1)):
        state = app.scene.seats.state
        assert app.scene.remote.seats == [seat] and state.hand_no == 0 and len(state.hand) >= 21
    assert _host(table, lambda h: not h.cover.kept and h.gathering is None)
    assert _host(table, lambda h: h.cover.turn.deadline is not None)  # Asha's turn, timed


#: A deal (a match's seed) in which the computer playing Bina's first turns of the new match
#: shows no meld for her, so her hand is whole when she is back (in some deals it shows one).
QUIET_DEAL = 5


def test_a_player_who_never_says_play_again_is_played_for_without_a_clock(served, monkeypatch):
    steady_deal(monkeypatch, QUIET_DEAL)
    table, asha, bina = served(clock=0, grace=2.0)
    both = [asha, bina]
    _play_to_the_end(both)
    asha.scene.play_again()
    over = bina.scene
    started = time.monotonic()
    # The wait (the grace time: this table plays without a turn clock) runs out: dealt, and a
    # computer plays Bina's seat while she still looks at the standings.
    assert step_apps(both, lambda: asha.scene.name == "table", timeout=30)
    assert time.monotonic() - started >= 1.5
    assert _host(table, lambda h: h.cover.kept == {1: p.WHY_LATE} and h.match is not None)
    assert bina.scene is over
    assert step_apps(both, lambda: over.invited is not None and over.gathering is None)
    assert "Play again to sit back down" in _drawn(bina, monkeypatch)
    told = "A computer plays for Bina until Bina says Play again"

    def banner() -> str:
        return _drawn(_unboxed(asha), monkeypatch)

    assert step_apps(both, lambda: told in banner())
    assert _host(table, lambda h: h.cover.turn.seat != 1 or h.cover.turn.deadline is None)
    # Asha plays her turns until the computer has played one for Bina.
    play_seat_until(both, asha, lambda: _host(table, lambda h: bool(h.cover.covered.get(1))), 60)
    # Bina says Play again: she is dealt in, and her seat is hers again. She never left, so
    # nobody welcomes her back: the note says the match began without her.
    over.play_again()
    assert step_apps(both, lambda: bina.scene.name == "table")
    assert step_apps(both, lambda: _host(table, lambda h: not h.cover.computer(1)))
    assert step_apps(
        both, lambda: "The match began without you" in _drawn(_unboxed(bina), monkeypatch)
    )
    drawn = _drawn(bina, monkeypatch)
    assert "The computer played for you" in drawn and "Welcome back" not in drawn
    assert "A computer is playing for you" not in drawn
    assert bina.scene.remote.seats == [1] and len(bina.scene.seats.state.hand) >= 21


def test_a_table_saved_while_it_gathers_gathers_again_when_reopened(tmp_path):
    save = tmp_path / "table.json"
    seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
    for seat, name in zip(seats, ("Asha", "Bina"), strict=False):
        seat.name, seat.taken = name, True
    settings = HostSettings(auto_start=True, grace=60.0)
    first = TableHost(seats, PRESETS["nepali"], 1, settings=settings, save_path=save, clock=60)
    first.save().write(save)  # the save of a table that gathers: every seat taken, no match
    host = TableHost.reopen(save, settings)
    try:
        assert host.match is None and host.gathering is None
        host.play_again(0)  # Asha's Play again (or Ready) reaches the reopened table
        assert host.match is None and host.gathering is not None
        assert [s.ready for s in host.seats[:2]] == [True, False]
        host.play_again(1)
        assert host.match is not None and host.gathering is None and not host.cover.kept
    finally:
        if host.match is not None:
            host.match.close()


def test_a_host_starting_before_a_player_is_back_leaves_them_no_clock(tmp_path, monkeypatch):
    """At a table with a host screen: the lobby says who is back from the standings; the host
    may start without them, and a computer then plays their seat until they say Play again."""
    from net.test_match_end_screens import _seated_table

    monkeypatch.setenv(discovery.ENV, LOOPBACK)
    made = []
    for name in ("host", "join"):
        app = App((1280, 800), headless=True, data_dir=tmp_path / name)
        app.settings.animation_speed = "instant"
        app.go_title()
        made.append(app)
    asha, bina = made
    try:
        _seated_table(asha, bina)
        _play_to_the_end(made)
        asha.scene.play_again()
        lobby = asha.scene
        over = bina.scene
        assert lobby.name == "lobby" and over.name == "match_over"
        assert step_apps(made, lambda: lobby.lobby is not None and lobby.start_button.enabled)
        away = "Still on the standings: Bina."
        assert step_apps(made, lambda: away in _drawn(asha, monkeypatch))
        _keep(asha, "lan-play-again-host-lobby-one-still-on-the-standings")
        lobby.start_button.click()
        assert step_apps(made, lambda: asha.scene.name == "table")
        states = asha.scene.remote.seat_states
        assert step_apps(made, lambda: states()[1].state == p.COMPUTER and states()[1].why)
        assert step_apps(made, lambda: over.invited is not None)
        assert "Play again to sit back down" in _drawn(bina, monkeypatch)
        # Bina is back: her seat is hers again, at the new match.
        over.play_again()
        assert step_apps(made, lambda: bina.scene.name == "table")
        assert step_apps(made, lambda: states()[1].state == p.CONNECTED)
        assert bina.scene.remote.seats == [1] and len(bina.scene.seats.state.hand) >= 21
    finally:
        close_screens(made)


def test_a_player_who_is_not_here_when_the_wait_runs_out_gets_the_grace_time(tmp_path):
    """Nobody is connected when the gathering's wait runs out: no seat is kept by a computer
    at once; each is missing as usual (the grace time, then a computer until they are back)."""
    seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
    for seat, name in zip(seats, ("Asha", "Bina"), strict=False):
        seat.name, seat.taken = name, True
    host = TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(auto_start=True, grace=30))
    try:
        host.play_again(0)  # Asha asked (then her laptop went); Bina never did
        host.gathering = time.monotonic() - host.gather_wait() - 1
        host._gather_check()
        assert host.match is not None and host.gathering is None
        assert not host.cover.kept and set(host.cover.missing_since) == {0, 1, 2}
    finally:
        if host.match is not None:
            host.match.close()
