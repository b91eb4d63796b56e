"""Digits as a person types them: a number typed in any script's digits reads as 0-9."""

from __future__ import annotations

import unicodedata


def latin_digits(text: str) -> str:
    """``text`` with the digits of any script (०१२ as a Nepali keyboard types them, ٠١٢, ０１２)
    as 0-9: what a person types for a number (a table code, an address, a port, a seed)."""
    if text.isascii():
        return text
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in text)


__all__ = ["latin_digits"]
