"""The table's shape: it speaks only the ``Match`` port, its modules import one way, and
drawing a frame changes nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

import marriage_gui
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.table.scene import TableScene

from .test_table import DT, card_centre, click, solo

GUI = Path(marriage_gui.__file__).parent
TABLE = GUI / "table"


def _sources(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


def _mentions_match(node: ast.expr) -> bool:
    return any(
        (isinstance(n, ast.Name) and "match" in n.id.lower())
        or (isinstance(n, ast.Attribute) and "match" in n.attr.lower())
        for n in ast.walk(node)
    )


def test_the_gui_asks_a_match_only_what_the_port_declares():
    found = []
    for path in _sources(GUI):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _calls(tree, "getattr") + _calls(tree, "hasattr"):
            if call.args and _mentions_match(call.args[0]):
                found.append(f"{path.relative_to(GUI)}:{call.lineno} {ast.unparse(call)}")
        for call in _calls(tree, "isinstance"):
            if len(call.args) == 2 and "LocalMatch" in ast.unparse(call.args[1]):
                found.append(f"{path.relative_to(GUI)}:{call.lineno} {ast.unparse(call)}")
    assert found == []


def test_the_scan_finds_what_it_looks_for():
    tree = ast.parse("getattr(self.match, 'pump', None)\nisinstance(m, LocalMatch)\n")
    assert len(_calls(tree, "getattr")) == 1 and _mentions_match(_calls(tree, "getattr")[0].args[0])
    assert "LocalMatch" in ast.unparse(_calls(tree, "isinstance")[0].args[1])


def _table_imports(path: Path) -> set[str]:
    """The table modules ``path`` imports, at module level or under TYPE_CHECKING."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level == 1:
                if mod:
                    out.add(mod.split(".")[0])
                else:
                    out.update(a.name for a in node.names)
            elif mod.startswith("marriage_gui.table."):
                out.add(mod.split(".")[2])
            elif mod == "marriage_gui.table":
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("marriage_gui.table."):
                    out.add(a.name.split(".")[2])
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_circle_inside_the_table():
    names = {p.stem for p in _sources(TABLE)}
    graph = {p.stem: _table_imports(p) & names for p in _sources(TABLE)}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_circle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def _state(scene: TableScene) -> object:
    """Everything of the scene a frame could change, as plain values."""
    board = scene.board
    return (
        {c: (s.x, s.y, s.w, s.face_up, s.tween is not None) for c, s in board.sprites.items()},
        {c: (t.x, t.y, t.layer, t.order) for c, t in board.targets.items()},
        list(board.dragging),
        [(f.order, f.selected, f.focus) for f in scene.seats.fans.values()],
        {k: (b.visible, b.enabled, tuple(b.rect)) for k, b in scene.actions.buttons.items()},
        scene.staging.layout,
        scene.ask.dialog,
        scene.curtain,
        scene.match.version,
        scene.pacing.think,
        scene.toast.current,
        list(scene.toast.queue),
        scene.seats.log.open,
        scene.hint.job,
        scene.seats.version,
    )


@pytest.fixture
def no_policy(monkeypatch):
    """Fails the test if a bot's policy is consulted on this thread."""
    from engine.ai import medium

    def refuse(*_a, **_k):
        raise AssertionError("a bot policy ran while the table was drawn")

    for name in ("best_see", "best_go_out", "choose"):
        if hasattr(medium.Policy, name):
            monkeypatch.setattr(medium.Policy, name, refuse)


def test_drawing_the_same_frame_twice_changes_nothing(app, no_policy):
    import pygame

    scene = solo(app)
    click(app, scene.staging.layout.stock.center)  # drawn: See and a discard are on offer now
    click(app, card_centre(scene, scene.seats.fan.order[1]))
    for _ in range(20):
        app.step([], DT)
    surface = pygame.Surface(app.size)
    before = _state(scene)
    scene.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    scene.draw(surface)
    assert _state(scene) == before
    assert pygame.image.tobytes(surface, "RGB") == first


def test_a_wrong_sized_surface_is_drawn_without_relaying_the_table(app):
    import pygame

    scene = TableScene(app, MatchSetup((SeatSetup("You"), SeatSetup("B", "easy")), hands=1))
    app.push(scene)
    app.step([], DT)
    layout = scene.staging.layout
    scene.draw(pygame.Surface((900, 700)))
    assert scene.staging.layout is layout


def test_the_actions_never_reach_back_into_the_scene():
    """``TableActions`` is built with exactly what it acts on and answers with effects: no
    module of its acting imports the scene or takes it, and no class of the table is made of
    mixins."""
    acting = ("actions.py", "arranging.py", "asking.py", "commands.py", "effects.py", "hinting.py")
    acting += ("offers.py", "showing.py", "turn.py")
    for name in acting:
        tree = ast.parse((TABLE / name).read_text(encoding="utf-8"))
        imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
            a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
        }
        assert not any(m.endswith("scene") for m in imported), (name, imported)
        assert "TableScene" not in ast.unparse(tree), name
    for path in _sources(TABLE):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            bases = [ast.unparse(b) for b in cls.bases]
            table_bases = [b for b in bases if b.startswith("Table") and b != "TableScene"]
            assert table_bases == [], (path.name, cls.name, bases)
    assert not (TABLE / "table_like.py").exists()


def test_each_command_is_declared_once_and_its_key_reaches_it(app):
    """A command's button, keys, rules and action come from its one ``TableCommand``: the
    scene's buttons are the declared ones, in order, and each declared key means its command."""
    from marriage_gui.table import intents as i
    from marriage_gui.table.commands import COMMAND_KEYS, COMMANDS

    scene = solo(app)
    assert list(scene.actions.buttons) == [k for k, c in COMMANDS.items() if c.button]
    assert {k: b.hotkey for k, b in scene.actions.buttons.items()} == {
        k: c.hotkey for k, c in COMMANDS.items() if c.button
    }
    picture = scene.picture()
    for key, command in COMMAND_KEYS.items():
        press = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
        meant = [x for x in scene.input.handle(press, picture, 0.0) if not isinstance(x, i.Press)]
        assert meant == [i.Command(command)], command
    # The rules the buttons show by are the declared ones (a person's own turn, nothing picked).
    now = scene.actions.turn.moment()
    for key, b in scene.actions.buttons.items():
        assert (b.visible, b.enabled) == (COMMANDS[key].shown(now), COMMANDS[key].enabled(now))


def test_the_scene_keeps_its_loop_and_the_acting_modules_stay_small():
    """The scene is its loop, not a hall of its parts' members: it stays within 400 lines, and
    so does each module the table's acting is split into."""
    acting = ("scene.py", "actions.py", "turn.py", "showing.py", "commands.py", "arranging.py")
    sizes = {name: len((TABLE / name).read_text(encoding="utf-8").splitlines()) for name in acting}
    assert all(lines <= 400 for lines in sizes.values()), sizes
    members = {n for n, v in vars(TableScene).items() if isinstance(v, property)}
    # Callers reach the parts by their own names (scene.seats.state, scene.staging.layout).
    assert members == set(), members
