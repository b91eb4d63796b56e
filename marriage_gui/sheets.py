"""The score keeper's sheets on disk: one file per match, in the data folder's "score sheets".

Every change to a sheet is written at once, atomically (``storage.replace_file``: a temporary
file beside it, synced, moved over the old one), so a crash or a kill mid-save leaves the sheet
as it was before the change or after it, never half of it. A sheet that cannot be read is moved
aside (never deleted) and the player is told which file and why, once; the other sheets are
read as ever. Exports (a picture, a CSV) go to a folder the person can find: their Documents,
or beside the data when the game was started with a data folder of its own.
"""

from __future__ import annotations

import contextlib
import json
import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from engine import safe_json
from engine.score_sheet import ScoreSheet
from engine.words import Said, say
from marriage_gui.storage import (
    STALE_TMP_SECONDS,
    SaveError,
    Storage,
    _why,
    default_root,
    replace_file,
)

#: The folder of the kept sheets, inside the data folder.
FOLDER = "score sheets"
#: A sheet's id is its file's name without ``.json``: when it was started, and a few letters.
_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")
#: Sheets listed at most (the newest): a folder of thousands is still read in a moment.
MAX_LISTED = 200


@dataclass(frozen=True)
class Kept:
    """A sheet on disk as Statistics lists it."""

    sheet_id: str
    sheet: ScoreSheet


def new_id(when: float) -> str:
    """An id for a sheet started at ``when``: sorts by time, and never repeats."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"{stamp}-{secrets.token_hex(2)}"


class SheetStore:
    """The kept sheets of one data folder."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.folder = storage.root / FOLDER

    def _name(self, sheet_id: str) -> str:
        if not _ID.match(sheet_id):
            raise SaveError(say("there is no score sheet called {name}", name=sheet_id))
        return f"{FOLDER}/{sheet_id}.json"

    # ------------------------------------------------------------------ writing
    def save(self, sheet: ScoreSheet) -> bool:
        """Write ``sheet`` (atomically); False, and a notice once, if it cannot be."""
        name = self._name(sheet.sheet_id)
        text = json.dumps(sheet.to_dict(), ensure_ascii=False, indent=1)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._clean_stale_tmp()
            self.storage.write_atomic(name, text)
        except OSError as exc:
            self.storage.log(f"could not save the score sheet {name}: {exc!r}")
            # Translators: {why} is a reason ("the disk is full", ...).
            why = _why(exc, self.storage.root / name)
            self.storage.notice(say("The score sheet cannot be saved: {why}.", why=why))
            return False
        return True

    def _clean_stale_tmp(self) -> None:
        """Remove the temporary files a crash left behind (never a live write's)."""
        now = time.time()
        for p in self.folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if p.is_file() and now - p.stat().st_mtime > STALE_TMP_SECONDS:
                    p.unlink()

    # ------------------------------------------------------------------ reading
    def load(self, sheet_id: str) -> ScoreSheet:
        """The sheet ``sheet_id``; SaveError (the damaged file kept aside) if it is damaged."""
        name = self._name(sheet_id)
        path = self.storage.root / name
        try:
            data = safe_json.read(path, "score sheet")
            return ScoreSheet.from_dict(data, sheet_id)
        except OSError as exc:
            self.storage.log(f"score sheet unreadable: {exc!r}")
            # Translators: {why} is a reason ("the disk is full", ...).
            raise SaveError(
                say("A score sheet could not be read: {why}.", why=_why(exc, path))
            ) from None
        except (KeyError, TypeError, ValueError, RecursionError, OverflowError) as exc:
            self.storage.log(f"score sheet {name} damaged: {exc!r}")
            aside = self.storage.keep_aside(name)
            raise SaveError(_damaged(exc, sheet_id, aside)) from None

    def kept(self) -> list[Kept]:
        """Every sheet that reads, newest first; a damaged one is kept aside and said once."""
        try:
            files = sorted(self.folder.glob("*.json"), reverse=True)
        except OSError:
            return []
        out = []
        for path in files[:MAX_LISTED]:
            sheet_id = path.stem
            if not _ID.match(sheet_id):
                continue
            try:
                out.append(Kept(sheet_id, self.load(sheet_id)))
            except SaveError as exc:
                self.storage.notice(exc.message)
        return out

    def open_sheet(self) -> ScoreSheet | None:
        """The newest match not yet closed (the one the title's entry takes up), if any.
        A closed sheet is passed over on a glance at its file, without adding it up."""
        try:
            files = sorted(self.folder.glob("*.json"), reverse=True)
        except OSError:
            return None
        for path in files[:MAX_LISTED]:
            if not _ID.match(path.stem):
                continue
            with contextlib.suppress(OSError, ValueError, RecursionError):
                data = safe_json.read(path, "score sheet")
                if isinstance(data, dict) and data.get("closed") is not None:
                    continue
            try:
                return self.load(path.stem)
            except SaveError as exc:
                self.storage.notice(exc.message)
        return None

    # ------------------------------------------------------------------ exports
    def exports(self) -> Path:
        """Where pictures and CSV files of the sheets go."""
        if self.storage.root != default_root():
            return self.storage.root / "exports"
        try:
            from platformdirs import user_documents_dir

            return Path(user_documents_dir()) / "Marriage"
        except Exception:  # noqa: BLE001 - any platform surprise: keep them with the data
            return self.storage.root / "exports"

    def export(self, stem: str, files: dict[str, bytes]) -> list[Path]:
        """Write each of ``files`` (by its suffix: ".png", ".csv") as ``stem`` and that suffix,
        atomically, never over a file already there: if any of the names is taken, all take the
        first free "stem (2)", "stem (3)"...; their paths, or SaveError saying why not."""
        folder = self.exports()
        paths: list[Path] = []
        try:
            folder.mkdir(parents=True, exist_ok=True)
            name, n = stem, 1
            while any((folder / f"{name}{suffix}").exists() for suffix in files):
                n += 1
                name = f"{stem} ({n})"
            for suffix, data in files.items():
                path = folder / f"{name}{suffix}"
                replace_file(path, data)
                path.chmod(0o644)  # made to be shared, unlike the game's own files
                paths.append(path)
        except OSError as exc:
            self.storage.log(f"could not export {stem} to {folder}: {exc!r}")
            # Translators: {why} is a reason ("the disk is full", ...).
            raise SaveError(
                say("The file could not be written: {why}.", why=_why(exc, folder))
            ) from None
        return paths


def _damaged(exc: Exception, sheet_id: str, aside: str | None) -> Said:
    """Why a sheet could not be read, and where it was kept, for the player."""
    first = exc.args[0] if isinstance(exc, ValueError) and exc.args else None
    reason = first if isinstance(first, Said) else say("parts of it are missing")
    if aside:
        # Translators: {name} is the sheet's file name, {reason} what is wrong with it
        # ("parts of it are missing"), {file} the name it was kept aside under.
        return say(
            "The score sheet {name} could not be read: {reason}. It was kept aside as {file}.",
            name=sheet_id,
            reason=reason,
            file=aside,
        )
    return say("The score sheet {name} could not be read: {reason}.", name=sheet_id, reason=reason)
