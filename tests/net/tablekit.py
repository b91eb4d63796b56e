"""Helpers for the network tests: a host on 127.0.0.1 in a thread, raw clients, a proxy.

Everything here listens on and connects to 127.0.0.1 only, on ports the system picks.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect

from marriage_net import protocol as p
from marriage_net.host import TableHost

LOOPBACK = "127.0.0.1"


class HostThread:
    """A ``TableHost`` served from its own event loop thread, bound to 127.0.0.1 port 0."""

    def __init__(self, make: Callable[[], TableHost], port: int = 0) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.host: TableHost = self.call(make)
        self.port: int = self.run(self.host.start(LOOPBACK, port))

    def run(self, coro: Any, timeout: float = 10) -> Any:
        """Run a coroutine on the host's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call(self, fn: Callable[[], Any], timeout: float = 10) -> Any:
        """Run ``fn`` on the host's loop (host state is only touched there)."""

        async def wrap() -> Any:
            return fn()

        return self.run(wrap(), timeout)

    @property
    def code(self) -> str:
        """The table code."""
        return self.host.code

    def stop(self, why: str = "The host closed the table.", saved: bool = False) -> None:
        """Close the table and end the thread (once: a table the test stopped itself is
        stopped already when the fixture's turn comes)."""
        if self.loop.is_closed():
            return
        with contextlib.suppress(Exception):
            self.run(self.host.close(why, saved))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


#: A deal (a match's seed) in which nobody goes out in the first rounds (some 40 turns) while
#: easy computers play every seat, a silent person's included. A test of the turn clock needs
#: turns to time, and a deal that someone goes out on at once (a few in a hundred do) leaves
#: none: the hand is over, and the next one waits for a person to deal it.
LONG_DEAL = 1
#: A deal that two people playing as easy computers would (``test_match_end_screens``'s
#: ``_play_to_the_end``) and the table's easy computer play out in a dozen moves or so (most
#: deals take two to four times as many): for a test about the standings, not the play before.
QUICK_DEAL = 33


def steady_deal(monkeypatch: Any, seed: int = LONG_DEAL) -> None:
    """The test's hosts deal ``seed`` (as ``secrets`` would have chosen it) for every match."""
    from marriage_net import host

    real = host.new_match

    def dealt(names: Any, rules: Any, hands: int, drivers: Any, _seed: int) -> Any:
        return real(names, rules, hands, drivers, seed)

    monkeypatch.setattr(host, "new_match", dealt)


def free_udp_port() -> int:
    """A UDP port on 127.0.0.1 nobody listens on (for a discovery responder of a test's own)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def free_tcp_port() -> int:
    """A TCP port on 127.0.0.1 nobody listens on just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((LOOPBACK, 0))
        port: int = s.getsockname()[1]
        return port


def own_usual_port(monkeypatch: Any) -> int:
    """Give this test's hosting apps a usual port of their own (a free one) in place of the
    game's: tests on other workers host at the same time, and a table reopened where another
    test's table now listens would be knocked on there, behind the wrong code."""
    from marriage_gui.scenes import join, lobby
    from marriage_gui.table import hosting

    port = free_tcp_port()
    for module in (hosting, lobby, join):
        monkeypatch.setattr(module, "DEFAULT_PORT", port)
    return port


def step_apps(apps: list[Any], until: Callable[[], Any], timeout: float = 60.0) -> bool:
    """Give every app a frame at a time until ``until()`` holds; whether it did in time.

    The bound is generous (a busy machine runs several apps, hosts and browsers at once): a
    condition that holds ends the wait at once, and only a failing test waits it out."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for app in apps:
            app.step([], 1 / 30)
        if until():
            return True
        time.sleep(0.02)
    return bool(until())


def raw_client(port: int) -> ClientConnection:
    """A bare websocket to the host (for hostile messages)."""
    return connect(f"ws://{LOOPBACK}:{port}", open_timeout=5, close_timeout=1, max_size=None)


def say_hello(ws: ClientConnection, code: str, name: str = "Eve", **kw: Any) -> p.HostMessage:
    """Send hello; the first answer, decoded."""
    ws.send(p.encode(p.Hello(p.PROTO, code, name, **kw)))
    return p.decode_host(ws.recv(timeout=30))


def messages_until(
    ws: ClientConnection, want: Callable[[p.HostMessage], bool], timeout: float = 30
) -> list[p.HostMessage]:
    """Read messages until one satisfies ``want`` (it is the last of the list)."""
    out: list[p.HostMessage] = []
    end = time.monotonic() + timeout
    while True:
        msg = p.decode_host(ws.recv(timeout=max(0.01, end - time.monotonic())))
        out.append(msg)
        if want(msg):
            return out


def wait_for(cond: Callable[[], bool], timeout: float = 30, step: float = 0.01) -> bool:
    """Poll ``cond`` until it holds or ``timeout`` passes (generous: see ``step_apps``)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(step)
    return cond()


class Proxy:
    """A TCP proxy on 127.0.0.1 that can cut every connection through it, or hold new ones."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.links: set[asyncio.StreamWriter] = set()
        self.blocked = False
        self.stalled = asyncio.Event()  # set: bytes flow; clear: the line goes silent
        self.stalled.set()
        self.delay = 0.0
        self.port: int = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._link, LOOPBACK, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.blocked:
            writer.close()
            return
        try:
            up_r, up_w = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            writer.close()
            return
        self.links.update((writer, up_w))

        async def pipe(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                while data := await r.read(65536):
                    await self.stalled.wait()
                    if self.delay:
                        await asyncio.sleep(self.delay)
                    w.write(data)
                    await w.drain()
            w.close()

        await asyncio.gather(pipe(reader, up_w), pipe(up_r, writer))
        self.links.difference_update((writer, up_w))

    def cut(self, block: bool = False) -> None:
        """Drop every connection now (a pulled cable); ``block`` refuses new ones too."""

        def do() -> None:
            self.blocked = block
            for w in list(self.links):
                transport = w.transport
                transport.abort()

        self.loop.call_soon_threadsafe(do)

    def stall(self, silent: bool = True) -> None:
        """Keep connections open but pass nothing (a frozen laptop); False lets bytes flow."""
        self.loop.call_soon_threadsafe(self.stalled.clear if silent else self.stalled.set)

    def unblock(self) -> None:
        """Let connections through again."""
        self.loop.call_soon_threadsafe(setattr, self, "blocked", False)

    def stop(self) -> None:
        """Close the proxy."""
        self.cut(block=True)
        self.loop.call_soon_threadsafe(self.server.close)
        time.sleep(0.05)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class SlowLine:
    """A TCP proxy on 127.0.0.1 with a line's latency: every chunk arrives ``delay`` seconds
    after it was sent, each way (chunks do not wait for one another's delay, as on a real line),
    and a chunk from the host that ``stalls(chunk)`` picks is held ``stall`` seconds more, with
    everything behind it (as a Wi-Fi that stalls holds the whole stream).

    ``sockets_only``: only the table's line (a connection that asks for a WebSocket) is slow;
    the page's own files come at once (a test of the line need not wait out a page's loading
    of a dozen scripts, one after another, over it)."""

    def __init__(
        self,
        target_port: int,
        delay: float,
        stall: float = 0.0,
        stalls: Callable[[bytes], bool] | None = None,
        sockets_only: bool = False,
    ) -> None:
        self.target_port, self.delay, self.stall, self.stalls = target_port, delay, stall, stalls
        self.sockets_only = sockets_only
        self.stalled = 0  # chunks held up so far
        self.links: set[asyncio.StreamWriter] = set()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.port: int = asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(5)

    async def _start(self) -> int:
        self.server = await asyncio.start_server(self._link, LOOPBACK, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_r, up_w = await asyncio.open_connection(LOOPBACK, self.target_port)
        except OSError:
            writer.close()
            return
        self.links.update((writer, up_w))
        slow, asked = True, b""
        if self.sockets_only:
            # The request's head says whether it asks for a WebSocket.
            with contextlib.suppress(Exception):
                while b"\r\n\r\n" not in asked and (more := await reader.read(65536)):
                    asked += more
            slow = b"upgrade: websocket" in asked.lower()
        await asyncio.gather(
            self._pipe(reader, up_w, False, slow, asked), self._pipe(up_r, writer, True, slow)
        )
        self.links.difference_update((writer, up_w))

    async def _pipe(
        self,
        r: asyncio.StreamReader,
        w: asyncio.StreamWriter,
        from_host: bool,
        slow: bool = True,
        first: bytes = b"",
    ) -> None:
        line: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        if first:  # read already (to see what it asks for): it goes as if read just now
            line.put_nowait((self.loop.time() + self.delay if slow else 0.0, first))

        async def carry() -> None:
            with contextlib.suppress(Exception):
                while True:
                    due, data = await line.get()
                    if not data:
                        break
                    await asyncio.sleep(max(0.0, due - self.loop.time()))
                    w.write(data)
                    await w.drain()
            w.close()

        carrier = asyncio.create_task(carry())
        with contextlib.suppress(Exception):
            while data := await r.read(65536):
                if not slow:
                    line.put_nowait((0.0, data))
                    continue
                due = self.loop.time() + self.delay
                if from_host and self.stalls is not None and self.stalls(data):
                    due += self.stall
                    self.stalled += 1
                line.put_nowait((due, data))
        line.put_nowait((0.0, b""))
        await carrier

    def cut(self) -> None:
        """Drop every connection through the line now (a pulled cable: no goodbye waits for
        the line's delay); new ones still come through."""

        async def do() -> None:
            for w in list(self.links):
                w.transport.abort()

        asyncio.run_coroutine_threadsafe(do(), self.loop).result(5)

    def stop(self) -> None:
        """Close the proxy."""
        self.loop.call_soon_threadsafe(self.server.close)
        time.sleep(0.05)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def play_turns(
    clients: list[Any],
    bots: dict[int, Any],
    done: Callable[[], bool],
    timeout: float,
    *,
    at_position: Callable[[Any, int, int], None] | None = None,
    on_submit: Callable[[int, int], None] | None = None,
    pace: float = 0.0,
    idle: float = 0.002,
) -> int:
    """Play every held seat of ``clients`` with ``bots`` (by seat) until ``done``; actions sent.

    Each seat acts once per position (seat, version): a refusal or a lost update is answered by
    the next snapshot, never by sending again blindly. Between hands only one seat deals, so
    with no lost update every action sent is accepted. ``at_position(client, seat, version)``
    sees every seat's position before it acts (a benchmark drops connections there);
    ``on_submit(seat, version)`` is told just before each action goes; ``pace`` waits after each.
    """
    sent: set[tuple[int, int]] = set()
    count = 0
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("the match did not finish in time")
        acted = False
        # Between hands any person may deal the next one: here the first seat in play does.
        dealer = min((s for c in clients for s in c.seats if c.has_view(s)), default=None)
        for client in clients:
            for seat in client.seats:
                client.poll(seat)
                if not client.has_view(seat):
                    continue
                v = client.seat_version(seat)
                if at_position is not None:
                    at_position(client, seat, v)
                view = client.view(seat)
                deal = view.phase == "hand_over" and seat == dealer
                mine = view.phase != "hand_over" and view.is_my_turn and seat in bots
                if (deal or mine) and (seat, v) not in sent:
                    sent.add((seat, v))
                    if on_submit is not None:
                        on_submit(seat, v)
                    client.submit(seat, "next hand" if deal else bots[seat].choose(view))
                    count += 1
                    acted = True
                    if pace:
                        time.sleep(pace)
        if not acted:
            time.sleep(idle)
    return count


def close_screens(apps: list[Any]) -> None:
    """Let go of what the apps' screens hold: each hosting process killed, each connection
    to a table closed (a test's apps may leave the lobby, the join screen or a table open)."""
    for app in apps:
        for scene in app.stack:
            proc = getattr(scene, "proc", None)
            if proc is not None:
                proc.kill()
            remote = getattr(scene, "remote", None)
            if remote is not None:
                remote.close()
