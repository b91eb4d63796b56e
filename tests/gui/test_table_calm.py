"""The table says when it is still (the app may sleep) and when it moves, and the controls work."""

from __future__ import annotations

import pygame

from engine.cards import code_of
from marriage_gui.saved_match import saved
from marriage_gui.setup import SeatSetup
from marriage_gui.table.scene import TableScene

from .test_table import DT, click, logged, solo, step_until, table


def settle(app, scene: TableScene, seconds: float = 6.0) -> None:
    """Step the app until the table has had time to finish every fade."""
    for _ in range(round(seconds / DT)):
        app.step([], DT)


def test_table_is_still_while_waiting_for_the_person_and_moves_when_they_act(app):
    scene = solo(app)
    settle(app, scene)
    assert scene.seats.my_turn()
    assert not scene.animating()
    assert scene.wake_after() is None
    click(app, scene.staging.layout.stock.center)
    # The drawn card flies in and the log announces it: the table moves again.
    assert scene.animating()
    settle(app, scene)
    assert not scene.animating()
    # A drag in progress keeps frames coming even when nothing else moves.
    cid = scene.seats.fan.order[3]
    r = scene.board.sprites[cid].rect
    start = (r.x + 8, r.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    app.step(
        [pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, 0))], DT
    )
    assert scene.input.dragging and scene.animating()
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 60))], DT)


def test_table_moves_while_a_bot_is_to_play(app):
    app.settings.bot_delay = 5.0
    scene = solo(app)
    settle(app, scene)
    click(app, scene.staging.layout.stock.center)
    settle(app, scene)
    key(app, pygame.K_LEFT)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d")], DT)
    app.step([], DT)
    assert scene.seats.state.current_player == 1
    # The bot thinks for its delay; the table keeps drawing its ring.
    for _ in range(10):
        app.step([], DT)
        assert scene.animating()


def test_hot_seat_curtain_is_still(app):
    scene = table(app, [SeatSetup("Asha", "human"), SeatSetup("Bina", "human")])
    settle(app, scene, 2.0)
    assert scene.curtain is not None
    settle(app, scene)
    assert not scene.animating()


def key(app, k, unicode: str = "", mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)], DT)


def test_select_then_click_the_discard_pile_discards_once_drawn(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    settle(app, scene, 1.0)
    cid = scene.seats.fan.order[4]
    r = scene.board.sprites[cid].rect
    click(app, (r.x + 8, r.centery))
    assert scene.seats.fan.selected == [cid]
    settle(app, scene, 1.0)
    click(app, top(scene))
    v = scene.seats.state
    assert v.discards[-1] == cid and cid not in v.hand
    assert v.current_player == 1


def top(scene: TableScene) -> tuple[int, int]:
    v = scene.seats.state
    if v.discards:
        return scene.board.sprites[v.discards[-1]].rect.center
    return scene.staging.layout.discard_row.center


def test_escape_in_the_pause_menu_resumes(app):
    scene = solo(app)
    key(app, pygame.K_ESCAPE)
    assert scene.ask.dialog is not None and scene.ask.dialog.title == "Paused"
    key(app, pygame.K_ESCAPE)
    assert scene.ask.dialog is None and app.scene is scene


def test_escape_on_the_curtain_opens_the_pause_menu_without_revealing(app):
    scene = table(app, [SeatSetup("Asha", "human"), SeatSetup("Bina", "human")])
    settle(app, scene, 2.0)
    assert scene.curtain is not None
    key(app, pygame.K_ESCAPE)
    assert scene.ask.dialog is not None and scene.ask.dialog.title == "Paused"
    assert scene.curtain is not None and scene.seats.viewer is None
    app.draw()
    key(app, pygame.K_ESCAPE)
    assert scene.ask.dialog is None and scene.curtain is not None


def test_controls_sheet_opens_on_f1_and_question_mark_and_any_key_closes_it(app):
    from marriage_gui.table import controls

    scene = solo(app)
    key(app, pygame.K_F1)
    assert scene.show_controls
    app.draw()
    hand = list(scene.seats.fan.order)
    key(app, pygame.K_s, "s")  # closes the sheet and does nothing else
    assert not scene.show_controls and scene.seats.fan.order == hand
    key(app, pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    assert scene.show_controls
    # Every key the table reads is on the sheet.
    listed = " ".join(c for c, _ in controls.KEYS)
    for name in ("1", "2", "Left", "Shift", "Space", "Up", "D", "Enter", "S", "G", "H", "E", "L"):
        assert name in listed
    for name in ("Esc", "F1", "Ctrl+Z"):
        assert name in listed
    words = " ".join(c for c, _ in controls.MOUSE).lower()
    for what in ("double-click", "drag", "right-click", "wheel", "discard pile", "stock"):
        assert what in words


def see_now(app, scene: TableScene) -> None:
    """Draw, select the first legal See's melds by clicks, and press See."""
    from engine.actions import See

    from .test_table import card_centre

    click(app, scene.staging.layout.stock.center)
    wanted = [
        c.code
        for m in next(a for a in scene.seats.state.legal if isinstance(a, See)).melds
        for c in m
    ]
    for code in wanted:
        cid = next(
            i
            for i in scene.seats.fan.order
            if code_of(i) == code and i not in scene.seats.fan.selected
        )
        click(app, card_centre(scene, cid))
        app.step([], 1.0)  # no double-click
    click(app, scene.actions.buttons["see"].rect.center)
    assert scene.seats.state.seen[0]


def test_maal_panel_counts_as_the_score_sheet_does(app):
    from engine.cards import CARDS
    from engine.scoring import maal_breakdown
    from marriage_gui.table.maal import maal_lines, seat_maal

    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    assert seat_maal(scene.seats.state) is None  # not seen: nothing to count
    see_now(app, scene)
    count = seat_maal(scene.seats.state)
    assert count is not None and count.total > 0
    # The same count the showdown makes from the game itself.
    g = scene.match.local._game
    shown = [(k, [CARDS[code_of(i)] for i in ids]) for k, ids in g.shown[0]]
    want = maal_breakdown(
        [CARDS[code_of(i)] for i in g.hands[0]] + [c for _k, m in shown for c in m],
        g.wilds,
        g.rules,
        exposed_tunnelas=[m for k, m in shown if k == "tunnela"],
        seen=True,
        shown=[m for k, m in shown if k != "tunnela"],
    )
    assert count == want
    lines = maal_lines(scene.seats.state)
    assert sum(p for _i, _c, p in lines) == count.total
    app.draw()  # the panel draws


def test_undo_and_redo_of_arrangement(app):
    scene = solo(app)
    fan = scene.seats.fan
    start = list(fan.order)
    key(app, pygame.K_s, "s")  # sort by rank
    by_rank = list(fan.order)
    assert by_rank != start
    key(app, pygame.K_z, "", pygame.KMOD_CTRL)
    assert fan.order == start
    key(app, pygame.K_y, "", pygame.KMOD_CTRL)
    assert fan.order == by_rank
    key(app, pygame.K_z, "", pygame.KMOD_CTRL)
    key(app, pygame.K_z, "", pygame.KMOD_CTRL)  # nothing more: says so, changes nothing
    assert fan.order == start
    # A drawn card stays in the hand when an older arrangement comes back.
    key(app, pygame.K_s, "s")
    click(app, scene.staging.layout.stock.center)
    key(app, pygame.K_z, "", pygame.KMOD_CTRL)
    assert sorted(fan.order) == sorted(scene.seats.state.hand)


def test_group_leaves_gaps_between_groups_and_marks_melds(app):
    from marriage_gui.table.render import _draw_meld_marks

    scene = solo(app)
    key(app, pygame.K_g, "g")
    settle(app, scene, 1.0)
    fan = scene.seats.fan
    breaks = fan.breaks()
    assert breaks, "a grouped hand has more than one group"
    xs = [scene.board.targets[i].x for i in fan.order]
    steps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    plain = min(steps)
    for n in breaks:
        assert steps[n - 1] > plain * 1.3  # the gap before a new group
    assert any(len(r) >= 3 for r in fan.runs())
    _draw_meld_marks(scene.picture(), app.screen)
    # Sorting again forgets the groups: no gaps.
    key(app, pygame.K_s, "s")
    assert fan.breaks() == []


def ask_hint(app, scene):
    """Press H and wait for the advisor's answer."""
    key(app, pygame.K_h, "h")
    assert step_until(app, lambda: scene.hint.job is None), "the advisor never answered"


def test_hint_lifts_and_outlines_the_card_until_the_next_move(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    ask_hint(app, scene)
    cid = scene.hint.card
    assert cid is not None, "the advisor names a discard on this deal"
    settle(app, scene, 1.0)
    others = [scene.board.targets[i].y for i in scene.seats.fan.order if i != cid]
    assert scene.board.targets[cid].y < min(others)
    assert (scene.toast.current or "").startswith("Hint:")
    key(app, pygame.K_d, "d")
    assert scene.hint.card is None
    # The hint's words go with the card: they do not linger over the next players' turns.
    settle(app, scene, 0.5)
    assert not (scene.toast.current or "").startswith("Hint:")


def test_the_next_hand_is_dealt_in_the_sort_mode_of_the_last(app):
    from marriage_gui.table.hand import rank_key

    scene = solo(app)
    key(app, pygame.K_s, "s")
    assert scene.seats.fan.sort_mode == "rank"
    scene.seats.fan.order.reverse()
    scene.seats.new_hands()  # what a deal event does to the fans
    order = scene.seats.fan.order
    assert order == sorted(order, key=lambda i: rank_key(code_of(i)))


def test_curtain_tells_the_next_player_what_happened_since_their_turn(app):
    seats = [SeatSetup("You", "human"), SeatSetup("Bina", "human"), SeatSetup("Sita", "easy")]
    scene = table(app, seats, seed=5)
    settle(app, scene, 1.0)
    assert scene.curtain is not None
    assert scene.curtain.name == "Player 1"  # the default "You" does not name the wrong person
    assert scene.curtain.heading() == "So far this hand"  # no turn of theirs yet
    click(app, (640, 400))
    assert scene.seats.viewer == 0
    assert scene.seats.name(1) == "Bina"
    click(app, scene.staging.layout.stock.center)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_d, "d")
    gone = scene.match.view(0).discards[-1]
    step_until(app, lambda: scene.curtain is not None and scene.seats.state.current_player == 1)
    assert scene.curtain is not None and scene.curtain.name == "Bina"
    since = [line.english for line in scene.curtain.since]
    # Bina's own log lines only, from her last turn (the deal) on: Player 1's draw and discard.
    assert since and all(line in [s.english for s in scene.seats.logs[1].lines] for line in since)
    assert any("discard" in line.lower() for line in since)
    from engine.cards import CARDS

    hidden = set(scene.match.view(0).hand)
    for cid in hidden:  # nothing of player 1's hidden hand is named
        assert not any(f"— {CARDS[code_of(cid)]}" in line for line in since) or cid == gone
    # Player 1's moves are told by the name this screen gives them, not "You".
    assert any(line.startswith("Player 1 discarded") for line in since)
    assert not any(line.startswith("You ") for line in since)
    assert scene.curtain.heading() == "So far this hand"  # Bina has not played yet
    app.draw()
    # Bina plays; back at Player 1's turn the summary runs from their last turn.
    click(app, (640, 400))
    click(app, scene.staging.layout.stock.center)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_d, "d")
    step_until(app, lambda: scene.curtain is not None and scene.seats.state.current_player == 0)
    assert scene.curtain is not None and scene.curtain.name == "Player 1"
    assert scene.curtain.heading() == "Since your last turn"


def test_arrangement_comes_back_after_continue(tmp_path):
    from marriage_gui.app import App

    from .test_table import card_centre, drag

    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.settings.animation_speed = "instant"
    app.settings.bot_delay = 0.0
    scene = solo(app)
    key(app, pygame.K_g, "g")
    fan = scene.seats.fan
    # A move of the person's own, then a real action so the autosave runs.
    drag(app, card_centre(scene, fan.order[-1]), card_centre(scene, fan.order[0]))
    click(app, scene.staging.layout.stock.center)
    arranged, groups = list(fan.order), dict(fan.group_of)
    assert groups
    scene.close()
    again = App((1280, 800), headless=True, data_dir=tmp_path)
    loaded = again.storage.load_game()
    assert loaded is not None
    resumed = TableScene(again, loaded[0], saved(again, *loaded))
    again.push(resumed)
    again.step([], DT)
    assert resumed.seats.fan.order == arranged and resumed.seats.fan.group_of == groups
    # Arranging is not a move, yet Save and quit keeps it too.
    key(again, pygame.K_s, "s")
    key(again, pygame.K_s, "s")  # by rank, then by suit again
    resumed.seats.fan.order.reverse()
    by_hand = list(resumed.seats.fan.order)
    key(again, pygame.K_ESCAPE)
    key(again, pygame.K_q, "q")
    third = App((1280, 800), headless=True, data_dir=tmp_path)
    loaded = third.storage.load_game()
    assert loaded is not None
    last = TableScene(third, loaded[0], saved(third, *loaded))
    assert last.seats.fan.order == by_hand
    last.close()


def test_a_damaged_arrangement_only_costs_the_order():
    from engine.match import LocalMatch
    from marriage_gui.setup import MatchSetup

    setup = MatchSetup((SeatSetup("You", "human"), SeatSetup("Sita", "easy")), hands=2, seed=3)
    match = setup.start()
    data = match.save_dict()
    match.close()
    for bad in ("x", {"0": "junk"}, {"0": {"hand": 0, "order": ["a", None]}}, {"9": {}}):
        again = LocalMatch.from_save({**data, "arrangements": bad}, ["human", "easy"])
        view = again.view(0)
        assert view.hand
        again.close()


def test_log_never_covers_a_seat_and_discard_ranks_never_overlap():
    from marriage_gui.table.layout import Layout

    for size in ((1024, 640), (1280, 800), (1920, 1080), (800, 600)):
        for players in (2, 3, 4, 5):
            L = Layout(size, players, 0)
            for spot in L.seats.values():
                backs = pygame.Rect(0, 0, round(L.bw * 2.8), L.bh + 8)
                backs.center = spot.fan
                for part in (spot.plate, spot.melds, backs):
                    assert not L.log_rect.colliderect(part), (size, players, spot.seat)
                assert L.log_rect.height > 0
            for count in (10, 30, 45, 80):
                xs = [x for x, _y in L.discard_slots(count)]
                steps = [b - a for a, b in zip(xs, xs[1:], strict=False) if b != a]
                assert min(steps) >= L.tw * 0.25, (size, count)


def test_d_after_a_hint_discards_the_hinted_card(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    ask_hint(app, scene)
    cid = scene.hint.card
    assert cid is not None and cid != scene.seats.fan.order[scene.seats.fan.focus]
    key(app, pygame.K_d, "d")
    assert [a for a in logged(scene) if isinstance(a, list)][-1][1] == cid


def test_d_before_the_draw_says_to_draw_first(app):
    scene = solo(app)
    assert scene.seats.my_turn() and scene.seats.state.phase == "draw"
    before = logged(scene)
    for arrows in (False, True):  # with no card chosen, and with the focus ring on one
        if arrows:
            key(app, pygame.K_RIGHT, "")
        key(app, pygame.K_d, "d")
        assert logged(scene) == before
        assert "draw a card first" in (scene.toast.current or "").lower()


def test_d_with_nothing_chosen_and_no_focus_ring_discards_nothing_and_says_how(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    before = logged(scene)
    key(app, pygame.K_d, "d")
    assert logged(scene) == before and scene.seats.state.phase == "play"
    assert "pick the card to discard" in (scene.toast.current or "").lower()
    # Once the arrows show the focus ring, D discards the card under it.
    key(app, pygame.K_RIGHT, "")
    cid = scene.seats.fan.order[scene.seats.fan.focus]
    key(app, pygame.K_d, "d")
    assert logged(scene)[-1][1] == cid


def pause_button(app, scene: TableScene, name: str) -> None:
    """Open the pause menu with the menu button and click its button ``name``."""
    click(app, scene.staging.layout.menu_button.center)
    assert scene.ask.dialog is not None and scene.ask.dialog.title == "Paused"
    button = next(b for b in scene.ask.dialog.buttons if b.text == name)
    click(app, button.rect.center)
    assert scene.ask.dialog is None


def test_the_pause_menu_opens_the_controls_and_the_log_for_a_mouse_player(app):
    scene = solo(app)
    pause_button(app, scene, "Controls")
    assert scene.show_controls
    click(app, (640, 400))  # any click closes the sheet
    assert not scene.show_controls
    assert not scene.seats.log.open
    pause_button(app, scene, "Log")
    assert scene.seats.log.open


def test_see_with_nothing_selected_shows_the_best_melds_or_the_hinted_ones(app):
    from engine.actions import See
    from engine.ai.base import Knowledge
    from engine.ai.medium import Policy

    # Seed 36: after the first draw there are six ways to see, and the first is not the best.
    for follow_hint in (False, True):
        scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=36)
        click(app, scene.staging.layout.stock.center)
        sees = [a for a in scene.seats.legal_now() if isinstance(a, See)]
        assert len(sees) > 1
        want = Policy().best_see(Knowledge.of(scene.seats.state), sees)
        assert want != sees[0]
        if follow_hint:
            ask_hint(app, scene)
            assert isinstance(scene.hint.action, See)
            want = scene.hint.action
        key(app, pygame.K_RETURN, "\r")
        assert scene.seats.state.seen[0]
        shown = sorted(c for _kind, ids in scene.seats.state.shown[0] for c in map(code_of, ids))
        assert shown == sorted(c.code for m in want.melds for c in m)
        scene.close()
        app.pop()
