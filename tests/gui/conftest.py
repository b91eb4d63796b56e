"""The GUI tests' headless app, with its tables closed after each test, and their temporary
folders in memory."""

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from .test_table import close_tables, headless_app


class MemoryFolders:
    """Temporary folders in memory where the system keeps one there (``/dev/shm``), else in
    its temporary folder: the game syncs each save to the disk (``os.fsync``), as it must for
    a player, and on a disk every sync is a wait that no test is about. ``tmp_path`` and
    ``tmp_path_factory`` (its ``getbasetemp`` and ``mktemp``) of the GUI tests come from here."""

    def __init__(self) -> None:
        shm = Path("/dev/shm")
        where = str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None
        self.root = Path(tempfile.mkdtemp(prefix="marriage-gui-tests-", dir=where))

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


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    yield a
    close_tables(a)
