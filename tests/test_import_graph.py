"""The packages import one way: no module of ``engine``, ``marriage_gui`` or ``marriage_net``
comes back to itself through what it imports.

An import counts when it runs as the module is read or type-checked: at module level, under
``if TYPE_CHECKING:`` and in class bodies. An import inside a function runs only when the
function is called, and is not counted.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "marriage_gui", "marriage_net")

Graph = dict[str, set[str]]


def modules(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    """Every module of ``packages`` by its dotted name (a package by its own name)."""
    out = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _read_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports of ``tree`` outside function bodies (TYPE_CHECKING blocks included)."""
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            stack.extend(c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt))


def imports_of(
    name: str, source: str, known: set[str] | dict[str, Path], package: bool
) -> set[str]:
    """The modules of ``known`` that module ``name`` (a package when ``package``) imports."""
    here = name.split(".") if package else name.split(".")[:-1]
    found = set()
    for node in _read_imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
            continue
        if node.level:
            base = here[: len(here) - (node.level - 1)]
            origin = ".".join([*base, *([node.module] if node.module else [])])
        else:
            origin = node.module or ""
        for alias in node.names:
            # ``from pkg import mod`` imports the module; ``from pkg import name``, the package.
            full = f"{origin}.{alias.name}"
            if full in known:
                found.add(full)
            elif origin in known:
                found.add(origin)
    found.discard(name)
    return found


def graph(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Graph:
    """Who imports whom among the modules of ``packages``."""
    known = modules(root, packages)
    return {
        name: imports_of(name, path.read_text(encoding="utf-8"), known, path.stem == "__init__")
        for name, path in known.items()
    }


def circles(g: Graph) -> list[list[str]]:
    """The groups of modules that reach one another (strongly connected, two or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_no_module_imports_its_way_back_to_itself():
    found = circles(graph())
    assert found == [], "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_the_circle_finder_finds_circles():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_type_checking_imports_count_and_imports_in_functions_do_not(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from pkg.sub.c import C\n")
    (pkg / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.b import B\n"
    )
    (pkg / "b.py").write_text("from . import a\n\ndef f():\n    from pkg.sub import c\n")
    (pkg / "sub" / "c.py").write_text("from ..a import x\nfrom pkg.sub import C\n")
    g = graph(tmp_path, ("pkg",))
    assert g["pkg.a"] == {"pkg.b"} and g["pkg.b"] == {"pkg.a"}
    assert g["pkg.sub.c"] == {"pkg.a", "pkg.sub"} and g["pkg.sub"] == {"pkg.sub.c"}
    assert circles(g) == [["pkg.a", "pkg.b"], ["pkg.sub", "pkg.sub.c"]]
