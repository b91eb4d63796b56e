"""Every character the game's own words use has a glyph in the face that draws it (no boxes)."""

import ast
from pathlib import Path

import pygame

from marriage_gui.art import fonts

GUI = Path(__file__).resolve().parents[2] / "marriage_gui"
#: A private-use code point: no bundled face has it, so its metrics are the missing glyph's.
MISSING = "\U0010fffd"


def _words(tree: ast.AST) -> set[str]:
    """The string constants of a module, less its docstrings."""
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


def drawn_as_a_box(text: str) -> list[str]:
    """The characters of ``text`` the face chosen for them cannot draw."""
    pygame.font.init()
    missing = []
    for script, run in fonts.runs(text):
        face = fonts.face(20, False, script)
        blank = face.metrics(MISSING)[0]
        missing += [ch for ch, m in zip(run, face.metrics(run), strict=True) if m == blank]
    return [ch for ch in missing if not ch.isspace()]


def test_the_missing_glyph_test_can_fail():
    assert drawn_as_a_box("move with ← →") == ["←", "→"]
    assert drawn_as_a_box("10♠ · Q♥ — सीता") == []


def test_no_word_of_the_game_draws_a_box():
    found = {}
    for path in sorted(GUI.rglob("*.py")):
        for words in _words(ast.parse(path.read_text(encoding="utf-8"))):
            if not words.isascii():
                boxes = drawn_as_a_box(words)
                if boxes:
                    found[f"{path.name}: {words!r}"] = boxes
    assert found == {}


def test_no_translated_word_draws_a_box():
    """Every translation in every catalog draws with the faces the game carries."""
    from babel.messages.pofile import read_po

    found = {}
    for po in sorted((GUI / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        for message in catalog:
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in texts:
                boxes = drawn_as_a_box(text) if text else []
                if boxes:
                    found[f"{po.parent.parent.name}: {text!r}"] = boxes
    assert found == {}


def test_a_joiner_shapes_its_letters_and_never_stops_the_drawing():
    pygame.font.init()
    for text in ("र\u200dय", "\u200d", "क्\u200dष", "a\u200c"):
        assert fonts.render(text, 20).get_height() > 0
    assert len(fonts.runs("क्\u200dष")) == 1  # one run: HarfBuzz shapes the half form


def test_a_postposition_glued_to_a_latin_name_is_set_a_little_apart():
    """ "Ashaले" reads as "Asha ले"; Devanagari glued to Devanagari stays glued ("सीताले")."""
    pygame.font.init()
    for text in ("Ashaले गड्डीबाट", "7♣को", "सीताले", "Asha ले"):
        assert fonts.size_of(text, 20)[0] == fonts.render(text, 20).get_width()
    glued = fonts.size_of("Ashaले", 20)[0]
    apart = fonts.size_of("Asha", 20)[0] + fonts.size_of("ले", 20)[0]
    assert glued > apart
    assert fonts.size_of("सीताले", 20)[0] == fonts.face(20, False, fonts.DEVANAGARI).size("सीताले")[0]
