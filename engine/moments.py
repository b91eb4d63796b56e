"""A seat's decisions in a finished hand: its view just before each one, and what it played.

A game is exactly its seed and its action log, so any moment of a hand can be dealt again: the
match is replayed from its seed to that move and the seat's ``PlayerView`` taken there. That
view is all the seat knew, so whatever looks back at a decision (the coach) judges it on that
view alone. Move numbers are those of ``HandReplay``: move ``k`` made ``frames[k]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.actions import Action, NextHand
from engine.game import Game
from engine.record import MatchRecord
from engine.view import PlayerView


@dataclass(frozen=True)
class Moment:
    """One decision of a seat: move ``move`` of the hand, the seat's ``view`` just before it,
    and the ``action`` it played."""

    move: int
    view: PlayerView
    action: Action


def _moves(record: MatchRecord, hand_no: int) -> Iterator[tuple[Game, int, Action]]:
    """Each move of hand ``hand_no`` as (the game just before it, its move number, the action);
    ValueError when the log does not finish that hand."""
    g = record.deal()
    move = 0
    for action in record.log:
        if g.hand_no > hand_no or (g.hand_no == hand_no and g.hand_over):
            break
        if g.hand_no == hand_no and not isinstance(action, NextHand):
            move += 1
            yield g, move, action
        g.apply(action)
    if g.hand_no != hand_no or not g.hand_over:
        raise ValueError(f"hand {hand_no + 1} has not been played to its end")


def seat_moments(record: MatchRecord, hand_no: int, seat: int) -> list[Moment]:
    """Every move ``seat`` made in finished hand ``hand_no`` of the match ``record`` tells,
    with its view just before it."""
    if not 0 <= seat < record.players:
        raise ValueError(f"no seat {seat} at this table")
    return [
        Moment(move, g.view(seat), action)
        for g, move, action in _moves(record, hand_no)
        if g.current_player == seat
    ]


def view_at(record: MatchRecord, hand_no: int, move: int, seat: int) -> PlayerView:
    """What ``seat`` knew just before move ``move`` (from 1) of finished hand ``hand_no``."""
    if not 0 <= seat < record.players:
        raise ValueError(f"no seat {seat} at this table")
    found: PlayerView | None = None
    for g, k, _action in _moves(record, hand_no):
        if k == move:
            found = g.view(seat)
    if found is None:
        raise ValueError(f"hand {hand_no + 1} has no move {move}")
    return found


__all__ = ["Moment", "seat_moments", "view_at"]
