"""Bots that see only a PlayerView: easy, medium and hard, and hints for a human player.

``make_bot(level, seed)`` gives an object whose ``choose(view)`` returns a legal action;
``hint(view)`` says what the hard bot would do and why, in one line.
"""

from __future__ import annotations

from engine.ai.base import Bot, RandomBot
from engine.ai.easy import EasyBot
from engine.ai.hard import HardBot
from engine.ai.hint import Hint, hint
from engine.ai.medium import MediumBot
from engine.ai.weights import Weights

LEVELS = ("easy", "medium", "hard")


def make_bot(
    level: str,
    seed: int = 0,
    budget_ms: float | None = None,
    iterations: int | None = None,
    weights: Weights | None = None,
) -> Bot:
    """A bot of ``level`` ("easy", "medium", "hard"; "random" for benchmarks).

    ``weights`` replaces the tuned judgement weights (for the tuner); easy keeps its own.
    """
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed, weights=weights)
    if level == "hard":
        return HardBot(seed, budget_ms=budget_ms, iterations=iterations, weights=weights)
    if level == "random":
        return RandomBot(seed)
    raise ValueError(f"no bot level {level!r} (choose from {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "Hint", "hint", "make_bot"]
