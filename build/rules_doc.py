"""The table of every rule option in ``docs/rules-choices.md``, made from the engine's own
declarations (``engine.options``): each option's label, field, help, values or range, and its
value in each preset.

    python build/rules_doc.py          # write the table into the document
    python build/rules_doc.py --check  # exit 1 if the document's table is not the made one

Only the part between the two marker lines is made; the rest of the document is written by
hand. A test keeps the committed document equal to the made one.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "rules-choices.md"
BEGIN = "<!-- The table below is made by build/rules_doc.py from the RuleSet's declarations. -->"
END = "<!-- End of the made table. -->"


def _engine() -> Any:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import engine.rules

    return engine.rules


def _english(words: Any) -> str:
    """An engine sentence's English (this document is in English), or words as they are."""
    return words.english if hasattr(words, "english") else str(words)


def _value(option: Any, value: Any) -> str:
    """A preset's value as the New game screen shows it (in English)."""
    if option.kind == "flag":
        return "on" if value else "off"
    if option.kind == "choice":
        return _english(option.choice_label(value))
    if option.kind == "whole":
        said = option.said(value)
        return str(value) if said is None else _english(said)
    if option.kind == "points":
        return "/".join(map(str, value)) or "none"
    return str(value)


def _values(option: Any, max_points: int) -> str:
    """What the option may be."""
    if option.kind == "flag":
        return "on or off"
    if option.kind == "choice":
        return ", ".join(
            f"`{v}`" if _english(label) == v else f"`{v}` ({_english(label)})"
            for v, label in option.choices
        )
    if option.kind == "points":
        return f"up to {option.high} points, each 0 to {max_points}"
    if option.kind == "text":
        return f"{option.low} to {option.high} characters"
    said = f"{option.low} to {option.high}"
    low, high, step = option.offered
    if (low, high, step) != (option.low, option.high, 1):
        by = f" by {step}" if step != 1 else ""
        said += f" (the New game screen offers {low} to {high}{by})"
    for value, words in option.words:
        said += f"; {value} is said “{_english(words)}”"
    return said


def table() -> str:
    """The made part of the document."""
    rules = _engine()
    from engine.options import MAX_POINTS

    presets = list(rules.PRESETS)
    lines = [
        BEGIN,
        "",
        "| Option | Field | What it does | Values | " + " | ".join(presets) + " |",
        "|---|---|---|---|" + "---|" * len(presets),
    ]
    for option in rules.rule_options():
        cells = [
            option.label.english,
            f"`{option.name}`",
            option.help.english,
            _values(option, MAX_POINTS),
            *(_value(option, getattr(p, option.name)) for p in rules.PRESETS.values()),
        ]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    lines += ["", END]
    return "\n".join(lines)


def made(document: str) -> str:
    """``document`` with its table made again."""
    start, end = document.index(BEGIN), document.index(END) + len(END)
    return document[:start] + table() + document[end:]


def main(argv: list[str]) -> int:
    document = DOCUMENT.read_text(encoding="utf-8")
    if argv[1:] == ["--check"]:
        if made(document) != document:
            print(f"{DOCUMENT.name} is not in step with the rules: run build/rules_doc.py")
            return 1
        return 0
    DOCUMENT.write_text(made(document), encoding="utf-8")
    print(f"wrote {DOCUMENT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
