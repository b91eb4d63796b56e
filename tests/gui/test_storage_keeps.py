"""Storage keeps what it can: a newer statistics file, the good settings beside a bad one, a
hand's record through a locked file (or a word if it is lost), one message for a read-only
folder, and every seed the engine accepts."""

from __future__ import annotations

import errno
import json
import random
import sqlite3
import tempfile
from pathlib import Path

import pytest

from engine.match import LocalMatch
from engine.rules import MAX_SEED
from engine.words import Said
from marriage_gui import statsdb
from marriage_gui.app import App
from marriage_gui.settings import SETTINGS_FILE, Settings, load_settings
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.statsdb import DROPPED, STATS_FILE
from marriage_gui.storage import Storage

SETUP = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Ram", "easy")), hands=2, seed=4)


def _finished(seed: int) -> LocalMatch:
    game = LocalMatch.new(SETUP.rules, ["Asha", "Ram"], seed=seed, hands=2)
    rng = random.Random(seed)
    while not (view := game.view(game.view(0).current_player)).hand_over:
        game.submit(view.seat, rng.choice(view.legal))
    return game


def _record(storage: Storage, seed: int) -> None:
    game = _finished(seed)
    storage.record_hand(SETUP, game, game.view(0))


def test_a_statistics_file_with_more_columns_is_kept_and_used(tmp_path: Path):
    storage = Storage(tmp_path)
    _record(storage, 3)
    assert storage.flush()
    with sqlite3.connect(tmp_path / STATS_FILE) as con:  # as a newer version might write it
        con.execute("ALTER TABLE hands ADD COLUMN duration REAL")
        con.execute("ALTER TABLE hand_seats ADD COLUMN coach TEXT DEFAULT ''")
    again = Storage(tmp_path)
    assert again.stats().hands_played == 1
    _record(again, 5)
    assert again.flush()
    assert again.stats().hands_played == 2
    assert not again.stats().problem
    assert not list(tmp_path.glob("stats.damaged-*"))
    assert not again.take_notices()


def test_a_hand_kept_out_by_a_locked_file_is_retried_then_told(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(statsdb, "BUSY_WAIT", 0.05)
    monkeypatch.setattr(statsdb, "BUSY_PAUSES", (0.0, 0.01, 0.02))
    storage = Storage(tmp_path)
    _record(storage, 3)
    assert storage.flush()
    holder = sqlite3.connect(tmp_path / STATS_FILE)
    holder.execute("BEGIN EXCLUSIVE")
    tries: list[str] = []
    monkeypatch.setattr(storage.statsdb, "_log", tries.append)
    try:
        _record(storage, 5)
        assert storage.flush(10.0)
    finally:
        holder.rollback()
        holder.close()
    assert sum("busy (attempt" in line for line in tries) == 3
    assert DROPPED in [n.english for n in storage.take_notices()]


def test_a_locked_file_let_go_in_time_keeps_the_hand(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(statsdb, "BUSY_WAIT", 0.05)
    storage = Storage(tmp_path)
    _record(storage, 3)
    assert storage.flush()
    holder = sqlite3.connect(tmp_path / STATS_FILE)
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(statsdb, "BUSY_PAUSES", (0.3, 0.0))

    _record(storage, 5)
    holder.rollback()  # let go while the record waits for its second try
    holder.close()
    assert storage.flush(10.0)
    assert storage.stats().hands_played == 2
    assert DROPPED not in storage.take_notices()


def test_one_bad_setting_is_brought_into_range_and_the_rest_kept(tmp_path: Path):
    storage = Storage(tmp_path)
    data = Settings(four_colour=True, animation_speed="fast", muted=True).to_dict()
    data["volume"] = 5
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    told: list[Said] = []
    settings = load_settings(storage, told.append)
    assert settings.volume == 1.0
    assert settings.four_colour and settings.muted and settings.animation_speed == "fast"
    assert [t.english for t in told] == [
        "One of your settings could not be used: volume was out of range and is now 1."
    ]
    assert (tmp_path / SETTINGS_FILE).exists()  # nothing was moved aside


def test_a_bad_value_that_cannot_be_brought_into_range_is_dropped_alone(tmp_path: Path):
    storage = Storage(tmp_path)
    data = Settings(four_colour=True).to_dict()
    data["animation_speed"] = "warp"
    data["card_scale"] = "big"
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    settings = load_settings(storage)
    assert settings.four_colour
    assert settings.animation_speed == "normal" and settings.card_scale == 1.0


def test_a_read_only_folder_gives_one_message_in_player_words(tmp_path: Path, monkeypatch):
    def refused(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    storage = app.storage
    game = _finished(3)
    storage.save_game(SETUP, game)
    app.settings.volume = 0.5
    app.save_settings()
    storage.clear_game()
    storage.record_hand(SETUP, game, game.view(0))
    storage.flush()
    for _ in range(3):
        app.step([], 0.1)
    said = [*storage.take_notices(), *list(app.toasts.queue)]
    said = [m if isinstance(m, str) else getattr(m, "text", str(m)) for m in said]
    shown = said + ([app.toasts.current] if app.toasts.current else [])
    shown = list(dict.fromkeys(shown))
    assert len(shown) == 1, shown
    assert "read-only" in shown[0]
    assert "Read-only file system" not in shown[0] and "Errno" not in shown[0]


def test_a_missing_folder_is_said_in_player_words():
    from marriage_gui.storage import _why

    words = _why(
        FileNotFoundError(errno.ENOENT, "No such file or directory"), Path("/x/y/savegame.json")
    )
    assert "No such file" not in words.english and "missing" in words.english


@pytest.mark.parametrize("seed", [MAX_SEED - 1, -(MAX_SEED - 1), 10**40])
def test_every_seed_the_engine_accepts_saves_and_loads(tmp_path: Path, seed: int):
    storage = Storage(tmp_path)
    setup = MatchSetup(SETUP.seats, SETUP.rules, hands=2, seed=seed)
    game = LocalMatch.new(SETUP.rules, ["Asha", "Ram"], seed=seed, hands=2)
    assert storage.save_game(setup, game)
    loaded = storage.load_game()
    assert loaded is not None
    assert loaded[1].seed == seed
