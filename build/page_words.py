"""The phone page's words: each language's catalog, cut down to what the page can show.

    python build/page_words.py          # marriage_net/web/words-<code>.json for each language

The page words the engine's sentences (events, refusals, the maal count) and its own words
(``_("Sort")`` in its modules) from the same ``.po`` catalogs the desktop reads. Only messages
that can reach a phone are kept: those written in ``engine/`` or ``marriage_net/`` (the page's
modules included), translated and not fuzzy. A message the catalog lacks is shown in English,
as on a laptop. The build (``setup.py``, ``marriage.spec``) runs this beside the ``.mo``
compilation; the host exports again by itself in a source checkout whose catalog is newer.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "marriage_gui" / "locale"
OUT = ROOT / "marriage_net" / "web"
#: Where a message must be written for the page to need it.
PAGE_SOURCES = ("engine/", "marriage_net/")
#: The plural rules the page knows how to apply (its ``words.js`` reads them by name).
PLURALS = {"(n != 1)": "one_other", "(n!=1)": "one_other", "0": "none"}


def languages() -> list[str]:
    """Every language with a catalog."""
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/marriage.po"))


def exported(code: str) -> bytes:
    """The page's catalog of ``code`` as compact JSON (UTF-8)."""
    from babel.messages.pofile import read_po

    po = LOCALE / code / "LC_MESSAGES" / "marriage.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale=code)
    words: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string:
            continue
        if not any(path.startswith(PAGE_SOURCES) for path, _line in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            forms = [s for s in message.string if s]
            if len(forms) == len(message.string):
                words[message.id[0]] = forms
        elif isinstance(message.string, str):
            words[message.id] = message.string
    rule = catalog.plural_expr.strip()
    data = {"lang": code, "plural": PLURALS.get(rule, "one_other"), "words": words}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def export_all() -> list[Path]:
    """Write every language's page catalog; the files written."""
    written = []
    for code in languages():
        path = OUT / f"words-{code}.json"
        data = exported(code)
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in export_all():
        print(path.relative_to(ROOT), path.stat().st_size, "bytes")
    sys.exit(0)
