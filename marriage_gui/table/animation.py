"""The table's set pieces: the deal going round, and the tiplu being chosen and slid away.

Everything else animates itself: sprites ease from where a card was to where the state says
it is now. These two need a choreography of their own.
"""

from __future__ import annotations

from engine.cards import code_of
from engine.events import Event
from engine.view import PlayerView

from .board import Board
from .hand import HandFan
from .layout import Layout
from .sprites import CardSprite
from .tween import BASE


def deal(
    board: Board,
    L: Layout,
    v: PlayerView,
    bottom: int,
    viewer: int | None,
    fan: HandFan | None,
    scale: float,
) -> None:
    """The cards go round from the stock, one at a time, to every seat, in the rules' direction
    (``scale``: the animations' length; 0 puts every card in place at once)."""
    board.sprites.clear()
    board.compute(v, L, bottom, viewer, fan)
    if scale <= 0:
        board.sync(L, 0.0)
        return
    n = v.players
    step = 1.1 * scale / (v.rules.hand_size * n)
    dur = BASE * scale
    order = v.deal_order()
    # The bottom hand: each card spawns at the stock with its turn's delay.
    mine = board.targets
    bottom_ids = [cid for cid, t in mine.items() if t.layer == 3]
    bottom_ids.sort(key=lambda c: mine[c].order)
    for k in range(v.rules.hand_size):
        for j, seat in enumerate(order):
            delay = (k * n + j) * step
            if seat == bottom:
                if k < len(bottom_ids):
                    cid = bottom_ids[k]
                    t = mine[cid]
                    s = CardSprite(cid, code_of(cid), (L.stock.x, L.stock.y), L.tw, False)
                    s.move_to((t.x, t.y), t.w, t.face_up, dur, delay, long=True)
                    board.sprites[cid] = s
            elif seat in L.seats:
                board.ghost(L, seat, delay, dur)
    board.sync(L, dur, 0.0)


#: The face-down stand-in for a tiplu nobody at this screen may see.
HIDDEN_TIPLU = -2


def tiplu(board: Board, L: Layout, e: Event, viewer: int | None, scale: float) -> None:
    """The first to see draws the tiplu from the middle of the stock, looks, and slides it
    under the stock; the cards show only to the seat that saw."""
    if scale <= 0:
        return
    cid = e.card_ids[0] if e.card_ids else None
    mine = e.player == viewer and cid is not None
    if cid is None:
        cid = HIDDEN_TIPLU  # nobody here may see which card
    d = BASE * scale
    start = (L.stock.x + L.tw * 0.1, L.stock.y - L.th * 0.15)
    look = (L.stock.x + L.tw * 0.2, L.stock.y - L.th * 0.55)
    s = board.sprites.get(cid)
    if s is None:
        s = CardSprite(cid, code_of(cid) if cid >= 0 else 0, start, L.tw, False)
        board.sprites[cid] = s
    s.x, s.y, s.w, s.face_up, s.was_face_up = *start, L.tw, False, False
    s.tween = None
    end = board.targets.get(cid)
    steps = [
        (look, L.tw, mine, d * 1.4, 0.0),
        (look, L.tw, mine, d * 2.5, 0.0),  # a look, held
        ((L.stock.x, L.stock.y + L.th * 0.2), L.tw, False, d * 1.2, 0.0),
    ]
    if end is not None:
        steps.append(((end.x, end.y), end.w, True, d * 1.4, 0.0))
    else:
        s.leaving = True
    board.play(cid, steps)
