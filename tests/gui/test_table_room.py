"""Room on the table: the open log and the maal panel cover no button, hand, pile or seat, at
every supported window size and number of players."""

from __future__ import annotations

import pygame
import pytest

from marriage_gui.setup import SeatSetup
from marriage_gui.table.layout import Layout
from marriage_gui.table.maal import draw_panel, maal_lines, plan_panel, seat_maal

from .test_table import DT, table

SIZES = [
    (1024, 640),
    (1024, 700),
    (1280, 720),
    (1280, 800),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
]
PLAYERS = [2, 3, 4, 5]


def seat_parts(L: Layout) -> list[pygame.Rect]:
    """Every other seat's name plate, card backs and shown melds."""
    parts = []
    for spot in L.seats.values():
        backs = pygame.Rect(0, 0, round(L.bw * 2.8), L.bh + 8)
        backs.center = spot.fan
        parts += [spot.plate, spot.melds, backs]
    return parts


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_open_log_covers_no_button_hand_pile_or_seat(size, players):
    for clockwise in (True, False):
        L = Layout(size, players, 0, clockwise, log_open=True)
        mine = [L.hand_rect, L.band, L.buttons, L.my_plate, L.my_melds]
        piles = [L.stock, L.discard_row, L.discard_zone]
        for part in mine + piles + seat_parts(L):
            assert not L.log_rect.colliderect(part), (part, L.log_rect)
        assert L.log_rect.right <= size[0] - L.margin
        # Room for a useful history: at least six lines of the log's text.
        assert L.log_rect.height >= 6 * round(max(12, size[1] // 48 - 3) * 1.45) + 16


@pytest.mark.parametrize("players", PLAYERS)
def test_the_discard_row_gives_the_log_its_room_only_while_it_is_open(players):
    shut, open_ = Layout((1280, 800), players, 0), Layout((1280, 800), players, 0, log_open=True)
    assert open_.discard_row.x == shut.discard_row.x
    assert open_.discard_row.right < open_.log_rect.x < shut.discard_row.right


def test_l_opens_the_log_beside_the_buttons_and_the_cards_at_four_players(app):
    seats = [SeatSetup("You", "human")] + [SeatSetup(n, "easy") for n in ("Sita", "Ram", "Hari")]
    scene = table(app, seats, seed=4)
    for _ in range(120):
        app.step([], DT)  # the deal lands
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")], DT)
    assert scene.seats.log.open
    for _ in range(120):
        app.step([], DT)  # the discards make room
    app.draw()
    log = scene.staging.layout.log_rect
    shown = [b for b in scene.actions.buttons.values() if b.visible]
    assert shown and not any(b.rect.colliderect(log) for b in shown)
    cards = [sp.rect for cid, sp in scene.board.sprites.items() if cid >= 0]
    assert cards and not any(r.colliderect(log) for r in cards)
    assert not log.colliderect(scene.staging.layout.stock)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l")], DT)
    assert not scene.seats.log.open and scene.staging.layout.discard_row.right > log.x


def test_discards_hidden_under_the_first_slot_are_not_drawn(app, monkeypatch):
    """Only the top card of a squeezed pile's first slot is drawn (their shadows would pile
    up into a dark bar under the row)."""
    from marriage_gui.table import demo
    from marriage_gui.table.scene import TableScene
    from marriage_gui.table.sprites import CardSprite

    setup, match = demo.mid_hand(7, 4)
    scene = TableScene(app, setup, match)
    scene.frozen = True
    app.push(scene)
    scene.staging.toggle_log()
    for _ in range(120):
        app.step([], DT)
    pile = scene.seats.state.discards
    slots = {(scene.board.targets[c].x, scene.board.targets[c].y) for c in pile}
    assert len(slots) < len(pile), "the pile is squeezed: some discards share the first slot"
    drawn: list[int] = []
    monkeypatch.setattr(CardSprite, "draw", lambda self, *a, **k: drawn.append(self.card_id))
    scene.board.draw_cards(app.screen, {}, False, (0,))
    assert len(drawn) == len(slots) and pile[-1] in drawn
    first = scene.board.targets[pile[0]]
    under = [
        c
        for c in pile
        if (scene.board.targets[c].x, scene.board.targets[c].y) == (first.x, first.y)
    ]
    assert under[-1] in drawn and not set(under[:-1]) & set(drawn)


def stock_and_count(L: Layout) -> pygame.Rect:
    """The stock, the hidden tiplu lying across it and its count under it."""
    r = pygame.Rect(0, L.stock.y, L.th, L.th + max(12, L.th // 9) + 12)
    r.centerx = L.stock.centerx
    return r


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_maal_panels_room_is_clear_of_seats_hand_band_piles_and_log(size, players):
    for clockwise in (True, False):
        for log_open in (False, True):
            L = Layout(size, players, 0, clockwise, log_open=log_open)
            area = L.maal_area
            assert area.width > 0 and area.height > 0
            mine = [L.hand_rect, L.band, L.buttons, L.my_plate, L.my_melds]
            piles = [stock_and_count(L), L.discard_row, L.log_rect]
            for part in mine + piles + seat_parts(L):
                assert not area.colliderect(part), (part, area)


#: Maal items as the engine writes them: four common ones first, then the longest there are.
ITEMS = [
    ("shown marriage", "6♥ 7♥ 8♥", 10),
    ("tiplu", "7♥", 3),
    ("alter", "7♦", 3),
    ("2 poplus", "8♥ 8♥", 4),
    ("2 tunnelas of 7♥, 7♦ (dealt)", "7♥ 7♥ 7♥ 7♦ 7♦ 7♦", 15),
    ("2 poplus and jhiplus", "8♥ 8♥ 6♥", 4),
    ("2 printed jokers", "Joker Joker", 2),
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
def test_the_maal_panel_stays_in_its_room_however_many_items(size, players):
    pygame.font.init()
    L = Layout(size, players, 0)
    for n in range(len(ITEMS) + 1):
        lines = ITEMS[:n]
        plan = plan_panel(lines, sum(p for _i, _c, p in lines), L.maal_area, L.maal_size)
        assert L.maal_area.contains(plan.box), (n, plan, L.maal_area)
        assert plan.box.bottomleft == L.maal_area.bottomleft
        if size[1] >= 700 and n <= 4:
            # The table keeps room for the head and four common items at its text size.
            assert plan.size == L.maal_size and plan.columns == 1, (n, plan)


def test_a_panel_with_more_items_than_its_room_says_how_many_it_left_out(monkeypatch):
    from marriage_gui.art import fonts
    from marriage_gui.ui import theme

    pygame.font.init()
    L = Layout((1024, 640), 4, 0)
    surface = pygame.Surface(L.size)
    theme.text.cache_clear()
    said: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda t, *a, **k: said.append(t) or real(t, *a, **k))
    box = draw_panel(surface, ITEMS, 46, L.maal_area, L.maal_size)
    assert L.maal_area.contains(box)
    more = [t for t in said if t.startswith("and ") and t.endswith(" more")]
    shown = [item for item, _c, _p in ITEMS if item in said]
    assert more == [f"and {len(ITEMS) - len(shown)} more"] and shown == [
        i for i, _c, _p in ITEMS[: len(shown)]
    ]
    said.clear()
    draw_panel(surface, ITEMS[:3], 16, L.maal_area, L.maal_size)
    assert not any(t.endswith(" more") for t in said)
    assert all(item in said for item, _c, _p in ITEMS[:3])


def test_the_maal_panel_sits_beside_the_left_seats_shown_melds(app):
    from marriage_gui.table import demo
    from marriage_gui.table.scene import TableScene

    setup, match = demo.mid_hand(9, 4)  # you and the seat on your left have seen
    scene = TableScene(app, setup, match)
    scene.frozen = True
    app.push(scene)
    for _ in range(120):
        app.step([], DT)
    view, L = scene.seats.state, scene.staging.layout
    left = next(s for s, spot in L.seats.items() if spot.side == "left")
    assert view.seen[0] and view.shown[left]
    count = seat_maal(view)
    assert count is not None
    box = plan_panel(maal_lines(view), count.total, L.maal_area, L.maal_size).box
    shown = [i for _kind, ids in view.shown[left] for i in ids]
    assert shown and not any(scene.board.sprites[i].rect.colliderect(box) for i in shown)
    mine = [scene.board.sprites[i].rect for i in view.hand]
    assert not any(r.colliderect(box) for r in mine)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 5])
def test_a_name_plates_words_leave_room_for_the_dealer_chip_and_the_seen_tag(
    size, players, monkeypatch
):
    from marriage_gui.art.cards import CardArt
    from marriage_gui.table import pieces
    from marriage_gui.table.board import Board

    L = Layout(size, players, 0)
    surface = pygame.Surface(size)
    drawn: list[tuple[str, pygame.Surface]] = []
    real = pieces.label

    def spy(text, *args, **kwargs):
        img = real(text, *args, **kwargs)
        drawn.append((text, img))
        return img

    monkeypatch.setattr(pieces, "label", spy)
    board = Board(CardArt())
    for seat, spot in L.seats.items():
        drawn.clear()
        name = "Bhagawati Prasad Shrestha"
        pieces.draw_plate(surface, board, L, seat, name, "medium", 21, True, "-1234", False, True)
        r = spot.plate
        ar = r.height // 2 - 8
        words_x = r.x + 2 * ar + 20
        chip = pieces.dealer_chip_centre(r)
        # The chip sits on the avatar, left of the words (it used to cover the money).
        assert chip[0] + r.height // 6 < words_x and r.collidepoint(chip)
        words = {text: img.get_width() for text, img in drawn}
        assert any(t.startswith("Bh") and t.endswith("…") for t in words), words
        for text, w in words.items():
            if text not in ("SEEN", "D", "21"):
                assert words_x + w <= r.right - 6, text
        # The money shows whole, even beside a level's name.
        assert "Bot · medium · -1234" in words, words
