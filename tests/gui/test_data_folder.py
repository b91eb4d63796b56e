"""The data folder: renames made durable, and a folder that cannot be used never stops the game."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine.game import Game
from engine.match import LocalMatch
from engine.record import MatchRecord
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.storage import Storage

SETUP = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Ram", "easy")), hands=2, seed=4)


def _as_match(game: Game) -> LocalMatch:
    """The match a table would save for ``game`` (storage takes a LocalMatch)."""
    return LocalMatch.from_save(MatchRecord.of(game).to_dict(), ("human",) * game.players)


@pytest.mark.skipif(os.name != "posix", reason="folders can be synced only on POSIX")
def test_the_folder_is_synced_after_the_rename(tmp_path: Path, monkeypatch) -> None:
    storage = Storage(tmp_path)
    game = Game.new(SETUP.rules, [s.name for s in SETUP.seats], 4, 2)
    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(src, dst) -> None:  # type: ignore[no-untyped-def]
        synced.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    assert storage.save_game(SETUP, _as_match(game))
    # The file's bytes first, then the rename, then the folder entry that names it.
    assert synced == ["file", "rename", "folder"]


def _run(*args: str, data: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "marriage_gui", *args, "--data-dir", str(data)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=tmp_path,
    )


def test_the_app_starts_where_no_data_folder_can_be_made(tmp_path: Path) -> None:
    """Logging, settings, the save and statistics all find no folder: the app still runs."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    out = tmp_path / "title.png"
    done = _run(
        "--screenshot", str(out), "--scene", "stats", data=blocker / "Marriage", tmp_path=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "Nothing can be saved" in done.stderr  # said once, in words
    assert done.stderr.count("Nothing can be saved") == 1
    assert out.is_file()
    assert blocker.read_text(encoding="utf-8") == "not a folder"  # nothing touched


def test_the_tests_default_data_folder_is_a_temporary_one_not_the_players():
    from marriage_gui import storage

    root = storage.default_root()
    assert "marriage-tests-" in str(root)
    assert os.environ["XDG_DATA_HOME"] in str(root)
    assert Storage().root == root
