"""Everything written to disk: the autosaved match, the statistics database and the log.

All of it lives in the per-user data directory (or a directory given on the command line).
Saves are written atomically: a temporary file in the same directory, flushed and synced,
then moved over the old one, so a crash or power cut leaves either the old save or the new.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
import time
import uuid
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.match import LocalMatch
from engine.view import PlayerView
from marriage_gui.setup import MatchSetup

SAVE_FILE = "savegame.json"
STATS_FILE = "stats.sqlite3"
LOG_FILE = "marriage.log"
SAVE_VERSION = 1

_SCHEMA = """
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


class SaveError(Exception):
    """A save that cannot be read; ``message`` is fit to show the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class OpponentRecord:
    """How the people at this computer fared against one opponent."""

    name: str
    kind: str
    matches: int
    matches_ahead: int  # matches a human seat finished above this opponent
    hands: int
    their_wins: int  # hands this opponent won
    your_net: int  # the humans' net over those hands
    their_net: int = 0  # this opponent's net over those hands


@dataclass(frozen=True)
class Stats:
    """Totals for the human seats over every recorded hand and match."""

    games: int = 0  # finished matches
    games_won: int = 0  # finished matches a human seat won
    hands_played: int = 0
    hands_won: int = 0
    net_total: int = 0
    best_hand: int | None = None  # most maal points in one hand
    best_hand_net: int | None = None  # best single-hand net
    opponents: tuple[OpponentRecord, ...] = field(default_factory=tuple)

    @property
    def net_per_hand(self) -> float:
        """Average net per hand played (0 with no hands)."""
        return self.net_total / self.hands_played if self.hands_played else 0.0

    @property
    def win_rate(self) -> float:
        """Share of hands won, 0..1."""
        return self.hands_won / self.hands_played if self.hands_played else 0.0

    @property
    def empty(self) -> bool:
        """Nothing recorded yet."""
        return self.hands_played == 0 and self.games == 0


def default_root() -> Path:
    """The per-user data directory."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("Marriage", appauthor=False))


class Storage:
    """The save file, the statistics database and the log, in one directory."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else default_root()
        self.root.mkdir(parents=True, exist_ok=True)
        # Hands of one match share an id; the match object is the key, so keep it weakly.
        self._match_ids: dict[int, tuple[weakref.ref[Any], str]] = {}

    # ------------------------------------------------------------------ files
    def path(self, name: str) -> Path:
        """A file in the data directory."""
        return self.root / name

    def log_path(self) -> Path:
        """The log file."""
        return self.root / LOG_FILE

    def log(self, message: str) -> None:
        """Append one line to the log; never raises."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        with contextlib.suppress(OSError), self.log_path().open("a", encoding="utf-8") as f:
            f.write(f"{stamp} {message}\n")

    def write_atomic(self, name: str, text: str) -> None:
        """Replace file ``name`` with ``text`` so that readers see the old or the new, whole."""
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.root)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.root / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise

    # ------------------------------------------------------------------ the saved match
    def match_id(self, match: object) -> str:
        """The id under which ``match``'s hands are recorded (made on first use)."""
        entry = self._match_ids.get(id(match))
        if entry is not None and entry[0]() is match:
            return entry[1]
        mid = uuid.uuid4().hex
        self._remember(match, mid)
        return mid

    def _remember(self, match: object, mid: str) -> None:
        self._match_ids = {k: v for k, v in self._match_ids.items() if v[0]() is not None}
        self._match_ids[id(match)] = (weakref.ref(match), mid)

    def save_game(self, setup: MatchSetup, match: LocalMatch) -> None:
        """Autosave the running match (atomically)."""
        data = {
            "version": SAVE_VERSION,
            "saved": time.time(),
            "match_id": self.match_id(match),
            "setup": setup.to_dict(),
            "game": json.dumps(match.save_dict(), ensure_ascii=False, separators=(",", ":")),
        }
        self.write_atomic(SAVE_FILE, json.dumps(data, ensure_ascii=False))

    def has_game(self) -> bool:
        """Whether there is a save file (it may still be damaged)."""
        return (self.root / SAVE_FILE).is_file()

    def load_game(self) -> tuple[MatchSetup, LocalMatch] | None:
        """The saved match, None without one; a damaged save raises SaveError."""
        path = self.root / SAVE_FILE
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            self.log(f"save unreadable: {exc!r}")
            raise SaveError("The saved game could not be read: the file is damaged.") from None
        try:
            if not isinstance(data, dict):
                raise ValueError("it does not hold a saved match")
            if data.get("version") != SAVE_VERSION:
                raise ValueError("it was written by another version of the game")
            setup = MatchSetup.from_dict(data["setup"])
            if len(setup.seats) < 2:
                raise ValueError("the seats are damaged")
            game = setup.resume(json.loads(data["game"]))
        except (KeyError, TypeError, ValueError) as exc:
            self.log(f"save damaged: {exc!r}")
            reason = str(exc) if isinstance(exc, ValueError) else "parts of it are missing"
            raise SaveError(f"The saved game could not be restored: {reason}.") from None
        mid = data.get("match_id")
        if isinstance(mid, str) and mid:
            self._remember(game, mid)
        return setup, game

    def clear_game(self) -> None:
        """Delete the save (after the match ends, or when the player starts over)."""
        with contextlib.suppress(FileNotFoundError):
            (self.root / SAVE_FILE).unlink()

    # ------------------------------------------------------------------ statistics
    def _db(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.root / STATS_FILE)
        con.executescript(_SCHEMA)
        return con

    def _ensure_match(
        self, con: sqlite3.Connection, mid: str, setup: MatchSetup, view: PlayerView
    ) -> None:
        con.execute(
            "INSERT OR IGNORE INTO matches(match_id, started, preset, seats, hands_total)"
            " VALUES (?, ?, ?, ?, ?)",
            (mid, time.time(), _preset_name(setup), len(setup.seats), view.hands_total),
        )

    def record_hand(self, setup: MatchSetup, match: object, view: PlayerView) -> None:
        """Record the hand ``view`` shows finished (recording it again replaces it)."""
        result = view.result
        if result is None:
            return
        mid = self.match_id(match)
        try:
            with contextlib.closing(self._db()) as con, con:
                self._ensure_match(con, mid, setup, view)
                con.execute(
                    "INSERT OR REPLACE INTO hands VALUES (?, ?, ?, ?, ?)",
                    (mid, result.hand_no, time.time(), result.winner, result.reason),
                )
                for seat, s in enumerate(setup.seats):
                    con.execute(
                        "INSERT OR REPLACE INTO hand_seats VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            mid,
                            result.hand_no,
                            seat,
                            s.name,
                            s.kind,
                            int(result.nets[seat]),
                            int(result.winner == seat),
                            int(result.points[seat]),
                        ),
                    )
                con.execute(
                    "UPDATE matches SET hands_played ="
                    " (SELECT COUNT(*) FROM hands WHERE match_id = ?) WHERE match_id = ?",
                    (mid, mid),
                )
        except sqlite3.Error as exc:
            # Statistics are a nicety: a broken database must not stop the game.
            self.log(f"could not record a hand: {exc!r}")

    def record_match(self, setup: MatchSetup, match: object, view: PlayerView) -> None:
        """Record the end of a match: totals and places (as the final ``view`` shows them)."""
        mid = self.match_id(match)
        places = {seat: i + 1 for i, seat in enumerate(view.standings())}
        try:
            with contextlib.closing(self._db()) as con, con:
                self._ensure_match(con, mid, setup, view)
                con.execute(
                    "UPDATE matches SET finished = ? WHERE match_id = ?", (time.time(), mid)
                )
                for seat, s in enumerate(setup.seats):
                    con.execute(
                        "INSERT OR REPLACE INTO match_seats VALUES (?, ?, ?, ?, ?, ?)",
                        (mid, seat, s.name, s.kind, int(view.totals[seat]), places[seat]),
                    )
        except sqlite3.Error as exc:
            self.log(f"could not record a match: {exc!r}")

    def stats(self) -> Stats:
        """Everything the statistics screen shows; empty if nothing (readable) was recorded."""
        if not (self.root / STATS_FILE).exists():
            return Stats()
        try:
            with contextlib.closing(self._db()) as con:
                return _read_stats(con)
        except sqlite3.Error as exc:
            self.log(f"could not read statistics: {exc!r}")
            return Stats()


def _preset_name(setup: MatchSetup) -> str:
    from engine.rules import PRESETS

    for name, rules in PRESETS.items():
        if rules == setup.rules:
            return name
    return "custom"


def _read_stats(con: sqlite3.Connection) -> Stats:
    one: Any = con.execute(
        "SELECT COUNT(*), COALESCE(SUM(won), 0), COALESCE(SUM(net), 0), MAX(maal), MAX(net)"
        " FROM hand_seats WHERE kind = 'human'"
    ).fetchone()
    hands, won, net, best, best_net = one
    games = con.execute(
        "SELECT COUNT(DISTINCT m.match_id) FROM matches m JOIN match_seats s"
        " ON s.match_id = m.match_id WHERE m.finished IS NOT NULL AND s.kind = 'human'"
    ).fetchone()[0]
    games_won = con.execute(
        "SELECT COUNT(DISTINCT match_id) FROM match_seats WHERE kind = 'human' AND place = 1"
    ).fetchone()[0]
    # Each opponent (a name and a kind) against the human seats of the same matches.
    rows = con.execute(
        """
        SELECT o.name, o.kind,
               COUNT(DISTINCT o.match_id || ':' || o.hand_no),
               COUNT(DISTINCT CASE WHEN o.won = 1 THEN o.match_id || ':' || o.hand_no END),
               SUM(h.net)
        FROM hand_seats o JOIN hand_seats h
          ON h.match_id = o.match_id AND h.hand_no = o.hand_no AND h.kind = 'human'
        WHERE o.kind != 'human'
        GROUP BY o.name, o.kind
        """
    ).fetchall()
    their = {
        (name, kind): int(net or 0)
        for name, kind, net in con.execute(
            """
            SELECT o.name, o.kind, SUM(o.net) FROM hand_seats o
            WHERE o.kind != 'human' AND EXISTS (
                SELECT 1 FROM hand_seats h WHERE h.match_id = o.match_id
                AND h.hand_no = o.hand_no AND h.kind = 'human')
            GROUP BY o.name, o.kind
            """
        ).fetchall()
    }
    matches = {
        (name, kind): (n, ahead)
        for name, kind, n, ahead in con.execute(
            """
            SELECT o.name, o.kind, COUNT(DISTINCT o.match_id),
                   COUNT(DISTINCT CASE WHEN h.place < o.place THEN o.match_id END)
            FROM match_seats o JOIN match_seats h
              ON h.match_id = o.match_id AND h.kind = 'human'
            WHERE o.kind != 'human'
            GROUP BY o.name, o.kind
            """
        ).fetchall()
    }
    opponents = tuple(
        sorted(
            (
                OpponentRecord(
                    name,
                    kind,
                    matches.get((name, kind), (0, 0))[0],
                    matches.get((name, kind), (0, 0))[1],
                    n_hands,
                    their_wins,
                    int(your_net or 0),
                    their.get((name, kind), 0),
                )
                for name, kind, n_hands, their_wins, your_net in rows
            ),
            key=lambda r: (-r.hands, r.name, r.kind),
        )
    )
    return Stats(
        games=games,
        games_won=games_won,
        hands_played=hands,
        hands_won=won,
        net_total=int(net),
        best_hand=best,
        best_hand_net=best_net,
        opponents=opponents,
    )
