"""Where the game's assets live: a source checkout, an installed wheel, or a frozen app.

The fonts, sounds and icons sit in the repository's top-level ``assets/`` folder. A wheel
installs them under ``<prefix>/share/marriage/assets`` (pyproject's data-files), and the
frozen app carries them at ``marriage_gui/assets`` inside its bundle (marriage.spec).
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

_CHECKOUT_ASSETS = Path(__file__).resolve().parent.parent.parent / "assets"
# A file only our assets folder has, so an unrelated "assets" folder is never taken for ours.
_MARKER = Path("icons") / "marriage.ico"


def _installed_candidates() -> list[Path]:
    """Where pip puts the data files: this environment's prefix, then the user scheme."""
    found = [Path(sysconfig.get_path("data")) / "share" / "marriage" / "assets"]
    user_scheme = f"{sysconfig.get_default_scheme().split('_')[0]}_user"
    if user_scheme in sysconfig.get_scheme_names():
        found.append(
            Path(sysconfig.get_path("data", user_scheme)) / "share" / "marriage" / "assets"
        )
    found.append(Path(sys.prefix) / "share" / "marriage" / "assets")
    return found


def assets_dir() -> Path:
    """The assets folder: the frozen bundle's, else the checkout's, else the installed one."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        frozen = Path(bundle) / "marriage_gui" / "assets"
        if frozen.is_dir():
            return frozen
    for candidate in (_CHECKOUT_ASSETS, *_installed_candidates()):
        if (candidate / _MARKER).is_file():
            return candidate
    # Nothing found: name the checkout's folder, so the error a missing file raises says where
    # the assets were expected.
    return _CHECKOUT_ASSETS


def asset(*parts: str) -> Path:
    """Path of one bundled asset, e.g. ``asset("fonts", "NotoSans-Regular.ttf")``."""
    return assets_dir().joinpath(*parts)
