"""What the coach's sentences claim, read from their words (``truth_words`` reads the rest).

Each template the coach says is listed with what it claims of the facts told beside it; the
facts themselves are checked by another route in ``truth_checks``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai.coach_facts import Ends, Judged, Kept, Seeing, SeeRule, Took, Wild
from engine.ai.reasons import named_cards, named_melds
from engine.cards import Card
from engine.facts import Outs, Taking, Throwing
from engine.words import Cards

Facts = tuple[object, ...]
Check = Callable[[dict[str, Any], Facts, Card | None], list[str]]


def move_of(facts: Facts, card: Card | None) -> Taking | Throwing | None:
    """The fact about ``card``: taking it or throwing it."""
    return next(
        (f for f in facts if isinstance(f, Taking | Throwing) and f.card == card),
        None,
    )


_move = move_of


def _throws(facts: Facts, card: Card | None) -> tuple[Throwing | None, Throwing | None]:
    """(the player's throw, the bot's throw ``card``) among the facts."""
    its = _move(facts, card)
    mine = next((f for f in facts if isinstance(f, Throwing) and f is not its), None)
    return mine, its if isinstance(its, Throwing) else None


def _left(what: str) -> Check:
    """A coach's "throwing it left {n} … against {other} throwing {card}" claim."""

    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        mine, its = _throws(facts, card)
        if mine is None or its is None:
            return ["two throws compared without their facts"]
        if what == "outs":
            a, b, exact = mine.outs.copies, its.outs.copies, mine.outs.exact and its.outs.exact
        else:
            ma, mb = (mine.see, its.see) if what == "see" else (mine.out, its.out)
            if ma is None or mb is None:
                return [f"a count to {what} with no fact"]
            a, b, exact = ma.after, mb.after, ma.exact and mb.exact
        if (a, b) != (int(fields["n"]), fields["other"]) or not exact:
            return [f"said {fields['n']} against {fields['other']} ({what}), facts {a}, {b}"]
        if (a <= b) if what != "outs" else (a >= b):
            return [f"{a} against {b} ({what}) is no reason"]
        return []

    return check


def _fact(kind: type) -> Any:
    return lambda facts: next((f for f in facts if isinstance(f, kind)), None)


def _took(claim: str) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        took = _fact(Took)(facts)
        if took is None or took.name != fields["name"] or Cards.of([took.card]) != fields["card"]:
            return [f"{fields.get('name')} plays next: no fact"]
        if claim == "cards" and (
            fields["cards"] != named_cards(took.cards) or Cards.of([took.safe]) != fields["safe"]
        ):
            return [f"{fields['cards']!r} said taken, facts {took.cards}"]
        if claim == "seen" and not took.seen:
            return [f"{took.name} said to have seen"]
        if claim != "cards" and _fact(Judged)(facts) is None:
            return ["the hard bot's judgement said with no fact"]
        return []

    return check


def _wild(maal: bool) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        wild = _fact(Wild)(facts)
        if wild is None or Cards.of([wild.card]) != fields["card"] or wild.maal != maal:
            return [f"{fields['card']!r} said to be a wild card (maal: {maal}): {wild}"]
        if fields["role"].template != wild.role.value:
            return [f"{fields['card']!r} said to be a {fields['role']!r}, it is {wild.role.value}"]
        return []

    return check


def _judged(measure: str, fact: type | None = None) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        j = _fact(Judged)(facts)
        if j is None or j.measure != measure:
            return [f"the hard bot's {measure} said with no fact"]
        if fact is not None and _fact(fact)(facts) is None:
            return [f"no {fact.__name__} behind the sentence"]
        if fact is Outs and _fact(Outs)(facts).copies != int(fields["n"]):
            return [f"{fields['n']} unseen cards said to help"]
        return []

    return check


def _seeing(claim: str) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        ways = [f for f in facts if isinstance(f, Seeing)]
        if claim == "melds":
            ok = bool(ways) and fields["melds"] == named_melds(ways[-1].melds)
            return [] if ok else ["the hard bot's way of seeing said with no fact"]
        if len(ways) != 2 or (ways[0].out, ways[1].out) != (int(fields["n"]), fields["other"]):
            return [f"seeing said to leave {fields['n']} against {fields['other']}: {ways}"]
        return [] if ways[0].out > ways[1].out else ["no reason between two ways to see"]

    return check


def _see_rule(maal: bool) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        rule = _fact(SeeRule)(facts)
        return [] if rule is not None and rule.maal == maal else ["seeing's rule with no fact"]

    return check


def _kept(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    kept = [f for f in facts if isinstance(f, Kept)]
    if len(kept) != 2 or (str(kept[0].maal), str(kept[1].maal)) != (
        str(fields["n"]),
        str(fields["other"]),
    ):
        return [f"maal kept said {fields['n']} against {fields['other']}: {kept}"]
    return [] if kept[0].maal > kept[1].maal else ["no reason between two ways to go out"]


def _ends(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    ends = _fact(Ends)(facts)
    if ends is None or Cards.of([ends.action.discard]) != fields["card"]:
        return ["the hand said to be the player's to end, with no fact"]
    if "melds" in fields and fields["melds"] != named_melds(ends.action.melds):
        return [f"going out said with {fields['melds']!r}"]
    return []


def _no_closer_taken(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    if not isinstance(move, Taking) or any(
        m is not None and (m.closer or not m.exact) for m in (move.see, move.out)
    ):
        return [f"{card} said to bring the hand no closer"]
    return []


COACH_CLAIMS: dict[str, Check] = {
    "{went}: throwing it left {n} card missing to see, against {other} throwing {card} "
    "({theirs})": _left("see"),
    "{went}: throwing it left {n} card missing to go out, against {other} throwing {card} "
    "({theirs})": _left("go_out"),
    "{went}: throwing it left {n} live out (unseen cards that help), against {other} throwing "
    "{card} ({theirs})": _left("outs"),
    "{card} goes with {cards}, which {name} took from the discards and plays next; "
    "{safe} goes with none of them": _took("cards"),
    "{name} plays next and has seen: the hard bot judges {card} likelier to help them than "
    "{safe}": _took("seen"),
    "{name} plays next: the hard bot judges {card} likelier to help them than {safe}": _took(
        "next"
    ),
    "{card} is your {role}: it scores maal points; {theirs}": _wild(True),
    "{card} is your {role}: a wild card; {theirs}": _wild(False),
    "{went}; {theirs}: the hard bot's look at the next draws favours throwing {card}": _judged(
        "score", Throwing
    ),
    "taking {card}: {gain}; the hard bot expects less from the stock": _judged("draw", Taking),
    "the hard bot expects more from taking {card} than from the stock": _judged("draw", Taking),
    "{card} brought the hand no closer, and taking it shows the table what you collect": (
        _no_closer_taken
    ),
    "the hard bot expects as much from the stock ({n} unseen card would bring you closer), and "
    "taking {card} shows the table what you collect": _judged("draw", Outs),
    "seeing that way leaves {n} card missing to go out, against {other} the hard bot's way": (
        _seeing("counts")
    ),
    "the hard bot would see with {melds}": _seeing("melds"),
    "seeing now shows you the tiplu: wild cards start to count and your maal scores": _see_rule(
        True
    ),
    "seeing now shows you the tiplu: wild cards start to count": _see_rule(False),
    "that way keeps {n} maal point, against {other}": _kept,
    "the hand was yours to end: {melds} with {card} thrown": _ends,
    "the hand was yours to end: {card} thrown": _ends,
}


__all__ = ["COACH_CLAIMS", "Check", "Facts", "move_of"]
