"""Tooltips over the piles: how many cards the stock holds, and the top discard with whether
the person at the screen may take it.

Whether a card may be taken, and why not, are the engine's answers (``view.legal``,
``view.why_not``).
"""

from __future__ import annotations

from engine.actions import DrawStock, TakeDiscard
from engine.view import PlayerView
from marriage_gui.language import _, ngettext
from marriage_gui.ui.card_names import card_label, readable
from marriage_gui.ui.form import TOOLTIP_DELAY

#: The piles a tooltip explains.
STOCK, DISCARDS = "stock", "discards"


def stock_tip(view: PlayerView, mine: bool) -> str:
    """The stock's tooltip; ``mine``: the person at the screen is to play."""
    n = view.stock_count
    if mine and any(isinstance(a, DrawStock) for a in view.legal):
        return ngettext(
            "Draw from the stock ({n} card)", "Draw from the stock ({n} cards)", n
        ).format(n=n)
    return ngettext("The stock ({n} card)", "The stock ({n} cards)", n).format(n=n)


def discard_tip(view: PlayerView, mine: bool) -> str:
    """The discard pile's tooltip: its top card and whether it may be taken now."""
    top = view.top_discard
    if top is None:
        return _("The discard pile is empty")
    card = card_label(top)
    if not mine:
        # Translators: {card} is a card as on its face, e.g. 7♣.
        return _("{card} on top of the discards").format(card=card)
    if view.phase == "play":
        return _("{card} on top of the discards: drop a card here to discard it").format(card=card)
    if any(isinstance(a, TakeDiscard) for a in view.legal):
        return _("{card} on top of the discards: you may take it").format(card=card)
    why = view.why_not.take_discard
    reason = readable(why) if why else _("you may not take it now")
    # Translators: {card} is a card as on its face; {reason} why it may not be taken now.
    return _("{card} on top of the discards: {reason}").format(card=card, reason=reason)


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
