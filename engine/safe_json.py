"""Reading JSON that may be damaged or hostile: a value or a ValueError a player can read.

Every file the game reads (saves, settings) goes through ``loads``. Python's own ``json.loads``
can raise RecursionError on deep nesting, a ValueError naming interpreter internals on a huge
integer, and happily returns ``Infinity``; none of that may reach a player or stop the game.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from engine.rules import MAX_SEED_DIGITS

#: The largest text we read at all: a long match's save is a few hundred kilobytes.
MAX_TEXT = 8 * 1024 * 1024
#: Nesting deeper than this is never written by the game.
MAX_DEPTH = 64
#: Digits in a whole number: the longest seed the engine accepts (counts are far shorter).
MAX_DIGITS = MAX_SEED_DIGITS


class _Refused(Exception):
    """Raised from inside the decoder's hooks; turned into ValueError by ``loads``."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused("it holds a number far too long to be real")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text) if len(text) <= MAX_DIGITS * 2 else math.inf
    if not math.isfinite(value):
        raise _Refused("it holds a number far too large to be real")
    return value


def _parse_constant(name: str) -> Any:
    raise _Refused(f"it holds {name}, which is not a number the game writes")


#: A string of JSON text (or one left open at the end): its brackets are words, not nesting.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
#: Everything but brackets.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _too_deep(text: str) -> bool:
    """Whether brackets outside strings nest deeper than MAX_DEPTH: the strings and all but the
    brackets taken out by regular expressions, then a running count (a save holds thousands of
    brackets, and a loop over every character in Python cost a quarter of loading it)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= MAX_DEPTH:
        return False
    return max(accumulate(map(_STEP.__getitem__, brackets))) > MAX_DEPTH


def loads(data: str | bytes, what: str = "file") -> Any:
    """Decode JSON text; anything damaged or absurd raises ValueError("the <what> …")."""
    if isinstance(data, bytes | bytearray):
        if len(data) > MAX_TEXT:
            raise ValueError(f"the {what} is far too large to be one the game wrote")
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"the {what} is not text (it is damaged)") from None
    elif isinstance(data, str):
        text = data
    else:
        raise ValueError(f"the {what} is not text")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the {what} is far too large to be one the game wrote")
    if _too_deep(text):
        raise ValueError(f"the {what} is damaged (it nests too deeply)")
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except _Refused as exc:
        raise ValueError(f"the {what} is damaged ({exc})") from None
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"the {what} is damaged (unreadable at line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError, MemoryError):
        raise ValueError(f"the {what} is damaged") from None


def read(path: Any, what: str = "file") -> Any:
    """Read and decode a JSON file; OSError passes through, damage is ValueError."""
    with open(path, "rb") as f:
        data = f.read(MAX_TEXT + 1)
    return loads(data, what)
