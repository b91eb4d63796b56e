"""Medium tells equally close discards apart by their outs: the live draws that improve the hand."""

from engine import PRESETS
from engine.actions import Discard
from engine.ai import make_bot
from engine.ai.base import Knowledge
from engine.ai.evaluate import hand_cost
from engine.ai.medium import Policy, without
from engine.cards import CARDS
from engine.game import Game

N = PRESETS["nepali"]


def _expected_after_draw(k: Knowledge, code: int) -> float:
    """Cost after throwing ``code`` and drawing one live card, every live copy equally likely."""
    rest = without(k.cards, code)
    total = sum(k.unseen)
    return sum(n * hand_cost(k, [*rest, CARDS[x]]) for x, n in enumerate(k.unseen) if n) / total


def _discard_positions(seeds: range):
    """Every discard decision of four medium bots playing one hand per seed."""
    for seed in seeds:
        g = Game.new(N, 4, seed=seed, hands=1)
        bots = [make_bot("medium", seed=seed + i) for i in range(4)]
        while not g.hand_over:
            view = g.view(g.current_player)
            if view.phase == "play" and any(isinstance(a, Discard) for a in view.legal):
                yield view
            g.apply(bots[g.current_player].choose(view))


def test_of_equally_close_discards_the_one_with_more_outs_is_thrown():
    changed = 0
    for view in _discard_positions(range(3)):
        k = Knowledge.of(view)
        codes = [a.card.code for a in view.legal if isinstance(a, Discard)]
        plain = Policy().rank_discards(k, codes)
        by_outs = Policy(by_outs=True).rank_discards(k, codes)
        assert sorted(s.code for s in plain) == sorted(s.code for s in by_outs)
        if plain[0].code == by_outs[0].code:
            continue
        changed += 1
        # Only equally close leaders are reordered, and the one kept leaves the better hand.
        assert by_outs[0].cost == plain[0].cost
        assert _expected_after_draw(k, by_outs[0].code) < _expected_after_draw(k, plain[0].code)
    assert changed >= 3
