"""Tooltips over the piles: how many cards the stock holds, and the top discard with whether
the person at the screen may take it.

Whether a card may be taken, and why not, are the engine's answers (``view.legal``,
``view.why_not``).
"""

from __future__ import annotations

from engine.actions import DrawStock, TakeDiscard
from engine.view import PlayerView
from marriage_gui.ui.card_names import card_label
from marriage_gui.ui.card_names import said as words
from marriage_gui.ui.form import TOOLTIP_DELAY
from marriage_gui.ui.words import count

#: The piles a tooltip explains.
STOCK, DISCARDS = "stock", "discards"


def stock_tip(view: PlayerView, mine: bool) -> str:
    """The stock's tooltip; ``mine``: the person at the screen is to play."""
    cards = count(view.stock_count, "card")
    if mine and any(isinstance(a, DrawStock) for a in view.legal):
        return f"Draw from the stock ({cards})"
    return f"The stock ({cards})"


def discard_tip(view: PlayerView, mine: bool) -> str:
    """The discard pile's tooltip: its top card and whether it may be taken now."""
    top = view.top_discard
    if top is None:
        return "The discard pile is empty"
    said = f"{card_label(top)} on top of the discards"
    if not mine:
        return said
    if view.phase == "play":
        return f"{said}: drop a card here to discard it"
    if any(isinstance(a, TakeDiscard) for a in view.legal):
        return f"{said}: you may take it"
    return f"{said}: {words(view.why_not.take_discard) or 'you may not take it now'}"


class PileTips:
    """Which pile the pointer rests on, and for how long (a tooltip shows after a pause)."""

    def __init__(self) -> None:
        self.pile: str | None = None
        self.rested = 0.0

    def point(self, pile: str | None) -> None:
        """The pointer moved; it is over ``pile`` (None: over neither)."""
        if pile != self.pile:
            self.pile, self.rested = pile, 0.0

    def update(self, dt: float) -> None:
        """Time passes with the pointer where it is."""
        self.rested += dt

    def due_in(self) -> float | None:
        """Seconds until the tooltip shows (None: the pointer is on no pile)."""
        if self.pile is None:
            return None
        return max(0.0, TOOLTIP_DELAY - self.rested)

    def showing(self) -> str | None:
        """The pile whose tooltip shows now."""
        return self.pile if self.due_in() == 0.0 else None
