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


def test_a_danda_after_latin_letters_or_digits_stays_where_it_is_written():
    """The gap that sets a postposition apart ("Asha ले") never comes before punctuation:
    "8।", "(Alt+Enter)।", "”।" read as written, not "8 ।"."""
    pygame.font.init()
    deva = fonts.face(20, False, fonts.DEVANAGARI)
    for before, after in (("8", "।"), ("(F11 or Alt+Enter)", "।"), ("“Asha's table”", "।")):
        text = before + after
        assert fonts.size_of(text, 20)[0] == fonts.size_of(before, 20)[0] + deva.size(after)[0]
        assert fonts.size_of(text, 20)[0] == fonts.render(text, 20).get_width()
    # a postposition is still set apart
    assert fonts.size_of("8को", 20)[0] > fonts.size_of("8", 20)[0] + deva.size("को")[0]


def _baseline(text: str, size: int) -> int:
    """How far below the top of the rendered line the words stand on their baseline: the
    lowest inked row of a letter without a descender, drawn alone in the line's own render."""
    surface = fonts.render(text, size, (255, 255, 255))
    mask = pygame.mask.from_surface(surface, 64)
    rows = [y for y in range(surface.get_height()) if any(mask.get_at((x, y)) for x in range(8))]
    return rows[-1]


def test_the_lines_of_a_paragraph_mixing_scripts_stand_on_one_baseline_depth():
    """A line all in Devanagari sets its baseline as deep as one with a digit or a Latin word,
    so lines drawn one under another at a fixed step are evenly spaced."""
    pygame.font.init()
    for size in (14, 16, 22):
        # each line starts with the same letter, so its lowest ink is the baseline
        alone, with_digit, with_latin = ("मालमा", "मालमा 8", "मालमा Ram")
        depth = {_baseline(t, size) for t in (alone, with_digit, with_latin)}
        assert len(depth) == 1, (size, depth)
        assert fonts.render(alone, size).get_height() == fonts.size_of(alone, size)[1]
