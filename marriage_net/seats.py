"""The seats of a networked table: who sits where, their tokens, and the table's save file.

A seat is ``open`` (waiting for a player on another laptop, or played by one who joined),
``here`` (a person at the host's own screen) or a computer player of a level. Each seat that a
person plays has a 128-bit token: whoever shows it gets the seat back, the newest connection wins.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from marriage_net.protocol import DEFAULT_CLOCK, SEAT_KINDS, TURN_CLOCKS, SeatInfo, check_name

TABLE_FORMAT = "marriage-table"
TABLE_VERSION = 1
BOT_LEVELS = ("easy", "medium", "hard")
BOT_NAMES = ("Sita", "Ram", "Hari", "Gita", "Kamal")


def new_code() -> str:
    """A fresh 6-digit table code."""
    return f"{secrets.randbelow(10**6):06d}"


def new_token() -> str:
    """A fresh 128-bit seat token, as hex."""
    return secrets.token_hex(16)


def same_secret(a: str | None, b: str | None) -> bool:
    """Whether two secrets match, compared in constant time."""
    return a is not None and b is not None and hmac.compare_digest(a.encode(), b.encode())


@dataclass
class Seat:
    """One seat of the table as the host keeps it."""

    kind: str
    name: str
    token: str = field(default_factory=new_token)
    taken: bool = False  # an open seat that a player on another laptop has joined
    ready: bool = False

    @property
    def is_bot(self) -> bool:
        """A computer player sits here for the whole match."""
        return self.kind in BOT_LEVELS

    @property
    def free(self) -> bool:
        """An open seat nobody has joined yet."""
        return self.kind == "open" and not self.taken

    def info(self, seat: int, connected: bool, bot_playing: bool) -> SeatInfo:
        """This seat as the lobby message shows it."""
        return SeatInfo(seat, self.kind, self.name, connected, self.ready, bot_playing)


def make_seats(plan: list[tuple[str, str]]) -> list[Seat]:
    """Seats from (kind, name) pairs; unnamed seats get a default name. ValueError when wrong."""
    if not 2 <= len(plan) <= 5:
        raise ValueError("a table has 2 to 5 seats")
    seats = []
    for i, (kind, name) in enumerate(plan):
        if kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {kind!r}")
        if not name.strip():
            name = (
                BOT_NAMES[i]
                if kind in BOT_LEVELS
                else ("" if kind == "open" else f"Player {i + 1}")
            )
        else:
            name = check_name(name)
        seats.append(Seat(kind, name))
    return seats


def parse_seats(text: str) -> list[tuple[str, str]]:
    """Seats from text like ``open,open,here:Asha,medium``; ValueError with a reason."""
    plan = []
    for part in text.split(","):
        kind, _, name = part.strip().partition(":")
        plan.append((kind.strip(), name.strip()))
    make_seats(plan)
    return plan


_SEAT_KEYS = {"kind", "name", "token", "taken"}


def _seat_dict(s: Seat) -> dict[str, Any]:
    out = {"kind": s.kind, "name": s.name, "token": s.token, "taken": s.taken}
    return {**out, "ready": True} if s.ready else out


def _seat(s: Any) -> Seat:
    """A saved seat (``ready`` may be missing: saved before it was kept); ValueError if damaged."""
    if not isinstance(s, dict) or not _SEAT_KEYS <= set(s) <= _SEAT_KEYS | {"ready"}:
        raise ValueError("a seat is damaged")
    if s["kind"] not in SEAT_KINDS or not isinstance(s["name"], str):
        raise ValueError("a seat is damaged")
    ready = s.get("ready", False)
    if not isinstance(s["token"], str) or not isinstance(s["taken"], bool):
        raise ValueError("a seat is damaged")
    if not isinstance(ready, bool):
        raise ValueError("a seat is damaged")
    return Seat(s["kind"], s["name"], s["token"], s["taken"], ready)


def _between(data: dict[str, Any]) -> tuple[bool, bool, dict[str, Any] | None]:
    """A save's state between two matches: (rematch, gathering, standings). A table saved
    before it was kept has none; what is damaged of it is left out (the table still opens)."""
    rematch, gathering = data.get("rematch"), data.get("gathering")
    standings = data.get("standings")
    return (
        rematch if isinstance(rematch, bool) else False,
        gathering if isinstance(gathering, bool) else False,
        standings if isinstance(standings, dict) else None,
    )


@dataclass
class TableSave:
    """Everything that brings a closed table back: code, seats with tokens, and the match."""

    code: str
    table: str
    seats: list[Seat]
    port: int
    owner: str
    rules: dict[str, Any]
    hands: int
    match: dict[str, Any] | None  # None until the deal
    clock: int = DEFAULT_CLOCK  # seconds per turn (0: no clock)
    # Between two matches (Play again): a match has been played here, the table gathers its
    # people for the next, and the finished match's standings (``Standings.to_dict``) are kept
    # for whoever comes back to them. Tables saved before these were kept read as without them.
    rematch: bool = False
    gathering: bool = False
    standings: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the save file. What is kept between two matches (and a seat's
        ready) is written only when there is some: a save made during a match is as before."""
        data: dict[str, Any] = {
            "format": TABLE_FORMAT,
            "version": TABLE_VERSION,
            "code": self.code,
            "table": self.table,
            "port": self.port,
            "owner": self.owner,
            "rules": self.rules,
            "hands": self.hands,
            "seats": [_seat_dict(s) for s in self.seats],
            "match": self.match,
            "clock": self.clock,
        }
        between = {"rematch": self.rematch, "gathering": self.gathering}
        data.update((k, v) for k, v in between.items() if v)
        if self.standings is not None:
            data["standings"] = self.standings
        return data

    @classmethod
    def from_dict(cls, data: Any) -> TableSave:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
            raise ValueError("this is not a saved Marriage table")
        if data.get("version") != TABLE_VERSION:
            raise ValueError("this table was saved by another version of the game")
        try:
            code, table, port, owner = data["code"], data["table"], data["port"], data["owner"]
            if not (isinstance(code, str) and len(code) == 6 and code.isdigit()):
                raise ValueError("the table code is damaged")
            if not isinstance(table, str) or not isinstance(owner, str):
                raise ValueError("the table's name is damaged")
            if not isinstance(port, int) or not 0 <= port < 65536:
                raise ValueError("the port is damaged")
            seats = [_seat(s) for s in data["seats"]]
            if not 2 <= len(seats) <= 5:
                raise ValueError("the seats are damaged")
            match, rules, hands = data["match"], data["rules"], data["hands"]
            if match is not None and not isinstance(match, dict):
                raise ValueError("the match is damaged")
            if not isinstance(rules, dict) or not isinstance(hands, int) or hands < 0:
                raise ValueError("the rules are damaged")
            clock = data.get("clock", DEFAULT_CLOCK)  # tables saved before the clock: one now
            if clock not in TURN_CLOCKS or isinstance(clock, bool):
                raise ValueError("the turn clock is damaged")
            rematch, gathering, standings = _between(data)
        except KeyError as exc:
            raise ValueError(f"the saved table is missing {exc.args[0]!r}") from None
        except TypeError as exc:
            raise ValueError(f"the saved table is damaged ({exc})") from None
        return cls(
            code,
            table,
            seats,
            port,
            owner,
            rules,
            hands,
            match,
            clock,
            rematch,
            gathering,
            standings,
        )

    def write(self, path: Path, durable: bool = True) -> None:
        """Write atomically: a reader sees the old save or the new one, whole.

        ``durable`` also waits for the disk (a power cut cannot lose it).
        """
        # One process owns a table's save, so a fixed name for the new copy is safe, and
        # cheaper than a fresh temporary file after every action.
        tmp = path.with_name(f".{path.name}.tmp")
        data = msgspec.json.encode(self.to_dict())
        try:
            with open(tmp, "wb") as f:
                f.write(data)
                if durable:
                    f.flush()
                    os.fsync(f.fileno())
            os.replace(tmp, path)
        except FileNotFoundError:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.write(path, durable)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    @classmethod
    def read(cls, path: Path) -> TableSave:
        """Read a saved table; ValueError with a reason if it is missing or damaged."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(f"there is no saved table at {path.name}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ValueError(f"the saved table could not be read ({exc})") from None
        return cls.from_dict(data)
