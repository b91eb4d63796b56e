"""Scenes open one another by name through the app, so no scene module imports another."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from marriage_gui.app import SCENES, App
from marriage_gui.scene import Scene

SCENE_DIR = Path(__file__).resolve().parents[2] / "marriage_gui" / "scenes"


def _runtime_imports(tree: ast.AST) -> list[str]:
    """Modules imported anywhere in ``tree`` except inside ``if TYPE_CHECKING:`` blocks."""
    found: list[str] = []

    def walk(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for child in node.orelse:
                walk(child)
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append(node.module)
            found.extend(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
        for child in ast.iter_child_nodes(node):
            walk(child)

    walk(tree)
    return found


@pytest.mark.parametrize("path", sorted(SCENE_DIR.glob("*.py")), ids=lambda p: p.name)
def test_scene_modules_do_not_import_each_other(path):
    own = f"marriage_gui.scenes.{path.stem}"
    imports = _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
    others = [
        m
        for m in imports
        if m.startswith("marriage_gui.scenes.")
        and m != own
        # The shared frames (MenuScene, QuestionScene) are what every scene builds on.
        and m != "marriage_gui.scenes.base"
        and not m.startswith("marriage_gui.scenes.base.")
        # Scoring a real game chooses its rules on the New-game screen itself (a subclass).
        and not (own.endswith(".score_setup") and m.startswith("marriage_gui.scenes.new_game"))
    ]
    assert others == [], f"{path.name} imports {others}: open scenes with app.open(name)"
    assert not any(m.startswith("marriage_gui.table.scene") for m in imports)


def test_every_registered_name_is_its_scene_name(tmp_path):
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    for name in ("title", "new_game", "rules", "stats", "settings"):
        scene = app.make(name)
        assert scene.name == name
    assert set(SCENES) >= {"hand_result", "match_over", "table", "confirm"}


def test_open_by_name_and_unknown_name(tmp_path):
    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.go_title()
    rules = app.open("rules")
    assert app.scene is rules and len(app.stack) == 2
    with pytest.raises(ValueError, match="no scene called 'nowhere'"):
        app.open("nowhere")
    assert app.scene is rules


def test_open_table_passes_keywords_through_untouched(tmp_path):
    seen: dict[str, object] = {}

    class FakeTable(Scene):
        name = "table"

        def __init__(self, app: App, **kwargs: object) -> None:
            super().__init__(app)
            seen.update(kwargs)

    app = App((1024, 640), headless=True, data_dir=tmp_path)
    app.register("table", FakeTable)
    app.go_title()
    app.open("new_game")
    marker = object()
    table = app.open_table(match=marker, anything="else")
    assert seen == {"match": marker, "anything": "else"}
    # The title stays underneath the table; the new-game screen is gone.
    assert [s.name for s in app.stack] == ["title", "table"] and app.scene is table
