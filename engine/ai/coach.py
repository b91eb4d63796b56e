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
from engine.ai.alternatives import ITERATIONS, Alternative, Judge, bot_choice, decision_kind
from engine.ai.evaluate import next_seat
from engine.ai.medium import without
from engine.cards import Card, code_of, format_cards
from engine.moments import Moment, seat_moments
from engine.rules import RuleSet
from engine.solver import distance
from engine.wilds import Role
from engine.words import CODE_LIMIT, Said, from_code, say, say_n
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


@dataclass(frozen=True)
class Mark:
    """One costly decision: move ``move`` of the hand (a ``HandReplay`` frame), what was
    ``done``, what the hard bot would do ``instead``, ``why`` in one line, and its ``cost`` in
    the bot's weighted missing cards."""

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
    """One seat's hand, reviewed: how many of its ``choices`` ``matched`` the hard bot's, and
    the ``marks`` of its costliest differences (costliest first)."""

    seat: int
    hand_no: int
    choices: int
    matched: int
    marks: tuple[Mark, ...]

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
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a review", _REVIEW_FIELDS)
        choices = plain.integer(d["choices"], "the choices", 0)
        return cls(
            seat=plain.integer(d["seat"], "the reviewed seat", 0, 5),
            hand_no=plain.integer(d["hand_no"], "the hand number", 0),
            choices=choices,
            matched=plain.integer(d["matched"], "the matched choices", 0, choices),
            marks=plain.items(d["marks"], "the marks", lambda v, w: Mark.from_dict(v), MARKS),
        )


# ---------------------------------------------------------------------- the words


#: Most partner cards a line names (the rest are said as "…").
NAMED = 4


def _cards(cards: Iterable[Card]) -> str:
    named = list(cards)
    return format_cards(named[:NAMED]) + (" …" if len(named) > NAMED else "")


def _with(card: Card, joins: Sequence[Card]) -> str:
    """The cards ``card`` goes with, its own copy said as "another 5D"."""
    others = [c for c in joins if c != card]
    if card in joins and others:
        return say("another {card} and {cards}", card=str(card), cards=_cards(others))
    if card in joins:
        return say("another {card}", card=str(card))
    if others:
        return _cards(others)
    return say("nothing")


def _melds(melds: Sequence[Sequence[Card]]) -> str:
    # Melds apart as the engine writes them ("5H 6H 7H | 9C 9C 9C"): card text, not words.
    return " | ".join(_cards(m) for m in melds)


def _count(n: float) -> tuple[int, str]:
    """A count as a sentence follows it (1 or more) and as it is written ("2", "1.5")."""
    value = f"{n:g}"
    return (1 if value == "1" else 2), value


def _role_word(role: Role) -> Said:
    if role is Role.TIPLU:
        return say("tiplu")
    if role is Role.POPLU:
        return say("poplu")
    if role is Role.JHIPLU:
        return say("jhiplu")
    if role is Role.ALTER:
        return say("alter")
    if role is Role.PRINTED:
        return say("printed joker")
    return say("joker")


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


def _goes_with(alt: Alternative) -> str:
    card = alt.action.card if isinstance(alt.action, Discard) else None
    if card is None:
        return ""
    # Translators: {cards} is what the card went with ("another 5D and 6D 7D", "nothing").
    return say("{card} went with {cards}", card=str(card), cards=_with(card, alt.joins))


def _distance(judge: Judge, cards: Sequence[Card]) -> tuple[int, int]:
    """(cards missing to see, to go out) for a hand of ``cards``."""
    k = judge.k
    d = distance(cards, k.wilds if k.seen else None, k.rules, k.shown, k.seen, k.capped, k.players)
    return d.to_see, d.to_go_out


def _distances(judge: Judge, alt: Alternative) -> tuple[int, int]:
    """(cards missing to see, to go out) in the hand a discard leaves."""
    assert isinstance(alt.action, Discard)
    return _distance(judge, without(judge.k.cards, alt.action.card.code))


def _discard_why(judge: Judge, done: Alternative, best: Alternative) -> str:
    """Why the bot's throw beats the player's, by the measure that differs most."""
    assert isinstance(done.action, Discard) and isinstance(best.action, Discard)
    mine, its = done.action.card, best.action.card
    # Translators: {cards} is what the card goes with ("another 5D and 6D 7D", "nothing").
    theirs = say("{card} goes with {cards}", card=str(its), cards=_with(its, best.joins))
    k = judge.k
    view = judge.view
    parts = {
        "missing": 2.0 * (done.missing - best.missing),
        "outs": 0.0 if done.outs >= best.outs else 0.4 * (best.outs - done.outs),
        "feeds": 0.375 * (done.feeds - best.feeds),
        "maal": 0.08 * (done.maal - best.maal),
    }
    reason = max(parts, key=lambda p: parts[p])
    if parts[reason] <= 0:
        reason = "outs"
    if reason == "missing":
        (see_a, out_a), (see_b, out_b) = _distances(judge, done), _distances(judge, best)
        if not k.seen and see_a != see_b:
            count, n = _count(see_a)
            # Translators: {went} says what the thrown card went with; {other} is how many
            # cards the hard bot's throw {card} would leave missing; {theirs} what {card} goes
            # with.
            return say_n(
                "{went}: throwing it left {n} card missing to see, "
                "against {other} throwing {card} ({theirs})",
                "{went}: throwing it left {n} cards missing to see, "
                "against {other} throwing {card} ({theirs})",
                count,
                n=n,
                went=_goes_with(done),
                other=see_b,
                card=str(its),
                theirs=theirs,
            )
        count, n = _count(out_a)
        # Translators: as "{went}: throwing it left {n} card missing to see, …".
        return say_n(
            "{went}: throwing it left {n} card missing to go out, "
            "against {other} throwing {card} ({theirs})",
            "{went}: throwing it left {n} cards missing to go out, "
            "against {other} throwing {card} ({theirs})",
            count,
            n=n,
            went=_goes_with(done),
            other=out_b,
            card=str(its),
            theirs=theirs,
        )
    if reason == "feeds":
        nxt = next_seat(view)
        name = view.names[nxt]
        taken = [
            Card(c)
            for c in sorted(judge.tracker.seats[nxt].taken)
            if (c // 13 == mine.suit and abs(c % 13 - mine.rank) <= 2) or c == mine.code
        ]
        if taken:
            # Translators: {name} is the next player; {safe} the card safer to throw.
            return say(
                "{card} could help {name}, who plays next "
                "(they took {cards} from the discards); {safe} is safer to throw",
                card=str(mine),
                name=name,
                cards=_cards(taken),
                safe=str(its),
            )
        if view.seen[nxt]:
            # Translators: {name} is the next player; {safe} the card safer to throw.
            return say(
                "{card} could help {name}, who plays next (they have seen); "
                "{safe} is safer to throw",
                card=str(mine),
                name=name,
                safe=str(its),
            )
        # Translators: {name} is the next player; {safe} the card safer to throw.
        return say(
            "{card} could help {name}, who plays next; {safe} is safer to throw",
            card=str(mine),
            name=name,
            safe=str(its),
        )
    if reason == "maal":
        role = k.wilds.roles[mine.code] if k.wilds is not None else None
        if role is not None:
            # Translators: {role} is what the card is ("tiplu", "alter"); {theirs} says what
            # the hard bot's throw goes with.
            return say(
                "{card} is your {role}, worth keeping; {theirs}",
                card=str(mine),
                role=_role_word(role),
                theirs=theirs,
            )
        return say("{card} is maal, worth keeping; {theirs}", card=str(mine), theirs=theirs)
    count, n = _count(done.outs)
    # Translators: a live out is an unseen card that would help the hand.
    return say_n(
        "{went}: throwing it left {n} live out (unseen cards that help), "
        "against {other} throwing {card} ({theirs})",
        "{went}: throwing it left {n} live outs (unseen cards that help), "
        "against {other} throwing {card} ({theirs})",
        count,
        n=n,
        went=_goes_with(done),
        other=best.outs,
        card=str(its),
        theirs=theirs,
    )


def _draw_why(judge: Judge, done: Alternative, best: Alternative) -> str:
    """Why the bot would draw where the player took, or take where the player drew."""
    top = judge.view.top_discard
    cards = judge.k.cards
    if isinstance(best.action, TakeDiscard) and top is not None:
        card: str = str(top)
        if best.joins:
            # Translators: a card and what it goes with ("5D (it goes with 6D 7D)").
            card = say("{card} (it goes with {cards})", card=card, cards=_with(top, best.joins))
        (see_a, out_a), (see_b, out_b) = _distance(judge, cards), _distance(judge, [*cards, top])
        closer: str
        if not judge.k.seen and see_b == 0 < see_a:
            return say("{card} would let you see: better than the stock's likely draw", card=card)
        if not judge.k.seen and see_b < see_a:
            closer = say(
                "a card closer to seeing ({now} missing, not {before})", now=see_b, before=see_a
            )
        elif out_b == 0 < out_a:
            return say(
                "{card} would let you go out: better than the stock's likely draw", card=card
            )
        elif out_b < out_a:
            closer = say(
                "a card closer to going out ({now} missing, not {before})", now=out_b, before=out_a
            )
        else:
            closer = say("closer")
        # Translators: {closer} is "closer" or "a card closer to seeing (2 missing, not 3)".
        return say(
            "{card} brings you {closer}: more than the stock's likely draw",
            card=card,
            closer=closer,
        )
    if isinstance(done.action, TakeDiscard) and top is not None:
        if done.missing >= best.missing:
            return say(
                "{card} brought the hand no closer, and taking it shows the table what you collect",
                card=str(top),
            )
        count, n = _count(best.outs)
        return say_n(
            "the stock's draw was as good ({n} live out among the unseen cards), "
            "and taking {card} shows the table what you collect",
            "the stock's draw was as good ({n} live outs among the unseen cards), "
            "and taking {card} shows the table what you collect",
            count,
            n=n,
            card=str(top),
        )
    return say("the hard bot weighs the two draws differently here")


def _see_why(done: Alternative, best: Alternative) -> str:
    if isinstance(done.action, See):
        count, n = _count(done.missing)
        # Translators: {other} is how many cards the hard bot's way would leave missing.
        return say_n(
            "seeing that way leaves {n} card missing to go out, against {other} the hard bot's way",
            "seeing that way leaves {n} cards missing to go out, against {other} the hard bot's way",
            count,
            n=n,
            other=f"{best.missing:g}",
        )
    return say("seeing now shows you the tiplu: wild cards start to count and your maal scores")


def _out_why(done: Alternative, best: Alternative) -> str:
    if isinstance(done.action, GoOut):
        count, n = _count(best.maal)
        # Translators: {other} is the maal points the player's own way kept.
        return say_n(
            "that way keeps {n} maal point, against {other}",
            "that way keeps {n} maal points, against {other}",
            count,
            n=n,
            other=f"{done.maal:g}",
        )
    assert isinstance(best.action, GoOut)
    body = _melds(best.action.melds)
    card = str(best.action.discard)
    if body:
        return say("the hand was yours to end: {melds} with {card} thrown", melds=body, card=card)
    return say("the hand was yours to end: {card} thrown", card=card)


def mark_for(moment: Moment, iterations: int = ITERATIONS) -> tuple[bool, Mark | None] | None:
    """Judge one decision: None when there was no choice; else (whether it matched the hard
    bot's, a mark when it costs enough by the bot's own judgement)."""
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
    judge = Judge(view)
    best_score, best_alt = judge.judge(best, kind)
    done_score, done_alt = judge.judge(played, kind)
    cost = round(done_score - best_score, 3)
    if cost < MATCHED:
        return True, None
    if cost < MIN_COST:
        return False, None
    top = view.top_discard
    if kind == "discard":
        why = _discard_why(judge, done_alt, best_alt)
    elif kind == "draw":
        why = _draw_why(judge, done_alt, best_alt)
    elif kind == "see":
        why = _see_why(done_alt, best_alt)
    else:
        why = _out_why(done_alt, best_alt)
    mark = Mark(
        move=moment.move,
        kind=kind,
        done=_said(played, kind, top, True),
        instead=_said(best, kind, top, False),
        why=why,
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
            marks.append(mark)
    marks.sort(key=lambda m: (-m.cost, m.move))
    return Review(seat, hand_no, choices, matched, tuple(marks[:limit]))


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
    "Mark",
    "Review",
    "mark_for",
    "named_codes",
    "review_saved",
    "review_seat",
    "visible_codes",
]
