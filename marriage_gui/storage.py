"""Everything written to disk: the autosaved match, the statistics database and the log.

All of it lives in the per-user data directory (or a directory given on the command line).
Saves are written atomically: a temporary file in the same directory, flushed and synced,
then moved over the old one (and the directory synced), so a crash or power cut leaves either
the old save or the new. Nothing here raises on a damaged or unwritable folder: the game plays
on, a damaged file is kept aside (never deleted), and what the player should know is queued
once in ``Storage.notices`` for the app to show.

What the player is told is an ``engine.words.Said``: English for the log and the terminal,
worded in the player's language when shown (``language.word``), whichever language is chosen
after the message was made (the settings are read from this folder, after it is opened).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import sqlite3
import tempfile
import time
import uuid
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import safe_json
from engine.match import LocalMatch
from engine.view import PlayerView
from engine.words import UNSAID, Said, SaidError, say, words
from marriage_gui.setup import MatchSetup
from marriage_gui.statsdb import COLUMNS, StatsDB

SAVE_FILE = "savegame.json"
LOG_FILE = "marriage.log"
SAVE_VERSION = 1
#: The log is rotated past this size, keeping one older file.
LOG_LIMIT = 1024 * 1024
#: Temporary files older than this were left by a crash (a live write takes milliseconds).
STALE_TMP_SECONDS = 60.0


#: The longest the statistics screen waits for writes still in progress (seconds).
STATS_WAIT = 0.06


class SaveError(Exception):
    """A save that cannot be read; ``message`` is fit to show the player (a ``Said``: show it
    through ``language.word``)."""

    def __init__(self, message: Said) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message.english  # for a log: a screen words ``message``


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
    problem: Said = UNSAID  # why the statistics could not be read, for the player

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
        self.notices: list[Said] = []
        self._said: set[Said] = set()
        self.problem = UNSAID  # why nothing can be saved here (no words when all is well)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".probe.", suffix=".tmp", dir=self.root)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            self.problem = _why(exc, self.root)
            # Translators: {why} is one of the reasons below ("the disk is full", ...).
            self.notice(say("Nothing can be saved this time: {why}.", why=self.problem))
        else:
            self._clean_stale_tmp()
        # Hands of one match share an id; the match object is the key, so keep it weakly.
        self._match_ids: dict[int, tuple[weakref.ref[Any], str]] = {}
        self.statsdb = StatsDB(self.root, self.keep_aside, self.notice, self.log)

    # ------------------------------------------------------------------ messages
    def notice(self, message: Said) -> None:
        """Queue ``message`` for the player, once per run.

        When nothing can be saved here at all, the one message that says so is the only one:
        each file that then fails to be written is only logged.
        """
        if self.problem and self._said:
            self.log(f"not shown (the folder cannot be written): {message.english}")
            return
        if message not in self._said:
            self._said.add(message)
            self.notices.append(message)

    def take_notices(self) -> list[Said]:
        """The messages not yet shown (and forget them)."""
        out, self.notices = self.notices, []
        return out

    # ------------------------------------------------------------------ files
    def path(self, name: str) -> Path:
        """A file in the data directory."""
        return self.root / name

    def log_path(self) -> Path:
        """The log file."""
        return self.root / LOG_FILE

    def log(self, message: str) -> None:
        """Append one line to the log (rotated past LOG_LIMIT); never raises."""
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        path = self.log_path()
        with contextlib.suppress(OSError):
            if path.stat().st_size > LOG_LIMIT:
                os.replace(path, path.with_name(LOG_FILE + ".1"))
        with contextlib.suppress(OSError), path.open("a", encoding="utf-8") as f:
            f.write(f"{stamp} {message}\n")

    def attach_logging(self) -> None:
        """Send Python's logging to this log file (rotated here, never raising)."""
        handler = _LogHandler(self)
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger()
        root.addHandler(handler)
        root.setLevel(logging.INFO)
        logging.raiseExceptions = False

    def write_atomic(self, name: str, text: str) -> None:
        """Replace file ``name`` (in the data folder, or a folder in it) with ``text`` so that
        readers see the old or the new, whole."""
        replace_file(self.root / name, text)

    def keep_aside(self, name: str) -> str | None:
        """Move a damaged file (or folder) out of the way, never deleting it; its new name."""
        src = self.root / name
        if not src.exists() and not src.is_symlink():
            return None
        stem, dot, ext = name.partition(".")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = f"{stem}.damaged-{stamp}{dot}{ext}"
        n = 1
        while (self.root / aside).exists():
            n += 1
            aside = f"{stem}.damaged-{stamp}-{n}{dot}{ext}"
        try:
            os.replace(src, self.root / aside)
        except OSError as exc:
            self.log(f"could not keep {name} aside: {exc!r}")
            return None
        self.log(f"kept damaged {name} aside as {aside}")
        return aside

    def _clean_stale_tmp(self) -> None:
        """Remove temporary files a crash left behind (never a live write's)."""
        now = time.time()
        with contextlib.suppress(OSError):
            for p in self.root.glob(".*.tmp"):
                with contextlib.suppress(OSError):
                    if p.is_file() and now - p.stat().st_mtime > STALE_TMP_SECONDS:
                        p.unlink()

    # ------------------------------------------------------------------ the saved match
    def match_id(self, match: object) -> str:
        """The id under which ``match``'s hands are recorded (made on first use)."""
        entry = self._match_ids.get(id(match))
        if entry is not None and entry[0]() is match:
            return entry[1]
        mid = uuid.uuid4().hex
        self._remember(match, mid)
        return mid

    def same_match(self, new: object, old: object) -> None:
        """Record and save ``new`` under ``old``'s id (a match wrapped for saving)."""
        self._remember(new, self.match_id(old))

    def _remember(self, match: object, mid: str) -> None:
        self._match_ids = {k: v for k, v in self._match_ids.items() if v[0]() is not None}
        self._match_ids[id(match)] = (weakref.ref(match), mid)

    def save_game(self, setup: MatchSetup, match: LocalMatch) -> bool:
        """Autosave the running match (atomically); False, and a notice once, if it cannot."""
        data = {
            "version": SAVE_VERSION,
            "saved": time.time(),
            "match_id": self.match_id(match),
            "setup": setup.to_dict(),
            "game": json.dumps(match.save_dict(), ensure_ascii=False, separators=(",", ":")),
        }
        try:
            self.write_atomic(SAVE_FILE, json.dumps(data, ensure_ascii=False))
        except (OSError, UnicodeEncodeError) as exc:
            self.log(f"could not save the match: {exc!r}")
            why = (
                _why(exc, self.root / SAVE_FILE)
                if isinstance(exc, OSError)
                # Translators: why a match cannot be saved: some characters in it cannot be
                # written to the file.
                else say("bad text")
            )
            # Translators: {why} is a reason ("the disk is full", ...).
            self.notice(say("The match cannot be saved: {why}.", why=why))
            return False
        return True

    def has_game(self) -> bool:
        """Whether there is a save file (it may still be damaged)."""
        return (self.root / SAVE_FILE).is_file()

    def load_game(self) -> tuple[MatchSetup, LocalMatch] | None:
        """The saved match, None without one; a damaged save is kept aside and raises SaveError."""
        path = self.root / SAVE_FILE
        if not path.is_file():
            return None
        try:
            data = safe_json.read(path, "save")
            if not isinstance(data, dict):
                raise SaidError(say("it does not hold a saved match"))
            if data.get("version") != SAVE_VERSION:
                raise SaidError(say("it was written by another version of the game"))
            if not isinstance(data.get("game"), str):
                raise SaidError(say("the game in it is missing"))
            setup = MatchSetup.from_dict(data.get("setup"))
            game = setup.resume(safe_json.loads(data["game"], "save"))
            _check_agrees(setup, game)
        except OSError as exc:
            self.log(f"save unreadable: {exc!r}")
            # Translators: {why} is a reason ("the disk is full", ...).
            why = say("The saved game could not be read: {why}.", why=_why(exc, path))
            raise SaveError(why) from None
        except (KeyError, TypeError, ValueError, RecursionError, OverflowError) as exc:
            self.log(f"save damaged: {exc!r}")
            aside = self.keep_aside(SAVE_FILE)
            raise SaveError(_not_restored(exc, aside)) from None
        mid = data.get("match_id")
        if isinstance(mid, str) and 0 < len(mid) <= 64:
            self._remember(game, mid)
        return setup, game

    def clear_game(self) -> None:
        """Delete the save (after the match ends, or when the player starts over); never raises."""
        path = self.root / SAVE_FILE
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            # A folder in its place, or a read-only folder: leave it, say so once.
            self.log(f"could not remove the save: {exc!r}")
            # Translators: {why} is a reason ("the disk is full", ...).
            self.notice(say("The old save cannot be replaced: {why}.", why=_why(exc, path)))

    # ------------------------------------------------------------------ statistics
    def record_hand(self, setup: MatchSetup, match: object, view: PlayerView) -> None:
        """Record the hand ``view`` shows finished, in the background (again replaces it)."""
        result = view.result
        if result is None:
            return
        mid = self.match_id(match)
        row = (mid, time.time(), _preset_name(setup), len(setup.seats), view.hands_total)
        hand = (mid, result.hand_no, time.time(), result.winner, result.reason)
        seats = [
            (
                mid,
                result.hand_no,
                seat,
                s.name,
                s.kind,
                int(result.nets[seat]),
                int(result.winner == seat),
                int(result.points[seat]),
            )
            for seat, s in enumerate(setup.seats)
        ]

        def write(con: sqlite3.Connection) -> None:
            con.execute(_NEW_MATCH, row)
            con.execute(_insert("hands"), hand)
            con.executemany(_insert("hand_seats"), seats)
            con.execute(
                "UPDATE matches SET hands_played ="
                " (SELECT COUNT(*) FROM hands WHERE match_id = ?) WHERE match_id = ?",
                (mid, mid),
            )

        self.statsdb.submit(write)

    def record_match(self, setup: MatchSetup, match: object, view: PlayerView) -> None:
        """Record the end of a match, totals and places as the final ``view`` shows them."""
        mid = self.match_id(match)
        row = (mid, time.time(), _preset_name(setup), len(setup.seats), view.hands_total)
        places = {seat: i + 1 for i, seat in enumerate(view.standings())}
        rows = [
            (mid, seat, s.name, s.kind, int(view.totals[seat]), places[seat])
            for seat, s in enumerate(setup.seats)
        ]
        finished = time.time()

        def write(con: sqlite3.Connection) -> None:
            con.execute(_NEW_MATCH, row)
            con.execute("UPDATE matches SET finished = ? WHERE match_id = ?", (finished, mid))
            con.executemany(_insert("match_seats"), rows)

        self.statsdb.submit(write)

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait for statistics still being written (at exit, and in tests)."""
        return self.statsdb.flush(timeout)

    def stats(self) -> Stats:
        """Everything the statistics screen shows, at once; ``problem`` says why it is empty."""
        # A hand's record is written within milliseconds; wait no longer than a few frames for
        # it, so a database locked by another program never freezes the screen.
        self.flush(STATS_WAIT)
        found, problem = self.statsdb.read(_read_stats, Stats())
        return found if not problem else Stats(problem=problem)


class _LogHandler(logging.Handler):
    """A logging handler that writes through ``Storage.log`` (one writer, one rotation)."""

    def __init__(self, storage: Storage) -> None:
        super().__init__()
        self.storage = storage

    def emit(self, record: logging.LogRecord) -> None:
        self.storage.log(self.format(record))


_NEW_MATCH = (
    "INSERT OR IGNORE INTO matches(match_id, started, preset, seats, hands_total)"
    " VALUES (?, ?, ?, ?, ?)"
)


def _insert(table: str) -> str:
    """An INSERT naming its columns: a file a newer version gave more columns still takes it."""
    cols = COLUMNS[table]
    return (
        f"INSERT OR REPLACE INTO {table}({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)})"
    )


def _not_restored(exc: Exception, aside: str | None) -> Said:
    """Why a damaged save could not be restored, and where it was kept, for the player."""
    if isinstance(exc, ValueError) and exc.args and isinstance(exc.args[0], Said):
        reason: Said = exc.args[0]
    elif isinstance(exc, ValueError):
        reason = words(str(exc))  # a reason from elsewhere (the set-up, the engine), in its words
    else:
        reason = say("parts of it are missing")
    if aside:
        # Translators: {reason} says what is wrong with the save ("parts of it are missing");
        # {file} is the new name of the damaged save file, kept in the game's folder.
        return say(
            "The saved game could not be restored: {reason}. It was kept aside as {file}.",
            reason=reason,
            file=aside,
        )
    # Translators: {reason} says what is wrong with the save ("parts of it are missing").
    return say("The saved game could not be restored: {reason}.", reason=reason)


def _why(exc: OSError, path: Path) -> Said:
    """An OSError in words a player understands (a reason that ends a sentence)."""
    folder = str(path if path.is_dir() and not path.suffix else path.parent)
    if isinstance(exc, IsADirectoryError) or (path.suffix and path.is_dir()):
        # Translators: a reason; {name} is a file name such as savegame.json.
        return say("a folder named {name} is in the way", name=path.name)
    if exc.errno == errno.EROFS:
        # Translators: a reason; {folder} is a folder on the computer.
        return say("the folder {folder} is read-only", folder=folder)
    if isinstance(exc, PermissionError) or exc.errno == errno.EACCES:
        # Translators: a reason; {folder} is a folder on the computer.
        return say("there is no permission to write in {folder}", folder=folder)
    if exc.errno == errno.ENOSPC:
        # Translators: a reason, ending a sentence such as "The match cannot be saved: ...".
        return say("the disk is full")
    if isinstance(exc, FileExistsError | NotADirectoryError):
        # Translators: a reason; {folder} is a folder on the computer.
        return say("a file stands where the folder {folder} should be", folder=folder)
    if isinstance(exc, FileNotFoundError) or exc.errno == errno.ENOENT:
        # Translators: a reason; {folder} is a folder on the computer.
        return say("the folder {folder} is missing", folder=folder)
    # The system's own words (and paths) go to the log; the player gets these.
    # Translators: a reason; {folder} is a folder on the computer.
    return say("the computer would not let the game write in {folder}", folder=folder)


def replace_file(path: Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` atomically: a temporary file beside it, flushed and
    synced, moved over the old one, then the folder synced. A crash at any moment leaves the
    old file or the new, whole; the temporary file of a failed write is removed."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if isinstance(data, str):
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        else:
            with os.fdopen(fd, "wb") as b:
                b.write(data)
                b.flush()
                os.fsync(b.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def _fsync_dir(root: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _check_agrees(setup: MatchSetup, game: LocalMatch) -> None:
    """A save whose setup contradicts its game is damaged, not something to load silently."""
    if tuple(s.name for s in setup.seats) != game.names:
        raise ValueError("the seats do not match the game")
    if setup.hands != game.hands_total:
        raise ValueError("the number of hands does not match the game")
    if setup.rules != game.rules:
        raise ValueError("the rules do not match the game")


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
