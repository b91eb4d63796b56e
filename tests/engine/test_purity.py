"""The engine is pure Python: importing it (all of it) never imports pygame."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_never_imports_pygame():
    code = (
        "import pkgutil, importlib, sys, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = sorted(k for k in sys.modules if k == 'pygame' or k.startswith('pygame.'))\n"
        "print(len([k for k in sys.modules if k.startswith('engine')]), bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert int(out.stdout.split()[0]) >= 8  # the walk really imported the engine's modules
