"""Tooltips over the stock and the discard pile: the stock's count, the top discard and whether
you may take it, after the pointer rests there; a press puts them away."""

from __future__ import annotations

import pygame
import pytest
from positions import rig

from engine import PRESETS
from engine.actions import DrawStock
from engine.cards import code_of, parse_card
from engine.game import Game
from marriage_gui.table import render
from marriage_gui.table.tips import DISCARDS, STOCK, discard_tip, stock_tip
from marriage_gui.ui.form import TOOLTIP_DELAY

from .test_table import DT, click, solo

SEE3 = "3S 4S 5S | 9H 9H 9H | JD QD KD"
REST = "2C 3C 4C 6S 7S 8S KH KS KC 5D 6D 7D"


def seen_at_the_draw(top: str, tiplu: str = "5C") -> Game:
    """Seat 0 has seen (the tiplu pinned to ``tiplu``) and draws again, ``top`` on the pile."""
    g = Game.new(PRESETS["nepali"], ["You", "Sita"], 1)
    rig(g, 0, (SEE3 + " " + REST).replace("|", ""), stock_top="9C")
    g.apply(DrawStock())
    g.apply("see " + SEE3)
    code = parse_card(tiplu).code
    i = next(i for i in g.stock if code_of(i) == code)
    g.stock[g.stock.index(i)], g.tiplu_id = g.tiplu_id, i
    g._wilds = None
    g.apply("discard 9C")
    g.apply(DrawStock())
    g.apply(f"discard {g.view(1).cards[0]}")
    rig(g, 0, " ".join(str(c) for c in g.view(0).cards), discard_top=top)
    return g


def test_the_stock_says_how_many_cards_it_holds():
    g = Game.new(PRESETS["nepali"], ["You", "Sita"], 1)
    v = g.view(0)
    assert stock_tip(v, mine=True) == f"Draw from the stock ({v.stock_count} cards)"
    assert stock_tip(v, mine=False) == f"The stock ({v.stock_count} cards)"


def test_the_discard_pile_names_its_top_card_and_whether_you_may_take_it():
    g = Game.new(PRESETS["nepali"], ["You", "Sita"], 1)
    v = g.view(0)
    top = {"T": "10"}.get(str(v.top_discard)[0], str(v.top_discard)[0])
    assert discard_tip(v, mine=True).startswith(top)
    assert discard_tip(v, mine=True).endswith(" on top of the discards: you may take it")
    assert discard_tip(v, mine=False).endswith(" on top of the discards")
    g.apply(DrawStock())
    assert discard_tip(g.view(0), mine=True).endswith(": drop a card here to discard it")


def test_a_seen_player_reads_why_a_wild_top_discard_may_not_be_taken():
    wild = seen_at_the_draw("5H")  # an ordinary joker of the tiplu 5C
    # The engine's own words for why not (view.why_not), cards named as the player reads them.
    assert discard_tip(wild.view(0), mine=True) == (
        "5♥ on top of the discards: you may not take a wild card (5♥) from the discard pile"
        " after seeing"
    )
    plain = seen_at_the_draw("8D")
    assert discard_tip(plain.view(0), mine=True) == "8♦ on top of the discards: you may take it"


def hover(app, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))], DT)


def tips_drawn(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """The tooltips one frame draws, with what they stand next to."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = render.draw_tooltip

    def spy(surface, tip, anchor, k, place):
        drawn.append((tip, pygame.Rect(anchor)))
        return real(surface, tip, anchor, k, place)

    monkeypatch.setattr(render, "draw_tooltip", spy)
    app.draw()
    monkeypatch.setattr(render, "draw_tooltip", real)
    return drawn


def test_resting_on_the_stock_or_the_discards_shows_their_tooltip(app, monkeypatch):
    scene = solo(app)
    for _ in range(12):
        app.step([], 0.5)  # the deal lands and the news fades: the table is still
    assert scene.wake_after() is None
    L = scene.staging.layout
    hover(app, L.stock.center)
    assert scene.tips.pile == STOCK and tips_drawn(app, monkeypatch) == []
    assert scene.wake_after() == pytest.approx(TOOLTIP_DELAY - DT)  # the loop wakes for it
    app.step([], TOOLTIP_DELAY)
    assert tips_drawn(app, monkeypatch) == [
        (f"Draw from the stock ({scene.seats.state.stock_count} cards)", L.stock)
    ]
    top = scene.board.sprites[scene.seats.state.discards[-1]].rect
    hover(app, top.center)
    assert scene.tips.pile == DISCARDS and tips_drawn(app, monkeypatch) == []
    app.step([], TOOLTIP_DELAY)
    [(tip, anchor)] = tips_drawn(app, monkeypatch)
    assert tip.endswith("on top of the discards: you may take it") and anchor == top
    # A press puts it away; clicking the stock draws, and the tooltip stays away.
    click(app, L.stock.center)
    app.step([], TOOLTIP_DELAY)
    assert scene.seats.state.phase == "play" and tips_drawn(app, monkeypatch) == []
    hover(app, (L.stock.x - 40, L.stock.y - 40))
    app.step([], TOOLTIP_DELAY)
    assert scene.tips.pile is None and tips_drawn(app, monkeypatch) == []


def test_the_hand_is_no_pile(app):
    scene = solo(app)
    cid = scene.seats.fan.order[3]
    hover(app, scene.board.sprites[cid].rect.center)
    assert scene.tips.pile is None and scene.tips.due_in() is None
