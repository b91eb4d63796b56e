"""Finding tables on the local network: one UDP question, answered directly by each host.

A joining laptop sends a small question to the addresses it is given; a host answers the sender
with its table's name and port. The answer goes straight back to the asker, so on Windows only
the host ever sees a firewall prompt. The target addresses are always a parameter: the
``MARRIAGE_DISCOVERY`` environment variable (for example ``127.0.0.1``) restricts the app to
those addresses, and only without it does the app look up the network's broadcast addresses.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: The UDP port hosts listen on for questions.
DISCOVERY_PORT = 47471
#: The environment variable that restricts discovery (and a hosted table) to given addresses.
ENV = "MARRIAGE_DISCOVERY"
_QUESTION = {"marriage": "who", "proto": 1}
_MAX_DATAGRAM = 512
# Answers per second one host gives: a forged flood of questions cannot make it a firehose.
_ANSWERS_PER_SECOND = 20


@dataclass(frozen=True)
class TableFound:
    """A table that answered: where to connect and what it says about itself."""

    address: str
    port: int
    table: str
    open_seats: int
    started: bool


def restricted_targets() -> list[str] | None:
    """The addresses ``MARRIAGE_DISCOVERY`` allows, or None when it is not set."""
    text = os.environ.get(ENV, "").strip()
    if not text:
        return None
    out = []
    for part in text.split(","):
        part = part.strip()
        if part:
            # A typo must not turn into a packet to some other address: refuse it instead.
            out.append(str(ipaddress.ip_address(part)))
    return out


def broadcast_targets() -> list[str]:
    """The broadcast address of every IPv4 network this machine is on (ifaddr)."""
    import ifaddr

    out: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue
            net = ipaddress.ip_network(f"{ip.ip}/{ip.network_prefix}", strict=False)
            if net.is_loopback or net.prefixlen >= 31:
                continue
            addr = str(net.broadcast_address)
            if addr not in out:
                out.append(addr)
    return out


def discovery_targets() -> list[str]:
    """Where the app sends its question: the restricted addresses, else the broadcasts."""
    restricted = restricted_targets()
    if restricted is not None:
        return restricted
    return broadcast_targets() + ["255.255.255.255"]


def host_addresses() -> list[str]:
    """The addresses other laptops can type to reach this one (IPv4, not loopback)."""
    restricted = restricted_targets()
    if restricted is not None:
        return restricted
    import ifaddr

    out: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            ok = isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback
            if ok and ip.ip not in out:
                out.append(str(ip.ip))
    return out


def listen_address() -> str:
    """Where a hosted table listens: loopback when discovery is restricted, else every network."""
    restricted = restricted_targets()
    if restricted is not None:
        return restricted[0]
    return "0.0.0.0"


def _parse_answer(data: bytes, sender: str) -> TableFound | None:
    if len(data) > _MAX_DATAGRAM:
        return None
    try:
        msg = json.loads(data)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(msg, dict) or msg.get("marriage") != "table" or msg.get("proto") != 1:
        return None
    port, table, free, started = (msg.get(k) for k in ("port", "table", "open", "started"))
    if not (isinstance(port, int) and 0 < port < 65536 and isinstance(table, str)):
        return None
    if not isinstance(free, int) or isinstance(free, bool) or not isinstance(started, bool):
        return None
    return TableFound(sender, port, table[:40], max(0, min(free, 5)), started)


def find_tables(
    targets: Sequence[str], port: int = DISCOVERY_PORT, wait: float = 1.0
) -> list[TableFound]:
    """Ask ``targets`` for tables and collect the answers that come within ``wait`` seconds."""
    found: dict[tuple[str, int], TableFound] = {}
    question = json.dumps(_QUESTION).encode()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.bind(("0.0.0.0", 0))
        for target in targets:
            try:
                sock.sendto(question, (target, port))
            except OSError:
                continue  # a network that went away: ask the others
        end = time.monotonic() + wait
        while (left := end - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, (sender, _p) = sock.recvfrom(_MAX_DATAGRAM + 1)
            except (TimeoutError, OSError):
                break
            table = _parse_answer(data, sender)
            if table is not None:
                found[(table.address, table.port)] = table
    return sorted(found.values(), key=lambda t: (t.table, t.address, t.port))


class _Responder(asyncio.DatagramProtocol):
    def __init__(self, describe: Callable[[], dict[str, object]]) -> None:
        self.describe = describe
        self.transport: asyncio.DatagramTransport | None = None
        self.window = 0.0
        self.answered = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def datagram_received(self, data: bytes, addr: tuple[str | int, int]) -> None:
        if self.transport is None or len(data) > _MAX_DATAGRAM:
            return
        try:
            msg = json.loads(data)
        except (ValueError, UnicodeDecodeError):
            return
        if msg != _QUESTION:
            return
        now = time.monotonic()
        if now - self.window >= 1.0:
            self.window, self.answered = now, 0
        if self.answered >= _ANSWERS_PER_SECOND:
            return
        self.answered += 1
        answer = {"marriage": "table", "proto": 1, **self.describe()}
        self.transport.sendto(json.dumps(answer).encode(), addr)


async def answer_questions(
    bind: str, describe: Callable[[], dict[str, object]], port: int = DISCOVERY_PORT
) -> asyncio.DatagramTransport:
    """Answer discovery questions on ``bind``:``port``; ``describe`` gives table, port, open, started."""
    loop = asyncio.get_running_loop()
    transport, _ = await loop.create_datagram_endpoint(
        lambda: _Responder(describe), local_addr=(bind, port), reuse_port=False
    )
    return transport
