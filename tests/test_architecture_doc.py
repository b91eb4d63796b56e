"""The map of the code names only what is there: every file, class and function that
``docs/architecture.md`` names in its text exists under that name.

Checked are the inline names outside the drawings: a path (``engine/view.py``, or a table
module by its file name, ``pacing.py``), a class or constant (``TableActions``, ``COMMANDS``), a
call (``rule_options()``, ``Match.advance(dt, move)``), a member of a class (``Game.view``) and
a name in a module (``language.word``). A rename that leaves the map behind fails here.
"""

from __future__ import annotations

import builtins
import re
import typing
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("engine", "marriage_gui", "marriage_net")

_DEFINED = (
    re.compile(r"\b(?:def|class)\s+(\w+)"),
    re.compile(r"^\s*(?:self\.)?(\w+)\s*(?::[^=\n]*)?=", re.MULTILINE),
    re.compile(r"^\s*(\w+)\s*:", re.MULTILINE),
    re.compile(r"[\"'](\w+)[\"']"),
)
_CALL = re.compile(r"^([A-Za-z_][\w.]*)\(.*\)$")
_NAME = re.compile(r"^[A-Za-z_][\w.]*$")


def inline_names(text: str) -> list[str]:
    """The names in backticks of ``text``, outside fenced drawings."""
    prose = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return re.findall(r"`([^`\n]+)`", prose)


@cache
def sources() -> dict[Path, str]:
    """Every Python source of the three packages."""
    return {
        p: p.read_text(encoding="utf-8")
        for package in PACKAGES
        for p in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in p.parts
    }


@cache
def defined_in(path: Path) -> frozenset[str]:
    """The names ``path`` defines, assigns, annotates or spells as a string (a descriptor set
    with ``setattr``, a message's tag)."""
    text = sources()[path]
    return frozenset(name for pattern in _DEFINED for name in pattern.findall(text))


def defined_anywhere(name: str) -> bool:
    return any(name in defined_in(p) for p in sources())


def files_defining(name: str) -> list[Path]:
    """The files that define class or function ``name``."""
    pattern = re.compile(rf"\b(?:class|def)\s+{re.escape(name)}\b|^{re.escape(name)}\s*=", re.M)
    return [p for p, text in sources().items() if pattern.search(text)]


def modules_named(stem: str) -> list[Path]:
    """The modules (or packages' ``__init__``) called ``stem``."""
    return [
        p for p in sources() if p.stem == stem or (p.stem == "__init__" and p.parent.name == stem)
    ]


def problem(name: str) -> str | None:
    """Why ``name``, as the map writes it, names nothing (None: it names something)."""
    if " " in name and not _CALL.match(name):
        return None  # words or a command line, not a name
    if "/" in name or re.search(r"\.(py|js|md|json|css|html)$", name):
        if "<" in name:
            return None  # a pattern: words-<code>.json
        if "/" not in name:  # a table module by its file name
            found = any(p.name == name for p in sources())
        else:
            found = any(ROOT.glob(name)) if "*" in name else (ROOT / name).exists()
        return None if found else f"no file {name}"
    call = _CALL.match(name)
    if call:
        name = call.group(1)
    if not _NAME.match(name):
        return None  # a value ("human"), a card (10♠), punctuation
    parts = name.split(".")
    head, rest = parts[0], parts[1:]
    if not rest:
        if head in PACKAGES or hasattr(builtins, head) or hasattr(typing, head):
            return None
        if len(head) < 3 and not head[:1].isupper():
            return None
        return None if defined_anywhere(head) else f"nothing defines {head}"
    homes = files_defining(head) if head[:1].isupper() else modules_named(head)
    if not homes:
        return f"no class or module {head}"
    member = rest[0]
    if any(member in defined_in(p) for p in homes):
        return None
    if head[:1].islower() and any((p.parent / f"{member}.py").exists() for p in homes):
        return None  # engine.game: a module of a package
    return f"{head} has no {member}"


def test_every_file_and_name_the_map_names_exists():
    names = inline_names(DOC.read_text(encoding="utf-8"))
    assert len(names) > 100  # the map is read, not skipped
    missing = [why for name in names if (why := problem(name))]
    assert missing == []


def test_the_check_finds_what_is_not_there():
    assert problem("engine/view.py") is None and problem("engine/nowhere.py")
    assert problem("pacing.py") is None and problem("nowhere.py")
    assert problem("marriage_net/web/*.js") is None and problem("marriage_net/web/*.rs")
    assert problem("TableActions") is None and problem("TableActionz")
    assert problem("Match.advance(dt, move)") is None and problem("Match.advanz(dt)")
    assert problem("Game.view") is None and problem("Game.look")
    assert problem("language.word") is None and problem("language.wordz")
    assert problem("rule_options()") is None and problem("rule_optionz()")
    assert problem("engine.game") is None
    assert problem("getattr") is None and problem("marriage_gui") is None
    assert problem('"human"') is None and problem("marriage --serve") is None
    assert inline_names("a `x` b\n```\n`y`\n```\n`z`") == ["x", "z"]
