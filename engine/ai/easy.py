"""The easy bot: a beginner who knows the rules and plays loosely."""

from __future__ import annotations

from engine.actions import Action, Discard, DrawStock, TakeDiscard
from engine.ai.base import Bot, Knowledge, forced, go_outs, sees
from engine.ai.medium import Policy
from engine.cards import CARDS
from engine.view import PlayerView

#: How often the beginner throws its second or third best card instead of its best.
SLIP = 0.6
#: How often a helpful discard is overlooked.
OVERLOOK = 0.7


class EasyBot(Bot):
    """Keeps pairs and runs, sees and goes out when it notices, but ignores the table."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # No distance test on discards and no watching of the next player: a beginner's eye.
        self.policy = Policy(track_next=False, shortlist=0)

    def choose(self, view: PlayerView) -> Action | None:
        """A loose but sensible action (None when the view offers none)."""
        if not view.legal:
            return None
        a = forced(view)
        if a is not None:
            return a
        rng = self._turn_rng(view)
        legal = view.legal
        k = Knowledge.of(view)
        if view.phase == "draw":
            can_take = any(isinstance(x, TakeDiscard) for x in legal)
            can_draw = any(isinstance(x, DrawStock) for x in legal)
            if can_take and (
                not can_draw or (self.policy.take_gain(k) > 0 and rng.random() > OVERLOOK)
            ):
                return TakeDiscard()
            return DrawStock() if can_draw else legal[0]
        outs = go_outs(legal)
        if outs:
            return outs[0]
        options = sees(legal)
        if options:
            return options[0]
        codes = [x.card.code for x in legal if isinstance(x, Discard)]
        if not codes:
            return legal[0]
        ranked = self.policy.rank_discards(k, codes)
        # A slip throws the second or third loosest card: still a loose one, never a wild guess.
        pick = ranked[0]
        if len(ranked) > 1 and rng.random() < SLIP:
            pick = ranked[rng.randrange(1, min(3, len(ranked)))]
        return Discard(CARDS[pick.code])
