"""Bots think on a worker thread: the table keeps drawing while a hard bot ponders.

A bot gets only the PlayerView of its seat, exactly what a human there would know.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from engine.actions import Action, Discard, DrawStock, GoOut, See
from engine.view import PlayerView

try:  # the bots arrive from another package; until then a simple stand-in plays
    from engine.ai import hint as _engine_hint
    from engine.ai import make_bot as _make_bot
except ImportError:  # pragma: no cover - only while engine.ai is missing
    _make_bot = None
    _engine_hint = None


class _StandIn:
    """Plays a legal move: go out or see when it can, else draw and throw a random card."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        for kind in (GoOut, See, DrawStock):
            for a in legal:
                if isinstance(a, kind):
                    return a
        discards = [a for a in legal if isinstance(a, Discard)]
        return self.rng.choice(discards) if discards else legal[0]


def make_bot(level: str, seed: int = 0) -> Any:
    """A bot of ``level`` (easy/medium/hard), or the stand-in while the real bots are missing."""
    if _make_bot is None:
        return _StandIn(seed)
    return _make_bot(level, seed=seed)


def hint(view: PlayerView) -> tuple[Action, str] | None:
    """The bots' suggestion for this view with its reason, or None if none can be given."""
    if _engine_hint is None:
        if not view.legal:
            return None
        return _StandIn(0).choose(view), "a legal move (the advisor is not installed)"
    h = _engine_hint(view)
    if h is None:
        return None
    return getattr(h, "action", None), str(getattr(h, "reason", ""))


_BOTS: dict[tuple[int, str, int], Any] = {}


def decide(seat: int, level: str, seed: int, view: PlayerView) -> Action:
    """One bot decision (runs in the worker process; bots are kept there between turns)."""
    bot = _BOTS.get((seat, level, seed))
    if bot is None:
        bot = _BOTS[(seat, level, seed)] = make_bot(level, seed + seat * 7919)
    return bot.choose(view)


def _warm() -> bool:
    return True


def _yield_to_the_table() -> None:
    """Run the worker at a lower priority: when the cores are busy, frames are drawn first."""
    # No nice() on Windows; a refusal is harmless.
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)


class BotRunner:
    """Runs one bot decision at a time off the render thread.

    A separate process, not a thread: a thread running a hard bot holds the interpreter lock
    and every blit that releases it would wait its turn, so frames would stutter.
    """

    def __init__(self, processes: bool = True) -> None:
        self.processes = processes
        self._pool: Executor | None = None
        self.job: Future[Action] | None = None
        self.job_key: tuple[Any, ...] | None = None

    @property
    def pool(self) -> Executor:
        """The worker, started on first use (a table that never meets a bot never starts one)."""
        if self._pool is None:
            try:
                # The frozen app's entry point calls multiprocessing.freeze_support(), so a
                # spawned worker works there too.
                if not self.processes:
                    raise OSError("a thread was asked for")
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=ctx, initializer=_yield_to_the_table
                )
            except (OSError, ValueError, NotImplementedError):
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="marriage-bot")
        return self._pool

    def warm(self) -> None:
        """Start the worker now so the first bot turn does not wait for it."""
        self.pool.submit(_warm)

    def start(
        self, key: tuple[Any, ...], seat: int, level: str, seed: int, view: PlayerView
    ) -> None:
        """Begin thinking about ``view`` for ``seat``; ``key`` identifies the position."""
        self.job_key = key
        self.job = self.pool.submit(decide, seat, level, seed, view)

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        """Run another engine function (a hint) on the worker."""
        return self.pool.submit(fn, *args)

    def cancel(self) -> None:
        """Forget the current job (its answer is ignored when it arrives)."""
        self.job = None
        self.job_key = None

    def shutdown(self) -> None:
        """Stop the worker (does not wait for a running decision)."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
