"""The replay of a finished hand: the table after every move, every hand revealed.

A game is exactly its seed and its action log, so a hand is replayed by dealing the match again
from its seed and playing the log up to the end of that hand. Each ``ReplayFrame`` is plain
data (no ``Game`` inside), for learning from a hand and for settling arguments at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from engine import wire
from engine.cards import SHOE_SIZE, card_of
from engine.events import Event
from engine.record import MatchRecord
from engine.rules import RuleSet
from engine.view import Shown
from engine.wilds import Wilds
from engine.wire import travels
from engine.words import Said, clauses

if TYPE_CHECKING:
    from engine.game import Game

#: The most moves a hand can take (the rules cap turns far below this).
MAX_FRAMES = 20_000


def describe(events: Sequence[Event]) -> Said:
    """One line for a move, in the table log's own words (every card named: all is revealed)."""
    lines = [e.text for e in events if e.text]
    if any(e.kind == "go_out" for e in events):
        # "X went out, discarding 5H" already says what the hand's end would repeat.
        lines = [e.text for e in events if e.text and e.kind != "hand_end"]
    return clauses(lines)


@dataclass(frozen=True)
class ReplayFrame:
    """The table just after one move: every seat's cards, the piles, the tiplu, who is to play.

    ``actor`` made the move (the dealer for the deal) and ``moved`` are the cards it moved;
    ``text`` says it as the table log does. Once the hand is over, ``melds`` are each seat's
    melds in hand as the score sheet lays them out (the rest of the hand is loose); before, none.
    """

    actor: int | None = field(metadata=travels(wire.Seat | None, wire.same))
    text: Said = field(metadata=travels(wire.text(4000), wire.said, wire.heard))
    moved: tuple[int, ...] = field(metadata=travels(wire.CardIds, list))
    hands: tuple[tuple[int, ...], ...] = field(metadata=travels(wire.many(wire.CardIds, 5)))
    shown: tuple[tuple[Shown, ...], ...] = field(metadata=travels(wire.many(wire.SeatShown, 5)))
    seen: tuple[bool, ...] = field(metadata=travels(wire.many(bool, 5), list))
    stock_count: int = field(
        metadata=travels(Annotated[int, msgspec.Meta(ge=0, le=wire.MAX_CARD_ID)], wire.same)
    )
    discards: tuple[int, ...] = field(metadata=travels(wire.CardIds, list))
    tiplu_id: int | None = field(metadata=travels(wire.CardId | None, wire.same))
    current_player: int = field(metadata=travels(wire.Seat, wire.same))
    phase: str = field(metadata=travels(wire.Phase, wire.same))
    melds: tuple[tuple[tuple[int, ...], ...], ...] = field(
        metadata=travels(wire.many(wire.many(wire.CardIds, wire.MAX_CARD_ID), 5))
    )

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    def card_count(self) -> int:
        """Every card the frame places (hands, shown melds, discards, the tiplu); the stock is
        counted, not named."""
        count = sum(map(len, self.hands)) + len(self.discards) + self.stock_count
        count += sum(len(ids) for melds in self.shown for _kind, ids in melds)
        return count + (self.tiplu_id is not None)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return _FRAME.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, players: int | None = None) -> ReplayFrame:
        """Inverse of ``to_dict`` (a frame of a table of ``players``, when given); damaged data
        raises ValueError with a reason."""
        frame: ReplayFrame = cls(**_FRAME.read(data, "a replay frame"))
        frame.check(players)
        return frame

    def check(self, players: int | None = None) -> None:
        """ValueError unless the fields agree: one entry per seat, seats of this table, melds
        from their own hands, and no card placed twice."""
        n = len(self.hands) if players is None else players
        if not 2 <= n <= 5 or len(self.hands) != n:
            raise ValueError(f"a replay frame holds {len(self.hands)} hands for {n} players")
        wire.seat(self.actor, "who moved", n)
        wire.seat(self.current_player, "the player to act", n)
        wire.per_seat(self.shown, "shown", n)
        wire.per_seat(self.seen, "who has seen", n)
        wire.per_seat(self.melds, "the melds", n)
        _check_melds(self)
        named = [i for h in self.hands for i in h] + list(self.discards)
        named += [i for melds in self.shown for _kind, ids in melds for i in ids]
        if self.tiplu_id is not None:
            named.append(self.tiplu_id)
        if len(set(named)) != len(named):
            raise ValueError("a replay frame places one card twice")
        if self.card_count() > wire.MAX_CARD_ID:
            raise ValueError("a replay frame holds more cards than the shoe")


_FRAME = wire.form(ReplayFrame)


def _check_melds(frame: ReplayFrame) -> None:
    """Melds only once the hand is over, each of two cards or more from its seat's hand."""
    if frame.phase not in ("hand_over", "match_over") and any(frame.melds):
        raise ValueError("a replay frame lays out melds before the hand is over")
    for seat, melds in enumerate(frame.melds):
        ids = [i for m in melds for i in m]
        if any(len(m) < 2 for m in melds):
            raise ValueError(f"seat {seat + 1} has a meld of fewer than two cards")
        if len(set(ids)) != len(ids) or not set(ids) <= set(frame.hands[seat]):
            raise ValueError(f"seat {seat + 1}'s melds are not cards of that hand")


@dataclass(frozen=True)
class HandReplay:
    """A finished hand, move by move: ``frames[0]`` is the deal, then one frame per move."""

    names: tuple[str, ...] = field(metadata=travels(wire.many(wire.Name, 5), list))
    rules: RuleSet = field(
        metadata=travels(dict[str, wire.RuleValue], RuleSet.to_dict, RuleSet.from_dict)
    )
    hand_no: int = field(metadata=travels(wire.Count, wire.same))
    hands_total: int = field(metadata=travels(Annotated[int, msgspec.Meta(ge=1)], wire.same))
    frames: tuple[ReplayFrame, ...] = field(
        metadata=travels(
            wire.many(_FRAME.struct, MAX_FRAMES),
            lambda frames: [f.to_dict() for f in frames],
            lambda items: tuple(map(_FRAME.make, items)),
        )
    )

    @property
    def moves(self) -> int:
        """How many moves the hand took (the deal is not one)."""
        return len(self.frames) - 1

    def wilds(self, frame: ReplayFrame, seat: int | None = None) -> Wilds | None:
        """The wild cards once the tiplu is out (None before); as ``seat`` knows them, only
        once it has seen (a seat that has not seen does not know the tiplu)."""
        if frame.tiplu_id is None or (seat is not None and not frame.seen[seat]):
            return None
        return Wilds(card_of(frame.tiplu_id), self.rules)

    def to_dict(self) -> dict[str, Any]:
        """Plain data."""
        return _REPLAY.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> HandReplay:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        replay: HandReplay = cls(**_REPLAY.read(data, "a hand replay"))
        n = len(replay.names)
        if not 2 <= n <= 5:
            raise ValueError(f"a replay of a match of {n} players")
        if not replay.frames:
            raise ValueError("a replay has no frames")
        if replay.hand_no >= replay.hands_total:
            raise ValueError(f"the hand number is out of range: {replay.hand_no}")
        shoe = SHOE_SIZE + replay.rules.printed_jokers
        for k, frame in enumerate(replay.frames):
            frame.check(n)
            if frame.card_count() != shoe:
                raise ValueError(f"frame {k} holds {frame.card_count()} cards, not the {shoe}")
        return replay


_REPLAY = wire.form(HandReplay)


def frame_of(g: Game, actor: int | None, events: Sequence[Event]) -> ReplayFrame:
    """The table of ``g`` now, after ``actor``'s move that caused ``events``."""
    result = g.result
    melds = tuple(
        result.arrangement(seat, g.rules)[0] if result is not None else ()
        for seat in range(g.players)
    )
    return ReplayFrame(
        actor=actor,
        text=describe(events),
        moved=tuple(dict.fromkeys(i for e in events for i in e.card_ids)),
        hands=tuple(tuple(h) for h in g.hands),
        shown=tuple(tuple(s) for s in g.shown),
        seen=tuple(g.seen),
        stock_count=len(g.stock),
        discards=tuple(g.discards),
        tiplu_id=g.tiplu_id,
        current_player=g.current_player,
        phase=g.phase,
        melds=melds,
    )


def replay_hand(record: MatchRecord, hand_no: int) -> HandReplay:
    """Deal the match of ``record`` again from its seed and play its log to the end of hand
    ``hand_no``.

    ValueError (with a reason a player can read) when that hand has not finished in the log.
    """
    g = record.deal()
    frames: list[ReplayFrame] = []
    if hand_no == 0:
        frames.append(frame_of(g, g.dealer, g.events))
    for action in record.log:
        if g.hand_no > hand_no or (g.hand_no == hand_no and g.hand_over):
            break
        actor = g.current_player
        events = g.apply(action)
        if g.hand_no == hand_no:
            frames.append(frame_of(g, g.dealer if not frames else actor, events))
    if g.hand_no != hand_no or not g.hand_over:
        raise ValueError(f"hand {hand_no + 1} has not been played to its end")
    return HandReplay(tuple(g.names), record.rules, hand_no, record.hands_total, tuple(frames))


__all__ = ["HandReplay", "ReplayFrame", "describe", "replay_hand"]
