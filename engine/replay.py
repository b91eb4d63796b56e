"""The replay of a finished hand: the table after every move, every hand revealed.

A game is exactly its seed and its action log, so a hand is replayed by dealing the match again
from its seed and playing the log up to the end of that hand. Each ``ReplayFrame`` is plain
data (no ``Game`` inside), for learning from a hand and for settling arguments at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import plain
from engine.cards import SHOE_SIZE, card_of
from engine.events import Event
from engine.record import MatchRecord
from engine.rules import RuleSet
from engine.view import PHASES, Shown
from engine.wilds import Wilds
from engine.words import clauses, code_of, from_code

if TYPE_CHECKING:
    from engine.game import Game

_FRAME_FIELDS = (
    "actor",
    "text",
    "moved",
    "hands",
    "shown",
    "seen",
    "stock_count",
    "discards",
    "tiplu_id",
    "current_player",
    "phase",
    "melds",
)
_REPLAY_FIELDS = ("names", "rules", "hand_no", "hands_total", "frames")
#: The most moves a hand can take (the rules cap turns far below this).
MAX_FRAMES = 20_000


def describe(events: Sequence[Event]) -> str:
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

    actor: int | None
    text: str
    moved: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    shown: tuple[tuple[Shown, ...], ...]
    seen: tuple[bool, ...]
    stock_count: int
    discards: tuple[int, ...]
    tiplu_id: int | None
    current_player: int
    phase: str
    melds: tuple[tuple[tuple[int, ...], ...], ...]

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
        return {
            "actor": self.actor,
            "text": code_of(self.text),
            "moved": list(self.moved),
            "hands": [list(h) for h in self.hands],
            "shown": [[[k, list(ids)] for k, ids in melds] for melds in self.shown],
            "seen": list(self.seen),
            "stock_count": self.stock_count,
            "discards": list(self.discards),
            "tiplu_id": self.tiplu_id,
            "current_player": self.current_player,
            "phase": self.phase,
            "melds": [[list(m) for m in melds] for melds in self.melds],
        }

    @classmethod
    def from_dict(cls, data: Any, players: int | None = None) -> ReplayFrame:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a replay frame", _FRAME_FIELDS)
        hands = plain.items(d["hands"], "the hands", plain.card_ids, 5)
        n = len(hands) if players is None else players
        if not 2 <= n <= 5 or len(hands) != n:
            raise ValueError(f"a replay frame holds {len(hands)} hands for {n} players")

        def per_seat(values: tuple[Any, ...], what: str) -> tuple[Any, ...]:
            return plain.per_seat(values, what, n)

        phase = plain.one_of(d["phase"], "the phase", PHASES)
        frame = cls(
            actor=plain.optional_integer(d["actor"], "who moved", 0, n - 1),
            text=from_code(plain.text(d["text"], "the move's words")),
            moved=plain.card_ids(d["moved"], "the cards moved"),
            hands=hands,
            shown=per_seat(plain.items(d["shown"], "the shown melds", plain.seat_shown), "shown"),
            seen=per_seat(plain.booleans(d["seen"], "who has seen"), "who has seen"),
            stock_count=plain.integer(d["stock_count"], "the stock size", 0, plain.MAX_CARD_ID),
            discards=plain.card_ids(d["discards"], "the discards"),
            tiplu_id=None if d["tiplu_id"] is None else plain.card_id(d["tiplu_id"], "the tiplu"),
            current_player=plain.integer(d["current_player"], "the player to act", 0, n - 1),
            phase=phase,
            melds=per_seat(plain.items(d["melds"], "the melds", _seat_melds), "the melds"),
        )
        _check_melds(frame)
        named = [i for h in frame.hands for i in h] + list(frame.discards)
        named += [i for melds in frame.shown for _kind, ids in melds for i in ids]
        if frame.tiplu_id is not None:
            named.append(frame.tiplu_id)
        if len(set(named)) != len(named):
            raise ValueError("a replay frame places one card twice")
        if frame.card_count() > plain.MAX_CARD_ID:
            raise ValueError("a replay frame holds more cards than the shoe")
        return frame


def _seat_melds(value: Any, what: str) -> tuple[tuple[int, ...], ...]:
    return plain.items(value, what, plain.card_ids, plain.MAX_CARD_ID)


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

    names: tuple[str, ...]
    rules: RuleSet
    hand_no: int
    hands_total: int
    frames: tuple[ReplayFrame, ...]

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
        return {
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "hand_no": self.hand_no,
            "hands_total": self.hands_total,
            "frames": [f.to_dict() for f in self.frames],
        }

    @classmethod
    def from_dict(cls, data: Any) -> HandReplay:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        d = plain.fields(data, "a hand replay", _REPLAY_FIELDS)
        names = plain.names(d["names"])
        hands_total = plain.integer(d["hands_total"], "the match length", 1)
        frames = plain.items(
            d["frames"],
            "the frames",
            lambda v, w: ReplayFrame.from_dict(v, len(names)),
            MAX_FRAMES,
        )
        if not frames:
            raise ValueError("a replay has no frames")
        rules = RuleSet.from_dict(d["rules"])
        shoe = SHOE_SIZE + rules.printed_jokers
        for k, frame in enumerate(frames):
            if frame.card_count() != shoe:
                raise ValueError(f"frame {k} holds {frame.card_count()} cards, not the {shoe}")
        return cls(
            names=names,
            rules=rules,
            hand_no=plain.integer(d["hand_no"], "the hand number", 0, hands_total - 1),
            hands_total=hands_total,
            frames=frames,
        )


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
