"""The hand the score keeper is entering: the words typed so far, and what they make.

A ``HandDraft`` holds what the screen's fields hold (the tiplu as typed, each player's seen
state, maal as a number or as cards, the cards left over, who went out) and turns them into
the engine's ``TableHand``; ``result`` is the engine's tally of it, or the first thing wrong,
with the field it belongs to, so the screen can mark that field and say why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.cards import Card
from engine.result import HandResult
from engine.score_sheet import ScoreSheet
from engine.tally import MaalCards, SeatEntry, TableHand, tally
from engine.words import Said
from marriage_gui.language import N_
from marriage_gui.ui.card_entry import typed_card, typed_cards
from marriage_gui.ui.card_names import card_label

#: A player's seen state at the end of a hand, as the seen picker steps through them.
NOT_SEEN, SEEN, DUBLEES = 0, 1, 2
#: Who went out, besides a seat: not said yet, or nobody.
UNSAID, NOBODY = -2, -1

_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")

#: Why a hand cannot be kept yet (the engine's reasons come as its own sentences).
SAY_WINNER = N_("Say who went out (or that nobody did).")
NOT_A_NUMBER = N_("maal is a whole number, like 12")


def number(text: str) -> int | None:
    """``text`` as a whole number (Latin or Devanagari digits); None if it is not one."""
    t = text.strip().translate(_DIGITS)
    if not t:
        return 0
    return int(t) if t.isascii() and t.isdigit() and len(t) <= 6 else None


@dataclass
class SeatDraft:
    """One player's fields."""

    seen: int = SEEN
    maal_text: str = ""
    #: The maal cards shown; while set, they are the player's maal (not ``maal_text``).
    cards: MaalCards | None = None
    left_text: str = ""


def _reason(exc: Exception) -> Said | str:
    """What a refusal says, kept as it was raised (an engine sentence stays one)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Said | str) else str(exc)


class Problem(ValueError):
    """What is wrong, and with which field: ``"tiplu"``, ``"winner"``, ``("maal", seat)``,
    ``("left", seat)``, or None for the hand as a whole (the engine's refusal)."""

    def __init__(self, reason: Said | str, where: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.where = where

    def __str__(self) -> str:
        # For a log: a screen words ``reason``.
        return self.reason.english if isinstance(self.reason, Said) else self.reason


@dataclass
class HandDraft:
    """The fields of one hand of ``sheet`` (``at``: the hand being corrected, else a new one)."""

    sheet: ScoreSheet
    at: int | None = None
    tiplu_text: str = ""
    winner: int = UNSAID
    seats: list[SeatDraft] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.seats:
            return
        if self.at is not None:
            self._fill(self.sheet.hands[self.at])
        else:
            self.seats = [SeatDraft() for _ in self.sheet.names]

    def _fill(self, hand: TableHand) -> None:
        """The fields as they were when ``hand`` was kept."""
        self.tiplu_text = "" if hand.tiplu is None else card_label(hand.tiplu)
        self.winner = NOBODY if hand.winner is None else hand.winner
        self.seats = []
        for entry in hand.seats:
            seat = SeatDraft(DUBLEES if entry.dublees else SEEN if entry.seen else NOT_SEEN)
            if isinstance(entry.maal, MaalCards):
                seat.cards = entry.maal
            elif entry.maal:
                seat.maal_text = str(entry.maal)
            if isinstance(entry.left, int):
                seat.left_text = str(entry.left) if entry.left else ""
            else:
                seat.left_text = " ".join(card_label(c) for c in entry.left)
            self.seats.append(seat)

    # ------------------------------------------------------------------ the fields read
    @property
    def rules_dublees(self) -> bool:
        """Whether the seen picker offers "seen with dublees" at this table."""
        return self.sheet.rules.dublees_allowed(len(self.sheet.names))

    def tiplu(self) -> Card | None:
        """The tiplu as typed (None: not said); Problem if it names no card."""
        if not self.tiplu_text.strip():
            return None
        try:
            return typed_card(self.tiplu_text)
        except ValueError as exc:
            raise Problem(_reason(exc), "tiplu") from None

    def entry(self, seat: int) -> SeatEntry:
        """What the table says of ``seat``; Problem for a field that says nothing readable."""
        s = self.seats[seat]
        maal: int | MaalCards
        if s.cards is not None:
            maal = s.cards
        else:
            told = number(s.maal_text)
            if told is None:
                raise Problem(NOT_A_NUMBER, ("maal", seat))
            maal = told
        left: int | tuple[Card, ...] = 0
        if self.sheet.rules.scoring == "deadwood":
            told = number(s.left_text)
            if told is not None:
                left = told
            else:
                try:
                    left = tuple(typed_cards(s.left_text))
                except ValueError as exc:
                    raise Problem(_reason(exc), ("left", seat)) from None
        return SeatEntry(s.seen != NOT_SEEN, s.seen == DUBLEES, maal, left)

    def hand(self) -> TableHand:
        """The hand as the engine takes it; Problem with the first thing wrong."""
        tiplu = self.tiplu()
        entries = tuple(self.entry(s) for s in range(len(self.seats)))
        if self.winner == UNSAID:
            raise Problem(SAY_WINNER, "winner")
        winner = None if self.winner == NOBODY else self.winner
        return TableHand(entries, winner, tiplu)

    def result(self) -> HandResult:
        """The engine's tally of the hand, after the hands before it; Problem if it makes
        none (the engine's own reason, for the hand as a whole)."""
        hand = self.hand()
        count = self.at if self.at is not None else len(self.sheet.hands)
        before = self.sheet.results[count - 1].totals if count else None
        try:
            return tally(hand, self.sheet.rules, count, before)
        except ValueError as exc:
            raise Problem(_reason(exc)) from None

    def kept(self) -> ScoreSheet:
        """The sheet with this hand in it; Problem if it cannot be kept."""
        hand = self.hand()
        try:
            return self.sheet.put(hand, self.at)
        except ValueError as exc:
            raise Problem(_reason(exc)) from None

    # ------------------------------------------------------------------ changes
    def went_out(self, seat: int) -> None:
        """``seat`` went out (a seat is the winner's); a player who went out saw."""
        self.winner = seat
        if 0 <= seat < len(self.seats) and self.seats[seat].seen == NOT_SEEN:
            self.seats[seat].seen = SEEN

    def seen_choices(self) -> list[int]:
        """The seen states the picker offers at this table."""
        return [NOT_SEEN, SEEN, DUBLEES] if self.rules_dublees else [NOT_SEEN, SEEN]
