"""The second route: each fact a sentence says, checked against the game itself.

``engine.facts`` works a fact out one way; here it is checked another: what a card goes with by
asking the meld checker (``engine.melds.classify_meld``) of every third card; the cards missing
by the solver asked directly, and a "0 missing" or "you could see / go out" by playing the move
on a copy of the game and looking at its legal actions; how many kinds of card bring a hand
closer by trying every card one at a time. Nothing here calls the code that chose the words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from engine import turns
from engine.actions import GoOut, See, TakeDiscard
from engine.ai.alternatives import Judge
from engine.ai.coach_facts import Ends, Judged, Kept, Seeing, SeeRule, Took, Wild
from engine.ai.hint import Refused, Shown
from engine.cards import CARDS, Card, card_of, code_of
from engine.facts import GoesWith, How, Makes, Missing, Outs, Taking, Throwing
from engine.game import Game
from engine.melds import MeldKind, classify_meld, is_dublee
from engine.rules import RuleSet
from engine.scoring import effective_maal, maal_points
from engine.solver import distance
from engine.solver.distance import Distance
from engine.view import PlayerView
from engine.wilds import Wilds

#: What one more card makes of two cards that go together, by how they go.
_KINDS = {
    How.COPY: {MeldKind.TUNNELA},
    How.RUN: {MeldKind.PURE_SEQUENCE, MeldKind.MARRIAGE},
    How.RANK: {MeldKind.TRIPLET},
}


class Seat:
    """What the checks need of a seat's view: its cards, its wild cards, what it has shown."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules: RuleSet = view.rules
        self.seen = view.seen[view.seat]
        self.wilds: Wilds | None = view.wilds if self.seen else None
        self.shown = [[card_of(i) for i in ids] for _k, ids in view.shown[view.seat]]
        self.cards = [card_of(i) for i in view.hand]

    def distance(self, cards: Iterable[Card]) -> Distance:
        """The solver's count, asked directly."""
        return distance(
            list(cards),
            self.wilds,
            self.rules,
            self.shown,
            self.seen,
            self.view.unseen_counts(),
            self.view.players,
        )


def meld_kinds(a: Card, b: Card, wilds: Wilds | None, rules: RuleSet) -> set[MeldKind]:
    """Every kind of meld some third card makes of ``a`` and ``b`` (the meld checker's word)."""
    kinds = {classify_meld([a, b, CARDS[x]], wilds, rules) for x in range(53)}
    return {k for k in kinds if k is not None}


def goes_with(seat: Seat, fact: GoesWith, hand: Sequence[Card]) -> list[str]:
    """A ``GoesWith`` against the meld checker: every card of ``hand`` that some third card
    makes a meld with is listed, none other is, and each with the right ``How``."""
    out = []
    if Counter(fact.hand) != Counter(hand):
        out.append(f"{fact.card}: the facts were about another hand")
    said = dict(fact.partners)
    for other in sorted(set(hand)):
        kinds = meld_kinds(fact.card, other, seat.wilds, seat.rules)
        how = said.get(other)
        if not kinds and how is not None:
            out.append(f"{fact.card} said to go with {other} ({how.value}): no meld")
        elif kinds and how is None:
            out.append(f"{fact.card} goes with {other} ({sorted(k.value for k in kinds)}), unsaid")
        elif how is How.WILD:
            wild = seat.wilds is not None and (
                seat.wilds.is_wild(other) or seat.wilds.is_wild(fact.card)
            )
            if not wild or kinds & {MeldKind.TUNNELA, MeldKind.PURE_SEQUENCE, MeldKind.TRIPLET}:
                out.append(f"{fact.card} and {other} said to go together as a wild card")
        elif how is not None and not kinds & _KINDS[how]:
            out.append(f"{fact.card} and {other}: no {how.value} meld ({kinds})")
    if any(c not in set(hand) for c in said):
        out.append(f"{fact.card}: a partner not in the hand")
    if fact.card in said and said[fact.card] is How.COPY and fact.card not in hand:
        out.append(f"{fact.card}: a copy not held")
    return out


def makes(seat: Seat, fact: Makes, hand: Sequence[Card]) -> list[str]:
    """A ``Makes``: the meld checker agrees on its kind, and two of its cards are in the hand."""
    out = []
    kind = classify_meld(list(fact.meld), seat.wilds, seat.rules)
    if kind is not fact.kind:
        out.append(f"{fact.meld} said to be a {fact.kind.value}, the meld checker says {kind}")
    rest = list(fact.meld)
    if fact.card in rest:
        rest.remove(fact.card)
    else:
        out.append(f"{fact.meld} lacks {fact.card}")
    if Counter(rest) - Counter(hand):
        out.append(f"{fact.meld}: cards not in the hand")
    return out


def missing(
    seat: Seat, fact: Missing | None, before: Sequence[Card], after: Sequence[Card]
) -> list[str]:
    """A ``Missing`` against the solver asked directly about the two hands."""
    if fact is None:
        return []
    b, a = seat.distance(before), seat.distance(after)
    want = (b.to_see, a.to_see) if fact.goal == "see" else (b.to_go_out, a.to_go_out)
    if (fact.before, fact.after) != want:
        return [f"missing to {fact.goal}: said {fact.before}->{fact.after}, solver {want}"]
    return []


def _after_take(game: Game) -> list[Game]:
    """The game after taking the top discard, then after each way to see (an unseen seat)."""
    taken = game.clone()
    taken.apply(TakeDiscard())
    games = [taken]
    for a in taken.legal_actions():
        if isinstance(a, See) and a.melds:
            seen = taken.clone()
            seen.apply(a)
            games.append(seen)
    return games


def taking(seat: Seat, game: Game, fact: Taking) -> list[str]:
    """A ``Taking``: its parts, and its "see / go out this turn" by playing the take on a copy."""
    hand = seat.cards
    after = [*hand, fact.card]
    out = goes_with(seat, fact.goes, hand)
    if fact.makes is not None:
        out += makes(seat, fact.makes, hand)
    out += missing(seat, fact.see, hand, after)
    out += missing(seat, fact.out, hand, after)
    if fact.sees or fact.goes_out:
        if TakeDiscard() not in game.legal_actions():
            return [*out, f"{fact.card}: the take is not legal"]
        games = _after_take(game)
        can_see = any(isinstance(a, See) for a in games[0].legal_actions())
        can_out = any(isinstance(a, GoOut) for g in games for a in g.legal_actions())
        if fact.sees and not can_see:
            out.append(f"taking {fact.card} said to let the seat see: no See is legal")
        if fact.goes_out and not can_out:
            out.append(f"taking {fact.card} said to let the seat go out: no Go out is legal")
    return out


def throwing(seat: Seat, fact: Throwing) -> list[str]:
    """A ``Throwing``: its parts, and its count of helpful draws by trying every card."""
    hand = seat.cards
    if fact.card not in hand:
        return [f"{fact.card} is not in the hand"]
    rest = list(hand)
    rest.remove(fact.card)
    out = goes_with(seat, fact.goes, rest)
    out += missing(seat, fact.see, hand, rest)
    out += missing(seat, fact.out, hand, rest)
    return out + outs(seat, rest, fact.outs)


def outs(seat: Seat, cards: list[Card], fact: Outs) -> list[str]:
    """An ``Outs``: every unseen card tried, one at a time, with the solver asked directly."""
    if not fact.kinds and not fact.copies:
        return []
    base = seat.distance(cards)
    unseen = seat.view.unseen_counts()
    kinds = copies = 0
    for x in range(53):
        if unseen[x] <= 0:
            continue
        d = seat.distance([*cards, CARDS[x]])
        closer = d.to_see < base.to_see if base.to_see > 0 else d.to_go_out < base.to_go_out
        if closer:
            kinds += 1
            copies += unseen[x]
    if (kinds, copies) != (fact.kinds, fact.copies):
        return [
            f"said {fact.kinds} kinds ({fact.copies} copies) help, every card tried gives "
            f"{kinds} ({copies})"
        ]
    exact = not seat.rules.long_melds or (not seat.seen and 0 < base.to_see < 99)
    return [] if exact or not fact.exact else ["a count of helpful draws said to be exact"]


def shown(seat: Seat, game: Game, fact: Shown) -> list[str]:
    """A ``Shown``: each meld is what it is said to be, and the move is legal."""
    out = []
    rules = seat.rules
    legal = game.legal_actions()
    if fact.kind == "go_out":
        if not any(isinstance(a, GoOut) and a.discard == fact.discard for a in legal):
            out.append(f"going out throwing {fact.discard} is not legal")
        wilds = game.wilds_for(seat.view.seat)
        pairs = seat.view.seen_by_dublees[seat.view.seat]
        for m in fact.melds:
            dublee = pairs and len(m) == 2 and is_dublee(m[0], m[1], wilds, rules)
            if not dublee and classify_meld(list(m), wilds, rules) is None:
                out.append(f"{m} is not a meld")
    elif fact.kind == "dublees":
        if any(len(m) != 2 or not is_dublee(m[0], m[1], None, rules) for m in fact.melds):
            out.append(f"{fact.melds} are not dublees")
    elif fact.kind in ("see", "expose"):
        for m in fact.melds:
            kind = classify_meld(list(m), None, rules)
            if kind is None or not kind.is_pure:
                out.append(f"{m} is not a pure meld")
            if fact.kind == "expose" and kind is not MeldKind.TUNNELA:
                out.append(f"{m} is not a tunnela")
        if (
            fact.kind == "see"
            and not fact.melds
            and not any(isinstance(a, See) and not a.melds for a in legal)
        ):
            out.append("seeing on exposed tunnelas is not legal")
    return out


def refused(game: Game, fact: Refused) -> list[str]:
    """A ``Refused``: the engine refuses that kind of action, for that reason."""
    if fact.kind != "take":
        return [f"no check for a refusal of {fact.kind}"]
    if not game.discards:
        return [] if not fact.why else ["the pile is empty, yet another reason was given"]
    why = turns.check(game, TakeDiscard())
    if TakeDiscard() in game.legal_actions():
        return ["the take was said to be refused, but it is legal"]
    if why is not None and why != fact.why:
        return [f"refused for {fact.why!r}, the engine says {why!r}"]
    return []


def took(seat: Seat, fact: Took) -> list[str]:
    """A ``Took``: the seat plays next, took each card from the discards this hand, each goes
    with the card, and the safe card with none of them."""
    view, out = seat.view, []
    if fact.seat != turns.next_seat(view.seat, view.players, view.rules):
        out.append(f"{fact.name} does not play next")
    if fact.name != view.names[fact.seat] or fact.seen != view.seen[fact.seat]:
        out.append(f"{fact.name}: wrong name or wrong seen")
    taken = Counter(
        code_of(i)
        for e in view.history
        if e.kind == "take_discard" and e.player == fact.seat
        for i in e.card_ids
    )
    for c in fact.cards:
        if not taken[c.code]:
            out.append(f"{fact.name} never took {c} from the discards")
        if not meld_kinds(fact.card, c, None, seat.rules):
            out.append(f"{fact.card} said to go with {c}")
        if fact.safe is not None and meld_kinds(fact.safe, c, None, seat.rules):
            out.append(f"{fact.safe} said to go with none of them, but goes with {c}")
    return out


def judged(view: PlayerView, fact: Judged) -> list[str]:
    """A ``Judged``: the hard bot's measure, asked again, puts the moves in that order."""
    judge = Judge(view)
    worse, better = judge.judge(fact.worse, fact.kind), judge.judge(fact.better, fact.kind)
    if fact.measure == "feeds":
        ok = worse[1].feeds > better[1].feeds
    else:
        ok = worse[0] > better[0]
    return [] if ok else [f"the hard bot's {fact.measure} does not put {fact.worse} behind"]


def wild(seat: Seat, fact: Wild) -> list[str]:
    """A ``Wild``: the card's role, and whether alone it scores maal points (the scoring)."""
    if seat.wilds is None or seat.wilds.role(fact.card) is not fact.role:
        return [f"{fact.card} is not the seat's {fact.role.value}"]
    scores = maal_points([fact.card], seat.wilds, seat.rules) > 0 and seat.rules.scores_maal
    return [] if scores == fact.maal else [f"{fact.card} said to score maal: {fact.maal}"]


def seeing(seat: Seat, game: Game, fact: Seeing) -> list[str]:
    """A ``Seeing``: the See is legal, and the solver counts what it leaves."""
    if not any(
        isinstance(a, See) and tuple(map(tuple, a.melds)) == fact.melds
        for a in game.legal_actions()
    ):
        return [f"seeing with {fact.melds} is not legal"]
    rest = list(seat.cards)
    for m in fact.melds:
        for c in m:
            rest.remove(c)
    d = distance(
        rest,
        None,
        seat.rules,
        [*seat.shown, *map(list, fact.melds)],
        True,
        seat.view.unseen_counts(),
        seat.view.players,
    )
    return [] if d.to_go_out == fact.out else [f"seeing leaves {d.to_go_out}, said {fact.out}"]


def kept(seat: Seat, game: Game, fact: Kept) -> list[str]:
    """A ``Kept``: going out that way, on a copy of the game, scores that maal."""
    if fact.action not in game.legal_actions():
        return [f"{fact.action} is not legal"]
    g = game.clone()
    g.apply(fact.action)
    got = g.result.points[seat.view.seat] if g.result is not None else None
    return [] if got == fact.maal else [f"going out keeps {got} maal, said {fact.maal}"]


def see_rule(rules: RuleSet, fact: SeeRule) -> list[str]:
    """A ``SeeRule``: whether a player who never saw loses their maal, asked of the scoring."""
    if rules.scoring != "settlement":
        lost = False
    else:
        lost = effective_maal([5, 7, 0], 2, [True, False, True], rules)[1] == 0
    return [] if lost == fact.maal else [f"maal said to need seeing: {fact.maal}"]


def fact_problems(game: Game, view: PlayerView, fact: object) -> list[str]:
    """Every way ``fact`` is false for the seat of ``view`` in ``game`` ([]: true)."""
    seat = Seat(view)
    if isinstance(fact, Took):
        return took(seat, fact)
    if isinstance(fact, Judged):
        return judged(view, fact)
    if isinstance(fact, Wild):
        return wild(seat, fact)
    if isinstance(fact, Seeing):
        return seeing(seat, game, fact)
    if isinstance(fact, Kept):
        return kept(seat, game, fact)
    if isinstance(fact, Ends):
        return [] if fact.action in game.legal_actions() else [f"{fact.action} is not legal"]
    if isinstance(fact, SeeRule):
        return see_rule(seat.rules, fact)
    if isinstance(fact, Outs):
        return outs(seat, seat.cards, fact)
    if isinstance(fact, Taking):
        return taking(seat, game, fact)
    if isinstance(fact, Throwing):
        return throwing(seat, fact)
    if isinstance(fact, Shown):
        return shown(seat, game, fact)
    if isinstance(fact, Refused):
        return refused(game, fact)
    return [f"no second route for a fact of kind {type(fact).__name__}"]


__all__ = ["Seat", "fact_problems", "goes_with", "meld_kinds"]
