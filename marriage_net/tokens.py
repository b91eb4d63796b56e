"""Seat tokens kept on a player's laptop, so that a restarted app finds its seats again.

Beside each table's tokens (by seat number) the store keeps where the table is and its name,
so the title can offer to sit back down; and, under a key of its own, the name and the code
this laptop last joined with, so the join screen remembers them.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

TOKENS_FILE = "tables.json"
_MAX_TABLES = 20  # tables remembered; older ones are forgotten
_YOU = "~you"  # the key of what this laptop last typed (never a table's key: those hold ':')
#: How long after it was last heard of a table is still offered on the title.
REJOIN_WITHIN = 24 * 3600.0
_MEMO = ("address", "port", "code", "table", "seen")


@dataclass(frozen=True)
class TableMemo:
    """A table this laptop holds a seat at: where it is, what it is called, when last heard of."""

    key: str
    address: str
    port: int
    code: str
    table: str
    seen: float  # wall-clock time (seconds since the epoch)


def table_key(address: str, port: int, code: str) -> str:
    """The key a table's tokens are kept under."""
    return f"{address}:{port}/{code}"


class TokenStore:
    """Tokens by table and seat, in one small JSON file; a damaged file is simply started over.

    Without a file (``path=None``) the tokens live as long as the object: a dropped connection
    still finds its seat again, a restarted app does not.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._memory: dict[str, dict[str, str]] = {}

    def _read(self) -> dict[str, dict[str, str]]:
        if self.path is None:
            return self._memory
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        out: dict[str, dict[str, str]] = {}
        for key, seats in data.items():
            if isinstance(key, str) and isinstance(seats, dict):
                out[key] = {
                    s: t for s, t in seats.items() if isinstance(s, str) and isinstance(t, str)
                }
        return out

    def tokens(self, key: str) -> dict[int, str]:
        """The tokens saved for a table, by seat."""
        with self._lock:
            seats = self._read().get(key, {})
        return {int(s): t for s, t in seats.items() if s.isdigit()}

    def remember(self, key: str, seat: int, token: str) -> None:
        """Keep ``token`` for ``seat`` of a table."""
        with self._lock:
            data = self._read()
            entry = data.pop(key, {})
            entry[str(seat)] = token
            data[key] = entry  # newest last
            _trim(data)
            self._write(data)

    def note_table(self, key: str, address: str, port: int, code: str, table: str) -> None:
        """Remember where the table ``key`` (one we hold a seat at) is and what it is called."""
        with self._lock:
            data = self._read()
            entry = data.pop(key, {})
            memo = {"address": address, "port": str(port), "code": code, "table": table}
            entry.update(memo, seen=f"{time.time():.0f}")
            data[key] = entry
            _trim(data)
            self._write(data)

    def finished(self, key: str) -> None:
        """The match at ``key`` is over: stop offering to sit back down there."""
        with self._lock:
            data = self._read()
            entry = data.get(key)
            if entry is None or "seen" not in entry:
                return
            for part in _MEMO:
                entry.pop(part, None)
            self._write(data)

    def last_table(self, within: float = REJOIN_WITHIN) -> TableMemo | None:
        """The table we most lately held a seat at, heard of within ``within`` seconds."""
        with self._lock:
            data = self._read()
        for key in reversed(list(data)):
            entry = data[key]
            if key == _YOU or not any(s.isdigit() for s in entry):
                continue
            try:
                memo = TableMemo(
                    key,
                    entry["address"],
                    int(entry["port"]),
                    entry["code"],
                    entry["table"],
                    float(entry["seen"]),
                )
            except (KeyError, ValueError):
                continue
            if 0 < memo.port < 65536 and time.time() - memo.seen <= within:
                return memo
        return None

    def profile(self) -> dict[str, str]:
        """What this laptop last typed to join a table: ``name``, ``code``, ``address``."""
        with self._lock:
            return dict(self._read().get(_YOU, {}))

    def keep_profile(self, **typed: str) -> None:
        """Remember what was typed (a name, a code, an address) for the next time."""
        with self._lock:
            data = self._read()
            you = data.pop(_YOU, {})
            you.update(typed)
            data = {_YOU: you, **data}  # first, so that trimming the oldest table skips it
            self._write(data)

    def forget(self, key: str) -> None:
        """Drop every token of a table (it no longer knows them)."""
        with self._lock:
            data = self._read()
            if data.pop(key, None) is not None:
                self._write(data)

    def _write(self, data: dict[str, dict[str, str]]) -> None:
        """Write the whole store atomically (a reader sees the old file or the new one)."""
        if self.path is None:
            self._memory = data
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tables.", suffix=".tmp", dir=self.path.parent)
        except OSError:
            return  # a folder we cannot write to: the tokens live as long as the connection
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _trim(data: dict[str, dict[str, str]]) -> None:
    """Forget the oldest tables beyond the limit (never what this laptop typed)."""
    tables = [k for k in data if k != _YOU]
    for key in tables[: max(0, len(tables) - _MAX_TABLES)]:
        del data[key]
