"""A seat's view as the host sends it: worked out for a phone page (which cannot run the
engine), left for a laptop's game to work out itself (which reads the same answers)."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import msgspec

from engine import PRESETS
from engine.game import Game
from engine.view import PlayerView
from marriage_net.telling import plain_view

WORKED = ("best_see", "best_go_out", "groups", "maal", "wild_roles")


def _conn(origin: str | None) -> Any:
    """A connection whose handshake named ``origin`` (a browser's page) or none (a laptop)."""
    headers = {} if origin is None else {"Origin": origin}
    return SimpleNamespace(ws=SimpleNamespace(request=SimpleNamespace(headers=headers)))


def test_a_page_is_sent_what_it_asks_worked_out_and_a_laptop_works_the_same_out_itself() -> None:
    rng = random.Random(8)
    page, laptop = _conn("http://127.0.0.1:8765"), _conn(None)
    told = {name: 0 for name in WORKED}
    for seed in range(3):
        g = Game.new(PRESETS["nepali"], 4, seed, hands=1)
        while not g.is_over:
            for seat in range(4):
                full = g.view(seat, history=False).worked_out()
                to_page = plain_view(g.view(seat, history=False), page)
                assert to_page == full.to_dict()
                to_laptop = plain_view(g.view(seat, history=False), laptop)
                assert to_laptop == {
                    **to_page,
                    "best_see": None,
                    "best_go_out": None,
                    "groups": [],
                    "maal": None,
                    "wild_roles": [],
                }
                checked = msgspec.convert(to_laptop, PlayerView.wire_type())
                for heard in (PlayerView.from_dict(to_laptop), PlayerView.from_wire(checked)):
                    assert heard == full
                    for name in WORKED:
                        assert getattr(heard, name) == getattr(full, name), name
                for name in WORKED:
                    told[name] += to_page[name] not in (None, [])
            g.apply(rng.choice(g.legal_actions()))
    assert all(told.values()), told  # every kind was worked out and sent somewhere
