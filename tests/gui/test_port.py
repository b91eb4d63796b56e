"""The table plays through the Match port: a stub fed only plain data, hot-seat secrecy, purity."""

from __future__ import annotations

import ast
import contextlib
import json
from pathlib import Path

import pygame
import pytest

from engine.actions import Action, parse_action
from engine.cards import parse_card
from engine.match import LocalMatch, Unshared, Update
from engine.rules import PRESETS
from engine.view import PlayerView
from engine.words import Said
from marriage_gui.app import App
from marriage_gui.saved_match import SavedMatch
from marriage_gui.setup import MatchSetup, SeatSetup, new_seed
from marriage_gui.table.scene import TableScene

DT = 1 / 60
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.settings.animation_speed = "instant"
    a.settings.bot_delay = 0.0
    yield a
    for scene in list(a.stack):
        if isinstance(scene, TableScene):
            scene.close()


def key(app: App, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0)], DT)


def play_my_turn(app: App, scene: TableScene) -> None:
    """A person's turn with the keyboard: draw, see or go out when offered, else discard."""
    if scene.seats.state.phase == "draw":
        key(app, pygame.K_1)
        return
    buttons = scene.actions.buttons
    if buttons["out"].visible and buttons["out"].enabled:
        key(app, pygame.K_RETURN)  # the preview
        key(app, pygame.K_RETURN)  # confirm
    elif buttons["see"].visible and buttons["see"].enabled:
        key(app, pygame.K_RETURN)
    else:
        key(app, pygame.K_LEFT)  # the focus ring shows on the first card
        key(app, pygame.K_d)


# ---------------------------------------------------------------------- a match fed plain data


class WireMatch(Unshared):
    """A ``Match`` that holds no Game: it only keeps what arrived as JSON text, like a client.

    ``outbox`` holds submitted actions as text; whoever plays the host reads it and feeds
    ``inbox`` (update messages) and ``snapshots`` (full views) with JSON text.
    """

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.version = 0
        self.outbox: list[tuple[int, str]] = []
        self.inbox: dict[int, list[str]] = {s: [] for s in range(len(names))}
        self.snapshots: dict[int, str] = {}

    def view(self, seat: int) -> PlayerView:
        return PlayerView.from_dict(json.loads(self.snapshots[seat]))

    def submit(self, seat: int, action: Action) -> None:
        self.outbox.append((seat, str(action)))

    def poll(self, seat: int) -> list[Update]:
        out = [Update.from_dict(json.loads(text)) for text in self.inbox[seat]]
        self.inbox[seat].clear()
        if out:
            self.version = max(self.version, out[-1].version)
        return out

    def close(self) -> None:
        self.outbox.clear()


def serve(host: LocalMatch, wire: WireMatch) -> None:
    """The host's side: apply what the wire sent, move the bots, send every seat's news."""
    for seat, text in wire.outbox:
        host.submit(seat, parse_action(text))
    wire.outbox.clear()
    host.pump()
    for seat in range(host.players):
        for up in host.poll(seat):
            wire.inbox[seat].append(json.dumps(up.to_dict()))
        wire.snapshots[seat] = json.dumps(host.view(seat).to_dict())


def test_the_table_plays_a_whole_hand_through_a_match_fed_only_plain_data(app):
    names = ("You", "Sita")
    setup = MatchSetup((SeatSetup("You", "human"), SeatSetup("Sita", "easy")), hands=1, seed=4)
    host = LocalMatch.new(setup.rules, names, setup.drivers, seed=4, hands=1, worker="inline")
    wire = WireMatch(names)
    serve(host, wire)
    scene = TableScene(app, setup, wire)  # type: ignore[arg-type]
    assert scene.match is wire and not any(type(v).__name__ == "Game" for v in vars(scene).values())
    app.push(scene)
    app.step([], DT)
    turns = 0
    for _ in range(6000):
        serve(host, wire)
        app.step([], DT)
        v = scene.seats.state
        if v.hand_over:
            break
        if v.current_player == 0 and scene.seats.my_turn() and not scene.board.busy:
            play_my_turn(app, scene)
            turns += 1
    assert scene.seats.state.hand_over, "the hand did not finish"
    assert scene.seats.state.result is not None and turns > 5
    assert host.view(0).result == scene.seats.state.result
    assert scene.seats.version == host.version


# ---------------------------------------------------------------------- hot-seat secrecy


def _known_codes(view: PlayerView) -> set[int]:
    return {parse_card(str(c)).code for c in view.cards} | {
        i % 52 if i < 156 else 52 for i in view.visible_ids()
    }


def _card_tokens(said: Said) -> set[int]:
    line = said.english
    codes = set()
    for token in line.replace(",", " ").replace(":", " ").split():
        with contextlib.suppress(ValueError):
            codes.add(parse_card(token).code)
    return codes


def test_hot_seat_logs_and_drawing_never_name_a_card_the_seat_may_not_know(app, monkeypatch):
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    setup = MatchSetup(tuple(seats), hands=1, seed=8)
    scene = TableScene(app, setup)
    app.push(scene)
    drawn: list[int] = []
    real_face = app.art.face

    def spy(code, *a, **k):
        drawn.append(code)
        return real_face(code, *a, **k)

    monkeypatch.setattr(app.art, "face", spy)
    known: dict[int, set[int]] = {0: set(), 1: set()}
    checked_lines = 0
    for _ in range(8000):
        drawn.clear()
        app.step([], DT)
        for seat in (0, 1):
            view = scene.seats.views[seat]
            known[seat] |= _known_codes(view)
            # ...and whatever the engine's filtered history of that seat names.
            for e in scene.match.view(seat).history:
                known[seat] |= {i % 52 if i < 156 else 52 for i in e.card_ids}
            # Every card a seat's log names is one that seat has been allowed to see.
            for line in scene.seats.logs[seat].lines:
                assert _card_tokens(line) <= known[seat], (seat, line)
                checked_lines += 1
        if scene.curtain is not None or scene.seats.viewer is None:
            public = {c % 52 for c in scene.seats.state.discards}
            public |= {
                i % 52 for melds in scene.seats.state.shown for _k, ids in melds for i in ids
            }
            assert set(drawn) <= public | {52}, "a hidden card showed between turns"
        else:
            assert set(drawn) <= known[scene.seats.viewer], "a card of another seat was drawn"
        v = scene.seats.state
        if v.hand_over:
            break
        if scene.curtain is not None:
            app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1)], DT)
        elif scene.seats.my_turn() and not scene.board.busy:
            play_my_turn(app, scene)
    assert scene.seats.state.hand_over and checked_lines > 50


def test_the_leak_from_the_issue_is_gone(app):
    """Two people, seed 8: Asha draws from the stock and discards; Bina's log shows no card of
    Asha's draw and no tiplu she has not seen."""
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = TableScene(app, MatchSetup(tuple(seats), hands=1, seed=8))
    app.push(scene)
    app.step([], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1)], DT)
    key(app, pygame.K_1)
    asha = scene.seats.logs[0].lines[-1]
    assert asha.english.startswith("Asha drew from the stock — ")  # Asha may know her own card
    key(app, pygame.K_LEFT)
    key(app, pygame.K_d)
    for _ in range(200):
        app.step([], DT)
        if scene.curtain is not None and scene.curtain.name == "Bina":
            break
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 400), button=1)], DT)
    assert scene.seats.viewer == 1
    key(app, pygame.K_l)
    assert scene.seats.log is scene.seats.logs[1] and scene.seats.log.open
    lines = [line.english for line in scene.seats.log.lines]
    assert "Asha drew from the stock" in lines
    for line in lines:
        assert " — " not in line, line  # no private part of anybody else's event


# ---------------------------------------------------------------------- rules the table follows


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_deal_goes_round_in_the_rules_direction(app, preset):
    app.settings.animation_speed = "normal"
    seats = (
        SeatSetup("You"),
        SeatSetup("B", "easy"),
        SeatSetup("C", "easy"),
        SeatSetup("D", "easy"),
    )
    setup = MatchSetup(seats, rules=PRESETS[preset], hands=1, seed=3)
    scene = TableScene(app, setup, setup.start(worker="inline"))
    scene.frozen = True
    app.push(scene)
    app.step([], DT)
    v = scene.seats.state
    L = scene.staging.layout
    first_ghosts = {}
    for g in scene.board.ghosts:
        end = g.tween.end[:2]
        seat = next(s for s, spot in L.seats.items() if abs(spot.fan[0] - L.bw / 2 - end[0]) < 1)
        first_ghosts.setdefault(seat, g.tween.delay)
        first_ghosts[seat] = min(first_ghosts[seat], g.tween.delay)
    order = sorted(first_ghosts, key=first_ghosts.get)
    expected = [s for s in v.deal_order() if s != scene.seats.bottom]
    assert order == expected
    step = 1 if PRESETS[preset].direction == "clockwise" else -1
    assert v.deal_order()[0] == (v.dealer + step) % 4


def test_see_hint_words_follow_the_rules():
    from dataclasses import replace

    setup = MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), hands=1, seed=2)
    view = setup.start(worker="inline").view(0)
    assert view.seeing_requirement().english == "three pure melds or seven dublees"
    no_dublees = replace(PRESETS["nepali"], dublee_enabled=False)
    setup = MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), rules=no_dublees, seed=2)
    assert setup.start(worker="inline").view(0).seeing_requirement().english == "three pure melds"


def test_new_matches_get_unguessable_seeds_unless_one_was_typed():
    seeds = {new_seed() for _ in range(8)}
    assert len(seeds) == 8 and max(s.bit_length() for s in seeds) > 120
    setup = MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), hands=1)
    assert setup.start(worker="inline").seed.bit_length() > 64  # type: ignore[union-attr]
    typed = MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), hands=1, seed="tuesday")
    assert typed.start(worker="inline").seed == "tuesday"


# ---------------------------------------------------------------------- purity


def test_nothing_in_the_gui_imports_the_game_or_names_it():
    bad = []
    for path in sorted((ROOT / "marriage_gui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "engine.game":
                bad.append(f"{path.name}: from engine.game import …")
            elif isinstance(node, ast.ImportFrom) and node.module == "engine":
                if any(a.name in ("Game", "game") for a in node.names):
                    bad.append(f"{path.name}: from engine import Game")
            elif isinstance(node, ast.Import):
                if any(a.name == "engine.game" for a in node.names):
                    bad.append(f"{path.name}: import engine.game")
            elif isinstance(node, ast.Name) and node.id == "Game":
                bad.append(f"{path.name}: uses the name Game")
    assert bad == []
    # The walk really read the table (so the check can fail).
    assert (ROOT / "marriage_gui" / "table" / "scene.py").is_file()


def test_a_table_holds_no_game_outside_its_match(app):
    from engine.game import Game

    scene = TableScene(app, MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), hands=1))
    parts = [scene, scene.seats, scene.board, scene.hint, scene.actions, scene.ask, scene.input]
    for part in parts:
        for name, value in vars(part).items():
            if name in ("match", "scene", "app"):
                continue
            assert not isinstance(value, Game), (type(part).__name__, name)
    assert isinstance(scene.match, SavedMatch) and isinstance(scene.match.local, LocalMatch)
    scene.close()


def test_seat_views_skip_stale_news_and_catch_up_after_a_gap():
    from marriage_gui.table.seats import SeatViews

    m = LocalMatch.new(PRESETS["nepali"], ["A", "B"], seed=1, worker="inline")
    m.submit(0, m.view(0).legal[0])  # news queued before the screen existed
    seats = SeatViews(m, (0, 1))
    assert seats.poll().events == []
    assert seats.logs[1].lines == [e.text for e in m.view(1).history]
    v = m.view(0)
    m.submit(0, next(a for a in v.legal if a.__class__.__name__ == "Discard"))
    m.poll(0)  # seat 0's news is lost on the way
    m.submit(1, m.view(1).legal[0])
    news = seats.poll()
    assert seats.views[0] == m.view(0) and seats.versions[0] == m.version
    assert "caught up" in seats.logs[0].lines[-2].english
    assert news.changed and news.events  # seat 0 (the bottom) still hears the newest action
    assert seats.logs[1].lines[-2:] == [e.text for e in m.view(1).history][-2:]
