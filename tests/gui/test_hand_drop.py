"""A card dragged within the hand, or drawn by dragging into it, lands where the gap opened while
dragging showed it: between the two cards its centre was between, gaps between groups included."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import rig

from engine.cards import code_of, parse_cards
from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.layout import Layout
from marriage_gui.table.scene import TableScene

from .test_hand_groups import PAIRS, breaks_of, shapes
from .test_table import DT, card_centre, click, close_tables

SIZES = [(1280, 800), (1920, 1080)]


def breaks(labels: list[int]) -> list[int]:
    """Where a new group starts in a row of group labels."""
    return [n for n in range(1, len(labels)) if labels[n] != labels[n - 1]]


def labels_of(sizes: list[int]) -> list[int]:
    """Group labels for groups of ``sizes``, the last group loose (-1), as Group leaves them."""
    out = []
    for k, n in enumerate(sizes):
        out += [k if k < len(sizes) - 1 else -1] * n
    return out


@dataclass
class Row:
    """A hand's other cards (by group label) and ``held`` cards of group ``label`` over it."""

    L: Layout
    rest: list[int]
    held: int
    label: int

    known: dict[int, list[int]] = field(default_factory=dict, compare=False, repr=False)

    def breaks_at(self, at: int) -> list[int]:
        if at not in self.known:  # asked for again and again by the sweeps: worked out once
            self.known[at] = breaks(self.rest[:at] + [self.label] * self.held + self.rest[at:])
        return self.known[at]

    def picture(self, at: int | None) -> list[float]:
        """The other cards' centres as the hand shows them, opened at ``at`` (or closed)."""
        if at is None:
            slots = self.L.hand_slots_grouped(len(self.rest), breaks(self.rest))
        else:
            slots = self.L.hand_slots_grouped(len(self.rest) + self.held, self.breaks_at(at))
            slots = slots[:at] + slots[at + self.held :]
        return [sx + self.L.cw / 2 for sx, _y in slots]

    def between(self, x: float, at: int) -> bool:
        """Whether, the hand opened at ``at``, ``x`` lies between the gap's two neighbours."""
        centres = self.picture(at)
        return (at == 0 or centres[at - 1] < x) and (at == len(centres) or x <= centres[at])

    def place(self, x: float, shown: int | None) -> int:
        """Where the held cards go at ``x``, the hand shown opened at ``shown`` (or closed)."""
        near = sum(1 for c in self.picture(shown) if c < x)
        return self.L.hand_index_at(x, len(self.rest), self.held, self.breaks_at, near)


def remembering(L: Layout) -> Layout:
    """``L``, its grouped slots worked out once per (count, breaks): the sweeps below ask the
    layout the same pure question over a million times, and every answer is still its own."""
    own = L.hand_slots_grouped
    slots = functools.cache(lambda count, breaks: own(count, list(breaks)))
    L.hand_slots_grouped = lambda count, breaks: slots(count, tuple(breaks))  # type: ignore[method-assign]
    return L


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [21, 22])
@pytest.mark.parametrize("held", [1, 3])
def test_the_landing_lies_between_the_cards_either_side_of_the_held_cards_centre(size, count, held):
    L = remembering(Layout(size, 4, 0))
    rest_count = count - held
    for sizes in [[rest_count]] + shapes(rest_count):
        assert breaks(labels_of(sizes)) == breaks_of(sizes)
        for label in (-1, 0):
            row = Row(L, labels_of(sizes), held, label)
            # A card brought over the closed hand opens it between the cards it is between.
            for x in range(0, size[0], 5):
                at, near = row.place(x, None), sum(1 for c in row.picture(None) if c < x)
                assert row.between(x, at), (sizes, x, at)
                assert at == near or not row.between(x, near), (sizes, x, near, at)
            # Dragged along the hand and back, the gap follows the card a place at a time, and
            # stays while the card is between the gap's neighbours.
            shown = row.place(0, None)
            assert shown == 0
            for x in list(range(0, size[0], 3)) + list(range(size[0], -1, -3)):
                at = row.place(x, shown)
                assert row.between(x, at), (sizes, x, at)
                assert at == shown or not row.between(x, shown), (sizes, x, shown, at)
                assert abs(at - shown) <= 1, (sizes, x, shown, at)
                if x == size[0] - 3:
                    assert at == rest_count  # past the right end: the last place
                shown = at
            assert shown == 0


# ---------------------------------------------------------------------------- with the mouse
def rigged(app: App, hand: str, group: bool = True) -> TableScene:
    """Seat 0 of four holds ``hand`` (its turn to draw), grouped with G unless told."""
    seats = [SeatSetup("You", "human")] + [SeatSetup(f"Bot {k}", "easy") for k in range(1, 4)]
    setup = MatchSetup(tuple(seats), PRESETS["nepali"], hands=1, seed=3)
    match = setup.start()
    rig(match._game, 0, hand)
    scene = TableScene(app, setup, match)
    app.push(scene)
    app.step([], DT)
    if group:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")], DT)
    return scene


@pytest.fixture(params=SIZES, ids=["1280x800", "1920x1080"])
def sized_app(request, tmp_path):
    a = App(request.param, headless=True, data_dir=tmp_path)
    a.settings.animation_speed = "instant"
    a.settings.bot_delay = 0.0
    yield a
    close_tables(a)


def hand_xs(scene: TableScene) -> dict[int, float]:
    """Where each resting card of the hand lies now."""
    return {cid: t.x for cid, t in scene.board.targets.items() if t.layer == 3}


def centre_x(scene: TableScene, cid: int) -> float:
    return scene.board.targets[cid].x + scene.staging.layout.cw / 2


def drag_centre_to(
    app: App, start: tuple[int, int], grabbed: tuple[float, int], x: float, lower: bool = False
):
    """Press at ``start`` on a card whose left edge is at ``grabbed[0]`` (width ``grabbed[1]``)
    and drag it over the hand until its centre is at ``x`` (``lower``: carried above the hand
    first, then lowered into it); returns the hand as it lies just before the release (the gap
    showing where the card will go), then lets go."""
    scene = app.stack[-1]
    end = (round(x + start[0] - grabbed[0] - grabbed[1] / 2), scene.staging.layout.hand_y + 40)
    path = [start] + ([(end[0], start[1])] if lower else []) + [end]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)], DT)
    for a, b in zip(path, path[1:], strict=False):
        for k in range(1, 9):
            p = (round(a[0] + (b[0] - a[0]) * k / 8), round(a[1] + (b[1] - a[1]) * k / 8))
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
            app.step([motion], DT)
    preview = hand_xs(scene)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)], DT)
    for _ in range(30):
        app.step([], DT)
    return preview


def move_card(app: App, scene: TableScene, cid: int, x: float) -> dict[int, float]:
    """Drag the hand's card ``cid`` until its centre is at ``x``; returns the preview."""
    sprite = scene.board.sprites[cid]
    return drag_centre_to(app, card_centre(scene, cid), (sprite.x, sprite.w), x)


def ids_of(scene: TableScene, text: str) -> list[int]:
    """The hand's cards named in ``text``, in hand order (each copy once)."""
    wanted = [c.code for c in parse_cards(text)]
    out = []
    for cid in scene.seats.fan.order:
        if code_of(cid) in wanted:
            wanted.remove(code_of(cid))
            out.append(cid)
    return out


def landed_as_shown(scene: TableScene, preview: dict[int, float], moved: list[int]) -> None:
    """Every other card lies where the preview had it, and the moved cards fill its gap."""
    after = hand_xs(scene)
    assert {cid: after[cid] for cid in preview} == preview
    order = scene.seats.fan.order
    at = order.index(moved[0])
    assert order[at : at + len(moved)] == moved
    if at > 0:
        assert preview[order[at - 1]] < after[moved[0]]
    if at + len(moved) < len(order):
        assert after[moved[-1]] < preview[order[at + len(moved)]]


def test_a_card_dropped_between_two_groups_lands_between_them(sized_app):
    scene = rigged(sized_app, PAIRS)
    fan = scene.seats.fan
    kh, qc = ids_of(scene, "KH KH")[1], ids_of(scene, "QC")[0]
    assert fan.order.index(qc) == fan.order.index(kh) + 1 and fan.order.index(qc) in fan.breaks()
    dropped_between(sized_app, scene, ids_of(scene, "6D")[0], kh, qc)


def test_a_card_dropped_within_a_group_lands_inside_it(sized_app):
    scene = rigged(sized_app, PAIRS)
    first, second = ids_of(scene, "9H 9H")
    dropped_between(sized_app, scene, ids_of(scene, "6D")[0], first, second)


def dropped_between(app, scene, card: int, left: int, right: int) -> None:
    """Drag ``card`` to halfway between ``left`` and ``right``: it lands between them, as shown."""
    preview = move_card(app, scene, card, (centre_x(scene, left) + centre_x(scene, right)) / 2)
    at = scene.seats.fan.order.index(card)
    assert scene.seats.fan.order[at - 1 : at + 2] == [left, card, right]
    landed_as_shown(scene, preview, [card])


def test_a_card_moved_left_within_the_loose_cards_lands_where_let_go(sized_app):
    scene = rigged(sized_app, PAIRS)
    fan = scene.seats.fan
    loose = fan.order[fan.breaks()[-1] :]
    # The last loose card, dropped between the second and third loose cards.
    preview = move_card(
        sized_app, scene, loose[-1], (centre_x(scene, loose[1]) + centre_x(scene, loose[2])) / 2
    )
    assert fan.order[-len(loose) :] == loose[:2] + [loose[-1]] + loose[2:-1]
    landed_as_shown(scene, preview, [loose[-1]])


def test_the_ends_of_a_grouped_hand_take_a_card_dropped_beyond_them(sized_app):
    scene = rigged(sized_app, PAIRS)
    fan = scene.seats.fan
    first, last = fan.order[0], fan.order[-1]
    move_card(sized_app, scene, last, scene.board.targets[first].x - scene.staging.layout.cw)
    assert fan.order[:2] == [last, first]
    move_card(sized_app, scene, last, sized_app.size[0] - 2)
    assert fan.order[-1] == last


def test_two_chosen_cards_dragged_together_land_together_where_shown(sized_app):
    scene = rigged(sized_app, PAIRS)
    fan = scene.seats.fan
    js, two = ids_of(scene, "JS 2H")
    for cid in (js, two):
        click(sized_app, card_centre(scene, cid))
    assert fan.selected_in_order() == [js, two]
    five, nine = ids_of(scene, "5S 5S")[1], ids_of(scene, "9H")[0]
    lead = scene.board.sprites[js]
    preview = drag_centre_to(
        sized_app,
        card_centre(scene, js),
        (lead.x, lead.w),
        (centre_x(scene, five) + centre_x(scene, nine)) / 2,
    )
    at = fan.order.index(js)
    assert fan.order[at - 1 : at + 3] == [five, js, two, nine]
    landed_as_shown(scene, preview, [js, two])


def test_a_card_drawn_by_dragging_the_stock_lands_between_the_groups_it_was_let_go_between(
    sized_app,
):
    scene = rigged(sized_app, PAIRS)
    fan = scene.seats.fan
    assert scene.seats.state.phase == "draw" and scene.seats.state.current_player == 0
    kh, qc = ids_of(scene, "KH KH")[1], ids_of(scene, "QC")[0]
    stock = scene.staging.layout.stock
    preview = drag_centre_to(
        sized_app,
        stock.center,
        (stock.x, scene.staging.layout.tw),
        (centre_x(scene, kh) + centre_x(scene, qc)) / 2,
        lower=True,
    )
    assert len(scene.seats.state.hand) == 22
    (drawn,) = [i for i in fan.order if i not in preview]
    at = fan.order.index(drawn)
    assert fan.order[at - 1 : at + 2] == [kh, drawn, qc]
    landed_as_shown(scene, preview, [drawn])


def test_a_card_dropped_in_a_sorted_hand_of_22_lands_between_the_cards_it_was_between(sized_app):
    scene = rigged(sized_app, PAIRS, group=False)
    click(sized_app, scene.staging.layout.stock.center)
    fan = scene.seats.fan
    assert len(fan.order) == 22 and fan.breaks() == []
    moved, left, right = fan.order[2], fan.order[15], fan.order[16]
    preview = move_card(
        sized_app, scene, moved, (centre_x(scene, left) + centre_x(scene, right)) / 2
    )
    at = fan.order.index(moved)
    assert fan.order[at - 1 : at + 2] == [left, moved, right]
    landed_as_shown(scene, preview, [moved])


def _every_place_ranked(L: Layout, x: float, row: Row, near: int) -> int:
    """The place as the least rank over every place of the hand (what the layout's nearest-
    first search must agree with): fitting first, then nearest to ``near``, then nearest ``x``."""
    count, half = len(row.rest), L.cw / 2

    def rank(at: int) -> tuple[int, int, float]:
        slots = L.hand_slots_grouped(count + row.held, row.breaks_at(at))
        centres = [sx + half for sx, _y in slots[:at] + slots[at + row.held :]]
        left = sum(1 for c in centres if c < x)
        return (abs(left - at), abs(at - near), abs(slots[at][0] + half - x))

    return min(range(count + 1), key=rank)


@settings(max_examples=300)
@given(
    size=st.sampled_from(SIZES),
    held=st.sampled_from([1, 3]),
    cut=st.lists(st.integers(1, 6), max_size=5),
    label=st.sampled_from([-1, 0]),
    x=st.floats(-60, 1400),
    near=st.integers(-3, 25),
)
def test_the_nearest_first_search_finds_the_place_every_place_ranked_finds(
    size, held, cut, label, x, near
):
    L = Layout(size, 4, 0)
    rest = 21 - held
    sizes = [n for n in cut if n] + [max(0, rest - sum(cut))] if sum(cut) < rest else [rest]
    row = Row(L, labels_of(sizes), held, label)
    got = L.hand_index_at(x, len(row.rest), held, row.breaks_at, near)
    assert got == _every_place_ranked(L, x, row, near)
