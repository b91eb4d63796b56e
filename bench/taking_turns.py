"""How the benches measure this tree beside a previous commit: the commit unpacked with
``git archive``, each tree measured in a fresh process of the bench's own (``--child TREE``),
the two taking turns (which goes first alternates), with the load average beside each figure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def load_average() -> float:
    """The machine's load average over the last minute (nan where there is none)."""
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def unpack(rev: str, into: Path) -> Path:
    """The tree of commit ``rev``, unpacked under ``into``."""
    tree = into / "tree"
    tree.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def in_child(script: str, tree: Path, args: list[str]) -> dict[str, Any]:
    """What ``script --child TREE ARGS`` prints last (JSON), run in ``tree``."""
    cmd = [sys.executable, str(Path(script).resolve()), "--child", str(tree), *args]
    done = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=tree)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def taking_turns(
    trees: dict[str, Path], runs: int, measure: Callable[[Path], dict[str, Any]]
) -> dict[str, list[dict[str, Any]]]:
    """Each tree measured ``runs`` times, the trees taking turns (the first alternates)."""
    names = list(trees)
    results: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    for run in range(runs):
        for name in names if run % 2 == 0 else names[::-1]:
            results[name].append(measure(trees[name]))
    return results
