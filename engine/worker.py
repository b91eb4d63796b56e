"""Engine work off the caller's thread: the bot worker, a spawned process that never outlives
the program that started it (else a thread, else inline).

Bots keep their memory here between decisions, so a bot seat's decisions all run in one worker.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from engine.actions import Action
from engine.view import PlayerView

_BOTS: dict[tuple[int, str, int], Any] = {}


def decide(seat: int, level: str, seed: int, view: PlayerView) -> Action:
    """One bot decision on ``seat``'s view (runs in the worker; bots keep their memory there)."""
    from engine.ai import make_bot  # the bots import the solver: only the worker needs them

    bot = _BOTS.get((seat, level, seed))
    if bot is None:
        bot = _BOTS[(seat, level, seed)] = make_bot(level, seed + seat * 7919)
    action = bot.choose(view)
    if action is None:
        raise ValueError(f"seat {seat} has nothing to do now")
    return action


def hint(view: PlayerView) -> Any:
    """The hard bot's advice for the seat to act on ``view`` (runs in the worker)."""
    from engine.ai import hint as advise  # the bots import the solver: only the worker needs them

    return advise(view)


def _start_worker() -> None:
    """The worker's first steps: a lower priority, so that when the cores are busy frames are
    drawn first; and a watch on the process that started it, so that it never outlives it."""
    # No nice() on Windows; a refusal is harmless.
    with contextlib.suppress(AttributeError, OSError):
        os.nice(5)
    leave_with_the_parent()


def leave_with_the_parent() -> None:
    """End this spawned process as soon as its parent ends, however it ends (killed, crashed).

    A pool's worker otherwise waits for work forever: it holds both ends of its own queue, so
    it never reads an end of file when the parent is gone.
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="marriage-parent-watch", daemon=True).start()


def _ready() -> bool:
    return True


class BotWorker:
    """Runs engine work off the caller's thread: a spawned process, else a thread, else inline.

    A process, not a thread: a thread running a hard bot holds the interpreter lock, and every
    frame the table draws meanwhile would wait its turn.
    """

    def __init__(self, kind: str = "process") -> None:
        if kind not in ("process", "thread", "inline"):
            raise ValueError(f"no bot worker kind {kind!r}")
        self.kind = kind
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self.kind == "inline":
            return None
        if self._pool is None:
            if self.kind == "process":
                try:
                    # The frozen app's entry point calls multiprocessing.freeze_support(), so a
                    # spawned worker works there too.
                    ctx = multiprocessing.get_context("spawn")
                    self._pool = ProcessPoolExecutor(
                        max_workers=1, mp_context=ctx, initializer=_start_worker
                    )
                except (OSError, ValueError, NotImplementedError):
                    self.kind = "thread"
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="marriage-bot")
        return self._pool

    def warm(self) -> None:
        """Start the worker now, so the first bot turn does not wait for it."""
        pool = self._executor()
        if pool is not None:
            pool.submit(_ready)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``fn(*args)`` on the worker (inline: now)."""
        pool = self._executor()
        if pool is not None:
            try:
                return pool.submit(fn, *args)
            except (BrokenProcessPool, RuntimeError):
                # A worker that died (killed by the system) is replaced by thinking inline.
                self.kind = "inline"
        done: Future[Any] = Future()
        try:
            done.set_result(fn(*args))
        except Exception as exc:  # noqa: BLE001 - handed to the caller through the future
            done.set_exception(exc)
        return done

    def shutdown(self) -> None:
        """Stop the worker without waiting for a running decision."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


__all__ = ["BotWorker", "decide", "hint", "leave_with_the_parent"]
