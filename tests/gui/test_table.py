"""The card table driven headless: synthetic events with positions, a fixed time step."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from engine.cards import code_of
from engine.match import LocalMatch
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.intents import Command
from marriage_gui.table.scene import TableScene

DT = 1 / 60


def headless_app(tmp_path) -> App:
    """A windowless app at 1280x800 whose cards land at once and whose bots do not wait."""
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.settings.animation_speed = "instant"
    a.settings.bot_delay = 0.0
    return a


def close_tables(a: App) -> None:
    """Close every table the test left open (their bot workers stop)."""
    for scene in list(a.stack):
        if isinstance(scene, TableScene):
            scene.close()


def table(app: App, seats, seed: int = 11, hands: int = 2) -> TableScene:
    setup = MatchSetup(tuple(seats), hands=hands, seed=seed)
    scene = TableScene(app, setup)
    app.push(scene)
    app.step([], DT)
    return scene


def frame(app: App, dt: float = DT) -> None:
    """One frame, then the interpreter let go (the real loop sleeps between frames): the thread
    that reads the bots' worker is not kept waiting for its answers."""
    app.step([], dt)
    time.sleep(0)


def step_until(app: App, done: Callable[[], object], timeout: float = 60.0) -> bool:
    """Give the app frames until ``done()`` holds; whether it did within ``timeout`` seconds.

    A wait on the table's bot or advisor (a worker of its own) is a wait in time, not in frames:
    on a busy machine the frames come faster than the worker's answer."""
    end = time.monotonic() + timeout
    while True:
        frame(app)
        if done():
            return True
        if time.monotonic() > end:
            return False


def click(app: App, pos, button: int = 1) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def drag(app: App, start, end) -> None:
    sx, sy = start
    ex, ey = end
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for k in range(1, 9):
        p = (round(sx + (ex - sx) * k / 8), round(sy + (ey - sy) * k / 8))
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    for e in events:
        app.step([e], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)


def card_centre(scene: TableScene, cid: int) -> tuple[int, int]:
    r = scene.board.sprites[cid].rect
    # Aim at the visible left strip of an overlapped card.
    return (r.x + 8, r.y + r.height // 2)


def solo(app: App) -> TableScene:
    return table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")])


def logged(scene: TableScene) -> list:
    """The actions the match has applied (from its save data: the log)."""
    return scene.match.save_dict()["log"]


def snapshot(scene: TableScene):
    """Everything that makes the match what it is, as plain data."""
    return scene.match.save_dict(), scene.match.version


def test_draw_by_click_then_drag_discard_that_very_card(app):
    scene = solo(app)
    v = scene.seats.state
    assert v.current_player == 0 and v.phase == "draw"
    click(app, scene.staging.layout.stock.center)
    v = scene.seats.state
    assert v.phase == "play" and len(v.hand) == 22
    cid = scene.seats.fan.order[5]
    drag(app, card_centre(scene, cid), scene.staging.layout.discard_row.center)
    assert cid not in scene.seats.state.hand
    discards = [a for a in logged(scene) if isinstance(a, list)]
    assert discards and discards[0][1] == cid


def test_drop_before_drawing_returns_the_card_with_the_engine_reason(app):
    scene = solo(app)
    before = snapshot(scene)
    cid = scene.seats.fan.order[2]
    home = (scene.board.targets[cid].x, scene.board.targets[cid].y)
    drag(app, card_centre(scene, cid), scene.staging.layout.discard_row.center)
    assert snapshot(scene) == before
    assert "draw" in (scene.toast.current or "").lower()
    for _ in range(5):
        app.step([], DT)
    sprite = scene.board.sprites[cid]
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))


def test_drop_on_the_felt_eases_back_and_says_why(app):
    scene = solo(app)
    before = snapshot(scene)
    cid = scene.seats.fan.order[0]
    felt = (640, scene.staging.layout.discard_zone.bottom + 10)  # under the piles, over no card
    drag(app, card_centre(scene, cid), felt)
    assert snapshot(scene) == before
    assert "drop a card on the discard pile" in (scene.toast.current or "").lower()
    assert cid in scene.seats.fan.order


def test_draw_by_dragging_the_discard_into_the_hand(app):
    scene = solo(app)
    assert any(a.__class__.__name__ == "TakeDiscard" for a in scene.seats.state.legal)
    top = scene.seats.state.discards[-1]
    target = card_centre(scene, scene.seats.fan.order[3])
    drag(app, scene.board.sprites[top].rect.center, target)
    assert scene.seats.state.phase == "play"
    assert top in scene.seats.state.hand
    assert top in scene.seats.fan.order[:6]  # it landed where it was dropped


def test_drag_to_reorder_the_hand(app):
    scene = solo(app)
    cid = scene.seats.fan.order[0]
    last = scene.seats.fan.order[-1]
    # Dropped past the end of the hand: it becomes the last card (it used to land one short).
    right = scene.board.sprites[last].rect.right
    drag(app, card_centre(scene, cid), (min(right + 150, 1270), scene.staging.layout.hand_y + 40))
    assert scene.seats.fan.order[-2:] == [last, cid]
    # And dropped at the far left it becomes the first again.
    drag(app, card_centre(scene, cid), (5, scene.staging.layout.hand_y + 40))
    assert scene.seats.fan.order[0] == cid and scene.seats.fan.order[-1] == last


def test_hot_seat_curtain_hides_every_hand(app, monkeypatch):
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = table(app, seats)
    drawn: list[int] = []
    real_face = app.art.face

    def spy(code, *a, **k):
        drawn.append(code)
        return real_face(code, *a, **k)

    monkeypatch.setattr(app.art, "face", spy)
    for _ in range(3):
        app.step([], DT)
    assert scene.curtain is not None and scene.seats.viewer is None
    assert drawn == []
    click(app, (640, 400))
    assert scene.curtain is None and scene.seats.viewer == 0
    # Asha plays: draw and discard; from then on her cards must not show.
    click(app, scene.staging.layout.stock.center)
    cid = scene.seats.fan.order[0]
    drag(app, card_centre(scene, cid), scene.staging.layout.discard_row.center)
    assert scene.seats.state.current_player != 0
    for _ in range(400):
        drawn.clear()
        app.step([], DT)
        v = scene.seats.state
        public_codes = {code_of(c) for c in v.discards}
        public_codes |= {code_of(i) for melds in v.shown for _k, ids in melds for i in ids}
        assert set(drawn) <= public_codes, "a hidden card was drawn face up"
        if scene.curtain is not None:
            break
    assert scene.curtain is not None
    assert scene.curtain.name == "Bina"


def test_bot_only_match_plays_to_the_match_over_scene(app):
    from marriage_gui.scenes.match_over import MatchOverScene

    seats = [SeatSetup("A", "easy"), SeatSetup("B", "easy"), SeatSetup("C", "easy")]
    table(app, seats, seed=5, hands=2)
    for _ in range(20000):
        frame(app)
        if isinstance(app.scene, MatchOverScene):
            break
    assert isinstance(app.scene, MatchOverScene)
    assert app.scene.game.is_over and app.scene.game.hand_no == 1


def test_save_kill_continue_resumes_the_same_game(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    drag(app, card_centre(scene, scene.seats.fan.order[4]), scene.staging.layout.discard_row.center)
    for _ in range(30):
        app.step([], DT)
    played = scene.match.save_dict()
    views = [scene.match.view(s) for s in range(2)]
    assert played["log"], "something was played"
    scene.close()
    del app, scene  # the program is killed: nothing else is written
    again = App((1280, 800), headless=True, data_dir=tmp_path)
    loaded = again.storage.load_game()
    assert loaded is not None
    setup, match = loaded
    assert isinstance(match, LocalMatch)
    assert match.save_dict() == played
    assert [match.view(s) for s in range(2)] == views
    resumed = TableScene(again, setup, match)
    again.push(resumed)
    again.step([], DT)
    assert resumed.seats.state.hand == views[0].hand
    assert sorted(resumed.seats.fan.order) == sorted(views[0].hand)
    resumed.close()


def test_select_three_pure_melds_and_see(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    click(app, scene.staging.layout.stock.center)
    see_button = scene.actions.buttons["see"]
    wanted = [
        c.code
        for m in next(a for a in scene.seats.state.legal if a.__class__.__name__ == "See").melds
        for c in m
    ]
    for code in wanted:
        cid = next(
            i
            for i in scene.seats.fan.order
            if code_of(i) == code and i not in scene.seats.fan.selected
        )
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card_centre(scene, cid), button=1)], DT
        )
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card_centre(scene, cid), button=1)], DT
        )
        app.step([], 1.0)  # no double-click
    assert sorted(code_of(i) for i in scene.seats.fan.selected) == sorted(wanted)
    app.step([], DT)
    assert see_button.visible and see_button.enabled
    click(app, see_button.rect.center)
    v = scene.seats.state
    assert v.seen[0] and v.tiplu_id is not None
    assert any(e.kind == "tiplu_chosen" for e in scene.match.view(0).history)
    app.step([], DT)
    assert v.tiplu_id in scene.board.targets  # the tiplu shows at the seer's corner


def test_see_with_a_wrong_selection_is_not_offered_and_says_what_is_needed(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    click(app, scene.staging.layout.stock.center)
    scene.seats.fan.toggle(scene.seats.fan.order[0])
    app.step([], DT)
    assert not scene.actions.buttons["see"].enabled
    before = snapshot(scene)
    scene.dispatch(Command("see"))
    assert snapshot(scene) == before
    assert "three pure melds or seven dublees" in (scene.toast.current or "").lower()


def test_keyboard_draw_and_discard(app):
    scene = solo(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0)], DT)
    assert scene.seats.state.phase == "play"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)], DT)
    cid = scene.seats.fan.order[1]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0)], DT)
    assert [a for a in logged(scene) if isinstance(a, list)][0][1] == cid


def test_hint_is_only_for_the_player_to_move(app):
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = table(app, seats)
    click(app, (640, 400))  # Asha sits down
    assert scene.seats.viewer == 0
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0)], DT)
    assert scene.hint.job is not None
    assert "thinking" in (scene.toast.current or "").lower()
    # The worker's answer is waited for (with a real time-out), then one frame takes it in.
    scene.hint.job.result(timeout=120)
    app.step([], DT)
    assert scene.hint.job is None
    # The toast now holds the hint itself, no longer the "thinking" note.
    assert (scene.toast.current or "").startswith("Hint: ")
    assert "thinking" not in (scene.toast.current or "").lower()
    # Bina may not ask for a hint on Asha's turn: the table says whose turn it is.
    scene.seats.sit(1)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0)], DT)
    assert scene.hint.job is None and "asha's turn" in (scene.toast.current or "").lower()


def test_dealt_tunnela_prompt_exposes_before_the_first_draw(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=7)
    app.step([], DT)
    assert scene.ask.dialog is not None and "tunnela" in scene.ask.dialog.title
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    v = scene.seats.state
    assert v.shown[0] and v.shown[0][0][0] == "tunnela"
    assert v.phase == "draw" and v.current_player == 0


def test_escape_menu_save_and_quit_to_the_title(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)  # one move, so the autosave has something
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)], DT)
    assert scene.ask.dialog is not None and scene.ask.dialog.title == "Paused"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0)], DT)
    assert app.scene is not scene
    assert scene not in app.stack
    loaded = app.storage.load_game()
    assert loaded is not None and loaded[1].version == 1


def test_group_puts_pure_melds_first_before_seeing():
    from engine.cards import CARDS, parse_cards
    from engine.rules import PRESETS
    from marriage_gui.table.hand import HandFan

    cards = parse_cards("9H 3S KD 4S 5S 7C 7C 7C QH 2D")
    ids = []
    used: dict[int, int] = {}
    for c in cards:
        k = used.get(c.code, 0)
        used[c.code] = k + 1
        ids.append(c.code + 52 * k)
    fan = HandFan(ids)
    found = fan.group(PRESETS["nepali"], None, (), 4)
    first_six = sorted(CARDS[i % 52].code for i in fan.order[:6])
    assert found >= 2
    assert first_six == sorted(c.code for c in parse_cards("3S 4S 5S 7C 7C 7C"))


def test_go_out_shows_a_preview_then_ends_the_hand(app):
    from engine.actions import GoOut
    from engine.ai import make_bot

    for seed in range(40):
        setup = MatchSetup(
            (SeatSetup("You", "human"), SeatSetup("Sita", "easy")), hands=2, seed=seed
        )
        match = LocalMatch.new(setup.rules, ["You", "Sita"], seed=seed, hands=2, worker="inline")
        bots = [make_bot("easy", 1), make_bot("easy", 2)]
        found = False
        for _ in range(400):
            seat = match.view(0).current_player
            view = match.view(seat)
            if view.hand_over:
                break
            if seat == 0 and any(isinstance(a, GoOut) for a in view.legal):
                found = True
                break
            action = bots[seat].choose(view)
            if isinstance(action, GoOut):
                break
            match.submit(seat, action)
        if found:
            break
    assert found, "no position to go out from"
    match.set_driver(1, "easy")
    scene = TableScene(app, setup, match)
    app.push(scene)
    app.step([], DT)
    assert scene.actions.buttons["out"].enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    assert scene.ask.dialog is not None and scene.ask.dialog.melds
    assert not scene.seats.state.hand_over
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    assert scene.seats.state.hand_over and scene.seats.state.result.winner == 0
