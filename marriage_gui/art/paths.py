"""Where the bundled assets live, in a source checkout and inside a frozen (PyInstaller) app."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_ASSETS = Path(__file__).resolve().parent.parent / "assets"


def assets_dir() -> Path:
    """The ``marriage_gui/assets`` folder; prefers the unpacked bundle when frozen."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        frozen = Path(bundle) / "marriage_gui" / "assets"
        if frozen.is_dir():
            return frozen
    return _PACKAGE_ASSETS


def asset(*parts: str) -> Path:
    """Path of one bundled asset, e.g. ``asset("fonts", "NotoSans-Regular.ttf")``."""
    return assets_dir().joinpath(*parts)
