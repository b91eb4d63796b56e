"""The coach: a seat's decisions in a finished hand, set beside what the hard bot would do.

Each decision is judged on the seat's own view at that moment (``engine.moments``), so the
coach knows exactly what the player knew, never a card more. Where the hard bot would have
drawn, taken, thrown, seen or gone out differently, and its own judgement says the difference
costs something, the decision becomes a ``Mark``: what was done, what the bot would do, and why
in one line. The words are honest about what they are: what the hard bot would do, not the
right move. Cards are named in the engine's notation (``8D``); the screen says them as ``8♦``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import msgspec

from engine import wire
from engine.actions import Action, Discard, DrawStock, GoOut, See, TakeDiscard
from engine.ai.alternatives import ITERATIONS, Judge, bot_choice, decision_kind
from engine.ai.coach_words import why
from engine.ai.reasons import Told, named_cards, named_melds
from engine.cards import Card, code_of
from engine.moments import Moment, seat_moments
from engine.record import MatchRecord
from engine.view import PlayerView
from engine.wire import travels
from engine.words import CODE_LIMIT, Cards, Said, cards_in, say, words

#: Most marks a review keeps: the costliest decisions of the hand.
MARKS = 5
#: Decisions a review searches in full; a longer hand shares their budget out.
FULL_DECISIONS = 16
#: The fewest sampled worlds a decision of a long hand is given.
LEAST_ITERATIONS = 4
#: A decision the bot's judgement puts less than this behind its own pick is not marked.
MIN_COST = 0.5
#: A choice this close to the bot's pick counts as matching it (two copies, equal cards).
MATCHED = 0.05

#: The kinds of decision a mark may be about.
Kind = Literal["draw", "discard", "see", "go_out"]


#: Words of a mark: a sentence travels as its language-neutral code.
_WORDS = travels(wire.text(CODE_LIMIT), wire.said, wire.heard)


@dataclass(frozen=True)
class Mark:
    """One decision that differed from the hard bot's: move ``move`` of the hand (a
    ``HandReplay`` frame), what was ``done``, what the hard bot would do ``instead``, ``why``
    in one line, and its ``cost`` in the bot's weighted missing cards (below ``MIN_COST``: a
    difference that cost little).

    Declared once (``engine.wire``): its dict and its strict reader come from these fields."""

    move: int = field(metadata=travels(Annotated[int, msgspec.Meta(ge=1)], wire.same))
    kind: str = field(metadata=travels(Kind, wire.same))
    done: Said = field(metadata=_WORDS)
    instead: Said = field(metadata=_WORDS)
    why: Said = field(metadata=_WORDS)
    cost: float = field(metadata=travels(Annotated[float, msgspec.Meta(ge=0, lt=1e6)], wire.same))

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return _MARK.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Mark:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        made: Mark = cls(**_MARK.read(data, "a review mark"))
        return made


_MARK = wire.form(Mark)


def _marks(**default: Any) -> Any:
    """A field of marks (given a ``default``: a review written before it had the field reads
    it as that)."""
    how = travels(
        wire.many(_MARK.struct, MARKS),
        lambda marks: [m.to_dict() for m in marks],
        lambda items: tuple(map(_MARK.make, items)),
        optional=bool(default),
    )
    return field(metadata=how, **default)


@dataclass(frozen=True)
class Review:
    """One seat's hand, reviewed: how many of its ``choices`` ``matched`` the hard bot's, the
    ``marks`` of its costliest differences (costliest first), and the ``differences`` that
    cost little (dearest first), so a review with no mark still shows where it differed.

    Declared once (``engine.wire``): its dict and its strict reader come from these fields."""

    seat: int = field(metadata=travels(wire.Seat, wire.same))
    hand_no: int = field(metadata=travels(wire.Count, wire.same))
    choices: int = field(metadata=travels(wire.Count, wire.same))
    matched: int = field(metadata=travels(wire.Count, wire.same))
    marks: tuple[Mark, ...] = _marks()
    differences: tuple[Mark, ...] = _marks(default=())

    @property
    def share(self) -> float | None:
        """The share of choices that matched the hard bot's (None: no choice to make)."""
        return self.matched / self.choices if self.choices else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return _REVIEW.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        review: Review = cls(**_REVIEW.read(data, "a review"))
        if review.matched > review.choices:
            raise ValueError("a review is damaged: more choices matched than were made")
        return review


_REVIEW = wire.form(Review)


# ---------------------------------------------------------------------- the words
def _cards(cards: Iterable[Card]) -> Cards:
    return named_cards(cards)


def _melds(melds: Sequence[Sequence[Card]]) -> Cards:
    return named_melds(melds)


def _said(action: Action, kind: str, view_top: Card | None, you: bool) -> Said:
    """An action in the coach's words: what ``you`` did, or what the hard bot would do."""
    if isinstance(action, DrawStock):
        return (
            say("you drew from the stock") if you else say("the hard bot would draw from the stock")
        )
    if isinstance(action, TakeDiscard):
        if view_top is None:
            return (
                say("you took the discard") if you else say("the hard bot would take the discard")
            )
        card = Cards.one(view_top)
        if you:
            return say("you took {card} from the discards", card=card)
        return say("the hard bot would take {card} from the discards", card=card)
    if isinstance(action, Discard):
        card = Cards.one(action.card)
        if not you:
            return say("the hard bot would throw {card}", card=card)
        if kind == "see":
            return say("you threw {card} without seeing", card=card)
        if kind == "go_out":
            return say("you threw {card} instead of going out", card=card)
        return say("you threw {card}", card=card)
    if isinstance(action, See):
        melds = _melds(action.melds)
        if not melds.items:
            if you:
                return say("you saw with your exposed tunnelas")
            return say("the hard bot would see now with your exposed tunnelas")
        if action.dublees:
            if you:
                return say("you saw with dublees {melds}", melds=melds)
            return say("the hard bot would see now with dublees {melds}", melds=melds)
        if you:
            return say("you saw with {melds}", melds=melds)
        return say("the hard bot would see now with {melds}", melds=melds)
    if isinstance(action, GoOut):
        card = Cards.one(action.discard)
        if you:
            return say("you went out throwing {card}", card=card)
        return say("the hard bot would go out throwing {card}", card=card)
    return words(str(action))


def told_for(view: PlayerView, played: Action, best: Action) -> tuple[Told, float] | None:
    """Why ``best`` (the way the hard bot's judgement prefers) beats ``played`` in ``view``'s
    decision, worded from facts, and what the difference costs by that judgement; None when
    there is no choice here, or the two are alike by it (nothing to say).

    Any two legal ways to play the decision may be asked: a test checks the words without
    running the bot's search."""
    kind = decision_kind(view)
    if kind is None:
        return None
    judge = Judge(view)
    best_score, best_alt = judge.judge(best, kind)
    done_score, done_alt = judge.judge(played, kind)
    cost = round(done_score - best_score, 3)
    if cost < MATCHED:
        return None
    return why(judge, kind, done_alt, best_alt), cost


def mark_for(moment: Moment, iterations: int = ITERATIONS) -> tuple[bool, Mark | None] | None:
    """Judge one decision: None when there was no choice; else (whether it matched the hard
    bot's, a mark where it differed: costly, or below ``MIN_COST`` when it cost little)."""
    view = moment.view
    kind = decision_kind(view)
    if kind is None:
        return None
    best = bot_choice(view, iterations)
    if best is None:
        return None
    played = moment.action
    if str(played) == str(best):
        return True, None
    told = told_for(view, played, best)
    if told is None:
        return True, None
    said, cost = told
    top = view.top_discard
    mark = Mark(
        move=moment.move,
        kind=kind,
        done=_said(played, kind, top, True),
        instead=_said(best, kind, top, False),
        why=said.said,
        cost=cost,
    )
    return False, mark


def review_seat(
    record: MatchRecord,
    hand_no: int,
    seat: int,
    iterations: int = ITERATIONS,
    limit: int = MARKS,
) -> Review:
    """Review ``seat``'s decisions in finished hand ``hand_no`` of the match ``record`` tells,
    against the hard bot's (what a screen hands the bot worker, which holds no game).

    ValueError (with a reason a player can read) when that hand has not finished in the log.
    """
    choices = matched = 0
    marks: list[Mark] = []
    small: list[Mark] = []
    moments = seat_moments(record, hand_no, seat)
    # A long hand shares one budget of sampled worlds among its many decisions, so a review
    # takes about as long as an ordinary hand's; the same log always gets the same share.
    per = iterations
    if len(moments) > FULL_DECISIONS:
        per = max(LEAST_ITERATIONS, iterations * FULL_DECISIONS // len(moments))
    for moment in moments:
        judged = mark_for(moment, per)
        if judged is None:
            continue
        same, mark = judged
        choices += 1
        matched += same
        if mark is not None:
            (marks if mark.cost >= MIN_COST else small).append(mark)
    marks.sort(key=lambda m: (-m.cost, m.move))
    small.sort(key=lambda m: (-m.cost, m.move))
    return Review(seat, hand_no, choices, matched, tuple(marks[:limit]), tuple(small[:limit]))


def named_codes(*said: Said) -> set[int]:
    """The codes of the cards sentences name, read from their card fields (for checks and
    tests)."""
    return {c.code for s in said for c in cards_in(s)}


def visible_codes(moment: Moment) -> set[int]:
    """Every card code the seat could see at ``moment``."""
    return {code_of(i) for i in moment.view.visible_ids()}


__all__ = [
    "MARKS",
    "MIN_COST",
    "Mark",
    "Review",
    "mark_for",
    "named_codes",
    "review_seat",
    "told_for",
    "visible_codes",
]
