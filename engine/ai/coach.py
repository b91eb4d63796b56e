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
from dataclasses import dataclass
from typing import Any

from engine import plain
from engine.actions import Action, Discard, DrawStock, GoOut, See, TakeDiscard, parse_action
from engine.ai.alternatives import ITERATIONS, Judge, bot_choice, decision_kind
from engine.ai.coach_words import why
from engine.ai.reasons import Told, cards_text, melds_text
from engine.cards import Card, code_of
from engine.moments import Moment, seat_moments
from engine.rules import RuleSet
from engine.view import PlayerView
from engine.words import CODE_LIMIT, from_code, say
from engine.words import code_of as code_of_said

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

_MARK_FIELDS = ("move", "kind", "done", "instead", "why", "cost")
_REVIEW_FIELDS = ("seat", "hand_no", "choices", "matched", "marks")
#: Fields a review written before it had them may lack.
_REVIEW_LATER = ("differences",)


@dataclass(frozen=True)
class Mark:
    """One decision that differed from the hard bot's: move ``move`` of the hand (a
    ``HandReplay`` frame), what was ``done``, what the hard bot would do ``instead``, ``why``
    in one line, and its ``cost`` in the bot's weighted missing cards (below ``MIN_COST``: a
    difference that cost little)."""

    move: int
    kind: str
    done: str
    instead: str
    why: str
    cost: float

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "move": self.move,
            "kind": self.kind,
            "done": code_of_said(self.done),
            "instead": code_of_said(self.instead),
            "why": code_of_said(self.why),
            "cost": self.cost,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Mark:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a review mark", _MARK_FIELDS)
        cost = d["cost"]
        if not isinstance(cost, int | float) or isinstance(cost, bool) or not 0 <= cost < 1e6:
            raise ValueError("a review mark's cost is not a number")
        return cls(
            move=plain.integer(d["move"], "the marked move", 1),
            kind=plain.one_of(
                d["kind"], "the kind of decision", ("draw", "discard", "see", "go_out")
            ),
            done=from_code(plain.text(d["done"], "what was done", CODE_LIMIT)),
            instead=from_code(plain.text(d["instead"], "what the bot would do", CODE_LIMIT)),
            why=from_code(plain.text(d["why"], "why", CODE_LIMIT)),
            cost=float(cost),
        )


@dataclass(frozen=True)
class Review:
    """One seat's hand, reviewed: how many of its ``choices`` ``matched`` the hard bot's, the
    ``marks`` of its costliest differences (costliest first), and the ``differences`` that
    cost little (dearest first), so a review with no mark still shows where it differed."""

    seat: int
    hand_no: int
    choices: int
    matched: int
    marks: tuple[Mark, ...]
    differences: tuple[Mark, ...] = ()

    @property
    def share(self) -> float | None:
        """The share of choices that matched the hard bot's (None: no choice to make)."""
        return self.matched / self.choices if self.choices else None

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return {
            "seat": self.seat,
            "hand_no": self.hand_no,
            "choices": self.choices,
            "matched": self.matched,
            "marks": [m.to_dict() for m in self.marks],
            "differences": [m.to_dict() for m in self.differences],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a review", _REVIEW_FIELDS, _REVIEW_LATER)
        choices = plain.integer(d["choices"], "the choices", 0)
        return cls(
            seat=plain.integer(d["seat"], "the reviewed seat", 0, 5),
            hand_no=plain.integer(d["hand_no"], "the hand number", 0),
            choices=choices,
            matched=plain.integer(d["matched"], "the matched choices", 0, choices),
            marks=plain.items(d["marks"], "the marks", lambda v, w: Mark.from_dict(v), MARKS),
            differences=plain.items(
                d.get("differences", []),
                "the differences",
                lambda v, w: Mark.from_dict(v),
                MARKS,
            ),
        )


# ---------------------------------------------------------------------- the words
def _cards(cards: Iterable[Card]) -> str:
    return cards_text(cards)


def _melds(melds: Sequence[Sequence[Card]]) -> str:
    return melds_text(melds)


def _said(action: Action, kind: str, view_top: Card | None, you: bool) -> str:
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
        card = str(view_top)
        if you:
            return say("you took {card} from the discards", card=card)
        return say("the hard bot would take {card} from the discards", card=card)
    if isinstance(action, Discard):
        card = str(action.card)
        if not you:
            return say("the hard bot would throw {card}", card=card)
        if kind == "see":
            return say("you threw {card} without seeing", card=card)
        if kind == "go_out":
            return say("you threw {card} instead of going out", card=card)
        return say("you threw {card}", card=card)
    if isinstance(action, See):
        melds = _melds(action.melds)
        if not melds:
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
        card = str(action.discard)
        if you:
            return say("you went out throwing {card}", card=card)
        return say("the hard bot would go out throwing {card}", card=card)
    return str(action)


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
    rules: RuleSet,
    names: Sequence[str],
    seed: int | str,
    hands_total: int,
    log: Iterable[Action],
    hand_no: int,
    seat: int,
    iterations: int = ITERATIONS,
    limit: int = MARKS,
) -> Review:
    """Review ``seat``'s decisions in finished hand ``hand_no`` against the hard bot's.

    ValueError (with a reason a player can read) when that hand has not finished in the log.
    """
    choices = matched = 0
    marks: list[Mark] = []
    small: list[Mark] = []
    moments = seat_moments(rules, names, seed, hands_total, log, hand_no, seat)
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


def review_saved(data: Any, hand_no: int, seat: int, iterations: int = ITERATIONS) -> Review:
    """``review_seat`` for a match's saved data (its rules, players, seed and log): what a
    screen hands the bot worker, which holds no game."""
    if not isinstance(data, dict):
        raise ValueError("this is not a Marriage game save")
    try:
        rules = RuleSet.from_dict(data["rules"])
        names = plain.names(data["players"])
        hands = plain.integer(data["hands"], "the number of hands", 1)
        log: list[Action] = []
        for item in plain.items(data["log"], "the action log", lambda v, w: v, 1_000_000):
            text, card_id = (
                (item[0], item[1]) if isinstance(item, list) and len(item) == 2 else (item, None)
            )
            action = parse_action(plain.text(text, "an action", 400))
            if isinstance(action, Discard) and isinstance(card_id, int):
                action = Discard(action.card, card_id)
            log.append(action)
        seed = data["seed"]
    except KeyError as exc:
        raise ValueError(f"this save is missing {exc.args[0]!r}") from None
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise ValueError("the seed is damaged")
    return review_seat(rules, names, seed, hands, log, hand_no, seat, iterations)


def named_codes(text: str) -> set[int]:
    """The card codes a line names in the engine's notation (for checks and tests)."""
    from engine.cards import RANKS, SUITS

    out: set[int] = set()
    for word in (
        text.replace("|", " ").replace("(", " ").replace(")", " ").replace(",", " ").split()
    ):
        word = word.strip(":;.")
        if word == "JK":
            out.add(52)
        elif len(word) == 2 and word[0] in RANKS and word[1] in SUITS:
            out.add(SUITS.index(word[1]) * 13 + RANKS.index(word[0]))
    return out


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
    "review_saved",
    "review_seat",
    "told_for",
    "visible_codes",
]
