"""Worlds consistent with one seat's view: where the cards it cannot see might be.

A seat sees its own hand, the discard pile, every shown meld and (once it has seen) the tiplu.
Every other physical card is in another hand, in the stock or (when this seat has not looked at
it) in the tiplu slot. A card another player picked up from the discards and has neither thrown
nor shown since is known to be in that player's hand. The rest are dealt at random, keeping every
hand's size and the stock's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.ai.tracker import Tracker
from engine.cards import SHOE_SIZE
from engine.view import PlayerView


@dataclass(frozen=True)
class World:
    """One full deal of the hidden cards (physical ids); ``stock[-1]`` is drawn next."""

    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    tiplu_id: int | None


class Determinizer:
    """Samples worlds for one view; the fixed facts are worked out once."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        seat = view.seat
        known: set[int] = set(view.hand) | set(view.discards)
        for melds in view.shown:
            for _kind, ids in melds:
                known.update(ids)
        if view.tiplu_id is not None:
            known.add(view.tiplu_id)
        self.visible = frozenset(known)
        tracker = Tracker(view)
        self.held: list[list[int]] = [[] for _ in range(view.players)]
        claimed: set[int] = set()
        for s, track in enumerate(tracker.seats):
            if s == seat:
                continue
            room = view.hand_counts[s]
            for i in sorted(track.held_ids):
                if i in known or i in claimed or len(self.held[s]) >= room:
                    continue
                self.held[s].append(i)
                claimed.add(i)
        shoe = SHOE_SIZE + view.rules.printed_jokers
        self.unknown = sorted(i for i in range(shoe) if i not in known and i not in claimed)
        self.needs = [
            0 if s == seat else max(0, view.hand_counts[s] - len(self.held[s]))
            for s in range(view.players)
        ]
        # Whatever is neither in a hand nor in the stock is the tiplu this seat has not looked at.
        spare = len(self.unknown) - sum(self.needs) - view.stock_count
        self.hidden_tiplu = view.tiplu_id is None and spare == 1
        self.stock_count = len(self.unknown) - sum(self.needs) - (1 if self.hidden_tiplu else 0)

    def sample(self, rng: random.Random) -> World:
        """A random world consistent with the view."""
        pool = self.unknown.copy()
        rng.shuffle(pool)
        hands: list[tuple[int, ...]] = []
        at = 0
        for s in range(self.view.players):
            if s == self.view.seat:
                hands.append(tuple(self.view.hand))
                continue
            n = self.needs[s]
            hands.append(tuple(self.held[s]) + tuple(pool[at : at + n]))
            at += n
        tiplu = self.view.tiplu_id
        if self.hidden_tiplu:
            tiplu = pool[at]
            at += 1
        return World(tuple(hands), tuple(pool[at:]), tiplu)


__all__ = ["Determinizer", "World"]
