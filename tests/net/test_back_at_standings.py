"""A player whose app died on the final standings and who comes back, through the screens: the
app sits back down at the same standings the others look at, with the same Play again, and
that Play again counts as if they had never left; if the next match was dealt meanwhile, they
sit down at it and hear it began without them. Headless apps against a real host on
127.0.0.1 (a served table, and a table hosted by a laptop's own app)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from net.screenkit import drawn_words as _drawn
from net.screenkit import keep_picture as _keep
from net.screenkit import play_seat_until
from net.tablekit import (
    LOOPBACK,
    QUICK_DEAL,
    HostThread,
    free_udp_port,
    steady_deal,
    step_apps,
)
from net.test_match_end_screens import _play_to_the_end, _seated_table

from engine import PRESETS
from engine.ai import make_bot
from marriage_gui.app import App
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats


def _killed(app: App) -> None:
    """``app`` dies (kill -9): its connection drops with no goodbye, and it draws no more (a
    table's process it hosts is left to find out by itself)."""
    for scene in app.stack:
        remote = getattr(scene, "remote", None)
        if remote is not None:
            remote.reconnect()  # the line cut under it: the host hears no close
            remote.close()  # and nothing takes it up again
    app.stack.clear()


def _host(table: HostThread, ask):
    return table.call(lambda: ask(table.host))


def _gone(table: HostThread, seat: int) -> bool:
    return _host(table, lambda h: seat not in h.holder)


def _restarted(people, name: str, others: list[App]) -> App:
    """``name``'s app started again on the same data folder: its title offers the table it
    held a seat at, and one click sits back down."""
    app = people(name)
    title = app.scene
    assert title.name == "title"
    assert step_apps([app, *others], lambda: title.rejoin_button.visible, timeout=30)
    assert "Rejoin" in title.rejoin_button.text
    title.rejoin_table()
    return app


def test_back_at_a_served_tables_standings_with_play_again_that_counts(served, people):
    table, asha, bina = served(deal=QUICK_DEAL)
    _play_to_the_end([asha, bina])
    standings = asha.scene.game
    _killed(bina)
    assert step_apps([asha], lambda: _gone(table, 1))
    bina = _restarted(people, "Bina", [asha])
    both = [asha, bina]
    # Bina's app comes back to the match's standings, as Asha sees them, with Play again.
    assert step_apps(both, lambda: bina.scene.name == "match_over", timeout=30)
    over = bina.scene
    assert over.game.totals == standings.totals and over.game.hand_no == standings.hand_no
    drawn = _drawn(bina)
    assert "Play again" in drawn and "Main menu" in drawn
    assert "wins the match!" in drawn or "You win the match!" in drawn
    assert "Waiting for the host" not in drawn
    _keep(bina, "lan-back-at-the-standings")
    # Her Play again counts: the table gathers with her ready, and Asha's standings say so.
    over.play_again()
    assert bina.scene.name == "join"
    ready = "Ready for a new match: Bina. Waiting for Asha."
    asha_over = asha.scene
    assert step_apps(both, lambda: asha_over.gathering == ready)
    assert _host(table, lambda h: [s.ready for s in h.seats[:2]] == [False, True])
    # Asha says it too: the next match is dealt to both at once, nobody's seat given away.
    asha_over.play_again()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    for app, seat in ((asha, 0), (bina, 1)):
        state = app.scene.seats.state
        assert app.scene.remote.seats == [seat] and state.hand_no == 0 and len(state.hand) >= 21
    assert _host(table, lambda h: not h.cover.kept and not h.cover.late)


def _back_on_the_call(people, asha: App) -> tuple[App, Any]:
    """Bina's app, started again, is back at the standings of the match the table gathers
    after, with the call, Asha ready and the table waiting for Bina: (her app, its standings)."""
    bina = _restarted(people, "Bina", [asha])
    both = [asha, bina]
    assert step_apps(both, lambda: bina.scene.name == "match_over", timeout=30)
    over = bina.scene
    ready = "Ready for a new match: Asha. Waiting for Bina."
    assert step_apps(both, lambda: over.invited is not None and over.gathering == ready)
    drawn = _drawn(bina)
    assert "Play again to sit back down" in drawn and ready in drawn
    assert "Play again" in drawn and over.game.phase == "match_over"
    return bina, over


def test_back_while_the_table_gathers_shows_the_standings_and_the_call(served, people):
    table, asha, bina = served(deal=QUICK_DEAL)
    _play_to_the_end([asha, bina])
    _killed(bina)
    assert step_apps([asha], lambda: _gone(table, 1))
    # Asha says Play again while Bina is away: the finished match is let go at the host.
    asha.scene.play_again()
    waiting = asha.scene
    assert step_apps([asha], lambda: _host(table, lambda h: h.match is None and h.gathering))
    # While nothing of Bina's is connected, Asha reads that Bina is away, not only awaited.
    away = "Ready for a new match: Asha. Waiting for Bina (away)."
    assert step_apps([asha], lambda: waiting.message == away)
    assert away in _drawn(asha)
    bina, over = _back_on_the_call(people, asha)
    both = [asha, bina]
    _keep(bina, "lan-back-while-the-table-gathers")
    over.play_again()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    assert waiting is not asha.scene and bina.scene.remote.seats == [1]
    assert _host(table, lambda h: not h.cover.kept and h.gathering is None)


def test_back_after_the_next_match_was_dealt_sits_down_at_it(served, people, monkeypatch):
    steady_deal(monkeypatch)  # a deal nobody goes out on at once: Bina's turns come
    table, asha, bina = served(clock=0, grace=1.0)
    _play_to_the_end([asha, bina])
    _killed(bina)
    assert step_apps([asha], lambda: _gone(table, 1))
    asha.scene.play_again()
    # The wait (the grace time: no turn clock here) runs out: dealt without Bina.
    assert step_apps([asha], lambda: asha.scene.name == "table", timeout=30)
    play_seat_until([asha], asha, lambda: _host(table, lambda h: bool(h.cover.covered.get(1))), 90)
    bina = _restarted(people, "Bina", [asha])
    both = [asha, bina]
    # Straight to the new match's table: no standings of the old one, no waiting screen.
    assert step_apps(both, lambda: bina.scene.name == "table", timeout=30)
    assert bina.scene.seats.state.hand_no == 0 and bina.scene.seats.state.phase != "match_over"
    assert step_apps(both, lambda: _host(table, lambda h: not h.cover.computer(1)))
    note = "The match began without you"
    assert step_apps(both, lambda: note in _drawn(_unboxed(bina)))
    drawn = _drawn(bina)
    assert "The computer played for you" in drawn and "Welcome back" not in drawn


def _unboxed(app: App) -> App:
    """``app`` with no box over its table (a dealt tunnela's question is answered: kept
    hidden), so the note can show."""
    scene = app.scene
    if scene.name == "table" and scene.ask.dialog is not None:
        view = scene.seats.state
        scene.actions.showing.keep_hidden(view.hand_no, view.current_player)
        scene.ask.close()
    return app


def test_back_at_the_standings_of_a_table_hosted_by_a_laptop(people):
    asha, bina = people("host"), people("join")
    _seated_table(asha, bina)
    _play_to_the_end([asha, bina])
    proc = asha.scene.table.proc
    _killed(bina)
    bina = _restarted(people, "join", [asha])
    both = [asha, bina]
    assert step_apps(both, lambda: bina.scene.name == "match_over", timeout=30)
    over = bina.scene
    assert "Play again" in _drawn(bina)
    # Her Play again says she is back; the host's lobby shows it once Asha plays again.
    over.play_again()
    assert bina.scene.name == "join"
    asha.scene.play_again()
    lobby = asha.scene
    assert lobby.name == "lobby" and lobby.proc is proc
    assert step_apps(both, lambda: lobby.lobby is not None and lobby.lobby.seats[1].ready)
    assert step_apps(both, lambda: "Back for the new match: Bina." in _drawn(asha))
    assert step_apps(both, lambda: lobby.start_button.enabled)
    lobby.start_button.click()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    states = asha.scene.remote.seat_states
    assert step_apps(both, lambda: states()[1].state == p.CONNECTED)
    assert bina.scene.remote.seats == [1] and len(bina.scene.seats.state.hand) >= 21


def _finished_table(save: Path | None = None) -> TableHost:
    """A table without a host screen whose three people (Asha, Bina, Chandra) have played their
    one-hand match out (no sockets: the host's own bookkeeping), saved at ``save`` if given."""
    seats = make_seats([("open", ""), ("open", ""), ("open", "")])
    for seat, name in zip(seats, ("Asha", "Bina", "Chandra"), strict=True):
        seat.name, seat.taken = name, True
    settings = HostSettings(auto_start=True)
    host = TableHost(seats, PRESETS["nepali"], 1, settings=settings, save_path=save)
    host.start_match()
    bots = [make_bot("easy", s) for s in range(3)]
    match = host.match
    assert match is not None
    while not match.is_over:
        seat = match.view(0).current_player
        view = match.view(seat)
        match.submit(seat, "next hand" if view.phase == "hand_over" else bots[seat].choose(view))
        match.poll(seat)
    return host


def _sent_back(host: TableHost, seat: int) -> list[p.HostMessage]:
    """What the host sends a connection that comes back to ``seat`` (by its token)."""
    from marriage_net.door import Conn

    conn = Conn(ws=None, address=LOOPBACK)  # type: ignore[arg-type]
    host.conns.add(conn)
    host._attach(conn, seat)
    sent = []
    while not conn.outbox.empty():
        text = conn.outbox.get_nowait()
        if text is not None:
            sent.append(p.decode_host(text))
    host.conns.discard(conn)
    host._detach(conn)
    return sent


def test_the_host_sends_the_standings_to_whoever_is_not_back_from_them_until_the_deal():
    host = _finished_table()
    try:
        match = host.match
        final = {seat: match.view(seat) for seat in range(3)}
        version = match.version
        host.play_again(0)  # Asha calls the new match: the finished one is let go
        assert host.match is None and host.gathering is not None
        # Bina comes back: her last view of the finished match, then the lobby that calls the
        # new one.
        sent = _sent_back(host, 1)
        kinds = [type(m).__name__ for m in sent]
        assert kinds.index("Snapshot") < kinds.index("Lobby")
        snap = next(m for m in sent if isinstance(m, p.Snapshot))
        assert snap.seat == 1 and snap.v == version
        assert snap.view.phase == "match_over" and snap.view.totals == final[1].totals
        # Asha said Play again already: she is not shown the standings again.
        assert not any(isinstance(m, p.Snapshot) for m in _sent_back(host, 0))
        # A seat the host opens again is someone else's: its standings go with it.
        host._kick(2)
        assert host.standings.view(2) is None and host.standings.view(1) is not None
        host.seats[2].name, host.seats[2].taken = "Dev", True
        host.play_again(1)
        host.play_again(2)  # everyone has said it: dealt, and the standings are nobody's news
        assert host.match is not None and host.gathering is None
        assert host.standings.view(1) is None
        snap = next(m for m in _sent_back(host, 1) if isinstance(m, p.Snapshot))
        assert snap.view.phase != "match_over" and snap.v == 0
    finally:
        if host.match is not None:
            host.match.close()


def test_main_menu_on_the_standings_leaves_the_table_for_good(served):
    from marriage_gui.table.hosting import TOKENS
    from marriage_net.tokens import TokenStore

    _table, asha, bina = served(deal=QUICK_DEAL)
    _play_to_the_end([asha, bina])
    store = TokenStore(bina.storage.path(TOKENS))
    assert store.last_table() is not None  # on the standings, the table is still hers to rejoin
    bina.scene.main_menu()
    title = bina.scene
    assert title.name == "title"
    assert store.last_table() is None
    bina.step([], 1 / 30)
    assert not title.rejoin_button.visible and not title._probing  # nothing to knock at


def test_an_app_killed_after_the_last_hand_comes_back_to_the_standings(tmp_path, monkeypatch):
    """As it was found: a player's app killed (-9) once the last hand of a served table's match
    is over (its score sheet up) and started again on the same data folder sits back down at
    the match's standings, not at a screen waiting for a host who would never start."""
    from net.tablekit import play_turns, wait_for
    from net.test_killed_app import AppProcess

    from marriage_net.client import RemoteMatch

    def make():
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, grace=5, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=30)

    steady_deal(monkeypatch, QUICK_DEAL)  # the last hand is over after a short play
    table = HostThread(make)
    asha = RemoteMatch(LOOPBACK, table.port, table.code, "Asha", seat=0)
    where = f"{LOOPBACK}:{table.port}"
    bina = AppProcess(tmp_path / "bina", "join", where, table.code, "Bina", 1, "play")
    again = None
    try:
        over = lambda: table.call(lambda: table.host.match is not None and table.host.match.is_over)  # noqa: E731
        play_turns([asha], {0: make_bot("easy", 3)}, over, timeout=120)
        bina.until(lambda r: r["scene"] == "hand_result", timeout=60)
        bina.kill()
        assert wait_for(lambda: table.call(lambda: 1 not in table.host.holder), timeout=15)
        again = AppProcess(tmp_path / "bina", "rejoin")
        again.until(lambda r: r["scene"] == "match_over", timeout=60)
        assert table.call(lambda: 1 in table.host.holder)  # in her seat again
        # The standings as the others see them (their Play again is asserted on the screens
        # above: a button's words are drawn once, not in every frame this app reports).
        shown = again.until(lambda r: "win" in " ".join(r["drawn"]), timeout=20)
        assert any(w.endswith("the match!") for w in shown["drawn"])
        assert {"1.  Asha", "1.  Bina", "1.  Hari"} & set(shown["drawn"])
        assert table.call(lambda: table.host.match.is_over and table.host.gathering is None)
    finally:
        bina.kill()
        if again is not None:
            again.kill()
        asha.close()
        table.stop()


def test_a_hosts_app_killed_on_the_standings_opens_its_table_on_them_again(people):
    """The host's own app dies on the standings: its table's process saves the table and
    closes it; hosting again opens it on the same standings, with Play again, and the new
    match is dealt as if nobody had left."""
    from marriage_gui.scenes.lobby import LobbyScene

    asha, bina = people("host"), people("join")
    proc = _seated_table(asha, bina)
    _play_to_the_end([asha, bina])
    bina_over = bina.scene
    # Asha's app is killed: its table's process hears its parent gone (the pipe ends).
    _killed(asha)
    proc._pipe.close()
    proc.process.join(20)
    assert not proc.process.is_alive()
    proc.kill()
    assert step_apps([bina], lambda: bina_over.table.remote.refresh().state == "closed")
    asha = people("host")
    lobby = LobbyScene(asha, "Asha", discovery_port=free_udp_port())
    asha.push(lobby)
    both = [asha, bina]
    assert step_apps(both, lambda: asha.scene.name == "match_over", timeout=30)
    over = asha.scene
    assert over.table is not None and over.table.proc is not None and lobby.reopened
    assert "Play again" in _drawn(asha)
    _keep(asha, "lan-host-back-at-the-standings")
    # Bina's standings hear the table again; Asha plays again, and so does Bina.
    assert step_apps(both, lambda: bina_over.table.remote.refresh().state == "playing", 60)
    over.play_again()
    again = asha.scene
    assert again.name == "lobby" and again.again
    assert step_apps(both, lambda: bina_over.invited is not None)
    bina_over.play_again()
    assert step_apps(both, lambda: again.lobby is not None and again.lobby.seats[1].ready)
    assert step_apps(both, lambda: again.start_button.enabled)
    again.start_button.click()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    assert bina.scene.remote.seats == [1] and asha.scene.seats.state.hand_no == 0


def test_back_after_saying_play_again_waits_with_the_table_not_at_the_standings(served, people):
    table, asha, bina = served(deal=QUICK_DEAL)
    _play_to_the_end([asha, bina])
    bina.scene.play_again()  # Bina is ready for the next match; then her app dies
    assert step_apps([asha], lambda: _host(table, lambda h: h.seats[1].ready))
    _killed(bina)
    assert step_apps([asha], lambda: _gone(table, 1))
    bina = _restarted(people, "Bina", [asha])
    both = [asha, bina]
    # She said Play again: no standings again, but what the table she is seated at waits for.
    ready = "Ready for a new match: Bina. Waiting for Asha."
    waiting = bina.scene
    assert waiting.name == "join"
    assert step_apps(both, lambda: waiting.message == ready, timeout=30)
    assert bina.scene is waiting and waiting.remote.seats == [1]
    asha.scene.play_again()
    assert step_apps(both, lambda: all(a.scene.name == "table" for a in both))
    assert _host(table, lambda h: not h.cover.kept)
