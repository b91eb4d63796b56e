"""Scenes see the app through its typed face, ``AppServices``: nothing in the GUI feels for a
member of the app (or of its storage) with ``getattr`` or ``hasattr``, and the app answers
everything the face declares."""

from __future__ import annotations

import ast
from pathlib import Path

import marriage_gui
from marriage_gui.scene import AppServices

GUI = Path(marriage_gui.__file__).parent
#: Names that stand for the app or what it holds for every scene.
APP_NAMES = ("app", "storage")


def _sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _mentions_app(node: ast.expr, inside_app: bool) -> bool:
    """Whether ``node`` reaches the app or its storage (``self`` is the app in app.py)."""
    for n in ast.walk(node):
        name = n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else ""
        if name.lstrip("_") in APP_NAMES or (inside_app and name == "self"):
            return True
    return False


def _feelings(source: str, inside_app: bool = False) -> list[str]:
    """Each ``getattr``/``hasattr`` in ``source`` whose object is the app or its storage."""
    found = []
    for n in ast.walk(ast.parse(source)):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Name)
            and n.func.id in ("getattr", "hasattr")
            and n.args
            and _mentions_app(n.args[0], inside_app)
        ):
            found.append(f"{n.lineno}: {ast.unparse(n)}")
    return found


def test_nothing_in_the_gui_feels_for_a_member_of_the_app():
    found = []
    for path in _sources(GUI):
        inside_app = path == GUI / "app.py"
        for where in _feelings(path.read_text(encoding="utf-8"), inside_app):
            found.append(f"{path.relative_to(GUI)}:{where}")
    assert found == []


def test_the_scan_finds_what_it_looks_for():
    assert _feelings("getattr(self.app, 'sounds', None)")
    assert _feelings("getattr(getattr(app, 'storage', None), 'clear_game', None)")
    assert _feelings("hasattr(self.app.storage, 'stats')")
    assert _feelings("getattr(self, 'stack', [])", inside_app=True)
    assert not _feelings("getattr(self, 'rows', [])")
    assert not _feelings("getattr(event, 'button', 1)")


def test_the_app_answers_everything_its_face_declares(app):
    declared = [
        name
        for name in [*AppServices.__annotations__, *vars(AppServices)]
        if not name.startswith("_")
    ]
    assert {"settings", "storage", "art", "sounds", "open", "toast", "size"} <= set(declared)
    missing = [name for name in declared if not hasattr(app, name)]
    assert missing == []
