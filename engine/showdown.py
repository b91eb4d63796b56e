"""The end of a hand: reveal the tiplu, count everyone's maal, settle, and move the match on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import scoring
from engine.cards import CARDS, code_of
from engine.deadwood import deadwood
from engine.events import Event
from engine.result import HandResult
from engine.words import say

if TYPE_CHECKING:
    from engine.game import Game


def finish_hand(
    g: Game,
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
    if reason == "void":
        nets = [0] * n
    elif rules.scoring == "settlement":
        nets = list(scoring.settle(points, winner, list(g.seen), dublee_win, rules))
    elif rules.scoring == "contract":
        nets = list(scoring.contract_scores(points, winner, rules))
    else:
        hands = [[CARDS[code_of(i)] for i in g.hands[s]] for s in range(n)]
        per_seat = [wilds if g.seen[s] else None for s in range(n)]
        dead = tuple(deadwood(hands[s], per_seat[s], rules) for s in range(n))
        nets = [0 if s == winner else dead[s].points for s in range(n)]
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
