"""The hand replay from the score sheet: keys, mouse, play/pause, Esc back; no replay remotely;
the result screens name the seats as the table does."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pygame
import pytest

from engine.cards import CARDS, code_of
from engine.match import LocalMatch, Unshared
from marriage_gui.__main__ import main
from marriage_gui.app import App
from marriage_gui.art import fonts
from marriage_gui.scenes.hand_result import NO_REPLAY
from marriage_gui.scenes.replay import STEP_SECONDS, ReplayScene, squeeze
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.scene import TableScene
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import readable as cards_said

from .test_table import close_tables, headless_app

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    a.go_title()
    yield a
    close_tables(a)


def finished(seats, seed: int = 5, hands: int = 1) -> tuple[MatchSetup, LocalMatch]:
    """A match whose first hand the easy bot has played for every seat."""
    setup = MatchSetup(tuple(seats), hands=hands, seed=seed)
    names = [s.name for s in seats]
    bots = ["easy"] * len(seats)
    match = LocalMatch.new(setup.rules, names, bots, seed=seed, hands=hands, worker="inline")
    match.run_bots()
    assert match.view(0).hand_over
    for seat, s in enumerate(seats):
        match.set_driver(seat, s.kind)
    return setup, match


def sheet(app: App, seats, match_for_table=None, seed: int = 5):
    """The score sheet of a finished hand, over its table."""
    setup, match = finished(seats, seed)
    table = TableScene(app, setup, match_for_table(match) if match_for_table else match)
    table.frozen = True
    app.push(table)
    result = app.open("hand_result", table=table)
    app.step([], DT)
    return result, match


def key(app: App, k: int, unicode: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode)], DT)


def click(app: App, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def button(scene: ReplayScene, words: str) -> tuple[int, int]:
    found = [b for b in scene.buttons if words in b.text]
    assert len(found) == 1, words
    return found[0].rect.center


SOLO = (SeatSetup("You", "human"), SeatSetup("Sita", "easy"), SeatSetup("Ram", "easy"))


def test_r_opens_the_replay_and_the_keys_step_clamp_and_go_back(app):
    result, match = sheet(app, SOLO)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    moves = scene.replay.moves
    assert scene.replay == match.hand_replay(0) and moves > 3
    assert scene.at == 0 and scene.counter().startswith("The deal")
    key(app, pygame.K_LEFT)
    assert scene.at == 0  # nothing before the deal
    for _ in range(3):
        key(app, pygame.K_RIGHT)
    assert scene.at == 3 and scene.counter() == f"Move 3 of {moves}"
    assert scene.frame == scene.replay.frames[3]
    key(app, pygame.K_LEFT)
    assert scene.at == 2
    key(app, pygame.K_END)
    assert scene.at == moves and scene.counter() == f"Move {moves} of {moves}"
    key(app, pygame.K_RIGHT)
    assert scene.at == moves  # nothing after the last move
    key(app, pygame.K_HOME)
    assert scene.at == 0
    key(app, pygame.K_ESCAPE)
    assert app.scene is result


def test_every_control_has_a_button_the_mouse_presses(app):
    result, _ = sheet(app, SOLO)
    click(app, result.replay_button.rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    moves = scene.replay.moves
    click(app, button(scene, "Next"))
    click(app, button(scene, "Next"))
    assert scene.at == 2
    click(app, button(scene, "Previous"))
    assert scene.at == 1
    click(app, button(scene, "End"))
    assert scene.at == moves
    click(app, button(scene, "Start"))
    assert scene.at == 0
    click(app, button(scene, "Play"))
    assert scene.playing and scene.play_button.text == "Pause"
    app.step([], STEP_SECONDS + 0.01)
    assert scene.at == 1
    click(app, button(scene, "Pause"))
    assert not scene.playing
    app.step([], STEP_SECONDS * 3)
    assert scene.at == 1
    click(app, button(scene, "Back"))
    assert app.scene is result


def test_play_steps_a_move_a_second_sleeps_between_and_stops_at_the_end(app):
    sheet(app, SOLO)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    assert not scene.animating() and scene.wake_after() is None  # paused: the app sleeps
    key(app, pygame.K_SPACE)
    assert scene.playing and not scene.animating()
    assert scene.wake_after() == pytest.approx(STEP_SECONDS, abs=0.05)
    scene.update(STEP_SECONDS / 2)
    assert scene.at == 0 and scene.wake_after() == pytest.approx(STEP_SECONDS / 2, abs=0.05)
    scene.update(STEP_SECONDS / 2 + 0.01)
    assert scene.at == 1
    scene.update(STEP_SECONDS * (scene.replay.moves + 5))
    assert scene.at == scene.replay.moves and not scene.playing
    # Play at the end starts again from the deal.
    key(app, pygame.K_SPACE)
    assert scene.playing and scene.at == 0


def test_f1_shows_the_replay_controls_and_any_key_closes_them_without_a_step(app):
    sheet(app, SOLO)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    key(app, pygame.K_F1)
    assert scene.show_controls
    key(app, pygame.K_RIGHT)
    assert not scene.show_controls and scene.at == 0
    key(app, pygame.K_SLASH, "?")
    assert scene.show_controls


def test_every_frame_draws_with_the_move_marked(app, monkeypatch):
    sheet(app, SOLO + (SeatSetup("सीता", "easy"), SeatSetup("Hari", "easy")))
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    faces: list[tuple[int, frozenset]] = []
    real = app.art.face

    def face(code, width, four=False, marks=None):
        faces.append((code, frozenset(marks or ())))
        return real(code, width, four, marks)

    monkeypatch.setattr(app.art, "face", face)
    for at in range(scene.replay.moves + 1):
        scene.go(at)
        faces.clear()
        app.draw()
        frame = scene.frame
        drawn = Counter(code for code, _m in faces)
        placed = Counter(cid % 52 for hand in frame.hands for cid in hand)
        placed.update(cid % 52 for melds in frame.shown for _kind, ids in melds for cid in ids)
        placed.update(cid % 52 for cid in frame.discards[-1:])
        # Every hand and shown meld is drawn face up; the move's cards (and only they) are lit.
        assert not placed - drawn
        selected = sorted(code for code, m in faces if "selected" in m)
        assert selected == (sorted(cid % 52 for cid in frame.moved) if at else [])


def test_a_match_from_another_laptop_offers_no_replay_and_says_why(app):
    from marriage_net.client import RemoteMatch

    assert not hasattr(RemoteMatch, "hand_replay")

    class Elsewhere(Unshared):
        """The port without a replay, as a table on another laptop has it."""

        def __init__(self, match: LocalMatch) -> None:
            self._m = match
            self.names, self.players = match.names, match.players

        @property
        def version(self) -> int:
            return self._m.version

        def view(self, seat):
            return self._m.view(seat)

        def submit(self, seat, action):
            self._m.submit(seat, action)

        def poll(self, seat):
            return self._m.poll(seat)

        def close(self):
            self._m.close()

    result, _ = sheet(app, SOLO, Elsewhere)
    b = result.replay_button
    assert not b.enabled and b.tooltip == NO_REPLAY
    key(app, pygame.K_r, "r")
    click(app, b.rect.center)
    assert app.scene is result
    # The reason shows over the button while the pointer is on it.
    above = pygame.Rect(b.rect.x, b.rect.y - 40, b.rect.w, 30)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0))], DT)
    plain = app.screen.subsurface(above).copy()
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0))], DT)
    assert pygame.image.tobytes(app.screen.subsurface(above), "RGB") != pygame.image.tobytes(
        plain, "RGB"
    )


def test_hot_seat_result_screens_name_the_default_you_as_the_table_does(app, monkeypatch):
    seats = (SeatSetup("You", "human"), SeatSetup("Bina", "human"), SeatSetup("Ram", "easy"))
    result, _ = sheet(app, seats)
    table = result.table
    assert table.seats.hot_seat
    assert (
        result.names
        == tuple(table.seats.name(s) for s in range(3))
        == (
            "Player 1",
            "Bina",
            "Ram",
        )
    )
    said = drawn_text(app, monkeypatch)
    assert any(t.startswith("Player 1") for t in said)
    assert not any(t.startswith("You") or " You " in t for t in said)
    result.proceed()  # a one-hand match: the standings
    assert app.scene.name == "match_over" and app.scene.names == result.names
    said = drawn_text(app, monkeypatch)
    assert any("Player 1" in t for t in said) and not any("You" in t for t in said)
    key(app, pygame.K_ESCAPE)


def test_one_person_at_the_screen_stays_you_on_the_result_screens(app):
    result, _ = sheet(app, SOLO)
    assert result.names == ("You", "Sita", "Ram")


def test_screenshot_of_the_replay(tmp_path):
    out = tmp_path / "replay.png"
    assert main(["--screenshot", str(out), "--scene", "replay", "--data-dir", str(tmp_path)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_hot_seat_replay_says_the_moves_of_the_default_you_as_the_table_does(app):
    seats = (SeatSetup("You", "human"), SeatSetup("Bina", "human"), SeatSetup("Ram", "easy"))
    result, _ = sheet(app, seats)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene) and scene.names == result.names
    mine = [f for f in scene.replay.frames if f.actor == 0 and f.text.english.startswith("You ")]
    assert mine
    for frame in mine:
        said = scene.said(frame)
        assert said.startswith("Player 1 ") and "You " not in said
        assert said == cards_said(frame.text.english.replace("You ", "Player 1 "))


def test_at_the_end_each_row_shows_the_melds_of_the_score_sheet_with_gaps(app):
    result, match = sheet(app, SOLO)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    view = match.view(0)
    outcome = view.result
    assert outcome is not None
    scene.go(scene.replay.moves - 1)
    for seat in range(3):
        shown = [list(ids) for _k, ids in scene.frame.shown[seat]]
        # Mid-hand the hand is one run sorted by suit, after the shown melds.
        assert scene.groups(seat)[: len(shown)] == shown
        assert len(scene.groups(seat)) == len(shown) + bool(scene.frame.hands[seat])
    scene.end()
    for seat in range(3):
        melds, loose = outcome.arrangement(seat, view.rules)
        shown = [list(ids) for _k, ids in outcome.shown[seat]]
        groups = scene.groups(seat)
        assert groups[: len(shown) + len(melds)] == shown + [list(m) for m in melds]
        assert sorted(i for g in groups[len(shown) + len(melds) :] for i in g) == sorted(loose)
    assert any(outcome.arrangement(seat, view.rules)[0] for seat in range(3))


@pytest.mark.parametrize("sizes", [(3,), (3, 3, 3, 12), (2,) * 10 + (5,), (3,) * 14, (1,) * 30])
@pytest.mark.parametrize("width", [300, 700, 1040])
def test_a_row_of_groups_is_squeezed_to_fit_its_width(sizes, width):
    cw, step, gap = squeeze(sizes, width, 72)
    used = len(sizes) * cw + gap * (len(sizes) - 1) + step * (sum(sizes) - len(sizes))
    assert used <= width
    assert 0 < cw <= 72 and 0 < step <= cw * 0.6 and gap > 0
    if cw < 72:  # the cards shrink only once the overlaps and the gaps are as tight as they go
        assert step == pytest.approx(cw * 0.2) and gap == pytest.approx(cw * 0.1)


def test_wild_badges_only_on_the_cards_of_seats_that_have_seen(app, monkeypatch):
    _setup, match = finished(SOLO)
    replay = match.hand_replay(0)
    out = next(f for f in replay.frames if f.tiplu_id is not None)
    wilds = replay.wilds(out)
    assert wilds is not None
    # Only the middle seat has seen; one discard, so every drawn card is counted below.
    frame = replace(out, seen=(False, True, False), discards=out.discards[-1:], moved=())
    scene = ReplayScene(app, replace(replay, frames=(frame,)))
    faces: Counter[tuple[int, bool]] = Counter()
    real = app.art.face

    def face(code, width, four=False, marks=None):
        faces[code, bool({"wild", "tiplu"} & set(marks or ()))] += 1
        return real(code, width, four, marks)

    monkeypatch.setattr(app.art, "face", face)
    scene.draw(app.screen)

    def is_wild(cid: int) -> bool:
        return wilds.role(CARDS[code_of(cid)]) is not None

    expected: Counter[tuple[int, bool]] = Counter()
    for seat in range(3):
        held = list(frame.hands[seat]) + [i for _k, ids in frame.shown[seat] for i in ids]
        expected.update((code_of(i), frame.seen[seat] and is_wild(i)) for i in held)
    # The piles are nobody's: they wear what the replay knows.
    piles = [*frame.discards, frame.tiplu_id]
    expected.update((code_of(i), is_wild(i)) for i in piles)
    assert faces == expected
    unseen_wilds = [i for s in (0, 2) for i in frame.hands[s] if is_wild(i)]
    seen_wilds = [i for i in frame.hands[1] if is_wild(i)]
    assert unseen_wilds or seen_wilds  # the deal gave someone a wild card to (not) badge


def test_the_button_row_stays_put_when_play_becomes_pause(app):
    sheet(app, SOLO)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    before = [pygame.Rect(b.rect) for b in scene.buttons]
    assert before[0].w > 0
    key(app, pygame.K_SPACE)
    assert scene.play_button.text == "Pause"
    app.draw()
    assert [b.rect for b in scene.buttons] == before
    key(app, pygame.K_SPACE)
    assert scene.play_button.text == "Play"
    app.draw()
    assert [b.rect for b in scene.buttons] == before


def test_a_three_player_sheet_keeps_each_rows_words_apart(app, monkeypatch):
    """Fewer players make taller rows; the words stop growing, and a row's maal line ends
    before its money column."""
    sheet(app, SOLO)
    drawn: list[tuple[str, int, int]] = []
    real = fonts.render

    def render(text, size, *args, **kwargs):
        img = real(text, size, *args, **kwargs)
        drawn.append((text, size, img.get_width()))
        return img

    monkeypatch.setattr(fonts, "render", render)
    app.draw()
    monkeypatch.setattr(fonts, "render", real)
    w, h = app.screen.get_size()
    m = max(16, w // 60)
    money_x = w - m - round(w * 0.34)
    # Seat by seat: the name (with "★ went out" for the winner), then its maal line.
    names = [(size, width) for text, size, width in drawn if text.split("  ")[0] in SOLO_NAMES]
    lines = [width for text, _, width in drawn if "match total" in text]
    assert len(names) == len(lines) == 3
    for (size, name_w), line_w in zip(names, lines, strict=True):
        assert size <= h // 30 + 2
        assert m + 26 + name_w + line_w <= money_x


SOLO_NAMES = {s.name for s in SOLO}


def test_esc_on_the_score_sheet_continues_like_its_main_button(app):
    """Mid-match, Esc deals the next hand (as Enter and the button do); the last hand's sheet
    goes on to the standings."""
    setup = MatchSetup(SOLO, hands=2, seed=5)
    names = [s.name for s in SOLO]
    match = LocalMatch.new(setup.rules, names, ["easy"] * 3, seed=5, hands=2, worker="inline")
    while not match.view(0).hand_over:
        match.run_bots(limit=1)
    for seat, s in enumerate(SOLO):
        match.set_driver(seat, s.kind)
    table = TableScene(app, setup, match)
    app.push(table)
    result = app.open("hand_result", table=table)
    app.step([], DT)
    assert app.scene is result and not result.over
    key(app, pygame.K_ESCAPE)
    assert app.scene is table
    assert (
        table.seats.state.hand_no == 1 and not table.seats.state.hand_over
    )  # the next hand is dealt
    close_tables(app)
    last, _ = sheet(app, SOLO)
    assert last.over
    key(app, pygame.K_ESCAPE)
    assert app.scene.name == "match_over"


def test_esc_on_the_score_sheets_pairs_closes_them_and_keeps_the_hand(app):
    """With Pair by pair open, Esc closes the pairs (the sheet as it was, Replay still there);
    only the next Esc deals on."""
    setup = MatchSetup(SOLO, hands=2, seed=5)
    names = [s.name for s in SOLO]
    match = LocalMatch.new(setup.rules, names, ["easy"] * 3, seed=5, hands=2, worker="inline")
    while not match.view(0).hand_over:
        match.run_bots(limit=1)
    for seat, s in enumerate(SOLO):
        match.set_driver(seat, s.kind)
    table = TableScene(app, setup, match)
    app.push(table)
    result = app.open("hand_result", table=table)
    app.step([], DT)
    assert result.pairs.offered
    closed = pygame.image.tobytes(app.screen, "RGB")
    key(app, pygame.K_p, "p")
    assert result.pairs.shown
    assert pygame.image.tobytes(app.screen, "RGB") != closed  # the pairs are drawn
    key(app, pygame.K_ESCAPE)
    assert app.scene is result and not result.pairs.shown
    assert table.seats.state.hand_no == 0 and table.seats.state.hand_over  # nothing dealt
    assert pygame.image.tobytes(app.screen, "RGB") == closed  # the sheet as it was
    key(app, pygame.K_r)
    assert app.scene.name == "replay"  # this hand can still be replayed
    key(app, pygame.K_ESCAPE)
    assert app.scene is result
    key(app, pygame.K_ESCAPE)
    assert app.scene is table and table.seats.state.hand_no == 1


def test_f1_on_the_score_sheet_lists_its_keys_and_esc_then_only_closes_the_list(app):
    from marriage_gui.scenes.hand_result import SHEET

    result, _ = sheet(app, SOLO)
    keys = dict(SHEET)["Keys"]
    assert ("Esc", "close the pairs, or leave the sheet") in keys and any(
        k.startswith("R") for k, _ in keys
    )
    key(app, pygame.K_F1)
    assert result.show_controls
    key(app, pygame.K_ESCAPE)  # closes the list, leaves the sheet open
    assert app.scene is result and not result.show_controls
    key(app, pygame.K_SLASH, "?")
    assert result.show_controls
    click(app, (640, 400))
    assert app.scene is result and not result.show_controls


def drawn_text(app, monkeypatch) -> list[str]:
    """Every piece of text one frame of the app draws."""
    theme.text.cache_clear()
    seen: list[str] = []
    real = fonts.render

    def spy(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    app.draw()
    monkeypatch.setattr(fonts, "render", real)
    return seen


def _ink_centre(surface: pygame.Surface) -> tuple[float, float]:
    """Where the ink of ``surface`` weighs, as a share of its width and height."""
    mask = pygame.mask.from_surface(surface, 64)
    x, y = mask.centroid()
    return x / surface.get_width(), y / surface.get_height()


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_the_arrow_keys_badges_are_arrows_in_either_language(app, monkeypatch, lang):
    """The replay's buttons show the arrow keys as arrows (← → ↑ ↓), never as English words."""
    from engine.ai.coach import Mark, Review
    from marriage_gui import language
    from marriage_gui.ui.button import ARROWS, key_cap

    from .text_trace import Trace

    _result, match = sheet(app, SOLO)
    marks = (Mark(3, "discard", "you threw 8D", "the hard bot would throw KC", "KC", 2.0),)
    names = ("You", "Sita", "Ram")
    app.open("replay", replay=match.hand_replay(0), names=names, review=Review(0, 0, 6, 4, marks))
    language.use(lang)
    try:
        scene = app.scene
        arrows = sorted(b.hotkey for b in scene.buttons if b.hotkey.lower() in ARROWS)
        assert arrows == ["Down", "Left", "Right", "Up"]
        trace = Trace(monkeypatch)
        trace.draw(app)
        assert not {"Left", "Right", "Up", "Down"} & set(trace.heard)
    finally:
        language.use("en")
    # Each arrow points its own way: its head (the heavier end) lies that side of its middle.
    centre = {k: _ink_centre(key_cap(k, 28, (255, 255, 255))) for k in ARROWS_SHOWN}
    assert centre["Left"][0] < 0.5 < centre["Right"][0]
    assert centre["Up"][1] < centre["Down"][1]
    assert abs(centre["Left"][1] - centre["Right"][1]) < 0.02  # on one line


ARROWS_SHOWN = ("Left", "Right", "Up", "Down")
