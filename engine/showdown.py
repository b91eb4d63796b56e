"""The end of a hand: reveal the tiplu, count everyone's maal, settle, and move the match on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.cards import CARDS, code_of
from engine.deadwood import deadwood
from engine.events import Event
from engine.result import HandResult
from engine.words import say

if TYPE_CHECKING:
    from engine.rules import RuleSet
    from engine.state import GameState


def hand_nets(
    points: Sequence[int],
    winner: int | None,
    seen: Sequence[bool],
    dublee_win: bool,
    reason: str,
    dead: Sequence[int],
    rules: RuleSet,
) -> list[int]:
    """What each player wins or loses in a hand, by the scoring (§7, §9, §10).

    ``points`` are the maal points; ``dead`` each player's deadwood (read only under deadwood
    scoring, where the player who went out is charged nothing). A void hand scores nothing.
    The table's own hands and a hand scored from real cards (``engine.tally``) both come here.
    """
    if reason == "void":
        return [0] * len(points)
    if rules.scoring == "settlement":
        return list(scoring.settle(points, winner, list(seen), dublee_win, rules))
    if rules.scoring == "contract":
        return list(scoring.contract_scores(points, winner, rules))
    return [0 if s == winner else dead[s] for s in range(len(points))]


def finish_hand(
    g: GameState,
    winner: int | None,
    reason: str,
    finish: tuple[tuple[int, ...], ...] = (),
    final_discard: int | None = None,
    lent: tuple[int, ...] = (),
) -> list[Event]:
    """End the current hand: score it, add it to the match, and say what happened.

    ``lent`` are the cards the winner laid off onto other players' melds: they lie there but
    still count for the winner, whose cards they were.
    """
    rules, n = g.rules, g.players
    wilds = g.wilds  # the tiplu is revealed to all for scoring
    dublee_win = winner is not None and g.seen_by_dublees[winner]
    breakdowns: list[Any] = []
    dead: tuple[Any, ...] = ()
    away = set(lent)
    for seat in range(n):
        held = list(g.hands[seat]) + (list(lent) if seat == winner else [])
        cards = [CARDS[code_of(i)] for i in held]
        shown = [[CARDS[code_of(i)] for i in ids if i not in away] for _k, ids in g.shown[seat]]
        tunnelas = [
            m for (kind, _ids), m in zip(g.shown[seat], shown, strict=True) if kind == "tunnela"
        ]
        table = [
            m for (kind, _ids), m in zip(g.shown[seat], shown, strict=True) if kind != "tunnela"
        ]
        all_cards = cards + [c for m in shown for c in m]
        breakdowns.append(
            scoring.maal_breakdown(
                all_cards, wilds, rules, exposed_tunnelas=tunnelas, seen=g.seen[seat], shown=table
            )
        )
    points = [b.total for b in breakdowns]
    if rules.scoring == "deadwood" and reason != "void":
        hands = [[CARDS[code_of(i)] for i in g.hands[s]] for s in range(n)]
        per_seat = [wilds if g.seen[s] else None for s in range(n)]
        dead = tuple(deadwood(hands[s], per_seat[s], rules) for s in range(n))
    nets = hand_nets(points, winner, g.seen, dublee_win, reason, [d.points for d in dead], rules)
    for s in range(n):
        g.totals[s] += nets[s]
    result = HandResult(
        hand_no=g.hand_no,
        dealer=g.dealer,
        winner=winner,
        reason=reason,
        dublee_win=dublee_win,
        tiplu=g.tiplu,
        seen=tuple(g.seen),
        points=tuple(points),
        breakdowns=tuple(breakdowns),
        nets=tuple(nets),
        hands=tuple(tuple(h) for h in g.hands),
        shown=tuple(tuple(s) for s in g.shown),
        finish=finish,
        final_discard=final_discard,
        totals=tuple(g.totals),
        deadwood=dead,
    )
    g.results.append(result)
    g.taken = None
    g.must_go_out = False
    last = g.hand_no + 1 >= g.hands_total
    g.phase = "match_over" if last else "hand_over"
    events = [
        Event(
            "hand_end",
            winner,
            () if g.tiplu_id is None else (g.tiplu_id,),
            text=result.describe(g.names),
        )
    ]
    if last:
        best = g.standings()[0]
        events.append(
            Event("match_end", best, text=say("{name} won the match", name=g.names[best]))
        )
    return events
