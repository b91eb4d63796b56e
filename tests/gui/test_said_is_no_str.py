"""An engine sentence (``Said``) is no ``str``: a screen shows it only once worded in the
language in use. Handing one to the text drawing unworded is a type error for the checker and
is refused when drawn, so no sentence can reach the screen in its English by mistake."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine.words import Said, say
from marriage_gui import language
from marriage_gui.ui import theme

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """\
from engine.words import say
from marriage_gui.language import word
from marriage_gui.ui import theme

theme.text(word(say("the stock is empty")), 12)
theme.text(say("the stock is empty"), 12)
"""


def test_the_type_checker_refuses_a_sentence_drawn_unworded(tmp_path):
    snippet = tmp_path / "drawn.py"
    snippet.write_text(SNIPPET)
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--follow-imports=silent",
            "--cache-dir",
            str(tmp_path / "cache"),
            str(snippet),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    errors = [line for line in found.stdout.splitlines() if ": error:" in line]
    # The worded line passes; the sentence handed over as it is does not.
    assert len(errors) == 1, found.stdout
    assert "drawn.py:6:" in errors[0] and '"Said"' in errors[0] and '"str"' in errors[0]


def test_drawing_refuses_a_sentence_not_worded():
    sentence = say("the stock is empty")
    assert isinstance(sentence, Said) and not isinstance(sentence, str)
    with pytest.raises(TypeError):
        theme.text(sentence, 12)  # type: ignore[arg-type]
    language.use("en")
    assert theme.text(language.word(sentence), 12).get_width() > 0
