"""The rule choices document's table of options is the one the engine's declarations make: a
new or changed option shows there once ``build/rules_doc.py`` runs, and this test says when it
was not run."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from engine.rules import PRESETS, rule_options

ROOT = Path(__file__).resolve().parent.parent


def _rules_doc():
    spec = importlib.util.spec_from_file_location("rules_doc", ROOT / "build" / "rules_doc.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


rules_doc = _rules_doc()


def test_the_committed_document_is_the_made_one():
    document = rules_doc.DOCUMENT.read_text(encoding="utf-8")
    assert rules_doc.made(document) == document, "run: python build/rules_doc.py"
    assert rules_doc.main(["rules_doc.py", "--check"]) == 0


def test_the_table_has_a_row_per_option_with_each_presets_value():
    rows = [line for line in rules_doc.table().splitlines() if line.startswith("| ")][1:]
    options = rule_options()
    assert len(rows) == len(options)
    for row, option in zip(rows, options, strict=True):
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert cells[:3] == [option.label.english, f"`{option.name}`", option.help.english]
        assert len(cells) == 4 + len(PRESETS)
    hand = next(r for r in rows if "`hand_size`" in r)
    assert "| 9 to 21 | 21 | 21 | 21 | 21 |" in hand
    murder = next(r for r in rows if "`unseen_maal`" in r)
    assert murder.endswith("| count | murder | count | count |")


def test_a_table_edited_by_hand_is_made_again():
    document = rules_doc.DOCUMENT.read_text(encoding="utf-8")
    edited = document.replace("| 9 to 21 |", "| 9 to 25 |")
    assert edited != document and rules_doc.made(edited) == document
