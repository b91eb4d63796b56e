"""The translation catalogs: find the marked words, keep the template and each language's
catalog in step with the code, and compile them for the game.

    python build/catalogs.py extract    # marriage_gui/locale/marriage.pot from the code
    python build/catalogs.py update     # every language's .po brought in step with the .pot
    python build/catalogs.py compile    # every .po compiled to the .mo the game reads
    python build/catalogs.py init xx    # start a catalog for language ``xx``

The same steps as Babel's ``pybabel extract / update / compile / init`` with this project's
settings (``babel.cfg``, the marking functions, the ``Translators:`` comments), done through
Babel's own functions so that the build (``setup.py``), the frozen app (``marriage.spec``) and
the tests use exactly one recipe. It imports nothing of the game: only Babel.
"""

from __future__ import annotations

import gettext
import io
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "marriage_gui" / "locale"
DOMAIN = "marriage"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
#: The marking functions and which of their arguments are messages (singular, plural).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "say": None, "say_n": (1, 2)}
#: The comment that reaches the translators from the line above a marked message.
COMMENT_TAGS = ("Translators:",)
#: A fixed date in the template's header, so an unchanged extraction changes no byte.
STILL = datetime(2026, 1, 1)


def _method_map() -> list[tuple[str, str]]:
    """The ``babel.cfg`` sections: which files are read, and as what."""
    out = []
    for line in (ROOT / "babel.cfg").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]") and ":" in line:
            method, pattern = line[1:-1].split(":", 1)
            out.append((pattern.strip(), method.strip()))
    return out


def extract(root: Path = ROOT) -> object:
    """Every marked message of the code as a Babel catalog (the template)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(
        project="Marriage",
        msgid_bugs_address="",
        creation_date=STILL,
        charset="utf-8",
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root),
        method_map=_method_map(),
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    ):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(
            message,
            None,
            [(filename.replace("\\", "/"), lineno)],
            auto_comments=comments,
            context=context,
        )
    return catalog


def template_text(catalog: object) -> bytes:
    """The ``.pot`` as written: file names without line numbers, so moving code is no change."""
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_by_file=True)  # type: ignore[arg-type]
    return out.getvalue()


def write_template() -> Path:
    """Write ``marriage.pot`` from the code."""
    TEMPLATE.write_bytes(template_text(extract()))
    return TEMPLATE


def catalogs() -> list[Path]:
    """Each language's ``.po``."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> object:
    """A ``.po`` or ``.pot`` as a Babel catalog."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=path.parent.parent.name if path.suffix == ".po" else None)


def update() -> list[Path]:
    """Bring every ``.po`` in step with the template: new messages added (empty), gone ones
    kept as obsolete, changed ones marked fuzzy for a translator to look at."""
    from babel.messages.pofile import write_po

    template = read(TEMPLATE)
    done = []
    for po in catalogs():
        catalog = read(po)
        catalog.update(template, update_header_comment=False)  # type: ignore[attr-defined]
        out = io.BytesIO()
        write_po(out, catalog, width=100, include_lineno=False, sort_by_file=True)  # type: ignore[arg-type]
        po.write_bytes(out.getvalue())
        done.append(po)
    return done


def compile_all(locale_dir: Path = LOCALE) -> list[Path]:
    """Compile every ``.po`` under ``locale_dir`` to its ``.mo`` (fuzzy entries left out, as
    gettext does). Returns the ``.mo`` files written."""
    from babel.messages.mofile import write_mo

    written = []
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalog = read(po)
        mo = po.with_suffix(".mo")
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)  # type: ignore[arg-type]
        if not mo.exists() or mo.read_bytes() != out.getvalue():
            mo.write_bytes(out.getvalue())
        written.append(mo)
    return written


def translations(po: Path) -> gettext.GNUTranslations:
    """``po`` compiled in memory, as the game reads a compiled catalog (a source checkout whose
    ``.mo`` is missing or older than its ``.po``)."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, read(po), use_fuzzy=False)  # type: ignore[arg-type]
    out.seek(0)
    return gettext.GNUTranslations(out)


def init(code: str) -> Path:
    """Start the catalog of language ``code`` from the template."""
    from babel.core import Locale
    from babel.messages.pofile import write_po

    po = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if po.exists():
        raise SystemExit(f"{po.relative_to(ROOT)} exists already: use update")
    catalog = read(TEMPLATE)
    catalog.locale = Locale.parse(code)  # type: ignore[attr-defined]
    catalog.fuzzy = False  # type: ignore[attr-defined]
    po.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_by_file=True)  # type: ignore[arg-type]
    po.write_bytes(out.getvalue())
    return po


def main(argv: list[str]) -> int:
    steps = {"extract": write_template, "update": update, "compile": compile_all}
    if len(argv) == 2 and argv[0] == "init":
        print(init(argv[1]).relative_to(ROOT))
        return 0
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__)
        return 2
    made = steps[argv[0]]()
    for path in made if isinstance(made, list) else [made]:
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
