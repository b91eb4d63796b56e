"""Why the coach marks a decision, worded from facts of the position.

The coach sets the player's choice beside the hard bot's. Which measure the sentence speaks of
is the bot's judgement (the one that differs most); what the sentence *says* is a fact of the
position (``engine.facts``: what the cards go with, the cards missing, the draws that help),
or, where only the bot's judgement differs, a claim about the bot's judgement said as such
("the hard bot expects less from the stock"), which ``Judged`` records so a test can ask the bot
again. ``why(judge, kind, played, best)`` may be asked of any two ways to play a decision.
"""

from __future__ import annotations

from engine.actions import Action, Discard, GoOut, See, TakeDiscard
from engine.ai.alternatives import Alternative, Judge
from engine.ai.coach_facts import Ends, Judged, Kept, Seeing, SeeRule, Took, Wild
from engine.ai.evaluate import next_seat
from engine.ai.medium import without
from engine.ai.reasons import Told, gain, goes_with, named_cards, named_melds
from engine.cards import CARDS, Card
from engine.facts import Position, Throwing, partners
from engine.rules import RuleSet
from engine.wilds import Role
from engine.words import Cards, Said, clauses, say, say_n


def _count(n: float) -> tuple[int, str]:
    """A count as a sentence follows it (1 or more) and as it is written ("2", "1.5")."""
    value = f"{n:g}"
    return (1 if value == "1" else 2), value


def role_word(role: Role) -> Said:
    """The name of a wild card's role."""
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


# ---------------------------------------------------------------------- discards
def _went(t: Throwing) -> Said:
    # Translators: {cards} is what the card went with ("another 5D and 6D 7D", "nothing").
    return say("{card} went with {cards}", card=Cards.one(t.card), cards=goes_with(t.goes))


def _goes(t: Throwing) -> Said:
    # Translators: {cards} is what the card goes with ("another 5D and 6D 7D", "nothing").
    return say("{card} goes with {cards}", card=Cards.one(t.card), cards=goes_with(t.goes))


def _missing_why(mine: Throwing, its: Throwing) -> Said | None:
    """Throwing the player's card left more cards missing than the bot's throw would."""
    for goal in ("see", "go_out"):
        a = mine.see if goal == "see" else mine.out
        b = its.see if goal == "see" else its.out
        if a is None or b is None or not (a.exact and b.exact) or a.after <= b.after:
            continue
        if goal == "see":
            # Translators: {went} says what the thrown card went with; {other} is how many
            # cards the hard bot's throw {card} would leave missing; {theirs} what {card} goes
            # with.
            return say_n(
                "{went}: throwing it left {n} card missing to see, "
                "against {other} throwing {card} ({theirs})",
                "{went}: throwing it left {n} cards missing to see, "
                "against {other} throwing {card} ({theirs})",
                a.after,
                went=_went(mine),
                other=b.after,
                card=Cards.one(its.card),
                theirs=_goes(its),
            )
        # Translators: as "{went}: throwing it left {n} card missing to see, …".
        return say_n(
            "{went}: throwing it left {n} card missing to go out, "
            "against {other} throwing {card} ({theirs})",
            "{went}: throwing it left {n} cards missing to go out, "
            "against {other} throwing {card} ({theirs})",
            a.after,
            went=_went(mine),
            other=b.after,
            card=Cards.one(its.card),
            theirs=_goes(its),
        )
    return None


def _outs_why(mine: Throwing, its: Throwing) -> Said | None:
    """Throwing the player's card left fewer helpful unseen cards than the bot's throw."""
    a, b = mine.outs, its.outs
    if not (a.exact and b.exact) or a.copies >= b.copies:
        return None
    # Translators: a live out is an unseen card that would help the hand.
    return say_n(
        "{went}: throwing it left {n} live out (unseen cards that help), "
        "against {other} throwing {card} ({theirs})",
        "{went}: throwing it left {n} live outs (unseen cards that help), "
        "against {other} throwing {card} ({theirs})",
        a.copies,
        went=_went(mine),
        other=b.copies,
        card=Cards.one(its.card),
        theirs=_goes(its),
    )


def _feeds_why(judge: Judge, done: Action, best: Action) -> Told:
    """The player's throw could help the next player more than the bot's."""
    view = judge.view
    assert isinstance(done, Discard) and isinstance(best, Discard)
    mine, its = CARDS[done.card.code], CARDS[best.card.code]
    nxt = next_seat(view)
    name = view.names[nxt]
    held = [CARDS[c] for c in sorted(judge.tracker.seats[nxt].taken)]
    taken = partners(mine, held).cards
    judged = Judged("feeds", "discard", done, best)
    if taken and not partners(its, taken).partners:
        # Translators: {name} is the next player; {safe} goes with none of the cards they took.
        said = say(
            "{card} goes with {cards}, which {name} took from the discards and plays next; "
            "{safe} goes with none of them",
            card=Cards.one(mine),
            cards=named_cards(taken),
            name=name,
            safe=Cards.one(its),
        )
        return Told(said, (Took(nxt, name, mine, taken, its, view.seen[nxt]),))
    if view.seen[nxt]:
        # Translators: {name} is the next player, who has seen the maal.
        said = say(
            "{name} plays next and has seen: the hard bot judges {card} likelier to help "
            "them than {safe}",
            name=name,
            card=Cards.one(mine),
            safe=Cards.one(its),
        )
        return Told(said, (judged, Took(nxt, name, mine, (), None, True)))
    # Translators: {name} is the next player.
    said = say(
        "{name} plays next: the hard bot judges {card} likelier to help them than {safe}",
        name=name,
        card=Cards.one(mine),
        safe=Cards.one(its),
    )
    return Told(said, (judged, Took(nxt, name, mine, (), None, False)))


def scores_alone(role: Role, rules: RuleSet) -> bool:
    """Whether one card of ``role`` in a hand scores maal points, by the rules' point tables
    (an alter and a printed joker score only where the rules give them points)."""
    if not rules.scores_maal:
        return False
    tables = {
        Role.TIPLU: rules.tiplu_points,
        Role.POPLU: rules.poplu_points,
        Role.JHIPLU: rules.poplu_points if rules.poplu_jhiplu_combined else rules.jhiplu_points,
        Role.ALTER: rules.alter_points,
        Role.PRINTED: rules.printed_joker_points,
    }
    table = tables.get(role, ())
    return bool(table) and table[0] > 0


def _maal_why(judge: Judge, mine: Card, its: Throwing) -> Told | None:
    """The player threw a wild card the bot would keep."""
    wilds = judge.k.wilds
    role = wilds.role(mine) if wilds is not None else None
    if role is None:
        return None
    maal = scores_alone(role, judge.k.rules)
    fact = Wild(mine, role, maal)
    if maal:
        # Translators: {role} is what the card is ("tiplu", "poplu"); {theirs} says what the
        # hard bot's throw goes with.
        said = say(
            "{card} is your {role}: it scores maal points; {theirs}",
            card=Cards.one(mine),
            role=role_word(role),
            theirs=_goes(its),
        )
    else:
        # Translators: {role} is what the card is ("joker", "alter").
        said = say(
            "{card} is your {role}: a wild card; {theirs}",
            card=Cards.one(mine),
            role=role_word(role),
            theirs=_goes(its),
        )
    return Told(said, (fact, its))


def _discard_why(judge: Judge, done: Alternative, best: Alternative) -> Told:
    """Why the bot's throw beats the player's, by the measure that differs most, said in facts."""
    assert isinstance(done.action, Discard) and isinstance(best.action, Discard)
    pos = Position(judge.view)
    mine = pos.throwing(CARDS[done.action.card.code])
    its = pos.throwing(CARDS[best.action.card.code])
    parts = {
        "missing": 2.0 * (done.missing - best.missing),
        "outs": 0.0 if done.outs >= best.outs else 0.4 * (best.outs - done.outs),
        "feeds": 0.375 * (done.feeds - best.feeds),
        "maal": 0.08 * (done.maal - best.maal),
    }
    order = sorted(parts, key=lambda p: -parts[p])
    for reason in order:
        if parts[reason] <= 0:
            break
        if reason == "feeds":
            return _feeds_why(judge, done.action, best.action)
        if reason == "maal":
            told = _maal_why(judge, mine.card, its)
            if told is not None:
                return told
        said = _missing_why(mine, its) if reason == "missing" else _outs_why(mine, its)
        if said is not None:
            return Told(said, (mine, its))
    said = _missing_why(mine, its) or _outs_why(mine, its)
    if said is not None:
        return Told(said, (mine, its))
    # Translators: {went} and {theirs} say what each card goes with; the hard bot's look at
    # the next draws is what tells the two throws apart.
    said = say(
        "{went}; {theirs}: the hard bot's look at the next draws favours throwing {card}",
        went=_went(mine),
        theirs=_goes(its),
        card=Cards.one(its.card),
    )
    return Told(said, (mine, its, Judged("score", "discard", done.action, best.action)))


# ---------------------------------------------------------------------- draws
def _draw_why(judge: Judge, done: Alternative, best: Alternative) -> Told:
    """Why the bot would draw where the player took, or take where the player drew."""
    view = judge.view
    top = view.top_discard
    if top is None:
        return Told(say("the hard bot weighs the two draws differently here"))
    pos = Position(view)
    taking = pos.taking()
    assert taking is not None
    if isinstance(best.action, TakeDiscard):
        judged = Judged("draw", "draw", done.action, best.action)
        got = gain(taking)
        if got:
            # Translators: {gain} says what taking {card} would give ("you could then see this
            # turn; it makes the tunnela 9C 9C 9C").
            said = say(
                "taking {card}: {gain}; the hard bot expects less from the stock",
                card=Cards.one(top),
                gain=clauses(list(got)),
            )
            return Told(said, (taking, judged))
        said = say(
            "the hard bot expects more from taking {card} than from the stock", card=Cards.one(top)
        )
        return Told(said, (taking, judged))
    if isinstance(done.action, TakeDiscard):
        if not gain(taking) and all(m is None or m.exact for m in (taking.see, taking.out)):
            said = say(
                "{card} brought the hand no closer, and taking it shows the table what you collect",
                card=Cards.one(top),
            )
            return Told(said, (taking,))
        helps = pos.outs(pos.cards)
        judged = Judged("draw", "draw", done.action, best.action)
        if helps.exact and helps.copies:
            count, n = _count(helps.copies)
            said = say_n(
                "the hard bot expects as much from the stock ({n} unseen card would bring you "
                "closer), and taking {card} shows the table what you collect",
                "the hard bot expects as much from the stock ({n} unseen cards would bring you "
                "closer), and taking {card} shows the table what you collect",
                count,
                n=n,
                card=Cards.one(top),
            )
            return Told(said, (helps, judged))
    return Told(say("the hard bot weighs the two draws differently here"))


# ---------------------------------------------------------------------- seeing, going out
def _see_why(judge: Judge, done: Alternative, best: Alternative) -> Told:
    rules = judge.k.rules
    if isinstance(done.action, See) and isinstance(best.action, See):
        mine, its = _seeing(judge, done.action), _seeing(judge, best.action)
        if mine.out > its.out and not rules.long_melds:
            count, n = _count(mine.out)
            # Translators: {other} is how many cards the hard bot's way would leave missing.
            said = say_n(
                "seeing that way leaves {n} card missing to go out, against {other} the hard "
                "bot's way",
                "seeing that way leaves {n} cards missing to go out, against {other} the hard "
                "bot's way",
                count,
                n=n,
                other=its.out,
            )
            return Told(said, (mine, its))
        return Told(
            say("the hard bot would see with {melds}", melds=named_melds(its.melds)),
            (its, Judged("score", "see", done.action, best.action)),
        )
    if maal_needs_seeing(rules):
        return Told(
            say("seeing now shows you the tiplu: wild cards start to count and your maal scores"),
            (SeeRule(True),),
        )
    return Told(say("seeing now shows you the tiplu: wild cards start to count"), (SeeRule(False),))


def maal_needs_seeing(rules: RuleSet) -> bool:
    """Whether a player's maal pays only once they have seen (a player who never saw loses it:
    murder or kidnap under settlement scoring)."""
    return rules.scoring == "settlement" and rules.unseen_maal != "count"


def _seeing(judge: Judge, action: See) -> Seeing:
    """The cards missing to go out after seeing with ``action``."""
    k = judge.k
    rest = list(k.cards)
    for meld in action.melds:
        for c in meld:
            rest = without(rest, c.code)
    shown = k.shown + [list(m) for m in action.melds]
    d = Position(judge.view).distance(rest, shown, seen=True)
    return Seeing(tuple(tuple(m) for m in action.melds), d.to_go_out)


def _out_why(judge: Judge, done: Alternative, best: Alternative) -> Told:
    if isinstance(done.action, GoOut):
        assert isinstance(best.action, GoOut)
        count, n = _count(best.maal)
        # Translators: {other} is the maal points the player's own way kept.
        said = say_n(
            "that way keeps {n} maal point, against {other}",
            "that way keeps {n} maal points, against {other}",
            count,
            n=n,
            other=f"{done.maal:g}",
        )
        return Told(
            said, (Kept(best.action, round(best.maal)), Kept(done.action, round(done.maal)))
        )
    assert isinstance(best.action, GoOut)
    body = named_melds(best.action.melds)
    card = Cards.one(best.action.discard)
    fact = Ends(best.action)
    if body.items:
        return Told(
            say("the hand was yours to end: {melds} with {card} thrown", melds=body, card=card),
            (fact,),
        )
    return Told(say("the hand was yours to end: {card} thrown", card=card), (fact,))


def why(judge: Judge, kind: str, done: Alternative, best: Alternative) -> Told:
    """Why the bot's way (``best``) beats the player's (``done``) in a decision of ``kind``."""
    if kind == "discard":
        return _discard_why(judge, done, best)
    if kind == "draw":
        return _draw_why(judge, done, best)
    if kind == "see":
        return _see_why(judge, done, best)
    return _out_why(judge, done, best)


__all__ = ["maal_needs_seeing", "role_word", "scores_alone", "why"]
