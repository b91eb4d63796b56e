"""Questions at a table played elsewhere: none comes back while the answer is on its way, and
one the news makes stale closes by itself (the match here is fed plain data, late, as a
client's is)."""

from __future__ import annotations

import pygame

from engine.actions import ExposeTunnela
from engine.match import LocalMatch
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.scene import TableScene

from .test_port import WireMatch, serve
from .test_table import DT


def _late_table(app) -> tuple[LocalMatch, WireMatch, TableScene]:
    """Seed 7 deals the person a tunnela; the host answers only when ``serve`` is called."""
    seats = (SeatSetup("You", "human"), SeatSetup("Sita", "easy"))
    setup = MatchSetup(seats, hands=1, seed=7)
    host = LocalMatch.new(
        setup.rules, ("You", "Sita"), setup.drivers, seed=7, hands=1, worker="inline"
    )
    wire = WireMatch(("You", "Sita"))
    serve(host, wire)
    scene = TableScene(app, setup, wire, seats=(0,))  # type: ignore[arg-type]
    app.push(scene)
    for _ in range(5):
        app.step([], DT)
    return host, wire, scene


def _enter(app) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")], DT)


def test_the_tunnela_question_waits_for_the_hosts_answer(app):
    host, wire, scene = _late_table(app)
    assert scene.ask.kind == "expose" and scene.ask.dialog is not None
    _enter(app)  # Expose: the action leaves, the answer has not come
    assert scene.ask.dialog is None and wire.outbox
    for _ in range(30):
        app.step([], DT)
    assert scene.ask.dialog is None, "the question came back while its answer was on the way"
    serve(host, wire)  # the host applies it and answers
    for _ in range(10):
        app.step([], DT)
    assert scene.ask.dialog is None
    assert scene.seats.state.shown[0] and scene.seats.state.shown[0][0][0] == "tunnela"


def test_a_question_the_news_makes_stale_closes_by_itself(app):
    host, wire, scene = _late_table(app)
    assert scene.ask.kind == "expose"
    # The same seat exposes from elsewhere (another screen of this player): the news arrives
    # while the question is still up.
    expose = next(a for a in host.view(0).legal if isinstance(a, ExposeTunnela))
    host.submit(0, expose)
    serve(host, wire)
    for _ in range(10):
        app.step([], DT)
    assert scene.ask.dialog is None and scene.ask.kind is None
    assert scene.seats.state.shown[0][0][0] == "tunnela"


def test_the_go_out_preview_closes_when_the_turn_is_gone(app):
    host, wire, scene = _late_table(app)
    _enter(app)
    serve(host, wire)
    for _ in range(10):
        app.step([], DT)
    # Open the preview by hand (a finish needs a lucky hand); then the turn moves on elsewhere.
    dialog = scene.ask.dialog or _placeholder()
    scene.ask.put("out", lambda _answer: dialog)
    host.submit(0, host.view(0).legal[0])  # a draw made from another screen of this seat
    serve(host, wire)
    for _ in range(10):
        app.step([], DT)
    assert scene.seats.state.phase == "play"
    # Still this seat's turn: a go-out question may stay; once the turn leaves, it goes.
    discard = next(a for a in host.view(0).legal if type(a).__name__ == "Discard")
    host.submit(0, discard)
    serve(host, wire)
    for _ in range(10):
        app.step([], DT)
    assert scene.ask.dialog is None and scene.ask.kind is None


def _placeholder():
    from marriage_gui.table.overlays import Dialog
    from marriage_gui.ui.button import Button

    return Dialog("Go out?", "", [Button("Go out", lambda: None, True)])
