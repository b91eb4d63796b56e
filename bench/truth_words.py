"""What each sentence claims, read from its words, and the same sentence in Nepali.

A sentence is an ``engine.words.Said``: a template and its fields, sentences nested in fields.
Each template the hint, the coach or the guide can say is listed here with what it claims of the
facts told beside it (``CLAIMS``), or as saying nothing about the position (``PLAIN``); a
template in neither list is an unchecked claim, and the check fails on it. The card a part of a
sentence is about is the nearest ``{card}`` of the sentence or of one it is nested in.

In Nepali, every template must be translated and the translation must carry every card, number
and name of the English.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from engine.ai.coach import named_codes
from engine.ai.coach_words import Ends, Judged, Kept, Seeing, SeeRule, Took, Wild
from engine.ai.hint import Refused, Shown
from engine.ai.reasons import cards_text, melds_text
from engine.cards import Card, format_cards, parse_card
from engine.facts import Missing, Outs, Taking, Throwing
from engine.melds import MeldKind
from engine.words import Said

Facts = tuple[object, ...]
Check = Callable[[dict[str, Any], Facts, Card | None], list[str]]

PLAIN = {
    "{first}; {then}",
    "{first}, {then}",
    "{first} and {then}",
    "deal the next hand",
    "draw from the stock, as the hard bot would",
    "the hard bot weighs the two draws differently here",
    # a wild card's role, checked by the sentence that names it
    "tiplu",
    "poplu",
    "jhiplu",
    "joker",
    "alter",
    "printed joker",
}


def _move(facts: Facts, card: Card | None) -> Taking | Throwing | None:
    """The fact about ``card``: taking it or throwing it."""
    return next(
        (f for f in facts if isinstance(f, Taking | Throwing) and f.card == card),
        None,
    )


def _codes(field: Any) -> set[int]:
    return named_codes(str(field))


def _goes(claim: str) -> Check:
    """A "goes with" claim: ``alone``, ``wild`` (nothing but wild cards), or ``cards``
    (the {cards} field names the partners)."""

    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        move = _move(facts, card)
        if move is None:
            return [f"no fact about {card} behind a {claim!r} claim"]
        goes = move.goes
        if claim == "alone":
            return [] if goes.alone else [f"{card} said to go with nothing: {goes.partners}"]
        if claim == "wild":
            if goes.cards or not goes.wild or fields.get("cards") != cards_text(goes.wild):
                return [f"{card} said to go with only wild cards: {goes.partners}"]
            return []
        said = fields.get("cards", "")
        if isinstance(said, Said) and said.template == "nothing":
            return [] if goes.alone else [f"{card} said to go with nothing: {goes.partners}"]
        named = _codes(said)
        whole = {c.code for c, _h in goes.partners}
        if not named or not named <= whole:
            return [f"{card} said to go with {fields.get('cards')}: {goes.partners}"]
        if "…" not in str(fields.get("cards", "")) and claim == "only" and named != whole:
            return [f"{card} said to go only with {fields.get('cards')}: {goes.partners}"]
        return []

    return check


def _another(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    named = parse_card(str(fields["card"]))
    if move is None or named != card or not move.goes.copy:
        return [f"'another {named}' said of {card} without a copy held"]
    return []


def _wild_cards(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    if move is None or _codes(fields["cards"]) - {c.code for c in move.goes.wild}:
        return [f"'the wild {fields['cards']}' said of {card}: not its wild partners"]
    return []


def _nothing(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    return [] if move is not None and move.goes.alone else [f"'nothing' said of {card}"]


def _makes(kind: MeldKind | None) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        move = _move(facts, card)
        made = move.makes if isinstance(move, Taking) else None
        if made is None or format_cards(made.meld) != fields["meld"]:
            return [f"{card} said to make {fields['meld']}: {made}"]
        if kind is not None and made.kind is not kind:
            return [f"{fields['meld']} said to be a {kind.value}, it is a {made.kind.value}"]
        if kind is None and made.kind in (MeldKind.TUNNELA, MeldKind.PURE_SEQUENCE):
            return [f"{fields['meld']} said to be a meld, not by its kind"]
        return []

    return check


def _then(what: str) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        move = _move(facts, card)
        ok = isinstance(move, Taking) and (move.goes_out if what == "out" else move.sees)
        return [] if ok else [f"taking {card} said to let the seat {what}"]

    return check


def _count(goal: str, how: str) -> Check:
    """A count of missing cards: ``now`` ("n missing, not before"), ``still`` (unchanged)."""

    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        move = _move(facts, card)
        m: Missing | None = None
        if move is not None:
            m = move.see if goal == "see" else move.out
        if m is None or not m.exact:
            return [f"a count to {goal} said of {card} with no exact fact"]
        if how == "now" and (m.after, m.before) != (fields["n"], fields["before"]):
            return [f"{card}: said {fields['n']} missing, not {fields['before']}: {m}"]
        if how == "still" and not m.before == m.after == fields["n"]:
            return [f"{card}: said still {fields['n']} missing: {m}"]
        if how == "worse" and (
            (m.after, m.before) != (fields["n"], fields["before"]) or m.after <= m.before
        ):
            return [f"{card}: said {fields['n']} missing without it, not {fields['before']}: {m}"]
        return []

    return check


def _kinds(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    if (
        not isinstance(move, Throwing)
        or not move.outs.exact
        or move.outs.kinds != fields["n"]
        or fields["n"] <= 0
    ):
        return [f"{card}: {fields['n']} kinds of card said to help"]
    return []


def _no_closer(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    out = _goes("cards")(fields, facts, card)
    if move is None or any(
        m is not None and (m.closer or not m.exact) for m in (move.see, move.out)
    ):
        out.append(f"{card} said to bring the seat no closer")
    return out


def _is_move(kind: type) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        return [] if isinstance(_move(facts, card), kind) else [f"no {kind.__name__} of {card}"]

    return check


def _shown(kind: str) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        shown = next((f for f in facts if isinstance(f, Shown) and f.kind == kind), None)
        if shown is None:
            return [f"no {kind} behind the sentence"]
        text = fields.get("melds", fields.get("cards", ""))
        if text != melds_text(shown.melds):
            return [f"said {text!r}, shown {shown.melds}"]
        if kind == "go_out" and fields["card"] != str(shown.discard):
            return [f"said to throw {fields['card']}, going out throws {shown.discard}"]
        return []

    return check


def _refused(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    refusal = next((f for f in facts if isinstance(f, Refused)), None)
    if refusal is None or str(fields.get("why", "")) != str(refusal.why):
        return ["a refusal said with no fact behind it"]
    return []


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
        if took is None or took.name != fields["name"] or str(took.card) != fields["card"]:
            return [f"{fields.get('name')} plays next: no fact"]
        if claim == "cards" and (
            fields["cards"] != cards_text(took.cards) or str(took.safe) != fields["safe"]
        ):
            return [f"{fields['cards']} said taken, facts {took.cards}"]
        if claim == "seen" and not took.seen:
            return [f"{took.name} said to have seen"]
        if claim != "cards" and _fact(Judged)(facts) is None:
            return ["the hard bot's judgement said with no fact"]
        return []

    return check


def _wild(maal: bool) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        wild = _fact(Wild)(facts)
        if wild is None or str(wild.card) != fields["card"] or wild.maal != maal:
            return [f"{fields['card']} said to be a wild card (maal: {maal}): {wild}"]
        if fields["role"].template != wild.role.value:
            return [f"{fields['card']} said to be a {fields['role']}, it is {wild.role.value}"]
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
            ok = bool(ways) and fields["melds"] == melds_text(ways[-1].melds)
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
    if ends is None or str(ends.action.discard) != fields["card"]:
        return ["the hand said to be the player's to end, with no fact"]
    if "melds" in fields and fields["melds"] != melds_text(ends.action.melds):
        return [f"going out said with {fields['melds']}"]
    return []


def _no_closer_taken(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    if not isinstance(move, Taking) or any(
        m is not None and (m.closer or not m.exact) for m in (move.see, move.out)
    ):
        return [f"{card} said to bring the hand no closer"]
    return []


CLAIMS: dict[str, Check] = {
    "it goes with nothing in your hand": _goes("alone"),
    "goes with nothing in your hand": _goes("alone"),
    "draw from the stock: {card} goes with nothing in your hand": _goes("alone"),
    "it goes with nothing in your hand but the wild {cards}": _goes("wild"),
    "draw from the stock: {card} goes with nothing in your hand but the wild {cards}": _goes(
        "wild"
    ),
    "it only goes with {cards}": _goes("only"),
    "it goes with {cards}": _goes("cards"),
    "{card} goes with {cards}": _goes("cards"),
    "{card} went with {cards}": _goes("cards"),
    "draw from the stock: {card} goes with {cards} but brings you no closer": _no_closer,
    "another {card}": _another,
    "the wild {cards}": _wild_cards,
    "nothing": _nothing,
    "it makes the tunnela {meld}": _makes(MeldKind.TUNNELA),
    "it makes the pure sequence {meld}": _makes(MeldKind.PURE_SEQUENCE),
    "it makes the marriage {meld}": _makes(MeldKind.MARRIAGE),
    "it makes the triplet {meld}": _makes(MeldKind.TRIPLET),
    "it makes the meld {meld}": _makes(None),
    "you could then go out this turn": _then("out"),
    "you could then see this turn": _then("see"),
    "{n} card missing to see, not {before}": _count("see", "now"),
    "{n} card missing to go out, not {before}": _count("go_out", "now"),
    "without it you are still {n} card from seeing": _count("see", "still"),
    "without it you are still {n} card from going out": _count("go_out", "still"),
    "without it you would be {n} card from seeing, not {before}": _count("see", "worse"),
    "without it you would be {n} card from going out, not {before}": _count("go_out", "worse"),
    "{n} kind of card would then bring you closer": _kinds,
    "discard {card}: {why}": _is_move(Throwing),
    "take {card} from the discards: {why}": _is_move(Taking),
    "take {card} from the discards": _is_move(Taking),
    "draw from the stock, as the hard bot would; with {card} instead: {gain}": _is_move(Taking),
    "draw from the stock: the discard pile is empty": _refused,
    "draw from the stock: {why}": _refused,
    "see now with {melds}": _shown("see"),
    "see now with dublees {melds}": _shown("dublees"),
    "see now: your exposed tunnelas are enough": _shown("see"),
    "go out now: {melds}, discarding {card}": _shown("go_out"),
    "expose your dealt tunnela {cards}: it counts toward seeing": _shown("expose"),
    # the coach
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


def nodes(said: Said, card: Card | None = None) -> list[tuple[Said, Card | None]]:
    """Every sentence of a sentence tree, each with the card it is about."""
    if "card" in said.fields:
        with contextlib.suppress(ValueError):
            card = parse_card(str(said.fields["card"]))
    out = [(said, card)]
    for value in said.fields.values():
        if isinstance(value, Said):
            out += nodes(value, card)
    return out


def claim_problems(said: str, facts: Facts) -> tuple[int, list[str]]:
    """(how many claims the sentence makes, what is wrong with them) against its facts."""
    if not isinstance(said, Said):
        return 0, [f"plain words, not a sentence made from facts: {said!r}"]
    claims, out = 0, []
    # A refusal is the engine's own sentence, checked whole against the engine's reason.
    refusals = {f.why for f in facts if isinstance(f, Refused) and isinstance(f.why, Said)}
    skip = {id(n) for r in refusals for n, _c in nodes(r)}
    # A sentence naming no card is about the one move its facts tell of, if there is one.
    moves = [f.card for f in facts if isinstance(f, Taking | Throwing)]
    for node, card in nodes(said, moves[0] if len(moves) == 1 else None):
        if id(node) in skip:
            continue
        check = CLAIMS.get(node.template)
        if check is not None:
            claims += 1
            out += [f"{p}  [{said}]" for p in check(node.fields, facts, card)]
        elif node.template not in PLAIN:
            out.append(f"an unchecked sentence: {node.template!r}  [{said}]")
    if re.search(r"(?<![0-9])0 kind", str(said)):
        out.append(f"a count of no kinds: {said}")
    return claims, out


def leaves(said: Said) -> list[str]:
    """Every card, number and name a sentence carries, as its words show them."""
    out: list[str] = []
    for value in said.fields.values():
        if isinstance(value, Said):
            out += leaves(value)
        elif isinstance(value, int):
            out.append(str(value))
        else:
            out += [w for w in str(value).replace("|", " ").split() if w != "…"]
    return out


def nepali_problems(
    said: str, word: Callable[[str], str], known: Callable[[Said], bool]
) -> list[str]:
    """What the Nepali of a sentence lacks: a template not translated, or a card, number or
    name of the English not carried (``word`` words a sentence in Nepali, ``known`` says
    whether the catalog translates a template)."""
    if not isinstance(said, Said):
        return []
    out = []
    for node, _card in nodes(said):
        if not known(node):
            out.append(f"not in the Nepali catalog: {node.template!r}")
    text = word(said)
    for leaf in leaves(said):
        if leaf not in text:
            out.append(f"the Nepali lacks {leaf!r}: {text}  [{said}]")
    return out


__all__ = ["CLAIMS", "PLAIN", "claim_problems", "leaves", "nepali_problems", "nodes"]
