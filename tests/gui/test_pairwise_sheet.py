"""The score sheet offers the settlement pair by pair beside the nets (P or its button)."""

from __future__ import annotations

import pygame

from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.table.demo import build_scene
from marriage_gui.ui.pairwise import pairwise_lines


def _sheet(tmp_path, seed=7):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    scene = build_scene(app, "hand_result", seed)
    app.push(scene)
    app.step([], 1 / 30)
    return app, scene


def _nets(lines, names):
    nets = dict.fromkeys(names, 0)
    for line in lines:
        words = line.split()
        amount = int(words[-1])
        payee = " ".join(words[words.index("pays" if "pays" in words else "pay") + 1 : -1])
        payer = " ".join(words[: words.index("pays" if "pays" in words else "pay")])
        nets[payer] -= amount
        nets[payee] += amount
    return nets


def test_the_pairs_add_up_to_the_nets_on_the_sheet(tmp_path):
    app, scene = _sheet(tmp_path)
    result, rules = scene.result, scene.table.seats.state.rules
    lines = pairwise_lines(result, rules, scene.names)
    assert lines and all(" pay" in line for line in lines)
    assert list(_nets(lines, scene.names).values()) == list(result.nets)


def test_p_shows_the_pairs_and_draws_them_beside_the_nets(tmp_path):
    app, scene = _sheet(tmp_path)
    assert scene.pairs_button.enabled and not scene.pairs.shown
    before = app.screen.copy()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], 1 / 30)
    assert scene.pairs.shown
    after = app.screen
    w, h = after.get_size()
    # The left of the rows changes (the pairs); the money column at the right does not.
    assert before.get_at((w // 4, h // 3)) != after.get_at((w // 4, h // 3))
    money = pygame.Rect(round(w * 0.7), h // 6, round(w * 0.25), h // 2)
    assert pygame.image.tobytes(before.subsurface(money), "RGB") == pygame.image.tobytes(
        after.subsurface(money), "RGB"
    )
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], 1 / 30)
    assert not scene.pairs.shown


def test_no_pairs_where_nothing_is_paid(tmp_path):
    app, scene = _sheet(tmp_path)
    for name in ("indian", "contract"):
        assert pairwise_lines(scene.result, PRESETS[name], scene.names) == []


def test_with_the_pairs_open_every_row_still_shows_its_players_name(tmp_path, monkeypatch):
    from .text_trace import Trace

    app, scene = _sheet(tmp_path)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p")], 1 / 30)
    assert scene.pairs.shown
    trace = Trace(monkeypatch)
    window = trace.draw(app)
    for seat, name in enumerate(scene.names):
        shown = name if seat != scene.result.winner else f"{name}  ★ went out"
        drawn = [d for d in trace.placed if d.text == shown]
        assert drawn and all(window.still_shows(d) for d in drawn), name
    # and the pairs themselves are drawn whole, over the rows' cards
    assert all(line in trace.heard for line in scene.pairs.lines)
