"""The table's set pieces: the deal going round, and the tiplu being chosen and slid away.

Everything else animates itself: sprites ease from where a card was to where the state says
it is now. These two need a choreography of their own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import code_of
from engine.events import Event

from .sprites import CardSprite
from .tween import BASE

if TYPE_CHECKING:
    from .scene import TableScene


def deal(scene: TableScene) -> None:
    """The cards go round from the stock, one at a time, to every seat, in the rules' direction."""
    L, v = scene.layout, scene.state
    if L is None:
        return
    scene.sound("shuffle")
    scale = scene.anim
    scene.board.sprites.clear()
    scene.board.compute(v, L, scene.bottom, scene.viewer, scene.fan)
    if scale <= 0:
        scene.board.sync(L, 0.0)
        return
    n = v.players
    step = 1.1 * scale / (v.rules.hand_size * n)
    dur = BASE * scale
    order = v.deal_order()
    # The bottom hand: each card spawns at the stock with its turn's delay.
    mine = scene.board.targets
    bottom_ids = [cid for cid, t in mine.items() if t.layer == 3]
    bottom_ids.sort(key=lambda c: mine[c].order)
    for k in range(v.rules.hand_size):
        for j, seat in enumerate(order):
            delay = (k * n + j) * step
            if seat == scene.bottom:
                if k < len(bottom_ids):
                    cid = bottom_ids[k]
                    t = mine[cid]
                    s = CardSprite(cid, code_of(cid), (L.stock.x, L.stock.y), L.tw, False)
                    s.move_to((t.x, t.y), t.w, t.face_up, dur, delay, long=True)
                    scene.board.sprites[cid] = s
            elif seat in L.seats:
                scene.board.ghost(L, seat, delay, dur)
    scene.board.sync(L, dur, 0.0)


def tiplu(scene: TableScene, e: Event) -> None:
    """The first to see draws the tiplu from the middle of the stock, looks, and slides it
    under the stock; the cards show only to the seat that saw."""
    L = scene.layout
    if L is None or scene.anim <= 0:
        return
    cid = e.card_ids[0] if e.card_ids else None
    mine = e.player == scene.viewer and cid is not None
    if cid is None:
        cid = -2  # nobody here may see which card: a face-down stand-in
    d = BASE * scene.anim
    start = (L.stock.x + L.tw * 0.1, L.stock.y - L.th * 0.15)
    look = (L.stock.x + L.tw * 0.2, L.stock.y - L.th * 0.55)
    s = scene.board.sprites.get(cid)
    if s is None:
        s = CardSprite(cid, code_of(cid) if cid >= 0 else 0, start, L.tw, False)
        scene.board.sprites[cid] = s
    s.x, s.y, s.w, s.face_up, s.was_face_up = *start, L.tw, False, False
    s.tween = None
    end = scene.board.targets.get(cid)
    steps = [
        (look, L.tw, mine, d * 1.4, 0.0),
        (look, L.tw, mine, d * 2.5, 0.0),  # a look, held
        ((L.stock.x, L.stock.y + L.th * 0.2), L.tw, False, d * 1.2, 0.0),
    ]
    if end is not None:
        steps.append(((end.x, end.y), end.w, True, d * 1.4, 0.0))
    else:
        s.leaving = True
    scene.board.play(cid, steps)
