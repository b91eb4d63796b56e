"""The card table driven headless: synthetic events with positions, a fixed time step."""

from __future__ import annotations

import pygame
import pytest

from engine.actions import Discard
from engine.game import Game
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.scene import TableScene

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.settings.animation_speed = "instant"
    a.settings.bot_delay = 0.0
    yield a
    for scene in list(a.stack):
        if isinstance(scene, TableScene):
            scene.close()


def table(app: App, seats, seed: int = 11, hands: int = 2) -> TableScene:
    setup = MatchSetup(tuple(seats), hands=hands, seed=seed)
    scene = TableScene(app, setup)
    app.push(scene)
    app.step([], DT)
    return scene


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


def test_draw_by_click_then_drag_discard_that_very_card(app):
    scene = solo(app)
    g = scene.game
    assert g.current_player == 0 and g.phase == "draw"
    click(app, scene.layout.stock.center)
    assert g.phase == "play" and len(g.hands[0]) == 22
    cid = scene.fan.order[5]
    drag(app, card_centre(scene, cid), scene.layout.discard_row.center)
    assert cid not in g.hands[0]
    discards = [a for a in g.log if isinstance(a, Discard)]
    assert discards and discards[0].card_id == cid


def test_drop_before_drawing_returns_the_card_with_the_engine_reason(app):
    scene = solo(app)
    g = scene.game
    before = g.clone()
    cid = scene.fan.order[2]
    home = (scene.board.targets[cid].x, scene.board.targets[cid].y)
    drag(app, card_centre(scene, cid), scene.layout.discard_row.center)
    assert g == before
    assert "draw" in scene.toast.text.lower()
    for _ in range(5):
        app.step([], DT)
    sprite = scene.board.sprites[cid]
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))


def test_drop_on_the_felt_eases_back_and_says_why(app):
    scene = solo(app)
    g = scene.game
    before = g.clone()
    cid = scene.fan.order[0]
    drag(app, card_centre(scene, cid), (640, 200))
    assert g == before
    assert scene.toast.text
    assert cid in scene.fan.order


def test_draw_by_dragging_the_discard_into_the_hand(app):
    scene = solo(app)
    g = scene.game
    top = g.discards[-1]
    target = card_centre(scene, scene.fan.order[3])
    drag(app, scene.board.sprites[top].rect.center, target)
    if g.phase == "play":
        assert top in g.hands[0]
        assert top in scene.fan.order[:6]
    else:  # the rules refused it: the engine's reason is shown
        assert scene.toast.text


def test_drag_to_reorder_the_hand(app):
    scene = solo(app)
    cid = scene.fan.order[0]
    last = scene.fan.order[-1]
    drag(
        app,
        card_centre(scene, cid),
        (scene.board.sprites[last].rect.right - 5, scene.layout.hand_y + 40),
    )
    assert scene.fan.order[-1] == cid or scene.fan.order[-2] == cid


def test_hot_seat_curtain_hides_every_hand(app, monkeypatch):
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = table(app, seats)
    g = scene.game
    drawn: list[int] = []
    real_face = app.art.face

    def spy(code, *a, **k):
        drawn.append(code)
        return real_face(code, *a, **k)

    monkeypatch.setattr(app.art, "face", spy)
    for _ in range(3):
        app.step([], DT)
    assert scene.curtain is not None and scene.viewer is None
    assert drawn == []
    click(app, (640, 400))
    assert scene.curtain is None and scene.viewer == 0
    # Asha plays: draw and discard; from then on her cards must not show.
    click(app, scene.layout.stock.center)
    cid = scene.fan.order[0]
    drag(app, card_centre(scene, cid), scene.layout.discard_row.center)
    assert g.current_player != 0
    public = {c % 1000 for c in g.discards}
    for _ in range(400):
        drawn.clear()
        app.step([], DT)
        public_codes = {_code(c) for c in public | set(g.discards)}
        public_codes |= {_code(i) for melds in g.shown for _k, ids in melds for i in ids}
        assert set(drawn) <= public_codes, "a hidden card was drawn face up"
        if scene.curtain is not None:
            break
    assert scene.curtain is not None
    assert scene.curtain.name == "Bina"


def _code(cid: int) -> int:
    from engine.cards import code_of

    return code_of(cid)


def test_bot_only_match_plays_to_the_match_over_scene(app):
    from marriage_gui.scenes.match_over import MatchOverScene

    seats = [SeatSetup("A", "easy"), SeatSetup("B", "easy"), SeatSetup("C", "easy")]
    table(app, seats, seed=5, hands=2)
    for _ in range(20000):
        app.step([], DT)
        if isinstance(app.scene, MatchOverScene):
            break
    assert isinstance(app.scene, MatchOverScene)
    assert app.scene.game.is_over


def test_save_kill_continue_resumes_the_same_game(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    scene = solo(app)
    click(app, scene.layout.stock.center)
    drag(app, card_centre(scene, scene.fan.order[4]), scene.layout.discard_row.center)
    for _ in range(30):
        app.step([], DT)
    played = scene.game.clone()
    scene.close()
    del app, scene  # the program is killed: nothing else is written
    again = App((1280, 800), headless=True, data_dir=tmp_path)
    loaded = again.storage.load_game()
    assert loaded is not None
    setup, game = loaded
    assert isinstance(game, Game)
    assert game == played
    resumed = TableScene(again, setup, game)
    again.push(resumed)
    again.step([], DT)
    assert resumed.game == played
    resumed.close()


def test_select_three_pure_melds_and_see(app):
    from engine.cards import code_of

    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    g = scene.game
    click(app, scene.layout.stock.center)
    see_button = scene.buttons["see"]
    wanted = [
        c.code
        for m in next(a for a in g.legal_actions() if a.__class__.__name__ == "See").melds
        for c in m
    ]
    for code in wanted:
        cid = next(i for i in scene.fan.order if code_of(i) == code and i not in scene.fan.selected)
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card_centre(scene, cid), button=1)], DT
        )
        app.step(
            [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=card_centre(scene, cid), button=1)], DT
        )
        app.step([], 1.0)  # no double-click
    assert sorted(code_of(i) for i in scene.fan.selected) == sorted(wanted)
    app.step([], DT)
    assert see_button.visible and see_button.enabled
    click(app, see_button.rect.center)
    assert g.seen[0]
    assert any(e.kind == "tiplu_chosen" for e in g.events)
    app.step([], DT)
    assert g.tiplu_id in scene.board.targets  # the tiplu shows at the seer's corner


def test_keyboard_draw_and_discard(app):
    scene = solo(app)
    g = scene.game
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0)], DT)
    assert g.phase == "play"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)], DT)
    cid = scene.fan.order[1]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0)], DT)
    assert [a for a in g.log if isinstance(a, Discard)][0].card_id == cid


def test_hint_is_only_for_the_player_to_move(app):
    seats = [SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = table(app, seats)
    click(app, (640, 400))  # Asha sits down
    assert scene.viewer == 0
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0)], DT)
    assert scene.hint_job is not None
    for _ in range(600):
        app.step([], DT)
        if scene.hint_job is None:
            break
    assert "hint" in scene.toast.text.lower()


def test_dealt_tunnela_prompt_exposes_before_the_first_draw(app):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=7)
    g = scene.game
    app.step([], DT)
    assert scene.dialog is not None and "tunnela" in scene.dialog.title
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    assert g.shown[0] and g.shown[0][0][0] == "tunnela"
    assert g.phase == "draw" and g.current_player == 0


def test_escape_menu_save_and_quit_to_the_title(app):
    scene = solo(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)], DT)
    assert scene.dialog is not None and scene.dialog.title == "Paused"
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0)], DT)
    assert app.scene is not scene
    assert scene not in app.stack
    assert app.storage.load_game() is not None


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
    from marriage_gui.table.bots import make_bot

    for seed in range(40):
        setup = MatchSetup(
            (SeatSetup("You", "human"), SeatSetup("Sita", "easy")), hands=2, seed=seed
        )
        g = Game.new(setup.rules, ["You", "Sita"], seed, 2)
        bots = [make_bot("easy", 1), make_bot("easy", 2)]
        found = False
        for _ in range(400):
            if g.hand_over:
                break
            legal = g.legal_actions()
            if g.current_player == 0 and any(isinstance(a, GoOut) for a in legal):
                found = True
                break
            action = bots[g.current_player].choose(g.view(g.current_player))
            if isinstance(action, GoOut):
                break
            g.apply(action)
        if found:
            break
    assert found, "no position to go out from"
    scene = TableScene(app, setup, g)
    app.push(scene)
    app.step([], DT)
    assert scene.buttons["out"].enabled
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    assert scene.dialog is not None and scene.dialog.melds
    assert not g.hand_over
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)], DT)
    assert g.hand_over and g.result.winner == 0
