"""The person's turn: drawing and throwing, the match's answer, and why not.

``Turn`` is built with exactly what a turn touches: the match, the seats' views (and the fans in
them), the board, the toasts, the hint and the sounds. ``act`` is the one place that submits an
action to the match; ``take_news`` takes its answer in, and a refusal is said in the engine's
words. Like every part of the table's acting, it never calls back into the scene: it returns
what the scene must do next (``effects.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard, DrawStock, NextHand, TakeDiscard
from engine.cards import CARDS, code_of
from engine.match import Match
from engine.words import Said
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.language import N_, _
from marriage_gui.ui.card_names import readable
from marriage_gui.ui.toast import Toasts

from . import intents as i
from .board import Board
from .effects import EaseBack, Effects, Hear, Relayout, Sent
from .hinting import HintAsk
from .offers import Moment
from .seats import SeatViews

#: The answer to a discard before the draw.
DRAW_FIRST = N_("draw a card first: click the stock or the discard pile (keys 1 and 2)")


class Turn:
    """What the person's moves do, and the match's answer to them."""

    def __init__(
        self,
        match: Match,
        seats: SeatViews,
        board: Board,
        toast: Toasts,
        hint: HintAsk,
        sounds: SoundBoard,
    ) -> None:
        self.match, self.seats, self.board = match, seats, board
        self.toast, self.hint, self.sounds = toast, hint, sounds
        #: The version at which this screen's last action left (None: nothing on its way).
        self.sent: int | None = None
        #: A "not your turn" said to the person, to take away when their turn comes.
        self.turn_note: Said | str | None = None

    def moment(self) -> Moment:
        """The table as the commands' rules read it now."""
        seats, fan = self.seats, self.seats.fan
        v = seats.state
        chosen = tuple(fan.selected) if fan is not None else None
        person = seats.looking and not v.hand_over
        return Moment(v, person, seats.my_turn(), seats.legal_now(), chosen, self.hint.action)

    # ------------------------------------------------------------------ the match's answer
    def act(self, action: Action, insert_at: int | None = None) -> tuple[bool, Effects]:
        """Submit ``action`` for the looking seat and take the answer in; False when it is
        refused (the engine's reason is said)."""
        seat = self.seats.viewer
        if seat is None:
            if not isinstance(action, NextHand) or not self.seats.local:
                return False, []
            seat = self.seats.local[0]
        self.board.finish()
        self.sent = self.seats.version
        self.match.submit(seat, action)
        text = self.hint.forget()
        if text is not None:
            self.toast.withdraw(text)
        # A match on this computer answers at once; a remote one answers in a later frame,
        # and a refusal then is said when it arrives.
        ok, heard = self.take_news(insert_at)
        return ok, [Sent(), *heard]

    def take_news(self, insert_at: int | None = None) -> tuple[bool, Effects]:
        """Take the match's updates in (a card drawn goes to ``insert_at`` of the hand); False
        if the bottom seat's action was refused."""
        news = self.seats.poll()
        effects: Effects = []
        for reason in news.refusals:
            effects += self.refuse(reason)
        if news.refusals or news.events or news.changed:
            self.sent = None
        fan = self.seats.fan
        if insert_at is not None and fan is not None and self.seats.looking:
            drawn = {
                cid: insert_at
                for e in news.events
                if e.kind in ("draw_stock", "take_discard") and e.player == self.seats.viewer
                for cid in e.card_ids
            }
            fan.sync(self.seats.state.hand, drawn)
        if news.events:
            effects.append(Hear(tuple(news.events), news.moves))
        elif news.changed:
            effects.append(Relayout())
        return not news.refusals, effects

    def refuse(self, reason: Said | str) -> Effects:
        """Say why a move cannot be made, quietly, and put the cards back."""
        self.say_no(reason)
        return [Relayout()]

    def say_no(self, reason: Said | str) -> None:
        """Say ``reason`` as a refusal (a "not your turn" goes again when the turn comes)."""
        self.toast.show(readable(reason, self.seats.names()), "error")
        self.sounds.play("error")
        if reason == self.seats.whose_turn():
            self.turn_note = reason

    def back(self, ids: Sequence[int], why: str) -> Effects:
        """A drop that means nothing: say ``why``; the held cards ease home."""
        self.say_no(why)
        return [Relayout(0.0), EaseBack(tuple(c for c in ids if c >= 0))]

    def watch(self) -> Effects:
        """What time brings: a finished hint shows; a "not your turn" goes once the turn
        comes."""
        fan, seats = self.seats.fan, self.seats
        hand = list(fan.order) if fan is not None else []
        stands = self.hint.show(seats.version, seats.my_turn(), hand, seats.names())
        if self.turn_note is not None and seats.my_turn():
            self.toast.withdraw(readable(self.turn_note, seats.names()))
            self.turn_note = None
        return [Relayout()] if stands else []

    # ------------------------------------------------------------------ the moves
    def ask_hint(self) -> Effects:
        """Ask the hard bot what to do (on the person's own turn)."""
        if not self.seats.my_turn():
            return self.refuse(self.seats.whose_turn())
        self.hint.ask(self.match.view(self.seats.bottom), self.seats.version)
        return []

    def draw(self, intent: i.Draw) -> Effects:
        """Draw from the stock or take the top discard (to ``intent.at`` of the hand)."""
        if not self.seats.my_turn():
            ok, effects = False, self.refuse(self.seats.whose_turn())
        else:
            action = TakeDiscard() if intent.from_discard else DrawStock()
            ok, effects = self.act(action, intent.at)
        if not ok and intent.held:
            effects.append(EaseBack(tuple(c for c in intent.held if c >= 0)))
        return effects

    def discard(self, intent: i.Discard) -> Effects:
        """Throw a card: the one given, else the one picked, hinted or focused."""
        held = tuple(c for c in intent.held if c >= 0)
        if not self.seats.my_turn():
            why = self.seats.whose_turn()
            return self.back(held, why) if held else self.refuse(why)
        if self.seats.state.phase == "draw" and not held:
            return self.refuse(_(DRAW_FIRST))
        cid = intent.cid if intent.cid is not None else self.card_to_throw(intent.focused)
        if cid is None:
            return []
        ok, effects = self.act(Discard(CARDS[code_of(cid)], cid))
        if ok and self.seats.fan is not None:
            self.seats.fan.clear()
        elif not ok and held:
            effects.append(EaseBack(held))
        return effects

    def card_to_throw(self, focused: int | None) -> int | None:
        """The single selected card, else the hinted one, else the ``focused`` one."""
        fan = self.seats.fan
        if fan is None or not fan.order:
            return None
        if len(fan.selected) == 1:
            return fan.selected[0]
        if self.hint.card in fan.order:
            return self.hint.card
        if focused is not None:
            return focused  # the ring shows only once the arrows are used: never unseen
        self.toast.show(
            _("Pick the card to discard: click it, or move to it with the Left and Right keys")
        )
        return None

    def discard_selected(self, take: bool) -> Effects:
        """A click on the discard pile: throw the one card picked after drawing, else take the
        top discard (``take``)."""
        fan = self.seats.fan
        chosen = fan is not None and self.seats.my_turn() and self.seats.state.phase == "play"
        if chosen and fan is not None and fan.selected:
            if len(fan.selected) != 1:
                return self.refuse(_("select one card to discard"))
            return self.discard(i.Discard(fan.selected[0]))
        return self.draw(i.Draw(True)) if take else []


__all__ = ["DRAW_FIRST", "Turn"]
