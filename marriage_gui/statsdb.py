"""The statistics database: written off the UI thread, damage kept aside, the player told.

Statistics are a nicety, so nothing here may stop or slow the game: writes go to one worker
thread (a locked database waits there, never in a frame), and a database that is damaged, of
another shape, or not a database at all is moved aside and a fresh one started, with one
message for the player.
"""

from __future__ import annotations

import contextlib
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.words import UNSAID, Said, say
from marriage_gui.language import N_

STATS_FILE = "stats.sqlite3"
#: How every SQLite database file begins.
_HEADER = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    match_id     TEXT PRIMARY KEY,
    started      REAL NOT NULL,
    finished     REAL,
    preset       TEXT NOT NULL,
    seats        INTEGER NOT NULL,
    hands_total  INTEGER NOT NULL,
    hands_played INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS match_seats (
    match_id TEXT NOT NULL REFERENCES matches(match_id),
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    total    INTEGER NOT NULL,
    place    INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    match_id TEXT NOT NULL,
    hand_no  INTEGER NOT NULL,
    played   REAL NOT NULL,
    winner   INTEGER,
    reason   TEXT NOT NULL,
    PRIMARY KEY (match_id, hand_no)
);
CREATE TABLE IF NOT EXISTS hand_seats (
    match_id TEXT NOT NULL,
    hand_no  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    name     TEXT NOT NULL,
    kind     TEXT NOT NULL,
    net      INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    maal     INTEGER NOT NULL,
    PRIMARY KEY (match_id, hand_no, seat)
);
"""

#: The columns each table must have (a newer version may add more): a table without one of
#: them is a database of another shape.
COLUMNS = {
    "matches": (
        "match_id",
        "started",
        "finished",
        "preset",
        "seats",
        "hands_total",
        "hands_played",
    ),
    "match_seats": ("match_id", "seat", "name", "kind", "total", "place"),
    "hands": ("match_id", "hand_no", "played", "winner", "reason"),
    "hand_seats": ("match_id", "hand_no", "seat", "name", "kind", "net", "won", "maal"),
}

# What the player is told, in English: each is said as an ``engine.words.Said`` (worded in the
# player's language when shown).
# Translators: {aside} is the new name of the damaged statistics file, kept in the game's folder.
DAMAGED = N_(
    "Your statistics file was damaged. It was kept aside as {aside} and a fresh one started."
)
# The reason itself (SQLite's words, column lists) goes to the log, not to the player.
UNWRITABLE = N_(
    "Statistics cannot be recorded this time; the game goes on (the log file has the details)."
)

DROPPED = N_(
    "One hand could not be added to your statistics: another program kept the statistics "
    "file busy (is another copy of Marriage open?)."
)
#: How long one try waits on a locked file, and the pauses between tries (about a minute in all).
BUSY_WAIT = 2.0
BUSY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 0.0)

Job = Callable[[sqlite3.Connection], None]


class Busy(Exception):
    """The database is locked by another program; try again later."""


class Damaged(Exception):
    """The database cannot be used as it is."""


def _is_busy(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _decode(raw: bytes) -> str:
    # Damaged text must not become a UnicodeDecodeError in the middle of a query.
    return raw.decode("utf-8", "replace")


class StatsDB:
    """One statistics file; ``submit`` writes in the background, ``read`` answers at once."""

    def __init__(
        self,
        root: Path,
        keep_aside: Callable[[str], str | None],
        notice: Callable[[Said], None],
        log: Callable[[str], None],
    ) -> None:
        self.path = root / STATS_FILE
        self._keep_aside = keep_aside
        self._notice = notice
        self._log = log
        self._jobs: queue.Queue[Job | threading.Event | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()  # one repair at a time
        self._told_unwritable = False

    # ------------------------------------------------------------------ opening
    def connect(self, timeout: float) -> sqlite3.Connection:
        """An open, checked connection; raises Busy or Damaged (after moving the file aside)."""
        try:
            return self._open(timeout)
        except Busy:
            raise
        except Damaged as exc:
            self._repair(str(exc))
            return self._open(timeout)

    def _open(self, timeout: float) -> sqlite3.Connection:
        # A few bytes that are not a database (shorter than its header) SQLite would take for an
        # empty file and write over: they are damage, kept aside like any other.
        with contextlib.suppress(OSError):
            if self.path.is_file() and self.path.stat().st_size > 0:
                with self.path.open("rb") as head:
                    if head.read(len(_HEADER)) != _HEADER:
                        raise Damaged("not a statistics database")
        try:
            con = sqlite3.connect(self.path, timeout=timeout)
        except (sqlite3.Error, OSError) as exc:
            if self.path.exists() and not self.path.is_file():
                raise Damaged("a folder stands where the statistics file belongs") from None
            raise Damaged(str(exc)) from None
        con.text_factory = _decode
        try:
            con.executescript(SCHEMA)
            check = con.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise Damaged(f"integrity check says {check!r}")
            for table, cols in COLUMNS.items():
                have = tuple(r[1] for r in con.execute(f"PRAGMA table_info({table})"))
                # More columns is a newer version's file: every statement names its columns.
                if not set(cols) <= set(have):
                    raise Damaged(f"table {table} has columns {have}")
        except Damaged:
            con.close()
            raise
        except (sqlite3.Error, UnicodeDecodeError, ValueError) as exc:
            con.close()
            if _is_busy(exc):
                raise Busy(str(exc)) from None
            raise Damaged(str(exc)) from None
        return con

    def _repair(self, why: str) -> None:
        with self._lock:
            self._log(f"statistics database unusable ({why}); keeping it aside")
            aside = self._keep_aside(STATS_FILE)
            for extra in ("-journal", "-wal", "-shm"):
                side = self.path.with_name(STATS_FILE + extra)
                if side.exists():
                    self._keep_aside(STATS_FILE + extra)
            if aside is not None:
                self._notice(Said(DAMAGED, {"aside": aside}))

    # ------------------------------------------------------------------ writing
    def submit(self, job: Job | threading.Event) -> None:
        """Run ``job`` in a transaction on the worker thread (retried while the file is busy)."""
        self._jobs.put(job)
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="stats", daemon=True)
            self._thread.start()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait up to ``timeout`` seconds for queued writes; True if all are done."""
        # A marker set by the worker itself: it needs no database, so an unusable one never
        # makes the caller wait for the whole timeout.
        done = threading.Event()
        self.submit(done)
        return done.wait(timeout)

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=5.0)
            except queue.Empty:
                return
            if job is None:
                return
            if isinstance(job, threading.Event):
                job.set()
                continue
            self._run(job)

    def _run(self, job: Job) -> None:
        for attempt, pause in enumerate(BUSY_PAUSES):
            try:
                with contextlib.closing(self.connect(timeout=BUSY_WAIT)) as con, con:
                    job(con)
                return
            except Busy as exc:
                self._log(f"statistics busy (attempt {attempt + 1}): {exc}")
            except Damaged as exc:
                self._tell_unwritable(str(exc))
                return
            except (sqlite3.Error, OSError, UnicodeDecodeError, ValueError) as exc:
                if not _is_busy(exc):
                    self._tell_unwritable(str(exc))
                    return
                self._log(f"statistics busy (attempt {attempt + 1}): {exc}")
            # Another program holds the file: wait longer each time before trying again.
            time.sleep(pause)
        self._log("statistics stayed busy; one record was not written")
        self._notice(Said(DROPPED))

    def _tell_unwritable(self, why: str) -> None:
        self._log(f"could not write statistics: {why}")
        if not self._told_unwritable:
            self._told_unwritable = True
            self._notice(Said(UNWRITABLE))

    # ------------------------------------------------------------------ reading
    def read(self, query: Callable[[sqlite3.Connection], Any], empty: Any) -> tuple[Any, Said]:
        """``query``'s answer and no words (or ``empty`` and a reason), without waiting on a
        lock."""
        if not self.path.exists():
            return empty, UNSAID
        try:
            with contextlib.closing(self.connect(timeout=0.05)) as con:
                return query(con), UNSAID
        except Busy:
            return empty, say("Statistics are busy (is another copy of Marriage open?).")
        except (Damaged, sqlite3.Error, OSError, UnicodeDecodeError, ValueError) as exc:
            self._log(f"could not read statistics: {exc}")
            return empty, say("Statistics could not be read.")
