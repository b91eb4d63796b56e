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
from engine.game import Game, GameLog
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


def drawn_this_hand(view: PlayerView) -> list[bool]:
    """Which seats have drawn at least once this hand (read from the history)."""
    drawn = [False] * view.players
    for e in view.history:
        if e.kind in ("draw_stock", "take_discard") and e.player is not None:
            drawn[e.player] = True
    return drawn


def to_game(view: PlayerView, world: World) -> Game:
    """A playable Game holding ``world``: the view's position with the hidden cards filled in."""
    g = Game.new(view.rules, view.names, seed=f"world/{view.hand_no}", hands=view.hands_total)
    g.hand_no = view.hand_no
    g.dealer = view.dealer
    g.current_player = view.current_player
    g.phase = view.phase
    g.hands = [list(h) for h in world.hands]
    g.shown = [list(s) for s in view.shown]
    g.stock = list(world.stock)
    g.discards = list(view.discards)
    g.tiplu_id = world.tiplu_id
    g._wilds = None
    g.seen = list(view.seen)
    g.seen_by_dublees = list(view.seen_by_dublees)
    g.drawn = drawn_this_hand(view)
    g.taken = view.taken
    g.must_go_out = view.must_go_out
    g.turn = view.turn
    g.exhaustions = sum(1 for e in view.history if e.kind == "turn_over")
    g.reshuffles = sum(1 for e in view.history if e.kind == "reshuffle")
    g.totals = list(view.totals)
    g.results = []
    g.events = list(view.history)
    g.log = GameLog((), view.names, view.hands_total)
    return g


__all__ = ["Determinizer", "World", "drawn_this_hand", "to_game"]
