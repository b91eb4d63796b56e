"""Groups in the hand read as groups: dublee pairs carry the mark of a complete group, and
groups stand further apart than the cards within them, at 21 and 22 cards."""

from __future__ import annotations

import pygame
import pytest
from positions import rig

from engine.rules import PRESETS
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.layout import DISCARD_MIN_STEP, Layout
from marriage_gui.table.render import marked_runs
from marriage_gui.table.scene import TableScene

from .test_table import DT

#: Seven pairs and seven loose cards.
PAIRS = "2S 2S 5S 5S 9H 9H KH KH 3D 3D 8D 8D QC QC 4C 7C JS AH 6D TC 2H"


def grouped(app, players: int, preset: str = "nepali") -> TableScene:
    """Seat 0 holds ``PAIRS`` and presses G."""
    seats = [SeatSetup("You", "human")] + [SeatSetup(f"Bot {k}", "easy") for k in range(1, players)]
    setup = MatchSetup(tuple(seats), PRESETS[preset], hands=1, seed=3)
    match = setup.start()
    rig(match._game, 0, PAIRS)
    scene = TableScene(app, setup, match)
    app.push(scene)
    app.step([], DT)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")], DT)
    return scene


def test_grouped_dublee_pairs_carry_the_mark_of_a_complete_group(app):
    scene = grouped(app, 4)
    assert scene.seats.state.rules.dublees_allowed(4)
    pairs = [run for run in scene.seats.fan.runs() if len(run) == 2]
    assert len(pairs) == 7
    assert marked_runs(scene.picture()) == pairs
    app.draw()


def test_pairs_are_not_marked_where_the_rules_give_dublees_no_use(app):
    scene = grouped(app, 3, "house")  # dublees from four players on
    assert not scene.seats.state.rules.dublees_allowed(3)
    assert len([run for run in scene.seats.fan.runs() if len(run) == 2]) == 7
    assert marked_runs(scene.picture()) == []


def breaks_of(sizes: list[int]) -> list[int]:
    """Where each group after the first starts, for groups of ``sizes``."""
    out, at = [], 0
    for n in sizes[:-1]:
        at += n
        out.append(at)
    return out


#: Groups a hand of 21 or 22 cards is arranged in: pairs (dublees), melds, a mix; loose last.
def shapes(count: int) -> list[list[int]]:
    found = []
    for pairs in range(1, count // 2 + 1):
        found.append([2] * pairs + ([count - 2 * pairs] if count > 2 * pairs else []))
    for melds in range(1, count // 3 + 1):
        found.append([3] * melds + ([count - 3 * melds] if count > 3 * melds else []))
    found.append([3, 3, 3, 2, 2, 2, 2, count - 17])
    return found


@pytest.mark.parametrize("count", [21, 22])
@pytest.mark.parametrize("scale", [0.7, 1.0, 1.4])
def test_groups_stand_further_apart_than_the_cards_within_them(count, scale):
    L = Layout((1280, 800), 4, 0, card_scale=scale)
    for sizes in shapes(count):
        breaks = breaks_of(sizes)
        xs = [x for x, _y in L.hand_slots_grouped(count, breaks)]
        steps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
        within = [s for n, s in enumerate(steps, 1) if n not in breaks]
        between = [s for n, s in enumerate(steps, 1) if n in breaks]
        assert between and min(between) >= 1.5 * max(within), (sizes, steps)
        # Every card's rank stays readable, and the hand stays on the screen.
        assert min(within) >= DISCARD_MIN_STEP * L.cw, (sizes, steps)
        assert xs[0] >= L.hand_left - 1 and xs[-1] + L.cw <= L.hand_right + 1
