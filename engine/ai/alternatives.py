"""The hard bot's choices for a view, ranked, each with what it costs in the bot's own terms.

The hard bot picks one action; to teach from it, every other way to play the same decision is
measured with the bot's own judgements: the weighted cards still missing (to see, then to go
out), the live outs (unknown copies of the cards that would bring the hand closer), what the
next player could take, and the maal kept. ``cost`` is how far an alternative falls behind the
bot's pick, in weighted missing cards (the unit of the bot's search); the bot's pick costs 0.

A decision is one of: drawing or taking the discard, which card to throw, whether and how to
see, whether and how to go out. The bot is asked with a fixed number of sampled worlds and a
fixed seed, so the same view always gives the same ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, Discard, DrawStock, GoOut, See, TakeDiscard
from engine.ai.base import Knowledge, forced, go_outs, sees
from engine.ai.determinize import Determinizer
from engine.ai.evaluate import (
    card_value,
    costs_after_draws,
    danger,
    hand_cost,
    has_partner,
    kept_maal,
    maal_keep,
)
from engine.ai.hard import COST_WEIGHT, HardBot, Searched, draw_pool
from engine.ai.medium import Scored, counts_of, without
from engine.ai.tracker import Tracker
from engine.ai.weights import weight
from engine.cards import CARDS, Card
from engine.view import PlayerView

#: Sampled worlds per decision: the bot ignores the clock, so its choice is reproducible.
ITERATIONS = 12
#: Equally close discards the bot searches. At the table its clock cuts the search short;
#: looking back, a fixed amount of work stands in for the clock (the greedy ranking puts the
#: likeliest picks first), so a review takes the same time on any machine and load.
SEARCHED = 4
#: What a missed finish costs: the hand was there to end (about a whole hand's worth of cards).
MISSED_OUT = 10.0
#: What a missed chance to see costs on top of the cards: the tiplu unknown, the maal not yet
#: counting (the race to see decides most of the money).
MISSED_SEE = 2.0
#: Weighted missing cards worth one maal point kept when going out.
MAAL_POINT = 0.25

KINDS = ("draw", "discard", "see", "go_out")


@dataclass(frozen=True)
class Alternative:
    """One way to play a decision and how the hard bot's judgement sees it.

    ``missing`` is the weighted count of cards still missing after it (to see counts more than
    to go out); ``outs`` the unknown copies of cards that would bring the hand closer after it;
    ``feeds`` how much a thrown card would help the next player; ``maal`` the maal points kept
    (going out) or the reluctance to throw a maal card. ``cost`` is how far behind the bot's
    pick it falls (0 for the pick). What the cards go with is a fact of the position, not a
    judgement of the bot's: ``engine.facts`` says it.
    """

    action: Action
    kind: str
    cost: float
    missing: float
    outs: int
    feeds: float
    maal: float


def decision_kind(view: PlayerView) -> str | None:
    """Which decision the view asks for, or None when there is nothing to choose (one legal
    action, dealing on, exposing a dealt tunnela: every level does those the same way)."""
    if not view.legal or forced(view) is not None:
        return None
    if view.phase == "draw":
        legal = view.legal
        return "draw" if TakeDiscard() in legal and DrawStock() in legal else None
    if go_outs(view.legal):
        return "go_out"
    if sees(view.legal):
        return "see"
    return "discard" if any(isinstance(a, Discard) for a in view.legal) else None


class CoachBot(HardBot):
    """The hard bot with a fixed amount of search instead of a clock: the same pick for the
    same view, every time, on any machine."""

    def search(self, k: Knowledge, close: Sequence[Scored], start: float) -> list[Searched]:
        """The hard bot's search over its ``SEARCHED`` likeliest candidates."""
        return super().search(k, close[:SEARCHED], start)


def bot_choice(view: PlayerView, iterations: int = ITERATIONS) -> Action | None:
    """What the hard bot plays for this view, the same every time."""
    return CoachBot(seed=0, iterations=iterations).choose(view)


class Judge:
    """The bot's measures for one view, worked out once and shared by every alternative."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.k = Knowledge.of(view)
        self.pool = draw_pool(Determinizer(view))
        self.total = sum(self.pool)
        counts = counts_of(self.k.cards)
        self.relevant = [
            x for x in range(53) if self.pool[x] > 0 and has_partner(self.k, x, counts)
        ]
        self.tracker = Tracker(view)

    def after_draw(self, cards: Sequence[Card]) -> tuple[int, float, int]:
        """(cost now, expected cost after the next draw, outs) for a hand of ``cards``."""
        base = hand_cost(self.k, cards)
        if self.total <= 0:
            return base, float(base), 0
        after = costs_after_draws(self.k, cards, self.relevant)
        idle = self.total - sum(self.pool[x] for x in self.relevant)
        expected = (sum(self.pool[x] * after[x] for x in self.relevant) + idle * base) / self.total
        outs = sum(self.pool[x] for x in self.relevant if after[x] < base)
        return base, expected, outs

    # ------------------------------------------------------------------ each kind
    def discard(self, code: int) -> tuple[float, Alternative]:
        """(the bot's score, lower better; the alternative) for throwing ``code``."""
        k = self.k
        rest = without(k.cards, code)
        base, expected, outs = self.after_draw(rest)
        feeds = danger(k, self.tracker, code)
        keep = maal_keep(k, code)
        counts = counts_of(rest)
        # The hard bot's score of a searched discard, with the one-draw look-ahead counted
        # twice as its two-draw stage does for a candidate it does not sample further.
        score = (
            COST_WEIGHT * 2.0 * expected
            + weight("danger") * feeds
            + 0.2 * card_value(k, code, counts)
            + weight("maal") * keep
        )
        card = CARDS[code]
        alt = Alternative(Discard(card), "discard", 0.0, base, outs, feeds, keep)
        return score / COST_WEIGHT, alt

    def draw(self, action: Action) -> tuple[float, Alternative]:
        """Drawing from the stock against taking the top discard, as the bot weighs them."""
        k = self.k
        top = self.view.top_discard
        if isinstance(action, TakeDiscard) and top is not None:
            taken = hand_cost(k, [*k.cards, top])
            return float(taken), Alternative(action, "draw", 0.0, taken, 0, 0.0, 0.0)
        before, expected, outs = self.after_draw(k.cards)
        # Taking shows the table what the hand collects: before seeing it must win by a margin.
        edge = weight("take_edge_seen" if k.seen else "take_edge_unseen")
        return expected + edge, Alternative(action, "draw", 0.0, before, outs, 0.0, 0.0)

    def see(self, action: See | None) -> tuple[float, Alternative | None]:
        """Seeing with ``action``'s melds (None: not seeing this turn)."""
        k = self.k
        if action is None:
            return hand_cost(k, k.cards) + MISSED_SEE, None
        rest = list(k.cards)
        for meld in action.melds:
            for c in meld:
                rest = without(rest, c.code)
        shown = k.shown + [list(m) for m in action.melds]
        cost = hand_cost(k, rest, shown, seen=True)
        return float(cost), Alternative(action, "see", 0.0, cost, 0, 0.0, 0.0)

    def go_out(self, action: GoOut | None) -> tuple[float, Alternative | None]:
        """Going out with ``action`` (None: not going out this turn)."""
        if action is None:
            return MISSED_OUT, None
        kept = kept_maal(self.k, without(self.k.cards, action.discard.code))
        return -MAAL_POINT * kept, Alternative(action, "go_out", 0.0, 0.0, 0, 0.0, float(kept))

    def judge(self, action: Action, kind: str) -> tuple[float, Alternative]:
        """The score (lower better) and measures of ``action`` in a decision of ``kind``."""
        if isinstance(action, DrawStock | TakeDiscard):
            return self.draw(action)
        if isinstance(action, GoOut):
            score, out = self.go_out(action)
            assert out is not None
            return score, out
        if kind == "go_out":
            # Seeing or throwing instead of going out: the missed finish is the cost.
            missed, _ = self.go_out(None)
            if isinstance(action, See):
                return missed, Alternative(action, kind, 0.0, 0.0, 0, 0.0, 0.0)
        if isinstance(action, See):
            score, see = self.see(action)
            assert see is not None
            return score, see
        if isinstance(action, Discard):
            score, alt = self.discard(action.card.code)
            if kind == "discard":
                return score, alt
            # Throwing instead of seeing (or going out): the missed chance is the cost.
            missed = self.go_out(None)[0] if kind == "go_out" else self.see(None)[0]
            return missed, Alternative(
                alt.action, kind, 0.0, alt.missing, alt.outs, alt.feeds, alt.maal
            )
        raise ValueError(f"{action} is not a choice the coach weighs")


def rank(
    view: PlayerView,
    among: Sequence[Action] | None = None,
    iterations: int = ITERATIONS,
) -> list[Alternative]:
    """The hard bot's pick first (cost 0), then ``among`` (default: every legal way to play
    this decision) from cheapest to dearest; [] when the view offers no choice."""
    kind = decision_kind(view)
    if kind is None:
        return []
    best = bot_choice(view, iterations)
    if best is None:
        return []
    judge = Judge(view)
    options = list(among) if among is not None else _options(view, kind)
    best_score, best_alt = judge.judge(best, kind)
    out = [best_alt]
    seen: set[str] = {str(best)}
    scored = []
    for a in options:
        if str(a) in seen or not view.legal or a not in view.legal:
            continue
        seen.add(str(a))
        score, alt = judge.judge(a, kind)
        cost = max(0.0, score - best_score)
        scored.append((cost, str(a), alt))
    scored.sort(key=lambda s: (s[0], s[1]))
    for cost, _text, alt in scored:
        out.append(
            Alternative(
                alt.action,
                alt.kind,
                round(cost, 3),
                alt.missing,
                alt.outs,
                alt.feeds,
                alt.maal,
            )
        )
    return out


def _options(view: PlayerView, kind: str) -> list[Action]:
    """Every legal way to play a decision of ``kind`` (one discard per card kind)."""
    legal = view.legal
    if kind == "draw":
        return [a for a in legal if isinstance(a, DrawStock | TakeDiscard)]
    out: list[Action] = []
    codes: set[int] = set()
    for a in legal:
        if isinstance(a, Discard):
            if a.card.code not in codes:
                codes.add(a.card.code)
                out.append(Discard(a.card))
        elif isinstance(a, See | GoOut):
            out.append(a)
    return out


__all__ = [
    "ITERATIONS",
    "KINDS",
    "Alternative",
    "CoachBot",
    "Judge",
    "bot_choice",
    "decision_kind",
    "rank",
]
