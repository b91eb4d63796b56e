"""The host in a child process: server work never steals the host screen's frames.

A process, not a thread: the match, the bots' bookkeeping and the server run beside the window,
and keep running while the host drags it (Windows stops the main thread then). The child is
spawned (the frozen app calls ``freeze_support``) and reports its port and code through a pipe.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import multiprocessing
import os
import signal
import threading
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from engine.rules import PRESETS, RuleSet
from engine.words import Said, SaidError, from_code, say
from marriage_net.discovery import DISCOVERY_PORT, answer_questions
from marriage_net.host import CLOSED_WHY, HostSettings, TableHost
from marriage_net.protocol import DEFAULT_CLOCK
from marriage_net.seats import make_seats

SAVED_WHY = say("The host saved the table and closed it: it comes back when they open it again.")


@dataclass
class TableConfig:
    """How to open a table: new seats and rules, or a saved table to reopen."""

    seats: list[tuple[str, str]] = field(default_factory=lambda: [("here", "You"), ("open", "")])
    rules: dict[str, Any] = field(default_factory=lambda: PRESETS["nepali"].to_dict())
    hands: int = 0  # 0: what the rules say (one hand per player)
    clock: int = DEFAULT_CLOCK  # seconds per turn (0: no turn clock)
    table: str = "Marriage table"
    save_path: str | None = None
    reopen: bool = False
    settings: HostSettings = field(default_factory=HostSettings)
    discovery: bool = False
    discovery_bind: str = "127.0.0.1"
    discovery_port: int = DISCOVERY_PORT
    stats_path: str | None = None  # the host writes its per-action work times here on closing

    def build(self) -> TableHost:
        """The host this config describes; ValueError with a reason when it cannot be made."""
        save = Path(self.save_path) if self.save_path else None
        if self.reopen:
            if save is None:
                raise ValueError("reopening a table needs its save file")
            return TableHost.reopen(save, self.settings)
        rules = RuleSet.from_dict(self.rules)
        seats = make_seats(self.seats)
        return TableHost(
            seats,
            rules,
            self.hands,
            table=self.table,
            save_path=save,
            settings=self.settings,
            clock=self.clock,
        )


async def run_table(
    config: TableConfig,
    address: str,
    port: int | None,
    on_ready: Any,
    stop: asyncio.Event,
    keep: list[bool] | None = None,
) -> TableHost:
    """Open the table, call ``on_ready(host)``, serve until ``stop`` is set or the host closes.

    On ``stop`` the table is saved (when it has a save file) unless ``keep`` says ``[False]``.
    """
    host = config.build()
    await host.start(address, port)
    responder = None
    if config.discovery:
        try:
            responder = await answer_questions(
                config.discovery_bind, host.describe, config.discovery_port
            )
        except OSError:
            responder = None  # another table on this laptop answers already: by address only
    host.discoverable = responder is not None
    on_ready(host)
    stopper = asyncio.create_task(stop.wait())
    closed = asyncio.create_task(host.closed.wait())
    await asyncio.wait({stopper, closed}, return_when=asyncio.FIRST_COMPLETED)
    if not host.closed.is_set():
        saved = host.save_path is not None and (not keep or keep[0])
        await host.close(SAVED_WHY if saved else CLOSED_WHY, saved=saved)
    stopper.cancel()
    if responder is not None:
        responder.close()
    if config.stats_path:
        Path(config.stats_path).write_text(json.dumps({"work_ms": host.work_ms}))
    return host


def _child(config: TableConfig, address: str, port: int | None, pipe: Connection) -> None:
    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()

        def wait_for_parent() -> None:
            # "stop" from the parent, or the parent gone (EOF): either way, close the table.
            # A parent that vanished may come back: the table is saved, never thrown away.
            word = "save"
            with contextlib.suppress(EOFError, OSError):
                word = pipe.recv()
            keep.append(word != "discard")
            loop.call_soon_threadsafe(stop.set)

        keep: list[bool] = []

        threading.Thread(target=wait_for_parent, daemon=True).start()

        def ready(host: TableHost) -> None:
            pipe.send(("ready", host.port, host.code, host.owner, host.discoverable))

        await run_table(config, address, port, ready, stop, keep)

    try:
        asyncio.run(main())
    except (OSError, ValueError) as exc:
        with contextlib.suppress(OSError):
            # A sentence of the game's travels as its code; the system's own words as they are.
            first = exc.args[0] if exc.args else None
            pipe.send(("error", first.code if isinstance(first, Said) else str(exc)))
    finally:
        # A spawned child leaves through os._exit, which skips the shutdown that would stop the
        # bots' worker process: stop it here, or it outlives the table.
        for worker in multiprocessing.active_children():
            worker.terminate()
            worker.join(2)


class HostProcess:
    """A table served by a child process; ``port``, ``code`` and ``owner`` once it is open."""

    def __init__(
        self, config: TableConfig, address: str = "127.0.0.1", port: int | None = 0
    ) -> None:
        ctx = multiprocessing.get_context("spawn")
        self._pipe, child_end = ctx.Pipe()
        self.process = ctx.Process(
            target=_child,
            args=(config, address, port, child_end),
            name="marriage-host",
        )
        # Not a daemon: the table's bots think in a process of their own, which a daemon may
        # not start. The child ends by itself when this process goes (its pipe closes).
        self.process.start()
        child_end.close()
        # The table's process is not a daemon (its bots need a process of their own), so an
        # app that quits without closing the table would wait for it forever: close it first.
        atexit.register(self.stop)
        self._done = False
        self.port = 0
        self.code = ""
        self.owner = ""
        self.discoverable = False  # whether other laptops can find the table by themselves

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Wait until the table listens; ValueError with the child's reason if it could not."""
        if not self._pipe.poll(timeout):
            self.kill()
            raise SaidError(say("the table did not open in time"))
        try:
            msg = self._pipe.recv()
        except EOFError:
            raise SaidError(say("the table's process stopped while opening")) from None
        if msg[0] == "error":
            self.process.join(5)
            raise ValueError(from_code(msg[1]))
        _, self.port, self.code, self.owner, self.discoverable = msg

    def stop(self, save: bool = True, timeout: float = 10.0) -> None:
        """Close the table (saved to come back, or ``save=False`` for good) and wait."""
        if self._done:
            return
        with contextlib.suppress(OSError, BrokenPipeError):
            self._pipe.send("save" if save else "discard")
        self.process.join(timeout)
        self.kill()

    def kill(self) -> None:
        """End the process at once (what a crash or a pulled plug looks like to the clients)."""
        if self._done:
            return
        self._done = True
        atexit.unregister(self.stop)
        if self.process.is_alive():
            for pid in _descendants(self.process.pid):  # its bots' worker dies with it
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            self.process.kill()
        self.process.join(5)
        self._pipe.close()
        with contextlib.suppress(ValueError):  # still running after all: leave it to the OS
            self.process.close()

    @property
    def alive(self) -> bool:
        """Whether the table's process still runs."""
        return not self._done and self.process.is_alive()


def _descendants(pid: int | None) -> list[int]:
    """The processes started by ``pid``, and theirs (Linux; elsewhere none are found)."""
    out: list[int] = []
    todo = [pid] if pid else []
    while todo:
        parent = todo.pop()
        try:
            text = Path(f"/proc/{parent}/task/{parent}/children").read_text()
        except OSError:
            continue
        kids = [int(k) for k in text.split()]
        out += kids
        todo += kids
    return out


def start_host(
    config: TableConfig, address: str = "127.0.0.1", port: int | None = 0, timeout: float = 30.0
) -> HostProcess:
    """Open a table in a child process and wait until it listens."""
    proc = HostProcess(config, address, port)
    proc.wait_ready(timeout)
    return proc
