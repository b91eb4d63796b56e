"""Facts about a position: what a card goes with, how many cards are missing, what a draw makes.

Every sentence the game says about a position (a hint's reason, a coach's mark, a guide step) is
worded from one of these small frozen values, worked out here for that very position, in the
game's own terms. The words are chosen where the sentence is made; this module only knows what
is true:

- ``GoesWith``: the cards of a hand a card goes with, and how (a copy, a run neighbour, the same
  rank, a wild card). Two cards go with each other when one more card would make a meld of the
  three, by the rules of the table: the ace is high (Q K A) and low (A 2 3) but a run never wraps
  (K A 2), a triplet needs three suits, a wild card counts only for a player who has seen, and a
  wild card never completes a tunnela.
- ``Missing``: cards missing to see, or to go out, before and after a move (the solver's count).
- ``Makes``: the best meld a card makes with two cards of the hand.
- ``Taking`` and ``Throwing``: those facts for taking the top discard, or for throwing a card.

``Position`` reads a seat's view once and answers them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Literal

from engine.cards import Card, card_of
from engine.melds import ACE, MeldKind, classify_meld
from engine.rules import NEPALI, RuleSet
from engine.sequences import run_gap
from engine.solver import distance, going_out_options, outs, seeing_options
from engine.solver.distance import Distance
from engine.view import PlayerView
from engine.wilds import Wilds

Goal = Literal["see", "go_out"]
#: What the solver answers when a goal cannot be reached at all.
UNREACHABLE = 99
#: The order of meld kinds, best first (``MeldKind`` lists them so).
_BEST = {kind: i for i, kind in enumerate(MeldKind)}


class How(Enum):
    """How two cards go together: what one more card would make of them."""

    #: An identical card: with a third copy, a tunnela.
    COPY = "copy"
    #: A card of the same suit at most two ranks away (the ace high or low): a pure sequence.
    RUN = "run"
    #: The same rank in another suit: with a third suit, a triplet.
    RANK = "rank"
    #: A wild card (for a player who has seen): it stands in for what the other card lacks.
    WILD = "wild"


def relation(card: Card, other: Card, wilds: Wilds | None = None) -> How | None:
    """How ``card`` goes with ``other`` (None: no third card would make a meld of them).

    ``wilds``: the wild cards of a player who has seen (None: nothing is wild for them).
    """
    if card == other:
        return How.COPY
    natural = not card.is_joker and not other.is_joker
    apart = run_gap(card.code, other.code)
    if apart is not None and apart <= 2:
        return How.RUN
    if natural and card.rank == other.rank:
        return How.RANK
    if wilds is not None and (wilds.is_wild(card) or wilds.is_wild(other)):
        return How.WILD
    return None


@dataclass(frozen=True)
class GoesWith:
    """The cards of ``hand`` (a hand without ``card`` itself) that ``card`` goes with, each with
    how (``partners``, in card order, each kind of card once)."""

    card: Card
    partners: tuple[tuple[Card, How], ...]
    hand: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The partners that go with the card as themselves (copies, runs, ranks)."""
        return tuple(c for c, how in self.partners if how is not How.WILD)

    @property
    def others(self) -> tuple[Card, ...]:
        """The natural partners other than the card's own copy."""
        return tuple(c for c, how in self.partners if how in (How.RUN, How.RANK))

    @property
    def copy(self) -> bool:
        """Whether the hand holds another copy of the card."""
        return any(how is How.COPY for _c, how in self.partners)

    @property
    def wild(self) -> tuple[Card, ...]:
        """The partners that go with the card only as wild cards."""
        return tuple(c for c, how in self.partners if how is How.WILD)

    @property
    def alone(self) -> bool:
        """Whether the card goes with nothing in the hand, wild cards included."""
        return not self.partners


def partners(
    card: Card, hand: Iterable[Card], wilds: Wilds | None = None, rules: RuleSet = NEPALI
) -> GoesWith:
    """What ``card`` goes with in ``hand`` (the hand without the card itself).

    ``wilds``: the wild cards of a player who has seen (None before seeing). The relation is the
    same under every rule set (every preset allows three-card tunnelas, pure sequences,
    triplets and, once seen, melds of two wild cards and any card); ``rules`` is taken so a
    rule that changes it has one place to say so.
    """
    del rules  # the same in every preset: see above
    held = tuple(hand)
    found: list[tuple[Card, How]] = []
    for other in sorted(set(held)):
        how = relation(card, other, wilds)
        if how is not None:
            found.append((other, how))
    return GoesWith(card, tuple(found), held)


@dataclass(frozen=True)
class Missing:
    """Cards missing for ``goal`` before a move and after it (``exact``: the solver's count is
    exact; with melds longer than three it is an upper bound unless it is 0)."""

    goal: Goal
    before: int
    after: int
    exact: bool = True

    @property
    def closer(self) -> bool:
        """Whether the move brings the goal nearer."""
        return self.after < self.before


@dataclass(frozen=True)
class Makes:
    """A meld ``card`` makes with two cards of the hand: ``meld`` (the card among them), of
    ``kind``."""

    card: Card
    meld: tuple[Card, ...]
    kind: MeldKind


def makes(
    card: Card, hand: Sequence[Card], wilds: Wilds | None = None, rules: RuleSet = NEPALI
) -> Makes | None:
    """The best meld ``card`` makes with two cards of ``hand`` (None: none)."""
    goes = partners(card, hand, wilds, rules)
    pool: list[Card] = []
    for c, how in goes.partners:
        pool += [c] * min(2, sum(1 for h in hand if h == c) if how is How.COPY else 1)
    best: Makes | None = None
    for a, b in combinations(pool, 2):
        meld = in_order((card, a, b))
        kind = classify_meld(meld, wilds, rules)
        if kind is not None and (best is None or _BEST[kind] < _BEST[best.kind]):
            best = Makes(card, meld, kind)
    return best


def in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards as a player lays a meld: low to high by rank (the ace low where the other cards are
    nearer the two, as A 2 3; high as in Q K A), then by suit."""
    held = tuple(cards)
    others = [c.code % 13 for c in held if not c.is_joker and c.code % 13 != ACE]
    # The ace low spans from it up to the highest other card; high, from the lowest to it.
    low = bool(others) and max(others) + 2 < 13 - min(others)

    def place(c: Card) -> tuple[int, int]:
        if c.is_joker:
            return (99, 0)
        i = c.code % 13
        return (-1 if low and i == ACE else i, c.suit)

    return tuple(sorted(held, key=place))


@dataclass(frozen=True)
class Taking:
    """What taking ``card`` from the discards would do: what it goes with and makes, the cards
    missing to see and to go out before and after, and whether the player could then see or go
    out this very turn."""

    card: Card
    goes: GoesWith
    makes: Makes | None
    see: Missing | None
    out: Missing
    sees: bool
    goes_out: bool


@dataclass(frozen=True)
class Outs:
    """How many kinds of card (``kinds``, with ``copies`` unseen) would bring a hand closer
    if drawn: to seeing while the player must still see, else to going out (``exact``: the
    count each draw is judged by is exact)."""

    kinds: int
    copies: int
    exact: bool


@dataclass(frozen=True)
class Throwing:
    """What throwing ``card`` leaves: what it went with in the hand left, the cards missing to
    see and to go out with it and without it, and the draws that would then help."""

    card: Card
    goes: GoesWith
    see: Missing | None
    out: Missing
    outs: Outs


class Position:
    """A seat's view, read once: the facts of its hand, as the seat may know them."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.cards = view.cards
        self.seen = view.seen[view.seat]
        self.wilds = view.wilds if self.seen else None
        self.shown = [[card_of(i) for i in ids] for _kind, ids in view.shown[view.seat]]
        self.unseen = view.unseen_counts()
        self.players = view.players

    # ------------------------------------------------------------------ the solver
    def distance(
        self,
        cards: Iterable[Card],
        shown: Sequence[Sequence[Card]] | None = None,
        seen: bool | None = None,
    ) -> Distance:
        """Cards missing to see and to go out for a hand of ``cards`` at this seat (``shown``,
        ``seen``: as they would be after seeing)."""
        return distance(
            cards,
            self.wilds,
            self.rules,
            self.shown if shown is None else shown,
            self.seen if seen is None else seen,
            self.unseen,
            self.players,
        )

    def missing(self, before: Distance, after: Distance) -> tuple[Missing | None, Missing]:
        """(to see, to go out) from two distances; None to see for a player who has seen or
        cannot see by any route."""
        see = None
        if not self.seen and max(before.to_see, after.to_see) < UNREACHABLE:
            see = Missing("see", before.to_see, after.to_see)
        exact = not self.rules.long_melds or (before.to_go_out == 0 and after.to_go_out == 0)
        return see, Missing("go_out", before.to_go_out, after.to_go_out, exact)

    def goes_with(self, card: Card, hand: Iterable[Card]) -> GoesWith:
        """What ``card`` goes with in ``hand`` at this seat."""
        return partners(card, hand, self.wilds, self.rules)

    # ------------------------------------------------------------------ moves
    def taking(self) -> Taking | None:
        """The facts of taking the top discard (None: the pile is empty)."""
        top = self.view.top_discard
        if top is None:
            return None
        hand = self.cards
        after_cards = [*hand, top]
        before, after = self.distance(hand), self.distance(after_cards)
        see, out = self.missing(before, after)
        sees = (
            not self.seen
            and after.to_see == 0
            and bool(seeing_options(after_cards, self.rules, self.shown, self.players, limit=1))
        )
        goes_out = after.to_go_out == 0 and self._finishes(after_cards, top)
        return Taking(
            top,
            self.goes_with(top, hand),
            makes(top, hand, self.wilds, self.rules),
            see,
            out,
            sees,
            goes_out,
        )

    def _finishes(self, cards: list[Card], taken: Card) -> bool:
        """Whether a hand of ``cards`` (``taken`` just taken) can go out this turn, seeing
        first if it must, without throwing back the card taken."""

        def allowed(found: Iterable[tuple[object, Card]]) -> bool:
            forbidden = taken.code if self.rules.no_discard_of_taken_card else None
            return any(discard.code != forbidden for _melds, discard in found)

        if self.seen:
            return allowed(
                going_out_options(cards, self.wilds, self.rules, self.shown, self.players)
            )
        for way in seeing_options(cards, self.rules, self.shown, self.players):
            rest = list(cards)
            for meld in way:
                for c in meld:
                    rest.remove(c)
            shown = [*self.shown, *way]
            if allowed(going_out_options(rest, None, self.rules, shown, self.players)):
                return True
        return False

    def throwing(self, card: Card) -> Throwing:
        """The facts of throwing ``card`` from the hand (after the draw)."""
        hand = self.cards
        rest = list(hand)
        rest.remove(card)
        before, after = self.distance(hand), self.distance(rest)
        see, out = self.missing(before, after)
        return Throwing(card, self.goes_with(card, rest), see, out, self.outs(rest, after))

    def outs(self, cards: list[Card], now: Distance | None = None) -> Outs:
        """The draws that would bring a hand of ``cards`` (before its draw) closer."""
        now = self.distance(cards) if now is None else now
        found = outs(
            cards, self.wilds, self.rules, self.shown, self.seen, self.unseen, self.players
        )
        exact = not self.rules.long_melds or (not self.seen and 0 < now.to_see < UNREACHABLE)
        return Outs(len(found), sum(found.values()), exact)


__all__ = [
    "UNREACHABLE",
    "Goal",
    "GoesWith",
    "How",
    "Makes",
    "Missing",
    "Outs",
    "Position",
    "Taking",
    "Throwing",
    "in_order",
    "makes",
    "partners",
    "relation",
]
