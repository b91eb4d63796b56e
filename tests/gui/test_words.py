"""Counts read right in every language: "1 hand played", never "1 hands played"."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "marriage_gui"


def test_no_screen_outside_the_table_glues_an_s_to_a_count():
    """No f-string puts a number straight before a plural noun it did not choose."""
    suspects = []
    for path in sorted(GUI.rglob("*.py")):
        if "table" in path.parts:
            continue  # the table's own strings are checked on its branch
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            parts = node.values
            for before, after in zip(parts, parts[1:], strict=False):
                if not isinstance(before, ast.FormattedValue):
                    continue
                if not (isinstance(after, ast.Constant) and isinstance(after.value, str)):
                    continue
                words = after.value.split()
                first = words[0] if words and after.value[:1] == " " else ""
                if first in {"hands", "matches", "cards", "players", "kinds", "turns", "points"}:
                    suspects.append(f"{path.name}:{node.lineno}: {first}")
    assert suspects == []


def test_the_podium_says_you_win_not_you_wins(app, monkeypatch):
    from marriage_gui.art import fonts
    from marriage_gui.table.demo import build_scene
    from marriage_gui.ui.words import wins

    assert wins("Sita") == "Sita wins" and wins("You") == "You win"
    podium = build_scene(app, "match_over", seed=7)
    best = podium.game.standings()[0]
    drawn = []
    real = fonts.render
    monkeypatch.setattr(
        fonts, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k)
    )
    for name, headline in (("You", "You win the match!"), ("Sita", "Sita wins the match!")):
        podium.names = tuple(name if s == best else f"P{s}" for s in range(len(podium.names)))
        podium.draw(app.screen)
        assert headline in drawn
