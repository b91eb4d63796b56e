"""The licence notices of Marriage and of everything bundled with it, for the Rules screen."""

from __future__ import annotations

from marriage_gui.art.paths import asset
from marriage_gui.language import N_, _

#: Shown instead when the notices file cannot be read (a damaged or partial installation).
# Translators: keep the file's path as it is.
MISSING = N_(
    "The licence notices are missing from this installation (assets/licences/NOTICES.txt). "
    "Marriage is MIT-licensed; reinstalling the game brings the full notices back."
)


def licence_notices() -> str:
    """The text of the bundled licence notices (in English, as the licences are written), or a
    short note in the language in use when the file is unreadable."""
    try:
        text = asset("licences", "NOTICES.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return _(MISSING)
    return text.strip() or _(MISSING)
