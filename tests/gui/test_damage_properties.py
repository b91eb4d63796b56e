"""Thousands of damaged saves, settings and statistics databases through the game's own readers.

Each property uses the functions the game calls at start-up and on the statistics screen
(``Storage.load_game``, ``load_settings``, ``Storage.stats`` and ``record_hand``): whatever the
damage, no exception escapes, any message is plain words, other files are untouched, and the
damaged bytes are never lost (still in place when readable, else kept aside). A sample of the
same damage is then given to the real app, started headless.
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.game import Game
from engine.match import LocalMatch
from engine.record import MatchRecord
from engine.words import Said
from marriage_gui.settings import Settings, load_settings
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.statsdb import STATS_FILE
from marriage_gui.storage import SaveError, Storage

SETUP = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Ram", "easy")), hands=2, seed=4)
# What only a programmer reads: tracebacks, exception names, interpreter hints, reprs.
INTERNALS = (
    "Traceback",
    "Error",
    "sys.",
    "int_max_str_digits",
    "__",
    "NoneType",
    "OperationalError",
)
KINDS = ["truncate", "flip", "insert", "deep", "number", "binary", "type", "empty", "page"]
FAST = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _as_match(game: Game) -> LocalMatch:
    """The match a table would save for ``game`` (storage takes a LocalMatch)."""
    return LocalMatch.from_save(MatchRecord.of(game).to_dict(), ("human",) * game.players)


@cache
def _finished() -> Game:
    game = Game.new(SETUP.rules, [s.name for s in SETUP.seats], 4, SETUP.hands)
    rng = random.Random(3)
    while not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@cache
def _good_files(root: str) -> dict[str, bytes]:
    """A real save, settings file and statistics database, as the game writes them."""
    storage = Storage(root)
    game = _finished()
    storage.save_game(SETUP, _as_match(game))
    storage.record_hand(SETUP, _as_match(game), game.view(0))
    assert storage.flush()
    names = ("savegame.json", "settings.json", STATS_FILE)
    (Path(root) / "settings.json").write_text(json.dumps(Settings().to_dict()), encoding="utf-8")
    return {name: (Path(root) / name).read_bytes() for name in names}


def _damage(good: bytes, kind: str, rnd: random.Random) -> bytes:
    """One kind of damage a disk, an editor or a crash can do to a file."""
    if kind == "truncate":
        return good[: rnd.randrange(len(good))]
    if kind == "flip":
        b = bytearray(good)
        for _ in range(rnd.randint(1, 12)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        return bytes(b)
    if kind == "insert":
        i = rnd.randrange(len(good))
        return good[:i] + rnd.choice([b"[", b"{", b'"', b"\\", b"\x00", b"NaN", b"\xdc"]) + good[i:]
    if kind == "deep":
        n = rnd.choice([65, 1000, 100_000])
        return b"[" * n + b"]" * n
    if kind == "number":
        return good.replace(b"1", b"9" * rnd.choice([41, 400, 5000]), 1)
    if kind == "binary":
        return bytes(rnd.randrange(256) for _ in range(rnd.randrange(1, 600)))
    if kind == "empty":
        return b""
    if kind == "page":
        # A whole block of zeros or noise, as a failed write leaves it.
        start = rnd.randrange(max(1, len(good) - 512))
        fill = bytes(512) if rnd.random() < 0.5 else rnd.randbytes(512)
        return good[:start] + fill + good[start + 512 :]
    try:
        data = json.loads(good)
    except ValueError:
        return good[::-1]
    if isinstance(data, dict) and data:
        key = rnd.choice(sorted(data))
        data[key] = rnd.choice([None, [], {}, "x", -1, 10**30, 1.5, True, [[[]]]])
    return json.dumps(data).encode()


def _plain(said: Said) -> None:
    message = said.english
    assert message and not any(word in message for word in INTERNALS), message


def _kept(root: Path, name: str, bad: bytes) -> bool:
    """The damaged bytes still exist: in place, or in a file kept aside."""
    here = root / name
    if here.is_file() and here.read_bytes() == bad:
        return True
    stem = name.split(".")[0]
    return any(p.read_bytes() == bad for p in root.glob(f"{stem}.damaged-*") if p.is_file())


def _folder(factory: pytest.TempPathFactory, damaged: str, bad: bytes) -> Path:
    good = _good_files(str(factory.getbasetemp() / "good"))
    root = factory.mktemp("data")
    for name, data in good.items():
        (root / name).write_bytes(bad if name == damaged else data)
    return root


@pytest.fixture(scope="module", autouse=True)
def _good_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    (tmp_path_factory.getbasetemp() / "good").mkdir(exist_ok=True)


@settings(FAST, max_examples=400)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_damaged_saves_never_escape(
    tmp_path_factory: pytest.TempPathFactory, kind: str, seed: int
) -> None:
    good = _good_files(str(tmp_path_factory.getbasetemp() / "good"))
    bad = _damage(good["savegame.json"], kind, random.Random(seed))
    root = _folder(tmp_path_factory, "savegame.json", bad)
    storage = Storage(root)
    try:
        storage.load_game()
    except SaveError as exc:
        _plain(exc.message)
    assert _kept(root, "savegame.json", bad)
    assert (root / "settings.json").read_bytes() == good["settings.json"]
    assert (root / STATS_FILE).read_bytes() == good[STATS_FILE]


@settings(FAST, max_examples=600)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_damaged_settings_never_escape(
    tmp_path_factory: pytest.TempPathFactory, kind: str, seed: int
) -> None:
    good = _good_files(str(tmp_path_factory.getbasetemp() / "good"))
    bad = _damage(good["settings.json"], kind, random.Random(seed))
    root = _folder(tmp_path_factory, "settings.json", bad)
    said: list[str] = []
    loaded = load_settings(Storage(root), said.append)
    assert isinstance(loaded, Settings)
    assert len(said) <= 1
    for message in said:
        _plain(message)
    assert _kept(root, "settings.json", bad)
    assert (root / "savegame.json").read_bytes() == good["savegame.json"]


@settings(FAST, max_examples=80)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_damaged_statistics_never_escape_and_recording_goes_on(
    tmp_path_factory: pytest.TempPathFactory, kind: str, seed: int
) -> None:
    good = _good_files(str(tmp_path_factory.getbasetemp() / "good"))
    bad = _damage(good[STATS_FILE], kind, random.Random(seed))
    root = _folder(tmp_path_factory, STATS_FILE, bad)
    storage = Storage(root)
    before = storage.stats()  # the statistics screen: never raises
    if before.problem:
        _plain(before.problem)
    game = _finished()
    storage.record_hand(SETUP, _as_match(game), game.view(0))
    assert storage.flush()
    after = storage.stats()
    assert not after.problem, after.problem
    assert after.hands_played >= 1  # every later hand is recorded again
    for message in storage.take_notices():
        _plain(message)
    assert _kept(root, STATS_FILE, bad) or _still_readable(bad)
    assert (root / "savegame.json").read_bytes() == good["savegame.json"]


def _still_readable(bad: bytes) -> bool:
    """Damage SQLite itself shrugs off (unused bytes) leaves a usable file that is not moved."""
    if not bad:
        return True  # an empty file is simply a new database
    try:
        con = sqlite3.connect(":memory:")
        con.deserialize(bad)
        ok = con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        con.close()
    except (sqlite3.Error, MemoryError):
        return False
    return bool(ok)


@pytest.mark.parametrize("damaged", ["savegame.json", "settings.json", STATS_FILE])
def test_the_real_app_starts_on_a_sample_of_the_damage(
    tmp_path_factory: pytest.TempPathFactory, damaged: str
) -> None:
    rnd = random.Random(damaged)
    good = _good_files(str(tmp_path_factory.getbasetemp() / "good"))
    bad = _damage(good[damaged], rnd.choice(["truncate", "flip", "deep", "number"]), rnd)
    root = _folder(tmp_path_factory, damaged, bad)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for scene in ("title", "stats"):
        out = root.parent / f"{root.name}-{scene}.png"
        proc = subprocess.run(
            [sys.executable, "-m", "marriage_gui", "--data-dir", str(root)]
            + ["--screenshot", str(out), "--scene", scene],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert proc.returncode == 0, proc.stderr
        assert "Traceback" not in proc.stderr
        assert out.exists()
    assert _kept(root, damaged, bad) or (damaged == STATS_FILE and _still_readable(bad))
    for name, data in good.items():
        if name != damaged:
            assert (root / name).read_bytes() == data, name
