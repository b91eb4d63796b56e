"""Seat tokens kept on a player's laptop, so that a restarted app finds its seats again."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import threading
from pathlib import Path

TOKENS_FILE = "tables.json"
_MAX_TABLES = 20  # tables remembered; older ones are forgotten


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
            while len(data) > _MAX_TABLES:
                data.pop(next(iter(data)))
            self._write(data)

    def forget(self, key: str) -> None:
        """Drop every token of a table (it no longer knows them)."""
        with self._lock:
            data = self._read()
            if data.pop(key, None) is not None:
                self._write(data)

    def _write(self, data: dict[str, dict[str, str]]) -> None:
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
