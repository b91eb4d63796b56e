"""A hand played with real cards, tallied: what the table says in, the engine's settlement out.

At a real table nobody hands the game a deal and an action log. The keeper says what the table
shows at the end of a hand: the tiplu, who saw (and whether with dublees), each player's maal
(as the number they count, or the maal cards they show), the cards left over under deadwood
scoring, and who went out. ``tally`` turns that into the same ``HandResult`` a hand played at
the game's own table ends with: the maal is counted by ``scoring.maal_breakdown``, the cards
left over by ``deadwood.deadwood``, the nets by ``showdown.hand_nets``. Nothing here restates a
rule; what it adds is what a real table can get wrong (more copies of a card than the shoe
holds, a maal card named before the tiplu is known), refused with a reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, DECKS, JOKER, Card
from engine.deadwood import DeadwoodResult, deadwood
from engine.options import MAX_POINTS
from engine.result import HandResult
from engine.rules import RuleSet
from engine.scoring import MaalBreakdown, maal_breakdown
from engine.showdown import hand_nets
from engine.wilds import Role, Wilds
from engine.words import Cards, Said, SaidError, say, say_n

__all__ = [
    "MAX_TUNNELAS",
    "MaalCards",
    "SeatEntry",
    "TableHand",
    "counted_maal",
    "no_winner_reason",
    "tally",
    "table_wilds",
]

#: The most tunnelas one player can have exposed from a deal of 21 cards.
MAX_TUNNELAS = 7


@dataclass(frozen=True)
class MaalCards:
    """A player's maal as the cards they show, by kind: which cards those are follows from the
    tiplu. ``marriages`` are held in hand (a jhiplu, a tiplu and a poplu each); the ones laid
    on the table to see are ``shown_marriages``; ``tunnelas`` were exposed from the deal (one
    card of each, e.g. ``5C`` for 5♣ 5♣ 5♣)."""

    tiplus: int = 0
    poplus: int = 0
    jhiplus: int = 0
    alters: int = 0
    printed: int = 0
    marriages: int = 0
    shown_marriages: int = 0
    tunnelas: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        counts = (
            self.tiplus,
            self.poplus,
            self.jhiplus,
            self.alters,
            self.printed,
            self.marriages,
            self.shown_marriages,
        )
        if not all(isinstance(k, int) and not isinstance(k, bool) and k >= 0 for k in counts):
            raise SaidError(say("a count of maal cards must be a whole number, 0 or more"))
        if not all(isinstance(c, Card) for c in self.tunnelas):
            raise SaidError(say("a tunnela is named by one of its cards"))
        if len(self.tunnelas) > MAX_TUNNELAS:
            raise SaidError(say("at most {n} tunnelas can be exposed", n=MAX_TUNNELAS))

    @property
    def empty(self) -> bool:
        """No maal card at all."""
        return self == MaalCards()

    def cards(self, wilds: Wilds) -> tuple[list[Card], list[list[Card]], list[list[Card]]]:
        """(cards held, tunnelas exposed, melds shown) as the tiplu makes them: the form the
        engine counts maal from at the end of a hand."""
        kinds = _kinds(wilds)
        held: list[Card] = []
        for role, k in (
            (Role.TIPLU, self.tiplus),
            (Role.POPLU, self.poplus),
            (Role.JHIPLU, self.jhiplus),
            (Role.ALTER, self.alters),
            (Role.PRINTED, self.printed),
        ):
            if not k:
                continue
            if role not in kinds:
                raise SaidError(_no_such(role))
            held += [kinds[role]] * k
        marriage = [CARDS[c] for c in wilds.marriage]
        held += marriage * self.marriages
        shown = [list(marriage) for _ in range(self.shown_marriages)]
        tunnelas = [[c, c, c] for c in self.tunnelas]
        return held, tunnelas, shown


def _kinds(wilds: Wilds) -> dict[Role, Card]:
    """The one card kind of each scoring role under this tiplu (the alter and the printed
    joker only where the rules have them)."""
    rules = wilds.rules
    kinds = {Role.TIPLU: wilds.tiplu, Role.POPLU: wilds.poplu, Role.JHIPLU: wilds.jhiplu}
    if Role.ALTER in wilds.roles:
        kinds[Role.ALTER] = CARDS[wilds.roles.index(Role.ALTER)]
    if rules.printed_jokers:
        kinds[Role.PRINTED] = JOKER
    return kinds


def _no_such(role: Role) -> Said:
    if role is Role.ALTER:
        return say("these rules have no alter")
    return say("these rules play without printed jokers")


@dataclass(frozen=True)
class SeatEntry:
    """What the table says of one player at the end of a hand.

    ``maal`` is the maal points as the player counts them, or the maal cards they show;
    ``left`` (deadwood scoring) the points of the cards left out of their melds, or those
    cards. ``dublees``: the player saw with dublees (what a dublee win is made of)."""

    seen: bool = False
    dublees: bool = False
    maal: int | MaalCards = 0
    left: int | tuple[Card, ...] = 0


@dataclass(frozen=True)
class TableHand:
    """One hand played with real cards: each player's entry, who went out (None: nobody),
    and the tiplu (None: nobody saw, or it was not noted)."""

    seats: tuple[SeatEntry, ...]
    winner: int | None = None
    tiplu: Card | None = None


def table_wilds(hand: TableHand, rules: RuleSet) -> Wilds | None:
    """The wild cards of the hand, once its tiplu is known."""
    if hand.tiplu is None:
        return None
    if hand.tiplu.is_joker:
        raise SaidError(say("a printed joker cannot be the tiplu"))
    return Wilds(hand.tiplu, rules)


def counted_maal(entry: SeatEntry, wilds: Wilds | None, rules: RuleSet) -> MaalBreakdown:
    """One player's maal: a number as told, or their maal cards counted by the engine."""
    if not rules.scores_maal:
        return MaalBreakdown(0, ())
    maal = entry.maal
    if isinstance(maal, int):
        _check_points(maal)
        return MaalBreakdown(maal, ())
    if maal.empty:
        return MaalBreakdown(0, ())
    if wilds is None:
        raise SaidError(say("maal cards are counted from the tiplu: say which card it is"))
    held, tunnelas, shown = maal.cards(wilds)
    everything = held + [c for t in tunnelas for c in t] + [c for m in shown for c in m]
    return maal_breakdown(
        everything, wilds, rules, exposed_tunnelas=tunnelas, seen=entry.seen, shown=shown
    )


def _left_over(entry: SeatEntry, wilds: Wilds | None, rules: RuleSet) -> DeadwoodResult:
    """Deadwood: the points as told, or the least the engine finds in the cards left over
    (wild only for a player who saw, as at the game's own table)."""
    left = entry.left
    if isinstance(left, int):
        _check_points(left)
        return DeadwoodResult(left, [], [])
    if entry.seen and wilds is None and left:
        raise SaidError(say("the cards left over count with the wild cards: say the tiplu"))
    return deadwood(list(left), wilds if entry.seen else None, rules)


def _check_points(points: int) -> None:
    if not 0 <= points <= MAX_POINTS:
        raise SaidError(say("points must be 0 to {high}", high=MAX_POINTS))


def _check_table(hand: TableHand, rules: RuleSet) -> None:
    """What a real table can say that no hand can be: refused with the reason."""
    n = len(hand.seats)
    if not 2 <= n <= 5:
        raise SaidError(say("a hand is played by 2 to 5 players"))
    if hand.winner is not None and not 0 <= hand.winner < n:
        raise SaidError(say("the player who went out is not at this table"))
    for entry in hand.seats:
        if entry.dublees and not entry.seen:
            raise SaidError(say("seeing with dublees is seeing: mark the player as seen"))
        if entry.dublees and not rules.dublees_allowed(n):
            raise SaidError(say("these rules do not allow dublees at this table"))
    if hand.winner is not None and not hand.seats[hand.winner].seen:
        # The engine refuses to let a player go out before seeing (``turns``).
        raise SaidError(say("the player who went out must have seen"))


def _check_copies(hand: TableHand, wilds: Wilds | None, rules: RuleSet) -> None:
    """No card is entered more often than the shoe holds it (the tiplu's own copy is set
    aside, never drawn)."""
    counts: Counter[Card] = Counter()
    for entry in hand.seats:
        if isinstance(entry.maal, MaalCards) and wilds is not None and rules.scores_maal:
            held, tunnelas, shown = entry.maal.cards(wilds)
            counts.update(held + [c for t in tunnelas for c in t] + [c for m in shown for c in m])
        if not isinstance(entry.left, int) and rules.scoring == "deadwood":
            counts.update(entry.left)
    for card, k in sorted(counts.items()):
        if hand.tiplu is not None and card == hand.tiplu:
            if k > DECKS - 1:
                raise SaidError(
                    say_n(
                        "{card} is entered {n} time, but only {most} can be held: "
                        "one is the tiplu set aside",
                        "{card} is entered {n} times, but only {most} can be held: "
                        "one is the tiplu set aside",
                        k,
                        card=Cards.one(card),
                        most=DECKS - 1,
                    )
                )
            continue
        most = rules.printed_jokers if card.is_joker else DECKS
        if k > most:
            raise SaidError(
                say_n(
                    "{card} is entered {n} time, but the shoe holds only {most}",
                    "{card} is entered {n} times, but the shoe holds only {most}",
                    k,
                    card=Cards.one(card),
                    most=most,
                )
            )


def no_winner_reason(rules: RuleSet) -> str:
    """Why a hand ends with nobody out, as the game's own table ends it (``turns``): a void
    hand where the rules void it when the stock runs out, else the stock ran out."""
    return "void" if rules.stock_exhausted == "void" else "stock exhausted"


def tally(
    hand: TableHand,
    rules: RuleSet,
    hand_no: int = 0,
    before: Sequence[int] | None = None,
) -> HandResult:
    """The hand's result by the engine's own counting and settlement; ``before`` are the
    match totals before it. ValueError (with a reason to show) for what no hand can be."""
    n = len(hand.seats)
    _check_table(hand, rules)
    wilds = table_wilds(hand, rules)
    _check_copies(hand, wilds, rules)
    breakdowns = tuple(counted_maal(e, wilds, rules) for e in hand.seats)
    points = [b.total for b in breakdowns]
    seen = tuple(e.seen for e in hand.seats)
    reason = "went out" if hand.winner is not None else no_winner_reason(rules)
    dublee_win = hand.winner is not None and hand.seats[hand.winner].dublees
    dead: tuple[DeadwoodResult, ...] = ()
    if rules.scoring == "deadwood" and reason != "void":
        dead = tuple(_left_over(e, wilds, rules) for e in hand.seats)
    nets = hand_nets(points, hand.winner, seen, dublee_win, reason, [d.points for d in dead], rules)
    totals = tuple((before[s] if before is not None else 0) + nets[s] for s in range(n))
    return HandResult(
        hand_no=hand_no,
        dealer=0,  # a real table's dealer is not kept: nothing here depends on it
        winner=hand.winner,
        reason=reason,
        dublee_win=dublee_win,
        tiplu=hand.tiplu,
        seen=seen,
        points=tuple(points),
        breakdowns=breakdowns,
        nets=tuple(nets),
        hands=tuple(() for _ in range(n)),
        shown=tuple(() for _ in range(n)),
        finish=(),
        final_discard=None,
        totals=totals,
        deadwood=dead,
    )
