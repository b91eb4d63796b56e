"""What each sentence claims, read from its words, and the same sentence in Nepali.

A sentence is an ``engine.words.Said``: a template and its fields, sentences nested in fields.
Each template the hint, the coach or the guide can say is listed here with what it claims of the
facts told beside it (``CLAIMS``), or as saying nothing about the position (``PLAIN``); a
template in neither list is an unchecked claim, and the check fails on it. The card a part of a
sentence is about is the nearest ``{card}`` of the sentence or of one it is nested in. Cards
are read from the sentences' card fields (``engine.words.Cards``), never from their words.

In Nepali, every template must be translated and the translation must carry every card, number
and name of the English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bench.truth_coach import COACH_CLAIMS, Check, Facts, move_of
from engine.ai.hint import Refused, Shown
from engine.ai.reasons import named_cards, named_melds
from engine.cards import Card
from engine.facts import Missing, Taking, Throwing
from engine.melds import MeldKind
from engine.words import MORE, Cards, Said, cards_in

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


_move = move_of


def _codes(field: Any) -> set[int]:
    """The codes of the cards a field names (a ``Cards``, or a sentence holding some)."""
    if isinstance(field, Cards):
        return {c.code for c in field.cards}
    return {c.code for c in cards_in(field)} if isinstance(field, Said) else set()


def _cut(field: Any) -> bool:
    """Whether a field names only the first few of its cards ("…")."""
    if isinstance(field, Cards):
        return MORE in field.items
    return isinstance(field, Said) and any(_cut(v) for v in field.fields.values())


def one_card(field: Any) -> Card | None:
    """The card a ``{card}`` field names (None: it names no single card)."""
    if isinstance(field, Cards) and len(field.items) == 1 and isinstance(field.items[0], Card):
        return field.items[0]
    return None


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
            if goes.cards or not goes.wild or fields.get("cards") != named_cards(goes.wild):
                return [f"{card} said to go with only wild cards: {goes.partners}"]
            return []
        said = fields.get("cards", "")
        if isinstance(said, Said) and said.template == "nothing":
            return [] if goes.alone else [f"{card} said to go with nothing: {goes.partners}"]
        named = _codes(said)
        whole = {c.code for c, _h in goes.partners}
        if not named or not named <= whole:
            return [f"{card} said to go with {fields.get('cards')!r}: {goes.partners}"]
        if not _cut(fields.get("cards")) and claim == "only" and named != whole:
            return [f"{card} said to go only with {fields.get('cards')!r}: {goes.partners}"]
        return []

    return check


def _another(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    named = one_card(fields["card"])
    if move is None or named != card or not move.goes.copy:
        return [f"'another {named}' said of {card} without a copy held"]
    return []


def _wild_cards(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    if move is None or _codes(fields["cards"]) - {c.code for c in move.goes.wild}:
        return [f"'the wild {fields['cards']!r}' said of {card}: not its wild partners"]
    return []


def _nothing(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    move = _move(facts, card)
    return [] if move is not None and move.goes.alone else [f"'nothing' said of {card}"]


def _makes(kind: MeldKind | None) -> Check:
    def check(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
        move = _move(facts, card)
        made = move.makes if isinstance(move, Taking) else None
        if made is None or Cards.of(made.meld) != fields["meld"]:
            return [f"{card} said to make {fields['meld']!r}: {made}"]
        if kind is not None and made.kind is not kind:
            return [f"{fields['meld']!r} said to be a {kind.value}, it is a {made.kind.value}"]
        if kind is None and made.kind in (MeldKind.TUNNELA, MeldKind.PURE_SEQUENCE):
            return [f"{fields['meld']!r} said to be a meld, not by its kind"]
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
        said = fields.get("melds", fields.get("cards", Cards(())))
        if said != named_melds(shown.melds):
            return [f"said {said!r}, shown {shown.melds}"]
        if kind == "go_out" and one_card(fields["card"]) != shown.discard:
            return [f"said to throw {fields['card']!r}, going out throws {shown.discard}"]
        return []

    return check


def _refused(fields: dict[str, Any], facts: Facts, card: Card | None) -> list[str]:
    refusal = next((f for f in facts if isinstance(f, Refused)), None)
    if refusal is None or fields.get("why") != refusal.why:
        return ["a refusal said with no fact behind it"]
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
    "go out now with dublees {melds}, discarding {card}": _shown("go_out"),
    "expose your dealt tunnela {cards}: it counts toward seeing": _shown("expose"),
    **COACH_CLAIMS,
}


def nodes(said: Said, card: Card | None = None) -> list[tuple[Said, Card | None]]:
    """Every sentence of a sentence tree, each with the card it is about."""
    if one_card(said.fields.get("card")) is not None:
        card = one_card(said.fields["card"])
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
            out += [f"{p}  [{said!r}]" for p in check(node.fields, facts, card)]
        elif node.template not in PLAIN:
            out.append(f"an unchecked sentence: {node.template!r}  [{said!r}]")
    if re.search(r"(?<![0-9])0 kind", said.english):
        out.append(f"a count of no kinds: {said!r}")
    return claims, out


def leaves(said: Said) -> list[str]:
    """Every number and name a sentence carries, as its words show them (its cards are
    checked by where the words put them: ``nepali_problems``)."""
    out: list[str] = []
    for value in said.fields.values():
        if isinstance(value, Said):
            out += leaves(value)
        elif isinstance(value, int):
            out.append(str(value))
        elif isinstance(value, str):
            out += value.split()
    return out


def nepali_problems(
    said: Said | str, word: Callable[[Said], str], known: Callable[[Said], bool]
) -> list[str]:
    """What the Nepali of a sentence lacks: a template not translated, a number or name of the
    English not carried, or a card of its card fields that the words do not put somewhere
    (``word`` words a sentence in Nepali, keeping where it put each card; ``known`` says
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
            out.append(f"the Nepali lacks {leaf!r}: {text}  [{said!r}]")
    put = sorted(c.code for _a, _b, c in getattr(text, "cards", ()))
    if put != sorted(c.code for c in cards_in(said)):
        out.append(f"the Nepali names other cards than its fields: {text}  [{said!r}]")
    return out


__all__ = ["CLAIMS", "PLAIN", "claim_problems", "leaves", "nepali_problems", "nodes"]
