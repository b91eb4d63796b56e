"""``marriage --serve``: the table host without a window, for a small server.

When the players are not on one network, one of them (or a club) runs this on a machine they can
all reach (a server, or a VPN such as Tailscale) and everyone joins by typing its address. No
pygame is imported here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.rules import PRESETS
from marriage_net.discovery import DISCOVERY_PORT, host_addresses
from marriage_net.host import HostSettings, TableHost
from marriage_net.hostproc import TableConfig, run_table
from marriage_net.protocol import DEFAULT_CLOCK, TURN_CLOCKS
from marriage_net.seats import parse_seats

DEFAULT_PORT = 47470


def _seats(text: str) -> list[tuple[str, str]]:
    try:
        return parse_seats(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _grace(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"grace is a number of seconds, not {text!r}") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError("grace must be between 0 and 3600 seconds")
    return value


def _clock(text: str) -> int:
    clocks = ", ".join(str(c) for c in TURN_CLOCKS)
    if not text.isdigit() or int(text) not in TURN_CLOCKS:
        raise argparse.ArgumentTypeError(f"the turn clock is one of {clocks} seconds, not {text!r}")
    return int(text)


class Output(logging.Handler):
    """The table's log on standard output, one line each; when whatever reads it goes away (a
    closed pipe, a terminal gone), the table is closed and saved instead of failing."""

    def __init__(self, on_gone: Callable[[], None]) -> None:
        super().__init__(logging.INFO)
        self.on_gone = on_gone
        self.gone = False
        self.setFormatter(logging.Formatter("%(asctime)s  %(message)s", "%H:%M:%S"))

    def emit(self, record: logging.LogRecord) -> None:
        if self.gone:
            return
        print_line(self.format(record), self._lost)

    def _lost(self) -> None:
        self.gone = True
        self.on_gone()


def print_line(line: str, on_gone: Callable[[], None] | None = None) -> bool:
    """Print ``line`` at once; False (and ``on_gone()``) when nobody reads the output any more."""
    try:
        print(line, flush=True)
        return True
    except (BrokenPipeError, ValueError, OSError):
        _mute_stdout()
        if on_gone is not None:
            on_gone()
        return False


def _mute_stdout() -> None:
    # Whatever is still buffered would fail again when the program ends, with a message on
    # stderr: send it nowhere instead.
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def build_parser() -> argparse.ArgumentParser:
    """The ``--serve`` command line."""
    p = argparse.ArgumentParser(
        prog="marriage --serve",
        description="Host a Marriage table without a window; players join by its address.",
    )
    p.add_argument("--address", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument(
        "--seats",
        type=_seats,
        default=parse_seats("open,open,open,open"),
        help="comma-separated seats: open (a player joins), easy, medium or hard, "
        "optionally with a name (medium:Sita); default open,open,open,open",
    )
    p.add_argument("--rules", choices=sorted(PRESETS), default="nepali", help="rules preset")
    p.add_argument("--hands", type=int, default=0, help="hands in the match (0: one per player)")
    p.add_argument(
        "--grace",
        type=_grace,
        default=60.0,
        help="seconds a missing player's seat waits before a computer player takes it (default 60)",
    )
    p.add_argument(
        "--clock",
        type=_clock,
        default=DEFAULT_CLOCK,
        help=f"seconds a player has for a turn before their computer player moves for them: "
        f"{', '.join(str(c) for c in TURN_CLOCKS)} (0: no clock; default {DEFAULT_CLOCK})",
    )
    p.add_argument("--name", default="Marriage table", help="the table's name")
    p.add_argument(
        "--save", metavar="FILE", help="autosave the table here (and reopen it with --resume)"
    )
    p.add_argument("--resume", action="store_true", help="reopen the table saved in --save")
    p.add_argument(
        "--discovery",
        action="store_true",
        help=f"answer 'find tables' questions on UDP port {DISCOVERY_PORT} (for a LAN server)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run a table until interrupted; returns the exit status."""
    args = build_parser().parse_args(argv)
    if any(kind == "here" for kind, _name in args.seats):
        print("marriage --serve: a server has no screen, so no seat can be 'here'", file=sys.stderr)
        return 2
    if args.resume and not args.save:
        print("marriage --serve: --resume needs --save FILE", file=sys.stderr)
        return 2
    if args.hands < 0:
        print("marriage --serve: --hands must not be negative", file=sys.stderr)
        return 2
    config = TableConfig(
        seats=args.seats,
        rules=PRESETS[args.rules].to_dict(),
        hands=args.hands,
        clock=args.clock,
        table=args.name,
        save_path=args.save,
        reopen=args.resume,
        settings=HostSettings(grace=args.grace, auto_start=True),
        discovery=args.discovery,
        discovery_bind=args.address,
    )

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            # Windows has no signal handlers in asyncio: there Ctrl-C ends asyncio.run.
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        # Joins, leaves, handovers and run-out clocks, as they happen.
        table_log = logging.getLogger("marriage.host")
        output = Output(stop.set)
        table_log.addHandler(output)
        table_log.setLevel(logging.INFO)
        table_log.propagate = False

        def ready(host: TableHost) -> None:
            free = sum(1 for s in host.seats if s.free)
            seats = f"{free} open seat" + ("" if free == 1 else "s")
            clock = f"{host.clock} s a turn" if host.clock else "no turn clock"
            # Phones join through their browsers, at the same address and port.
            shown = [args.address] if args.address not in ("0.0.0.0", "::", "") else []
            phones = ""
            for address in (shown or host_addresses())[:1]:
                where = f"[{address}]" if ":" in address else address
                phones = f"; phones open http://{where}:{host.port}/?code={host.code}"
            lines = [
                f"Marriage table {host.table!r} is open on {args.address} port {host.port}{phones}",
                f"Table code: {host.code}   ({seats}; players type the address; {clock})",
            ]
            if args.discovery and not host.discoverable:
                lines.append(
                    f"Not answering 'find tables': UDP port {DISCOVERY_PORT} is in use here"
                )
            if args.save:
                lines.append(f"Saving to {Path(args.save)} after every action")
            for line in lines:
                if not print_line(line, stop.set):
                    break

        try:
            await run_table(config, args.address, args.port, ready, stop)
        finally:
            table_log.removeHandler(output)

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except (OSError, ValueError) as exc:
        print(f"marriage --serve: {exc}", file=sys.stderr)
        return 1
    print_line("The table is closed.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
