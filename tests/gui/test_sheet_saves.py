"""A score sheet is never lost: a process killed while it saves leaves the sheet as it was
before the save or after it, whole; a save that fails leaves the old file and says why."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import PRESETS
from engine.score_sheet import ScoreSheet
from engine.tally import SeatEntry, TableHand
from marriage_gui.sheets import SheetStore
from marriage_gui.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
SHEET_ID = "20261012-193000-abcd"

#: A child that saves a growing sheet again and again, as fast as it can, until it is killed.
SAVER = f"""
import sys
from engine.score_sheet import MAX_SHEET_HANDS, ScoreSheet
from engine.tally import SeatEntry, TableHand
from marriage_gui.sheets import SheetStore
from marriage_gui.storage import Storage

store = SheetStore(Storage(sys.argv[1]))
fresh = ScoreSheet(("Asha", "Bina", "Chandra", "Dev"), started=1.0, sheet_id="{SHEET_ID}")
sheet, n = fresh, 0
while True:
    n += 1
    hand = TableHand(tuple(SeatEntry(True, False, (n + s) % 40) for s in range(4)), n % 4)
    sheet = (sheet if len(sheet.hands) < MAX_SHEET_HANDS - 1 else fresh).put(hand)
    assert store.save(sheet)
    if n == 50:
        print("saving", flush=True)
"""


def test_a_process_killed_mid_save_leaves_a_whole_sheet(tmp_path):
    rng = random.Random(7)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen_counts = set()
    for _round in range(12):
        child = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(tmp_path)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "saving", child.stderr.read()
            time.sleep(rng.uniform(0.0, 0.25))
        finally:
            child.kill()
            child.wait(timeout=30)
        storage = Storage(tmp_path)
        sheet = SheetStore(storage).load(SHEET_ID)  # raises if the file were half written
        assert sheet.hands and sheet.results[-1].totals == sheet.totals
        assert not list((tmp_path / "score sheets").glob("*.damaged*"))
        assert storage.take_notices() == []
        seen_counts.add(len(sheet.hands))
    assert len(seen_counts) > 1  # the kills did land at different moments


def _sheet(hands: int) -> ScoreSheet:
    sheet = ScoreSheet(("Asha", "Bina"), PRESETS["nepali"], started=1.0, sheet_id=SHEET_ID)
    for i in range(hands):
        sheet = sheet.put(TableHand((SeatEntry(True, False, i), SeatEntry(True)), 0))
    return sheet


@pytest.mark.parametrize("fails", ["write", "fsync", "replace"])
def test_a_save_that_fails_half_way_leaves_the_old_sheet_and_says_so(tmp_path, monkeypatch, fails):
    storage = Storage(tmp_path)
    store = SheetStore(storage)
    old = _sheet(2)
    assert store.save(old)
    path = tmp_path / "score sheets" / f"{SHEET_ID}.json"
    before = path.read_bytes()

    def broken(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    if fails == "write":
        real = os.fdopen

        class Half:
            """A file that takes half of what it is given, then the disk is full."""

            def __init__(self, f) -> None:
                self.f = f

            def __enter__(self):
                return self

            def __exit__(self, *exc) -> None:
                self.f.close()

            def write(self, text) -> None:
                self.f.write(text[: len(text) // 2])
                self.f.flush()
                broken()

        monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Half(real(fd, *a, **k)))
    else:
        monkeypatch.setattr(os, fails, broken)
    assert not store.save(_sheet(3))
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert SheetStore(Storage(tmp_path)).load(SHEET_ID) == old
    assert not [p for p in (tmp_path / "score sheets").iterdir() if p.name.endswith(".tmp")]
    assert any(
        "cannot be saved" in n.english and "disk is full" in n.english
        for n in storage.take_notices()
    )
