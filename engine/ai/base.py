"""What every bot shares: the Bot interface, a seat's knowledge read from its view, random play."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action, ExposeTunnela, GoOut, NextHand, See
from engine.cards import CARDS, Card, code_of
from engine.rules import RuleSet
from engine.view import PlayerView
from engine.wilds import Wilds


class Bot:
    """A player that decides from a PlayerView alone."""

    level = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action | None:
        """One of ``view.legal``; None when the view offers no action (not this seat's turn)."""
        raise NotImplementedError

    def _turn_rng(self, view: PlayerView) -> random.Random:
        """A generator that depends only on the seed and the position, for reproducible play."""
        return random.Random(
            f"{self.seed}/{view.hand_no}/{view.turn}/{view.phase}/{len(view.hand)}"
        )


class RandomBot(Bot):
    """Random legal play (for the tournament only): it never declines a forced finish."""

    level = "random"

    def choose(self, view: PlayerView) -> Action | None:
        """A uniformly random legal action."""
        if not view.legal:
            return None
        return self._turn_rng(view).choice(view.legal)


@dataclass
class Knowledge:
    """A seat's cards and the public table, as the AI works with them."""

    view: PlayerView
    rules: RuleSet
    cards: list[Card]
    shown: list[list[Card]]
    tunnelas: list[list[Card]]
    seen: bool
    wilds: Wilds | None
    unseen: list[int]
    players: int
    capped: tuple[int, ...]
    _cache: dict[tuple[object, ...], object] = field(default_factory=dict)

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        """Read a view."""
        seat = view.seat
        shown = [[CARDS[code_of(i)] for i in ids] for _kind, ids in view.shown[seat]]
        tunnelas = [
            [CARDS[code_of(i)] for i in ids] for kind, ids in view.shown[seat] if kind == "tunnela"
        ]
        unseen = [max(0, n) for n in view.unseen_counts()]
        return cls(
            view=view,
            rules=view.rules,
            cards=view.cards,
            shown=shown,
            tunnelas=tunnelas,
            seen=view.seen[seat],
            wilds=view.wilds,
            unseen=unseen,
            players=view.players,
            capped=tuple(min(2, n) for n in unseen),
        )


def forced(view: PlayerView) -> Action | None:
    """The action any sensible player takes without thinking, or None when there is a choice.

    That is the only legal action, dealing the next hand, or exposing a dealt tunnela (it counts
    toward seeing and scores once seen, and every bot level exposes).
    """
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    for a in legal:
        if isinstance(a, NextHand | ExposeTunnela):
            return a
    return None


def exposes(legal: Sequence[Action]) -> list[ExposeTunnela]:
    """Dealt tunnelas that may be exposed now."""
    return [a for a in legal if isinstance(a, ExposeTunnela)]


def sees(legal: Sequence[Action]) -> list[See]:
    """Ways to see now."""
    return [a for a in legal if isinstance(a, See)]


def go_outs(legal: Sequence[Action]) -> list[GoOut]:
    """Ways to go out now."""
    return [a for a in legal if isinstance(a, GoOut)]
