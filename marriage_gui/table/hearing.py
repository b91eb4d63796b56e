"""What the seat at the bottom hears of the match's events: the sound each makes, and where the
cards of another seat's move fly from or to (its hidden hand's place at the table).
"""

from __future__ import annotations

from engine.events import Event

from .board import Board
from .layout import Layout

#: The sound of each kind of event (none for the others).
SOUNDS = {
    "deal": "shuffle",
    "draw_stock": "draw",
    "take_discard": "draw",
    "discard": "discard",
    "see": "see",
    "expose": "see",
    "go_out": "win",
    "reshuffle": "shuffle",
    "turn_over": "shuffle",
}

#: Events whose cards come out of the acting seat's hidden hand.
FROM_HAND = ("discard", "see", "expose", "go_out")


def flights(board: Board, layout: Layout | None, bottom: int, e: Event) -> None:
    """Another seat's cards fly from its hidden hand, or a discard it took flies to it."""
    if layout is None or e.player is None or e.player == bottom:
        return
    if e.kind in FROM_HAND:
        for cid in e.card_ids:
            board.origins[cid] = board.seat_origin(layout, e.player)
    elif e.kind == "take_discard":
        for cid in e.card_ids:
            board.destinations[cid] = e.player


__all__ = ["FROM_HAND", "SOUNDS", "flights"]
