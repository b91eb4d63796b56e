"""A lesson deal: a match whose first hand is arranged so that a guide can teach with it.

The guide's first hand must let every lesson happen (taking a discard that makes a tunnela,
seeing with three pure melds, a tiplu that makes a card of the hand maal, going out on the next
draw). No seed deals that by chance in reasonable time, so the deal is stacked: the match is
dealt from its seed, then physical cards trade places (every card stays in the shoe) until the
seat holds the lesson's hand, the discard pile and the top of the stock show the lesson's
cards, and the card the first seer will set aside as the tiplu is the lesson's tiplu.

A stacked hand cannot be dealt again from the seed, so a ``LessonMatch`` says it cannot be
replayed or reviewed rather than replaying a different deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import turns
from engine.cards import code_of, parse_cards
from engine.events import Event
from engine.game import Game
from engine.match import LocalMatch
from engine.replay import HandReplay
from engine.rules import RuleSet


@dataclass(frozen=True)
class LessonDeal:
    """What the lesson needs of the first hand, in card text (``9C 9C 3H …``).

    ``hand``: the seat's cards; ``discard``: the card starting the discard pile; ``stock_top``:
    the next cards drawn from the stock, top first; ``tiplu``: the card the first player to see
    will set aside (it must be chosen before anyone draws from the stock).
    """

    seat: int
    hand: str
    discard: str
    stock_top: str = ""
    tiplu: str | None = None


def _take(g: Game, code: int, place: list[int], at: int, keep: set[int]) -> None:
    """Bring a free copy of ``code`` to ``place[at]``, trading places with what lay there."""
    if code_of(place[at]) == code and place[at] not in keep:
        keep.add(place[at])
        return
    spots = [g.stock, g.discards, *g.hands]
    for pile in spots:
        for j, cid in enumerate(pile):
            if code_of(cid) == code and cid not in keep:
                pile[j], place[at] = place[at], cid
                keep.add(cid)
                return
    raise ValueError(f"no free copy of a card the lesson needs (code {code})")


def stack(g: Game, deal: LessonDeal) -> Game:
    """Arrange ``g``'s current hand (just dealt, nothing played) as ``deal`` says."""
    if g.log or g.turn:
        raise ValueError("a lesson deal is arranged before anything is played")
    hand = g.hands[deal.seat]
    want = [c.code for c in parse_cards(deal.hand)]
    if len(want) != len(hand):
        raise ValueError(f"the lesson's hand has {len(want)} cards, not {len(hand)}")
    keep: set[int] = set()
    for k, code in enumerate(want):
        _take(g, code, hand, k, keep)
    _take(g, parse_cards(deal.discard)[0].code, g.discards, len(g.discards) - 1, keep)
    for k, card in enumerate(parse_cards(deal.stock_top)):
        _take(g, card.code, g.stock, len(g.stock) - 1 - k, keep)
    if deal.tiplu is not None:
        # The real draw of the tiplu, on a copy: which place of the stock it comes from.
        at = _tiplu_place(g.clone())
        if at >= len(g.stock) - len(parse_cards(deal.stock_top)):
            raise ValueError("the tiplu would come from the cards the lesson draws")
        _take(g, parse_cards(deal.tiplu)[0].code, g.stock, at, keep)
    g.events[0] = Event("deal", g.dealer, (g.discards[-1],), text=turns.dealt_text(g))
    return g


def _tiplu_place(probe: Game) -> int:
    """Where in the stock the first seer's tiplu will be taken from."""
    before = list(probe.stock)
    chosen = turns._choose_tiplu(probe)  # noqa: SLF001 - the engine's own draw, on a copy
    return before.index(chosen)


class LessonMatch(LocalMatch):
    """A match on a stacked deal: played like any other, but never replayed from its seed."""

    @property
    def can_replay(self) -> bool:
        """The deal was stacked: the seed would deal other cards."""
        return False

    def replay(self, hand_no: int) -> HandReplay | None:
        """No replay of a stacked deal."""
        return None

    def record(self) -> dict[str, Any] | None:
        """No record to review: replaying it from the seed would deal other cards."""
        return None


def lesson_match(
    rules: RuleSet,
    names: Sequence[str],
    drivers: Sequence[str],
    deal: LessonDeal,
    seed: int | str = 0,
    **options: Any,
) -> LessonMatch:
    """A one-hand match dealt from ``seed`` and stacked as ``deal`` says."""
    g = Game.new(rules, list(names), seed, 1)
    return LessonMatch(stack(g, deal), drivers, **options)


__all__ = ["LessonDeal", "LessonMatch", "lesson_match", "stack"]
