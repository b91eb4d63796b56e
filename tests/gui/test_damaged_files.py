"""Damaged files in the data folder: a clear message, nothing lost, the damaged file kept aside."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine.match import LocalMatch
from marriage_gui.settings import Settings, load_settings, save_settings
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.statsdb import STATS_FILE
from marriage_gui.storage import LOG_FILE, LOG_LIMIT, SaveError, Storage

SETUP = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Ram", "easy")), hands=2, seed=4)
INTERNALS = ("Traceback", "sys.", "set_int_max_str_digits", "Error(", "RecursionError")


def _game(seed: int = 4) -> LocalMatch:
    names = [s.name for s in SETUP.seats]
    return LocalMatch.new(SETUP.rules, names, seed=seed, hands=SETUP.hands)


def _finished(seed: int = 3) -> LocalMatch:
    game = _game(seed)
    rng = random.Random(seed)
    while not (view := game.view(game.view(0).current_player)).hand_over:
        game.submit(view.seat, rng.choice(view.legal))
    return game


def _record(storage: Storage, game: LocalMatch) -> None:
    storage.record_hand(SETUP, game, game.view(0))


def _good_save(tmp_path: Path) -> str:
    storage = Storage(tmp_path)
    game = _game()
    game.submit(0, game.view(0).legal[0])
    assert storage.save_game(SETUP, game)
    return (tmp_path / "savegame.json").read_text(encoding="utf-8")


def _damaged_saves(good: str) -> dict[str, str]:
    data = json.loads(good)
    setup_inf = dict(data, setup=dict(data["setup"], hands=1))
    text_inf = json.dumps(setup_inf).replace('"hands": 1', '"hands": Infinity')
    other_names = dict(
        data, setup=dict(data["setup"], seats=[{"name": "Zed", "kind": "human"}] * 2)
    )
    many_hands = dict(data, setup=dict(data["setup"], hands=10**9))
    return {
        "deep": "[" * 100_000 + "]" * 100_000,
        "huge int": '{"version": 1, "x": ' + "7" * 4301 + "}",
        "infinity": text_inf,
        "other names": json.dumps(other_names),
        "a billion hands": json.dumps(many_hands),
        "newer version": json.dumps(dict(data, version=99)),
        "truncated": good[: len(good) // 2],
        "binary": "\x00\x01garbage\ufffd",
    }


# ---------------------------------------------------------------- saves


@pytest.mark.parametrize("case", list(_damaged_saves('{"setup": {}, "version": 1}').keys()))
def test_a_damaged_save_is_kept_aside_with_one_clear_message(tmp_path: Path, case: str) -> None:
    bad = _damaged_saves(_good_save(tmp_path))[case]
    (tmp_path / "savegame.json").write_text(bad, encoding="utf-8")
    (tmp_path / "settings.json").write_text('{"volume": 0.5}', encoding="utf-8")
    storage = Storage(tmp_path)
    with pytest.raises(SaveError) as err:
        storage.load_game()
    message = err.value.message.english
    assert message.startswith("The saved game could not be restored")
    assert "kept aside as savegame.damaged-" in message
    assert not any(word in message for word in INTERNALS)
    kept = list(tmp_path.glob("savegame.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == bad
    # Other files untouched; the next look finds no save (so it is said once) and a new match
    # can be saved in its place.
    assert (tmp_path / "settings.json").read_text(encoding="utf-8") == '{"volume": 0.5}'
    assert storage.load_game() is None
    storage.clear_game()
    assert kept[0].exists()
    assert storage.save_game(SETUP, _game())


def test_starting_a_new_match_never_deletes_a_damaged_save(tmp_path: Path) -> None:
    from marriage_gui.app import App

    (tmp_path / "savegame.json").write_text('{"version": 7, "from": "the future"}', "utf-8")
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    app.step([], 1 / 60)
    app.open_table(setup=SETUP)
    kept = list(tmp_path.glob("savegame.damaged-*.json"))
    assert [p.read_text("utf-8") for p in kept] == ['{"version": 7, "from": "the future"}']


# ---------------------------------------------------------------- settings


@pytest.mark.parametrize(
    "bad",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"volume": ' + "9" * 5000 + "}",
        '{"volume": Infinity}',
        "\udcdc".encode("utf-8", "surrogatepass").decode("latin-1"),
    ],
)
def test_damaged_settings_give_defaults_and_keep_the_file(tmp_path: Path, bad: str) -> None:
    (tmp_path / "settings.json").write_text(bad, encoding="utf-8")
    storage = Storage(tmp_path)
    messages: list[str] = []
    assert load_settings(storage, messages.append) == Settings()
    assert len(messages) == 1 and "defaults" in messages[0].english
    kept = list(tmp_path.glob("settings.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == bad
    save_settings(storage, Settings(volume=0.3))
    assert load_settings(storage).volume == 0.3


# ---------------------------------------------------------------- statistics


def _stats_with_a_hand(tmp_path: Path) -> Storage:
    storage = Storage(tmp_path)
    game = _finished()
    _record(storage, game)
    assert storage.flush()
    return storage


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif how == "schema byte":
        # One byte of damage inside the schema text on the first page.
        i = data.index(b"CREATE TABLE")
        path.write_bytes(data[: i + 20] + b"\xdc" + data[i + 21 :])
    elif how == "wrong schema":
        path.unlink()
        with sqlite3.connect(path) as con:
            con.execute("CREATE TABLE hands (x TEXT)")
    elif how == "directory":
        path.unlink()
        path.mkdir()
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "one byte":  # shorter than a database's header: SQLite would write over it
        path.write_bytes(b"C")
    else:  # pragma: no cover
        raise AssertionError(how)


@pytest.mark.parametrize(
    "how",
    ["truncated", "garbage", "schema byte", "wrong schema", "directory", "empty", "one byte"],
)
def test_damaged_statistics_are_kept_aside_and_a_fresh_one_started(
    tmp_path: Path, how: str
) -> None:
    _stats_with_a_hand(tmp_path)
    _damage(tmp_path / STATS_FILE, how)
    storage = Storage(tmp_path)
    stats = storage.stats()  # never raises
    game = _finished(seed=9)
    _record(storage, game)
    assert storage.flush()
    after = storage.stats()
    if how != "empty":  # an empty file is simply a new database
        assert list(tmp_path.glob("stats.damaged-*"))
        assert any("statistics" in m.english.lower() for m in storage.take_notices())
    # Every later hand is recorded again.
    assert after.hands_played == 1, (how, stats, after)
    assert not after.problem


def test_a_locked_database_never_blocks_the_caller(tmp_path: Path) -> None:
    storage = _stats_with_a_hand(tmp_path)
    holder = sqlite3.connect(tmp_path / STATS_FILE)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        game = _finished(seed=11)
        t0 = time.perf_counter()
        _record(storage, game)
        stats = storage.stats()
        took = time.perf_counter() - t0
        # A frame is 16 ms: the call returns at once (the waits are bounded: see the next test).
        assert took < 1.0
        assert "busy" in stats.problem.english
    finally:
        holder.rollback()
        holder.close()
    assert storage.flush()
    assert storage.stats().hands_played == 2
    assert not list(tmp_path.glob("stats.damaged-*"))  # locked is not damaged


def test_the_statistics_screen_waits_only_a_few_frames(tmp_path: Path, monkeypatch) -> None:
    """Every wait on the UI thread is bounded by a few frames, whatever the database does."""
    storage = _stats_with_a_hand(tmp_path)
    waits: list[float] = []
    real_flush, real_connect = storage.statsdb.flush, storage.statsdb.connect

    def flush(timeout: float = 5.0) -> bool:
        waits.append(timeout)
        return real_flush(timeout)

    def connect(timeout: float) -> sqlite3.Connection:
        if threading.current_thread() is threading.main_thread():  # the writer may wait
            waits.append(timeout)
        return real_connect(timeout)

    monkeypatch.setattr(storage.statsdb, "flush", flush)
    monkeypatch.setattr(storage.statsdb, "connect", connect)
    storage.stats()
    assert waits and max(waits) <= 0.1, waits


# ---------------------------------------------------------------- the data folder


def test_a_save_that_is_a_folder_does_not_stop_play(tmp_path: Path) -> None:
    (tmp_path / "savegame.json").mkdir()
    storage = Storage(tmp_path)
    assert storage.load_game() is None
    storage.clear_game()  # never raises
    assert not storage.save_game(SETUP, _game())
    notes = storage.take_notices()
    assert any("folder named savegame.json is in the way" in n.english for n in notes)
    assert storage.take_notices() == []  # said once


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True, reason="root ignores")
def test_a_read_only_folder_is_said_once(tmp_path: Path) -> None:  # pragma: no cover
    tmp_path.chmod(0o500)
    try:
        storage = Storage(tmp_path)
        assert storage.problem
        assert not storage.save_game(SETUP, _game())
    finally:
        tmp_path.chmod(0o700)


def test_a_folder_that_cannot_be_made_is_said_and_play_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    storage = Storage(blocker / "Marriage")  # a file stands where a folder must go
    assert storage.problem
    assert any("Nothing can be saved" in n.english for n in storage.notices)
    assert not storage.save_game(SETUP, _game())
    storage.clear_game()
    storage.log("still fine")
    assert storage.stats().hands_played == 0


def test_stale_temporary_files_are_cleaned_and_live_ones_kept(tmp_path: Path) -> None:
    stale = tmp_path / ".savegame.json.abc.tmp"
    live = tmp_path / ".savegame.json.def.tmp"
    stale.write_text("half")
    live.write_text("half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    Storage(tmp_path)
    assert not stale.exists()
    assert live.exists()


def test_the_log_is_rotated(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    (tmp_path / LOG_FILE).write_text("x" * (LOG_LIMIT + 10))
    storage.log("a new line")
    assert (tmp_path / (LOG_FILE + ".1")).stat().st_size > LOG_LIMIT
    assert (tmp_path / LOG_FILE).read_text().endswith("a new line\n")


# ---------------------------------------------------------------- the real app


@pytest.mark.parametrize(
    "files",
    [
        {"savegame.json": "[" * 100_000 + "]" * 100_000},
        {"settings.json": "[" * 100_000 + "]" * 100_000},
        {"savegame.json": '{"version": 1, "x": ' + "7" * 4301 + "}"},
        {STATS_FILE: "garbage" * 50, "settings.json": '{"volume": Infinity}'},
    ],
    ids=["deep save", "deep settings", "huge number", "stats and settings"],
)
def test_the_real_app_starts_on_damaged_files(tmp_path: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for scene in ("title", "stats"):
        out = tmp_path / f"{scene}.png"
        proc = subprocess.run(
            [sys.executable, "-m", "marriage_gui", "--data-dir", str(tmp_path)]
            + ["--screenshot", str(out), "--scene", scene],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        assert out.exists()
    for name, text in files.items():
        kept = [p for p in tmp_path.glob(name.split(".")[0] + ".damaged-*")]
        assert kept, f"{name} was not kept aside"
        if name != STATS_FILE:
            assert kept[0].read_text(encoding="utf-8") == text
