"""Showing cards to the table: the melds that see the maal, the hand that goes out, and a dealt
tunnela exposed.

``Showing`` is built with the turn it acts through, the seats' views and the question asked.
Going out and exposing a tunnela are asked first (the go-out preview, the tunnela prompt); a
question's buttons answer with intents the scene's loop brings back, so nothing here calls back
into the scene. A dealt tunnela is offered once a hand; kept hidden, Expose again (E) offers it
again.
"""

from __future__ import annotations

from marriage_gui.language import _, word

from . import dialogs, offers
from . import intents as i
from .asking import Ask
from .effects import Effects, Relayout
from .seats import SeatViews
from .turn import Turn


class Showing:
    """See, Go out and the dealt tunnela's offer."""

    def __init__(self, turn: Turn, seats: SeatViews, ask: Ask) -> None:
        self.turn, self.seats, self.ask = turn, seats, ask
        #: A dealt tunnela the person chose to keep hidden, by (hand, seat): not asked again.
        self.expose_declined: tuple[int, int] | None = None

    def see(self) -> Effects:
        """Show the melds picked (or the hinted ones) to see the maal."""
        fan = self.seats.fan
        if fan is None:
            return []
        see = self.turn.moment().see
        if see is None:
            # Translators: {need} is what must be shown, e.g. "3 pure sequences".
            need = word(self.seats.state.seeing_requirement())
            return self.turn.refuse(_("select {need} to see").format(need=need))
        ok, effects = self.turn.act(see)
        if ok:
            fan.clear()
            effects.append(Relayout())
        return effects

    def go_out(self) -> Effects:
        """Ask, with the hand laid out as it would go out, whether to finish the hand."""
        out = self.turn.moment().go_out
        if out is None:
            return self.turn.refuse(_("you cannot go out with these cards yet"))
        wilds = self.seats.state.wilds
        self.ask.put(
            "out",
            lambda answer: dialogs.go_out_preview(out, wilds, answer(i.Play(out)), answer(None)),
        )
        return []

    def offer_expose(self) -> None:
        """A dealt tunnela: ask once per hand (not while an action is on its way)."""
        expose = offers.expose_action(self.seats.legal_now())
        if expose is None or self.ask.dialog is not None or self.turn.sent is not None:
            return
        v = self.seats.state
        if self.expose_declined == (v.hand_no, v.current_player):
            return
        later = i.KeepHidden(v.hand_no, v.current_player)
        self.ask.put(
            "expose",
            lambda answer: dialogs.expose_prompt(expose, answer(i.Play(expose)), answer(later)),
        )

    def keep_hidden(self, hand_no: int, seat: int) -> Effects:
        """The dealt tunnela stays hidden: not asked again this hand."""
        self.expose_declined = (hand_no, seat)
        return []

    def allow_expose(self) -> Effects:
        """The tunnela kept hidden may be shown after all: it is offered again."""
        self.expose_declined = None
        return []

    def still_asked(self) -> bool:
        """Whether the question up still holds (news may have made its moment pass)."""
        if self.ask.kind == "expose":
            return offers.expose_action(self.seats.legal_now()) is not None
        if self.ask.kind == "out":
            return self.seats.my_turn()
        return True


__all__ = ["Showing"]
