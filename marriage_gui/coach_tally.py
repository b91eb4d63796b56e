"""The coach's tally: per player name and hand, how many choices matched the hard bot's.

Kept in a table of its own in the statistics file, written and read through the statistics
database (off the UI thread, damage handled there). The table belongs to the coach alone: if
it is of another shape it is dropped and started afresh, losing only the tally.
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.words import UNSAID, Said

if TYPE_CHECKING:
    from engine.ai.coach import Review
    from marriage_gui.storage import Storage

TABLE = "coach_hands"
COLUMNS = ("match_id", "hand_no", "seat", "name", "played", "choices", "matched")
SCHEMA = f"""
CREATE TABLE IF NOT EXISTS {TABLE} (
    match_id TEXT NOT NULL,
    hand_no  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    played   REAL NOT NULL,
    choices  INTEGER NOT NULL,
    matched  INTEGER NOT NULL,
    PRIMARY KEY (match_id, hand_no, seat)
)
"""
#: Matches a player's line goes back over.
LAST_MATCHES = 12
#: Most players drawn on the plot (those who played most recently).
MOST_LINES = 4


@dataclass(frozen=True)
class TallyLine:
    """One player's line: the share of choices that matched the hard bot's in each of their
    last matches, oldest first, and the counts over those matches."""

    name: str
    shares: tuple[float, ...]
    choices: int
    matched: int

    @property
    def share(self) -> float:
        """The share over every match on the line."""
        return self.matched / self.choices if self.choices else 0.0


@dataclass(frozen=True)
class Tally:
    """Every line of the tally (empty: nobody reviewed yet); ``problem`` says why it is empty."""

    lines: tuple[TallyLine, ...] = ()
    problem: Said = UNSAID


def _ensure(con: sqlite3.Connection) -> None:
    """The table, of the right shape (a table of another shape is dropped: only the tally)."""
    have = tuple(r[1] for r in con.execute(f"PRAGMA table_info({TABLE})"))
    if have and have != COLUMNS:
        con.execute(f"DROP TABLE {TABLE}")
    con.execute(SCHEMA)


def record(storage: Storage, match_id: str, name: str, review: Review) -> None:
    """Add one reviewed hand of match ``match_id`` to the tally, in the background (again
    replaces it); safe to call from any thread."""
    if review.choices <= 0:
        return
    row = (
        match_id,
        review.hand_no,
        review.seat,
        name,
        time.time(),
        review.choices,
        review.matched,
    )

    def write(con: sqlite3.Connection) -> None:
        _ensure(con)
        con.execute(f"INSERT OR REPLACE INTO {TABLE} VALUES (?, ?, ?, ?, ?, ?, ?)", row)

    storage.statsdb.submit(write)


def _read(con: sqlite3.Connection) -> Tally:
    found = con.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (TABLE,))
    if found.fetchone() is None:
        return Tally()
    have = tuple(r[1] for r in con.execute(f"PRAGMA table_info({TABLE})"))
    if have != COLUMNS:
        return Tally()
    rows = con.execute(
        f"SELECT name, match_id, MAX(played), SUM(choices), SUM(matched) FROM {TABLE}"
        " GROUP BY name, match_id ORDER BY MAX(played)"
    ).fetchall()
    per_name: dict[str, list[tuple[float, int, int]]] = {}
    for name, _mid, played, choices, matched in rows:
        if isinstance(name, str) and choices:
            per_name.setdefault(name, []).append((float(played), int(choices), int(matched)))
    recent = sorted(per_name, key=lambda n: -per_name[n][-1][0])[:MOST_LINES]
    lines = []
    for name in sorted(recent):
        last = per_name[name][-LAST_MATCHES:]
        lines.append(
            TallyLine(
                name,
                tuple(m / c for _t, c, m in last),
                sum(c for _t, c, _m in last),
                sum(m for _t, _c, m in last),
            )
        )
    return Tally(tuple(lines))


def read(storage: Storage) -> Tally:
    """The tally as it stands, at once (empty with a reason if the file cannot be read)."""
    found, problem = storage.statsdb.read(_read, Tally())
    return found if not problem else Tally(problem=problem)


__all__ = ["LAST_MATCHES", "Tally", "TallyLine", "read", "record"]
