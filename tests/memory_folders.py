"""Temporary folders in memory for the tests that drive the game's screens, tables and
phones: the game syncs each save to the disk (``os.fsync``), as it must for a player, and on a
disk every sync is a wait no test is about. A folder's conftest takes them by naming them
(``tmp_path = memory_folders.tmp_path``, and ``tmp_path_factory`` the same). The build and
AppImage tests keep pytest's own folders: a folder in memory may not let a program run from it."""

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest


def memory_root() -> str | None:
    """``/dev/shm`` where the system keeps one that we may write, else None (the temp folder)."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


class MemoryFolders:
    """What ``tmp_path_factory`` gives a test (its ``getbasetemp`` and ``mktemp``), in one
    folder of this worker's, in memory where the system has one."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="marriage-tests-", dir=memory_root()))

    def getbasetemp(self) -> Path:
        return self.root

    def mktemp(self, basename: str, numbered: bool = True) -> Path:
        if not numbered:
            folder = self.root / basename
            folder.mkdir()
            return folder
        return Path(tempfile.mkdtemp(prefix=f"{basename}-", dir=self.root))


@pytest.fixture(scope="session")
def tmp_path_factory():
    folders = MemoryFolders()
    yield folders
    shutil.rmtree(folders.root, ignore_errors=True)


@pytest.fixture
def tmp_path(request, tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp(re.sub(r"\W", "_", request.node.name)[:30])
